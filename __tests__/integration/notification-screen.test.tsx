import { screen, waitFor } from '@testing-library/react';
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

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface Settings {
  order_updates: boolean;
  promotions: boolean;
  wallet_updates: boolean;
}

let shoppers = 0;
/** A new shopper, so every test starts from the server's defaults (everything on). */
async function freshShopper(): Promise<string> {
  shoppers += 1;
  const username = `notify_${shoppers}`;
  return registerShopper(server, username, { nickname: `Notify ${shoppers}` });
}

async function savedSettings(token: string): Promise<Settings> {
  const res = await server.call<Envelope<Settings>>('/api/user/notification', { token });
  return res.body.data;
}

describe('NotificationScreen', () => {
  it('shows one labelled, described switch per preference, as the server has them', async () => {
    const token = await freshShopper();
    await renderApp('/notification', { token });
    const switches = await screen.findAllByRole('switch');
    expect(switches.map((element) => element.getAttribute('aria-label'))).toEqual([
      'Order updates',
      'Wallet activity',
      'Offers and promotions',
    ]);
    for (const element of switches) {
      expect(element).toHaveAttribute('aria-checked', 'true');
      expect(element).toHaveAttribute('tabindex', '0');
    }
    expect(screen.getByRole('switch', { name: 'Offers and promotions' })).toHaveAccessibleDescription(
      'Sales, coupons and new arrivals',
    );
  });

  it('saves a switch at once, says so, and the server keeps it', async () => {
    const token = await freshShopper();
    const app = await renderApp('/notification', { token });
    const promotions = await screen.findByRole('switch', { name: 'Offers and promotions' });
    await app.user.click(promotions);
    // Optimistic: it moves before the server answers.
    expect(promotions).toHaveAttribute('aria-checked', 'false');
    await findAnnouncement('Setting Success');
    await waitFor(() => expect(promotions).not.toHaveAttribute('aria-disabled', 'true'));
    expect(promotions).toHaveAttribute('aria-checked', 'false');
    expect(await savedSettings(token)).toEqual({ order_updates: true, wallet_updates: true, promotions: false });

    // And back on.
    clearLiveRegions();
    await app.user.click(promotions);
    await findAnnouncement('Setting Success');
    await waitFor(() => expect(promotions).toHaveAttribute('aria-checked', 'true'));
    expect((await savedSettings(token)).promotions).toBe(true);
  });

  it('works from the keyboard: Tab to a switch, Space or Enter flips it', async () => {
    const token = await freshShopper();
    const app = await renderApp('/notification', { token });
    const orders = await screen.findByRole('switch', { name: 'Order updates' });
    orders.focus();
    expect(orders).toHaveFocus();
    await app.user.keyboard(' ');
    await findAnnouncement('Setting Success');
    expect(orders).toHaveAttribute('aria-checked', 'false');
    expect((await savedSettings(token)).order_updates).toBe(false);

    const wallet = screen.getByRole('switch', { name: 'Wallet activity' });
    await app.user.tab();
    expect(wallet).toHaveFocus();
    clearLiveRegions();
    await app.user.keyboard('{Enter}');
    await findAnnouncement('Setting Success');
    expect(await savedSettings(token)).toEqual({ order_updates: false, wallet_updates: false, promotions: true });
  });

  it('shows the saved preferences on the next visit', async () => {
    const token = await freshShopper();
    const saved = await server.call<Envelope>('/api/user/notification', {
      token,
      json: { wallet_updates: false },
    });
    expect(saved.body.code).toBe(1);
    await renderApp('/notification', { token });
    expect(await screen.findByRole('switch', { name: 'Wallet activity' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'Order updates' })).toHaveAttribute('aria-checked', 'true');
  });

  it('puts the switch back and says why when the change cannot be saved', async () => {
    const token = await freshShopper();
    const app = await renderApp('/notification', { token });
    const promotions = await screen.findByRole('switch', { name: 'Offers and promotions' });
    // The server goes away after the screen loaded.
    setApiOrigin('http://127.0.0.1:9');
    await app.user.click(promotions);
    await findAnnouncement('Backend connection abnormal', 'alert');
    await waitFor(() => expect(promotions).toHaveAttribute('aria-checked', 'true'));
    expect(screen.queryByText('Setting Success')).not.toBeInTheDocument();
    setApiOrigin(server.baseUrl);
    expect((await savedSettings(token)).promotions).toBe(true);
  });

  it('ends the session when the server no longer knows the token', async () => {
    const token = await freshShopper();
    const app = await renderApp('/notification', { token });
    const promotions = await screen.findByRole('switch', { name: 'Offers and promotions' });
    await server.call('/api/user/logout', { token, method: 'POST' });
    await app.user.click(promotions);
    await findAnnouncement('Please login first', 'alert');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });

  it('sends a visitor to /login with "Please login first"', async () => {
    const app = await renderApp('/notification');
    await findAnnouncement('Please login first');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
});
