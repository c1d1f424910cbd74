import type { ServerResponse } from 'node:http';
import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { DEMO_USER_INFO, envelope, startStandIn, type StandInServer } from '../support/stand-in-server';

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

describe('PlatformScreen', () => {
  it('shows the logo, name and description, the seller entry in a new tab and customer service in the app', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/platform', { token });
    expect(await screen.findByRole('heading', { level: 2, name: 'Orbit Market' })).toBeInTheDocument();
    expect(screen.getByText(/Orbit Market is a cross-border marketplace/)).toBeInTheDocument();
    const logo = document.querySelector('img.platform-hero__logo');
    expect(logo).toHaveAttribute('src', `${server.baseUrl}/media/logo.svg`);

    const merchant = screen.getByRole('link', { name: /^Sell on Orbit Market/ });
    expect(merchant).toHaveAccessibleName(
      'Sell on Orbit Market For sellers: opens the merchant site (opens in a new tab)',
    );
    expect(merchant).toHaveAttribute('href', `${server.baseUrl}/media/merchant.html`);
    expect(merchant).toHaveAttribute('target', '_blank');
    expect(merchant).toHaveAttribute('rel', 'noopener noreferrer');

    const links = merchant.closest('ul')!;
    expect(within(links).getByRole('link', { name: 'Legal' })).toHaveAttribute('href', '/law');
    await app.user.click(within(links).getByRole('link', { name: /^Customer service/ }));
    await waitFor(() => expect(app.pathname()).toBe('/service'));
  });
});

describe('PlatformScreen against a stand-in server', () => {
  let standIn: StandInServer;
  let platform: (response: ServerResponse) => void;
  beforeAll(async () => {
    standIn = await startStandIn((request, response) => {
      if (request.url.startsWith('/api/user/getUserInfo')) {
        return envelope(response, { code: 1, msg: '', data: DEMO_USER_INFO });
      }
      if (request.url.startsWith('/api/index/index')) return platform(response);
      return envelope(response, { code: 0, msg: 'Not here', data: null });
    });
  });
  afterAll(() => standIn.close());
  beforeEach(() => setApiOrigin(standIn.origin));

  it('leaves out a logo and a merchant link that are not http(s) URLs', async () => {
    platform = (response) =>
      envelope(response, {
        code: 1,
        msg: '',
        data: {
          name: 'Odd Shop',
          logo: 'javascript:alert(1)',
          merchant_link: 'javascript:alert(1)',
          custom_service: 'https://support.example.com/',
        },
      });
    await renderApp('/platform', { token: 'stand-in-token' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Odd Shop' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Sell on/ })).not.toBeInTheDocument();
    expect(document.querySelector('img.platform-hero__logo')).toBeNull();
  });

  it("shows the server's refusal with a retry", async () => {
    platform = (response) => envelope(response, { code: 0, msg: 'Platform information is unavailable', data: null });
    await renderApp('/platform', { token: 'stand-in-token' });
    await findAnnouncement('Platform information is unavailable', 'alert');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
