import { screen, waitFor } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
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
});
afterEach(() => closeToasts());

describe('TopUpScreen', () => {
  it('shows the balance, that it changes after review, and the ways to top up', async () => {
    const token = await serverLogin(server);
    await renderApp('/topUp', { token });
    expect(await screen.findByText('$1,000.00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Top up' })).toBeInTheDocument();
    expect(screen.getByText('Your balance changes after the platform has reviewed your top-up.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Top up on chain/ })).toHaveAttribute('href', '/walletTopUp');
    expect(screen.getByRole('link', { name: /^Manual top up/ })).toHaveAttribute('href', '/cardTopUp');
    expect(screen.getByRole('link', { name: /^Top-up records/ })).toHaveAttribute('href', '/topUpRecord');
  });

  it.each([
    [/^Top up on chain/, '/walletTopUp', 'Top up on chain'],
    [/^Manual top up/, '/cardTopUp', 'Manual top up'],
    [/^Top-up records/, '/topUpRecord', 'Top-up records'],
  ])('opens %s', async (name, path, title) => {
    const token = await serverLogin(server);
    const app = await renderApp('/topUp', { token });
    await app.user.click(await screen.findByRole('link', { name }));
    await waitFor(() => expect(app.pathname()).toBe(path));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    const app = await renderApp('/topUp');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
});
