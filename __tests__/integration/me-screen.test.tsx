import Cookies from 'js-cookie';
import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import {
  clearCookies,
  clearLiveRegions,
  closeToasts,
  findAnnouncement,
  recordAnnouncements,
  waitUntilClickable,
} from '../support/dom';
import { renderApp, settle } from '../support/render-app';
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
});
afterEach(() => closeToasts());

describe('MeScreen', () => {
  it("shows the logged-in shopper's name, balance and order counters", async () => {
    const token = await serverLogin(server);
    await renderApp('/filter', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Shopper' })).toBeInTheDocument();
    expect(screen.getByText('@demo')).toBeInTheDocument();
    expect(screen.getByText('$1,000.00')).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: 'My orders' });
    expect(within(orders).getAllByRole('link')).toHaveLength(5); // all orders + four statuses
    expect(screen.getByRole('link', { name: /^Language/ })).toHaveTextContent('English');
  });

  it('logs out after confirmation: token gone on the client and the server, and /login', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/filter', { token });
    await screen.findByRole('heading', { name: 'Demo Shopper' });
    await app.persistor.flush();
    expect(Cookies.get('token')).toBe(token);

    await app.user.click(screen.getByRole('button', { name: 'Log out' }));
    // Named by its title, so a screen reader says what the dialog is about.
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(dialog).toHaveTextContent('Log out?');
    const confirm = within(dialog).getByRole('button', { name: 'Log out' });
    await waitUntilClickable(confirm);
    await app.user.click(confirm);

    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(app.store.getState().session.token).toBeNull();
    await app.persistor.flush();
    expect(Cookies.get('token')).toBeUndefined();
    const after = await server.call<{ code: number }>('/api/user/getUserInfo', { token });
    expect(after.status).toBe(401);

    // The next login opens the home page (SPEC.md section 2), not the screen the logout left.
    await app.user.type(await screen.findByLabelText('Account'), 'demo');
    await app.user.type(screen.getByLabelText('Password'), 'demo123');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
  });

  it('stays logged in when the logout is cancelled', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/filter', { token });
    await screen.findByRole('heading', { name: 'Demo Shopper' });
    await app.user.click(screen.getByRole('button', { name: 'Log out' }));
    const cancel = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' });
    await waitUntilClickable(cancel);
    await app.user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.pathname()).toBe('/filter');
    expect(app.store.getState().session.token).toBe(token);
  });
});

describe('route guard in the app', () => {
  it.each(['/bag', '/filter'])('sends a visitor opening %s to /login with "Please login first"', async (path) => {
    const app = await renderApp(path);
    await findAnnouncement('Please login first');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('lets a visitor open a public page', async () => {
    const app = await renderApp('/shop/12');
    await screen.findByRole('heading', { name: 'Shop' });
    expect(app.pathname()).toBe('/shop/12');
  });

  it('sends a logged-in shopper opening /login to the home page', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/login', { token });
    await waitFor(() => expect(app.pathname()).toBe('/home'));
  });

  it('sends a shopper whose saved token the server no longer knows to /login', async () => {
    Cookies.set('token', 'f'.repeat(64), { path: '/' });
    const heard = recordAnnouncements();
    const app = await renderApp('/filter');
    expect(app.store.getState().session.token).toBe('f'.repeat(64));
    await findAnnouncement('Please login first', 'alert');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(app.store.getState().session.token).toBeNull();
    // Said once, by the server's answer: the guard's own 'Please login first' (for a visitor opening a
    // page that needs a session) does not repeat it.
    await screen.findByRole('button', { name: 'Log in' });
    // Past the moment a live region writes what it was given (src/shared/ui/live-region.ts).
    await settle(200);
    expect(heard.said()).toEqual(['alert:Please login first']);
    heard.stop();
  });

  it('says once that a saved token the server no longer knows needs a login, when a page load finds it', async () => {
    Cookies.set('token', 'f'.repeat(64), { path: '/' });
    const heard = recordAnnouncements();
    // As a page load does (src/main.tsx): the user info is read before the first render, so the 401
    // ends the session before the route guard exists.
    const app = await renderApp('/bag', { firstScreenReads: true });
    await findAnnouncement('Please login first', 'alert');
    await screen.findByRole('button', { name: 'Log in' });
    expect(app.pathname()).toBe('/login');
    // Past the moment a live region writes what it was given (src/shared/ui/live-region.ts).
    await settle(200);
    expect(heard.said()).toEqual(['alert:Please login first']);

    // The quiet is for that redirect only: the shopper, still logged out, who then opens a page that
    // needs a session is told so.
    await closeToasts();
    await app.visit('/filter');
    await findAnnouncement('Please login first');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(heard.said()).toEqual(['alert:Please login first', 'status:Please login first']);
    heard.stop();
  });

  it('restores the session from the token cookie after a reload', async () => {
    Cookies.set('token', await serverLogin(server), { path: '/' });
    await renderApp('/filter');
    expect(await screen.findByRole('heading', { name: 'Demo Shopper' })).toBeInTheDocument();
  });
});
