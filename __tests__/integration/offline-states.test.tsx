import { act, screen, waitFor } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { closedOrigin } from '../support/stand-in-server';

/*
 * Offline, as the browser reports it: navigator.onLine false and the window's offline event (jsdom
 * has no network switch). The service worker is not here; what is asserted is what the screens show.
 */
let onLine = true;
jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => onLine);

function goOffline() {
  act(() => {
    onLine = false;
    window.dispatchEvent(new Event('offline'));
  });
}
function goOnline() {
  act(() => {
    onLine = true;
    window.dispatchEvent(new Event('online'));
  });
}

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());
beforeEach(() => {
  onLine = true;
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

describe('offline', () => {
  it('the wallet shows the offline state, not the balance it last knew, and the balance again online', async () => {
    const token = await serverLogin(server);
    await renderApp('/topUp', { token });
    expect(await screen.findByText('$1,000.00')).toBeVisible();
    goOffline();
    expect(await screen.findByText('You are offline')).toBeVisible();
    expect(screen.getByText('This screen needs a connection. It loads again when you are back online.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Top up' })).toBeVisible();
    expect(screen.queryByText('$1,000.00')).not.toBeVisible();
    goOnline();
    await waitFor(() => expect(screen.getByText('$1,000.00')).toBeVisible());
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
  });

  it('a logged-in shopper opening the app offline keeps the session: the wallet says it is offline', async () => {
    const token = await serverLogin(server);
    setApiOrigin(await closedOrigin());
    onLine = false;
    const app = await renderApp('/topUp', { token });
    expect(await screen.findByText('You are offline')).toBeInTheDocument();
    expect(app.store.getState().session.token).toBe(token);
    expect(app.pathname()).toBe('/topUp');
  });

  it('a screen whose data was not stored says it is offline', async () => {
    setApiOrigin(await closedOrigin());
    onLine = false;
    await renderApp('/shop/1');
    expect(await screen.findByText('You are offline', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(
      screen.getByText('This was not saved for offline use. Try again when you are back online.'),
    ).toBeInTheDocument();
  });
});
