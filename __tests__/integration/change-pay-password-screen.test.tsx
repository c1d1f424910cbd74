import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, serverLogin, startServer, type ReferenceServer, SHOPPER_PASSWORD } from '../support/server';

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
/** Registers a new shopper on the server, optionally with a payment code, and returns a token. */
async function freshShopper(payCode?: string): Promise<string> {
  shoppers += 1;
  const username = `paycode_${shoppers}`;
  const token = await registerShopper(server, username, { nickname: `Pay Code ${shoppers}` });
  if (payCode) {
    const set = await server.call<Envelope>('/api/user/resetPay', {
      token,
      json: { oldpassword: '', newpassword: payCode, is_verify: 0, password: SHOPPER_PASSWORD },
    });
    if (set.body.code !== 1) throw new Error(`resetPay failed: ${JSON.stringify(set.body)}`);
  }
  return token;
}

/** Whether the server accepts `code` as this shopper's payment code. */
async function serverAccepts(token: string, code: string): Promise<boolean> {
  const res = await server.call<Envelope>('/api/user/verify_pay', { token, json: { password_pay: code } });
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

describe('ChangePayPasswordScreen', () => {
  it('sets the first payment code from the passwords hub, which then shows it as set', async () => {
    const token = await freshShopper();
    const app = await renderApp('/passwords', { token });
    const row = await screen.findByRole('link', { name: /^Payment code/ });
    await waitFor(() => expect(row).toHaveTextContent('Not set'));
    await app.user.click(row);

    expect(await screen.findByRole('heading', { name: 'Set your payment code' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current payment code')).not.toBeInTheDocument();
    const code = screen.getByLabelText('New payment code');
    expect(code).toHaveAttribute('type', 'password');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'off');
    expect(code).toHaveAttribute('maxlength', '6');

    // A first code asks for the login password too, explained under the field.
    const login = screen.getByLabelText('Login password');
    expect(login).toHaveAttribute('type', 'password');
    expect(login).toHaveAttribute('autocomplete', 'current-password');
    expect(
      screen.getByText(
        'Setting your first payment code needs your login password, so that nobody else can use your wallet.',
      ),
    ).toBeVisible();
    await fill(app, {
      'New payment code': '024680',
      'Confirm new payment code': '024680',
      'Login password': SHOPPER_PASSWORD,
    });
    await app.user.click(screen.getByRole('button', { name: 'Set payment code' }));
    await findAnnouncement('Setting Success');
    await waitFor(() => expect(app.pathname()).toBe('/passwords'));
    await waitFor(() => expect(screen.getByRole('link', { name: /^Payment code/ })).toHaveTextContent('Set'));
    expect(screen.getByRole('link', { name: /^Payment code/ })).not.toHaveTextContent('Not set');
    expect(app.store.getState().session.userInfo?.have_pay).toBe(1);
    expect(await serverAccepts(token, '024680')).toBe(true);
  });

  it('asks for the login password before a first code, and keeps everything typed when it is wrong', async () => {
    const token = await freshShopper();
    const app = await renderApp('/changePayPwd', { token });
    await fill(app, { 'New payment code': '246802', 'Confirm new payment code': '246802' });
    await app.user.click(screen.getByRole('button', { name: 'Set payment code' }));
    await describedAs('Login password', 'Please enter your login password');
    expect(screen.getByLabelText('Login password')).toHaveAttribute('aria-invalid', 'true');

    await fill(app, { 'Login password': 'not-my-password' });
    await app.user.click(screen.getByRole('button', { name: 'Set payment code' }));
    await findAnnouncement('The login password is incorrect', 'alert');
    expect(app.pathname()).toBe('/changePayPwd');
    expect(screen.getByLabelText('New payment code')).toHaveValue('246802');
    expect(screen.getByLabelText('Confirm new payment code')).toHaveValue('246802');
    expect(screen.getByLabelText('Login password')).toHaveValue('not-my-password');
    expect(await serverAccepts(token, '246802')).toBe(false);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Set payment code' })).toBeEnabled());
    await fill(app, { 'Login password': SHOPPER_PASSWORD });
    await app.user.click(screen.getByRole('button', { name: 'Set payment code' }));
    await findAnnouncement('Setting Success');
    expect(await serverAccepts(token, '246802')).toBe(true);
  });

  it('changes the payment code with the right current one, then opens the hub', async () => {
    const token = await freshShopper('111222');
    const app = await renderApp('/changePayPwd', { token });
    expect(await screen.findByRole('heading', { name: 'Change your payment code' })).toBeInTheDocument();
    // The current code proves the shopper: no login password here.
    expect(screen.queryByLabelText('Login password')).not.toBeInTheDocument();
    await fill(app, {
      'Current payment code': '111222',
      'New payment code': '333444',
      'Confirm new payment code': '333444',
    });
    await app.user.click(screen.getByRole('button', { name: 'Change payment code' }));
    await findAnnouncement('Change Successful');
    // Opened directly (no history): it goes to the hub instead of leaving the app.
    await waitFor(() => expect(app.pathname()).toBe('/passwords'));
    expect(await serverAccepts(token, '333444')).toBe(true);
    expect(await serverAccepts(token, '111222')).toBe(false);
  });

  it("shows the server's refusal of a wrong current code and keeps what was typed", async () => {
    const token = await freshShopper('111222');
    const app = await renderApp('/changePayPwd', { token });
    await fill(app, {
      'Current payment code': '999999',
      'New payment code': '333444',
      'Confirm new payment code': '333444',
    });
    await app.user.click(screen.getByRole('button', { name: 'Change payment code' }));
    await findAnnouncement('Incorrect payment code', 'alert');
    expect(app.pathname()).toBe('/changePayPwd');
    expect(screen.getByLabelText('Current payment code')).toHaveValue('999999');
    expect(screen.getByLabelText('New payment code')).toHaveValue('333444');
    expect(screen.getByLabelText('Confirm new payment code')).toHaveValue('333444');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change payment code' })).toBeEnabled());
    expect(await serverAccepts(token, '111222')).toBe(true);
  });

  it('refuses a new code equal to the current one', async () => {
    const token = await freshShopper('111222');
    const app = await renderApp('/changePayPwd', { token });
    await fill(app, {
      'Current payment code': '111222',
      'New payment code': '111222',
      'Confirm new payment code': '111222',
    });
    await app.user.click(screen.getByRole('button', { name: 'Change payment code' }));
    await describedAs('New payment code', 'New password must be different from the old one');
    expect(screen.getByLabelText('New payment code')).toHaveAttribute('aria-invalid', 'true');
    expect(app.pathname()).toBe('/changePayPwd');
  });

  it('refuses a confirmation that differs', async () => {
    const token = await freshShopper();
    const app = await renderApp('/changePayPwd', { token });
    await fill(app, { 'New payment code': '135790', 'Confirm new payment code': '135791' });
    await app.user.click(screen.getByRole('button', { name: 'Set payment code' }));
    await describedAs('Confirm new payment code', 'Passwords do not match');
    expect(await serverAccepts(token, '135790')).toBe(false);
  });

  it('refuses anything but digits', async () => {
    const token = await freshShopper();
    const app = await renderApp('/changePayPwd', { token });
    await fill(app, { 'New payment code': '12ab56', 'Confirm new payment code': '12ab56' });
    await app.user.click(screen.getByRole('button', { name: 'Set payment code' }));
    await describedAs('New payment code', 'The payment code is exactly 6 digits');
  });

  it('refuses 5 digits, in the current code too, and takes no more than 6', async () => {
    const token = await freshShopper('111222');
    const app = await renderApp('/changePayPwd', { token });
    await fill(app, {
      'Current payment code': '11122',
      'New payment code': '12345',
      'Confirm new payment code': '12345',
    });
    await app.user.click(screen.getByRole('button', { name: 'Change payment code' }));
    await describedAs('Current payment code', 'The payment code is exactly 6 digits');
    await describedAs('New payment code', 'The payment code is exactly 6 digits');
    await fill(app, { 'New payment code': '1234567' });
    expect(screen.getByLabelText('New payment code')).toHaveValue('123456');
  });

  it('asks for every empty field', async () => {
    const token = await freshShopper('111222');
    const app = await renderApp('/changePayPwd', { token });
    await app.user.click(await screen.findByRole('button', { name: 'Change payment code' }));
    await describedAs('Current payment code', 'Please enter your current payment code');
    await describedAs('New payment code', 'Please enter a payment code');
    await describedAs('Confirm new payment code', 'Please enter the payment code again');
  });
});

describe('PasswordsScreen', () => {
  it('leads to the login password and shows the demo payment code as set', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/passwords', { token });
    const hub = await screen.findByRole('region', { name: 'Passwords' });
    await waitFor(() =>
      expect(within(hub).getByRole('link', { name: /^Payment code/ })).toHaveTextContent(/^Payment codeSet$/),
    );
    await app.user.click(within(hub).getByRole('link', { name: 'Login password' }));
    await waitFor(() => expect(app.pathname()).toBe('/changePassword'));
  });
});
