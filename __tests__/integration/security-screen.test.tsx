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
/** A new shopper (Thai number, no payment code); returns a token. */
async function freshShopper(): Promise<string> {
  shoppers += 1;
  const username = `security_${shoppers}`;
  return registerShopper(server, username, {
    nickname: 'Security Check',
    email: `${username}@example.org`,
    quhao: '66',
    mobile: '812345678',
  });
}

describe('SecurityScreen', () => {
  it('shows the account, the masked mobile and email, and the payment code as set', async () => {
    const token = await serverLogin(server);
    await renderApp('/security', { token });
    const details = await screen.findByRole('region', { name: 'Account details' });
    const rows = within(details)
      .getAllByRole('term')
      .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Account=demo', 'Mobile number=+1 201****123', 'Email=de**@example.com']);
    expect(details).not.toHaveTextContent('2015550123');
    expect(details).not.toHaveTextContent('demo@example.com');

    const passwords = screen.getByRole('region', { name: 'Passwords' });
    const payCode = within(passwords).getByRole('link', { name: /^Payment code/ });
    expect(payCode).toHaveAccessibleName('Payment code Set Change');
    expect(payCode).toHaveAttribute('href', '/changePayPwd');
    expect(within(passwords).getByRole('link', { name: 'Login password Change' })).toHaveAttribute(
      'href',
      '/changePassword',
    );
    expect(screen.queryByText(/You need a payment code/)).not.toBeInTheDocument();
  });

  it('says a new shopper has no payment code yet and offers to set one', async () => {
    const token = await freshShopper();
    const app = await renderApp('/security', { token });
    const passwords = await screen.findByRole('region', { name: 'Passwords' });
    const payCode = within(passwords).getByRole('link', { name: /^Payment code/ });
    expect(payCode).toHaveAccessibleName('Payment code Not set Set up');
    expect(passwords).toHaveTextContent('You need a payment code to pay for orders and to withdraw from your wallet.');
    expect(screen.getByRole('region', { name: 'Account details' })).toHaveTextContent('+66 812***678');

    await app.user.click(payCode);
    await waitFor(() => expect(app.pathname()).toBe('/changePayPwd'));
    expect(await screen.findByRole('heading', { name: 'Set your payment code' })).toBeInTheDocument();
  });

  it('shows a payment code set elsewhere when opened again (asks the server on every visit)', async () => {
    const token = await freshShopper();
    const app = await renderApp('/security', { token });
    const passwords = await screen.findByRole('region', { name: 'Passwords' });
    expect(within(passwords).getByRole('link', { name: /^Payment code/ })).toHaveAccessibleName(
      'Payment code Not set Set up',
    );
    app.unmount();
    const set = await server.call<Envelope>('/api/user/resetPay', {
      token,
      json: { oldpassword: '', newpassword: '975310', is_verify: 0, password: SHOPPER_PASSWORD },
    });
    expect(set.body.code).toBe(1);
    await renderApp('/security', { token });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^Payment code/ })).toHaveAccessibleName('Payment code Set Change'),
    );
  });

  it('opens the login password change', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/security', { token });
    await app.user.click(await screen.findByRole('link', { name: 'Login password Change' }));
    await waitFor(() => expect(app.pathname()).toBe('/changePassword'));
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
  });

  it('sends a visitor to /login with "Please login first"', async () => {
    const app = await renderApp('/security');
    await findAnnouncement('Please login first');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
});
