import Cookies from 'js-cookie';
import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import ri from '../../translations/ri.json';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, serverLogin, startServer, type ReferenceServer } from '../support/server';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

describe('SettingScreen', () => {
  it('lists every setting in its group, with the current language and the payment code state', async () => {
    const token = await serverLogin(server);
    await renderApp('/setting', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();

    const account = screen.getByRole('region', { name: 'Account and security' });
    expect(
      within(account)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/security', '/passwords', '/changePayPwd', '/address']);
    const preferences = screen.getByRole('region', { name: 'Preferences' });
    expect(
      within(preferences)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/language', '/notification']);
    const about = screen.getByRole('region', { name: 'Help and about' });
    expect(
      within(about)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/helpAndSupport', '/law', '/platform']);
    expect(within(preferences).getByRole('link', { name: /^Language/ })).toHaveTextContent('LanguageEnglish');
    // The guard loaded the user info first: the demo shopper has a payment code.
    await waitFor(() =>
      expect(within(account).getByRole('link', { name: /^Payment code/ })).toHaveTextContent('Payment codeSet'),
    );
  });

  it.each([
    ['Language', '/language'],
    ['Notifications', '/notification'],
    ['Account security', '/security'],
    ['Passwords', '/passwords'],
    ['Legal', '/law'],
  ])('opens %s', async (name, path) => {
    const token = await serverLogin(server);
    const app = await renderApp('/setting', { token });
    await app.user.click(await screen.findByRole('link', { name: new RegExp(`^${name}`) }));
    await waitFor(() => expect(app.pathname()).toBe(path));
  });

  it('shows the new language after it is chosen from the menu, and then speaks it', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/setting', { token });
    await app.user.click(await screen.findByRole('link', { name: /^Language/ }));
    await waitFor(() => expect(app.pathname()).toBe('/language'));
    await app.user.click(await screen.findByRole('radio', { name: /日本語/ }));
    await findAnnouncement(ri['common.settingSuccess']);
    await app.browserBack();
    await waitFor(() => expect(app.pathname()).toBe('/setting'));
    const languageLink = () => screen.getAllByRole('link').find((link) => link.getAttribute('href') === '/language');
    await waitFor(() => expect(languageLink()).toHaveTextContent('日本語'));
    app.unmount();

    // The language is the shopper's (user info carries it): the next visit is in Japanese throughout.
    clearCookies();
    await renderApp('/setting', { token });
    expect(await screen.findByRole('heading', { level: 1, name: ri['route.setting'] })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: ri['account.setting.section.preferences'] })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(`^${ri['route.language']}`) })).toHaveTextContent('日本語');
    expect(screen.getByRole('button', { name: ri['me.logout.action'] })).toBeInTheDocument();
    // Back to English for the other tests of this file.
    const english = await server.call<{ code: number }>('/api/user/set_language?lang_id=1&lang=en', { token });
    expect(english.body.code).toBe(1);
  });

  it('logs out after confirmation, as the Me tab does: token gone on the client and the server', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/setting', { token });
    await app.user.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Log out?');
    const confirm = within(dialog).getByRole('button', { name: 'Log out' });
    await waitUntilClickable(confirm);
    await app.user.click(confirm);

    await findAnnouncement('You are logged out');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(app.store.getState().session.token).toBeNull();
    await app.persistor.flush();
    expect(Cookies.get('token')).toBeUndefined();
    const after = await server.call('/api/user/getUserInfo', { token });
    expect(after.status).toBe(401);
  });

  it('stays logged in when the logout is cancelled', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/setting', { token });
    await app.user.click(await screen.findByRole('button', { name: 'Log out' }));
    const cancel = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' });
    await waitUntilClickable(cancel);
    await app.user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.pathname()).toBe('/setting');
    expect(app.store.getState().session.token).toBe(token);
    expect((await server.call('/api/user/getUserInfo', { token })).status).toBe(200);
  });

  it('sends a visitor to /login with "Please login first"', async () => {
    const app = await renderApp('/setting');
    await findAnnouncement('Please login first');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
});

/**
 * The phone's colour scheme, as the browser reports it (jsdom has no matchMedia): `prefers-color-
 * scheme: dark` matches while `dark` is true, and its listeners hear each switch.
 */
function phoneColourScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  const query = (media: string) => ({
    media,
    get matches() {
      return media === '(prefers-color-scheme: dark)' ? dark : false;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  });
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: query });
  return {
    set(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener());
    },
    restore: () => delete (window as { matchMedia?: unknown }).matchMedia,
  };
}

const themeOfPage = () => document.documentElement.getAttribute('data-prefers-color-scheme');

describe('SettingScreen: appearance', () => {
  let phone: ReturnType<typeof phoneColourScheme>;
  afterEach(() => {
    phone.restore();
    document.documentElement.removeAttribute('data-prefers-color-scheme');
  });

  it("follows the phone's setting until the shopper chooses, and what they chose survives a reload", async () => {
    phone = phoneColourScheme(true);
    const token = await serverLogin(server);
    const app = await renderApp('/setting', { token });
    const appearance = await screen.findByRole('group', { name: 'Appearance' });
    const radios = within(appearance).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['system', 'light', 'dark']);
    expect(within(appearance).getByRole('radio', { name: /^Same as phone/ })).toBeChecked();
    // The phone is dark: so is the page, and it switches with the phone.
    await waitFor(() => expect(themeOfPage()).toBe('dark'));
    phone.set(false);
    expect(themeOfPage()).toBe('light');
    phone.set(true);
    expect(themeOfPage()).toBe('dark');

    // Light, chosen, overrides the dark phone, is said to screen readers, and is kept in the cookie.
    await app.user.click(within(appearance).getByRole('radio', { name: 'Light' }));
    expect(within(appearance).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(themeOfPage()).toBe('light');
    await findAnnouncement('Setting Success');
    await waitFor(() => expect(Cookies.get('theme')).toBe('light'));
    phone.set(false);
    phone.set(true);
    expect(themeOfPage()).toBe('light');

    // A reload (a new app, from the cookies) opens in the chosen theme whatever the phone says.
    app.unmount();
    document.documentElement.removeAttribute('data-prefers-color-scheme');
    const again = await renderApp('/setting', { token });
    const reloaded = await screen.findByRole('group', { name: 'Appearance' });
    expect(within(reloaded).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(themeOfPage()).toBe('light');

    // Back to the phone's: no theme cookie any more, and the page is dark again.
    await again.user.click(within(reloaded).getByRole('radio', { name: /^Same as phone/ }));
    expect(themeOfPage()).toBe('dark');
    await waitFor(() => expect(Cookies.get('theme')).toBeUndefined());
  });

  it('offers the same choice in Japanese, and keeps a chosen dark theme when the phone is light', async () => {
    phone = phoneColourScheme(false);
    // A shopper of their own whose saved language is Japanese (the user info would switch it back).
    const token = await registerShopper(server, `theme_${Date.now() % 100000}`);
    await server.call('/api/user/set_language?lang_id=3&lang=ri', { token });
    const app = await renderApp('/setting', { token });
    const appearance = await screen.findByRole('group', { name: ri['account.setting.theme.title'] });
    expect(
      within(appearance)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.querySelector('.choice__title')?.textContent),
    ).toEqual([
      ri['account.setting.theme.system'],
      ri['account.setting.theme.light'],
      ri['account.setting.theme.dark'],
    ]);
    await waitFor(() => expect(themeOfPage()).toBe('light'));
    await app.user.click(within(appearance).getByRole('radio', { name: ri['account.setting.theme.dark'] }));
    expect(themeOfPage()).toBe('dark');
    await findAnnouncement(ri['common.settingSuccess']);
    await waitFor(() => expect(Cookies.get('theme')).toBe('dark'));
  });
});
