import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, startServer, type ReferenceServer } from '../support/server';

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

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

let shoppers = 0;
/** A new shopper with the password 'secret12'; returns the username and a token. */
async function freshShopper(): Promise<{ username: string; token: string }> {
  shoppers += 1;
  const username = `changepw_${shoppers}`;
  return { username, token: await registerShopper(server, username, { nickname: `Change ${shoppers}` }) };
}

async function canLogIn(account: string, password: string): Promise<boolean> {
  const res = await server.call<Envelope>('/api/user/login', { json: { account, password } });
  return res.body.code === 1;
}

type App = Awaited<ReturnType<typeof renderApp>>;

async function fill(app: App, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const input = await screen.findByLabelText(label);
    await app.user.clear(input);
    if (value) await app.user.type(input, value);
  }
}

const describedAs = (label: string, message: string) =>
  waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message));

const submit = (app: App) => app.user.click(screen.getByRole('button', { name: 'Change password' }));

describe('ChangePasswordScreen', () => {
  it('changes the password, clears the session and opens /login; only the new password works', async () => {
    const { username, token } = await freshShopper();
    const app = await renderApp('/changePassword', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Change login password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');

    await fill(app, {
      'Current password': 'secret12',
      'New password': 'fresh-pass-1',
      'Confirm new password': 'fresh-pass-1',
    });
    await submit(app);
    await findAnnouncement('Change Successful');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(app.store.getState().session.token).toBeNull();
    expect(app.store.getState().session.userInfo).toBeNull();
    expect(await canLogIn(username, 'fresh-pass-1')).toBe(true);
    expect(await canLogIn(username, 'secret12')).toBe(false);
  });

  it("shows the server's refusal of a wrong current password and keeps everything typed", async () => {
    const { username, token } = await freshShopper();
    const app = await renderApp('/changePassword', { token });
    await fill(app, {
      'Current password': 'not-my-password',
      'New password': 'fresh-pass-2',
      'Confirm new password': 'fresh-pass-2',
    });
    await submit(app);
    await findAnnouncement('The old password is incorrect', 'alert');
    expect(app.pathname()).toBe('/changePassword');
    expect(screen.getByLabelText('Current password')).toHaveValue('not-my-password');
    expect(screen.getByLabelText('New password')).toHaveValue('fresh-pass-2');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('fresh-pass-2');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled());
    expect(app.store.getState().session.token).toBe(token);
    expect(await canLogIn(username, 'secret12')).toBe(true);
  });

  it('asks for every empty field', async () => {
    const { token } = await freshShopper();
    const app = await renderApp('/changePassword', { token });
    await screen.findByLabelText('Current password');
    await submit(app);
    await describedAs('Current password', 'Please enter your current password');
    await describedAs('New password', 'Please enter a password');
    await describedAs('Confirm new password', 'Please enter the password again');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const { username, token } = await freshShopper();
    const app = await renderApp('/changePassword', { token });
    await fill(app, { 'Current password': 'secret12', 'New password': 'abc12', 'Confirm new password': 'abc12' });
    await submit(app);
    await describedAs('New password', 'Use at least 6 characters');
    expect(await canLogIn(username, 'secret12')).toBe(true);
  });

  it('refuses a new password equal to the current one', async () => {
    const { token } = await freshShopper();
    const app = await renderApp('/changePassword', { token });
    await fill(app, {
      'Current password': 'secret12',
      'New password': 'secret12',
      'Confirm new password': 'secret12',
    });
    await submit(app);
    await describedAs('New password', 'New password must be different from the old one');
    expect(app.pathname()).toBe('/changePassword');
  });

  it('refuses a confirmation that differs', async () => {
    const { username, token } = await freshShopper();
    const app = await renderApp('/changePassword', { token });
    await fill(app, {
      'Current password': 'secret12',
      'New password': 'fresh-pass-3',
      'Confirm new password': 'fresh-pass-4',
    });
    await submit(app);
    await describedAs('Confirm new password', 'Passwords do not match');
    expect(await canLogIn(username, 'secret12')).toBe(true);
  });

  it('explains to a visitor that changing needs a login, with the ways forward', async () => {
    const app = await renderApp('/changePassword');
    const notice = await screen.findByRole('region', { name: 'Log in to change your password' });
    expect(notice).toHaveTextContent('Changing your password needs your current one');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(app.pathname()).toBe('/changePassword');
    expect(within(notice).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotPassword');
    await app.user.click(within(notice).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
});
