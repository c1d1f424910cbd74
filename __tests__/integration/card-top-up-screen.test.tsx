import { screen } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { DEMO_USER_INFO, envelope, startStandIn } from '../support/stand-in-server';

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

describe('CardTopUpScreen', () => {
  it("explains manual top-ups and opens the platform's customer service in a new window", async () => {
    const platform = await server.call<{ data: { custom_service: string } }>('/api/index/index');
    const token = await serverLogin(server);
    await renderApp('/cardTopUp', { token });
    const link = await screen.findByRole('link', { name: 'Contact customer service (opens in a new window)' });
    expect(link).toHaveAttribute('href', platform.body.data.custom_service);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('heading', { name: 'Top up through customer service' })).toBeInTheDocument();
    expect(screen.getByText(/Manual top-ups are handled by our customer service team/)).toBeInTheDocument();
    // No form of its own: nothing to fill in here.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('offers no link when the backend names a customer service that is not an http(s) page', async () => {
    const backend = await startStandIn((request, response) => {
      const data = request.url.startsWith('/api/index/index')
        ? { name: 'Shop', logo: '', merchant_link: '', custom_service: 'javascript:alert(document.cookie)' }
        : DEMO_USER_INFO;
      envelope(response, { code: 1, msg: 'Success', data });
    });
    try {
      setApiOrigin(backend.origin);
      await renderApp('/cardTopUp', { token: 'stand-in-token' });
      expect(
        await screen.findByText('Customer service is not available right now. Please try again later.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Contact customer service/ })).not.toBeInTheDocument();
    } finally {
      await backend.close();
    }
  });
});
