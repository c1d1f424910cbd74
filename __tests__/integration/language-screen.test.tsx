import Cookies from 'js-cookie';
import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import en from '../../translations/en.json';
import tai from '../../translations/tai.json';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
  document.documentElement.lang = '';
});
afterEach(async () => {
  await closeToasts();
  // The demo shopper's saved language would carry into the next test: put English back.
  await server.call('/api/user/set_language?lang_id=1&lang=en', { token: await serverLogin(server) });
});

interface LanguageList {
  data: { list: { language_name: string; chinese_name: string; file_name: string }[] };
}

async function serverLanguages() {
  const { body } = await server.call<LanguageList>('/api/user/language_list?page=1&limit=50');
  return body.data.list;
}

describe('LanguageScreen', () => {
  it("lists the server's five languages, with the current one checked", async () => {
    const token = await serverLogin(server);
    await renderApp('/language', { token });
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(5));
    const languages = await serverLanguages();
    expect(languages.map((language) => language.file_name)).toEqual(['en', 'zh-CN', 'ri', 'han', 'tai']);
    for (const language of languages) {
      const radio = screen.getByRole('radio', { name: new RegExp(language.language_name) });
      expect(radio).toHaveAccessibleName(expect.stringContaining(language.chinese_name));
      expect(radio).toHaveAttribute('value', language.file_name);
    }
    expect(screen.getByRole('radio', { name: /English/ })).toBeChecked();
  });

  it('switches a logged-in shopper to Thai at once, tabs included, and saves it on the server', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/filter', { token });
    const nav = await screen.findByRole('navigation', { name: en['tabs.label'] });
    expect(within(nav).getByRole('link', { name: 'Me' })).toBeInTheDocument();
    const meHeading = await screen.findByRole('heading', { name: 'Demo Shopper' });

    await app.user.click(screen.getByRole('link', { name: /^Language/ }));
    await waitFor(() => expect(app.pathname()).toBe('/language'));
    await app.user.click(await screen.findByRole('radio', { name: /ไทย/ }));

    await waitFor(() => expect(document.documentElement.lang).toBe('th'));
    await findAnnouncement(tai['common.settingSuccess']);
    expect(screen.getByRole('radio', { name: /ไทย/ })).toBeChecked();
    expect(screen.getByRole('heading', { name: tai['route.language'] })).toBeInTheDocument();
    await app.persistor.flush();
    expect(JSON.parse(Cookies.get('language') ?? 'null')).toEqual({
      language_name: 'ไทย',
      chinese_name: '泰语',
      file_name: 'tai',
    });

    expect(screen.getByRole('button', { name: tai['common.back'] })).toBeInTheDocument();
    // Back on the Me tab: the same screen (kept alive, no reload), now in Thai.
    await app.browserBack();
    await waitFor(() => expect(app.pathname()).toBe('/filter'));
    const thaiNav = screen.getByRole('navigation', { name: tai['tabs.label'] });
    for (const id of ['tabs.home', 'tabs.explore', 'tabs.cart', 'tabs.me'] as const) {
      expect(within(thaiNav).getByRole('link', { name: tai[id] })).toBeInTheDocument();
      expect(tai[id]).not.toBe(en[id]);
    }
    expect(screen.getByRole('heading', { name: 'Demo Shopper' })).toBe(meHeading);
    // The kept screen's own texts follow the language too, not only the tab bar outside it.
    expect(screen.getByRole('heading', { name: tai['me.section.account'] })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: tai['me.logout.action'] })).toBeInTheDocument();

    const me = await server.call<{ data: { lang: { file_name: string } | null } }>('/api/user/getUserInfo', { token });
    expect(me.body.data.lang).toMatchObject({ file_name: 'tai', language_name: 'ไทย' });
  });

  it('lets a visitor switch the login screen to Thai from the language button', async () => {
    const app = await renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: en['account.language.label'] }));
    const sheet = await screen.findByRole('dialog', { name: en['account.language.label'] });
    const thai = await within(sheet).findByRole('radio', { name: /ไทย/ });
    await waitUntilClickable(thai);
    await app.user.click(thai);
    await waitFor(() => expect(document.documentElement.lang).toBe('th'));
    expect(await screen.findByRole('button', { name: tai['account.login.submit'] })).toBeInTheDocument();
    await app.persistor.flush();
    expect(JSON.parse(Cookies.get('language') ?? 'null')).toMatchObject({ file_name: 'tai' });
    expect(app.store.getState().session.token).toBeNull();
  });

  it('starts in the language saved in the cookie', async () => {
    Cookies.set('language', JSON.stringify({ language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' }), {
      path: '/',
    });
    await renderApp('/login');
    expect(await screen.findByRole('button', { name: tai['account.login.submit'] })).toBeInTheDocument();
    // The page's lang follows in an effect after the Thai texts render.
    await waitFor(() => expect(document.documentElement.lang).toBe('th'));
  });

  it('follows the language saved on the server when the user info arrives', async () => {
    const token = await serverLogin(server);
    await server.call('/api/user/set_language?lang_id=3&lang=ri', { token });
    const app = await renderApp('/filter', { token });
    await waitFor(() => expect(document.documentElement.lang).toBe('ja'));
    expect(app.store.getState().language.selected).toMatchObject({ file_name: 'ri' });
  });
});
