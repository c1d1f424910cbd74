import Cookies from 'js-cookie';
import { screen, waitFor } from '@testing-library/react';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderApp } from '../support/render-app';
import { startServer, type ReferenceServer } from '../support/server';
import { setApiOrigin } from '../../src/shared/config/env';

let server: ReferenceServer;
beforeAll(async () => {
  // Failed logins: 3 answered at once, the 5th locks the account (DESIGN defaults are 5 and 10 with
  // a progressive delay; smaller here so the test needs no long waits).
  server = await startServer({
    env: { LIMIT_LOGIN_FREE_FAILURES: '3', LIMIT_LOGIN_LOCK_FAILURES: '5', LIMIT_LOGIN_DELAY_MS: '0' },
  });
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

describe('LoginScreen', () => {
  it('asks for account and password when both are empty', async () => {
    const app = await renderApp('/login');
    await app.user.click(await screen.findByRole('button', { name: 'Log in' }));
    const account = screen.getByLabelText('Account');
    await waitFor(() => expect(account).toHaveAccessibleDescription('Please input account and password'));
    expect(account).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Please input account and password');
    expect(app.pathname()).toBe('/login');
    expect(app.store.getState().session.token).toBeNull();
  });

  it("shows the server's message for a wrong password and keeps the typed account", async () => {
    const app = await renderApp('/login');
    await app.user.type(await screen.findByLabelText('Account'), 'demo');
    await app.user.type(screen.getByLabelText('Password'), 'wrong-password');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    // The message is the server's own, in the interface language.
    const { body } = await server.call<{ code: number; msg: string }>('/api/user/login', {
      json: { account: 'demo', password: 'wrong-password' },
      lang: 'en',
    });
    expect(body.code).toBe(0);
    expect(body.msg).toMatch(/\S/);
    await findAnnouncement(body.msg, 'alert');
    expect(screen.getByLabelText('Account')).toHaveValue('demo');
    expect(app.pathname()).toBe('/login');
    expect(app.store.getState().session.token).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('logs the demo shopper in: stores the token, says so and leaves /login', async () => {
    const app = await renderApp('/login');
    await app.user.type(await screen.findByLabelText('Account'), 'demo');
    await app.user.type(screen.getByLabelText('Password'), 'demo123');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    const token = app.store.getState().session.token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    await findAnnouncement('Login Success');
    await app.persistor.flush();
    expect(Cookies.get('token')).toBe(token);
    // The token works on the server.
    const me = await server.call<{ code: number; data: { username: string } }>('/api/user/getUserInfo', {
      token: token!,
    });
    expect(me.body).toMatchObject({ code: 1, data: { username: 'demo' } });
  });

  it('goes back to the page that asked for a login', async () => {
    const app = await renderApp('/language');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    await app.user.type(await screen.findByLabelText('Account'), 'demo@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'demo123');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.pathname()).toBe('/language'));
  });

  it('locks the account after 5 wrong passwords: says for how long, and refuses the right password meanwhile', async () => {
    const username = 'locked_shopper';
    const registered = await server.call<{ code: number }>('/api/user/register', {
      json: {
        username,
        nickname: 'Locked',
        password: 'right123',
        repPwd: 'right123',
        email: 'locked@example.com',
        mobile: '2015550177',
        quhao: '1',
      },
    });
    expect(registered.body.code).toBe(1);
    const app = await renderApp('/login');
    await app.user.type(await screen.findByLabelText('Account'), username);
    const password = screen.getByLabelText('Password');
    const tryPassword = async (value: string, answer: string | RegExp) => {
      clearLiveRegions();
      await app.user.clear(password);
      await app.user.type(password, value);
      await app.user.click(screen.getByRole('button', { name: 'Log in' }));
      await findAnnouncement(answer, 'alert');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled());
    };
    for (let i = 1; i <= 4; i += 1) await tryPassword(`wrong-${i}`, 'Account or password is incorrect');
    // The 5th wrong password locks the account for 15 minutes.
    await tryPassword('wrong-5', 'Too many wrong passwords. Try again in 15 minutes');
    // The right password is refused while the account is locked; what was typed stays.
    await tryPassword('right123', /^Too many wrong passwords\. Try again in 1[45] minutes$/);
    expect(app.pathname()).toBe('/login');
    expect(app.store.getState().session.token).toBeNull();
    expect(screen.getByLabelText('Account')).toHaveValue(username);
    expect(password).toHaveValue('right123');
  });
});
