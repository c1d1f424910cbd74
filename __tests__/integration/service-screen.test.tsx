import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { SERVICE_LOAD_TIMEOUT_MS } from '../../src/features/support/components/service-frame';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
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

const frame = (name: string) => screen.findByTitle(name) as Promise<HTMLIFrameElement>;

describe('ServiceScreen (/service)', () => {
  it("opens the platform's customer service in a sandboxed frame, with a loading state until it loads", async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/service', { token });
    expect(await screen.findByRole('heading', { name: 'Customer service' })).toBeInTheDocument();
    const iframe = await frame('Orbit Market customer service');
    expect(iframe).toHaveAttribute('src', `${server.baseUrl}/media/service.html`);
    // Another origin than the app's (the test page is not served by this server): it keeps its own.
    expect(iframe).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin allow-popups');
    expect(screen.getByText('Connecting to customer service…')).toBeInTheDocument();
    const newTab = screen.getByRole('link', { name: 'Open in a new tab' });
    expect(newTab).toHaveAttribute('href', `${server.baseUrl}/media/service.html`);
    expect(newTab).toHaveAttribute('target', '_blank');
    expect(newTab).toHaveAttribute('rel', 'noopener noreferrer');

    fireEvent.load(iframe);
    await waitFor(() => expect(screen.queryByText('Connecting to customer service…')).not.toBeInTheDocument());
    expect(screen.queryByText('Customer service did not load')).not.toBeInTheDocument();
    // The way back.
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/service');
  });

  it("frames a service page of the app's own origin without allow-same-origin, so its scripts stay sandboxed", async () => {
    const own = `${window.location.origin}/media/service.html`;
    const backend = await startStandIn((request, response) => {
      const data = request.url.startsWith('/api/index/index')
        ? { name: 'Shop', logo: '', merchant_link: '', custom_service: own }
        : DEMO_USER_INFO;
      envelope(response, { code: 1, msg: 'Success', data });
    });
    try {
      setApiOrigin(backend.origin);
      await renderApp('/service', { token: 'stand-in-token' });
      const iframe = await frame('Shop customer service');
      expect(iframe).toHaveAttribute('src', own);
      const sandbox = (iframe.getAttribute('sandbox') ?? '').split(' ');
      expect(sandbox).toEqual(expect.arrayContaining(['allow-scripts', 'allow-forms']));
      expect(sandbox).not.toContain('allow-same-origin');
    } finally {
      await backend.close();
    }
  });

  it(
    'offers the page in a new tab and a retry when the frame has not loaded in time',
    async () => {
      const token = await serverLogin(server);
      const app = await renderApp('/service', { token });
      const iframe = await frame('Orbit Market customer service');
      // No load event arrives (a refused or unreachable page): the fallback is announced.
      const title = await screen.findByText(
        'Customer service did not load',
        {},
        { timeout: SERVICE_LOAD_TIMEOUT_MS + 3000 },
      );
      expect(title.closest('[role="alert"]')).not.toBeNull();
      expect(screen.getAllByRole('link', { name: 'Open in a new tab' })).toHaveLength(2);
      await app.user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(screen.queryByText('Customer service did not load')).not.toBeInTheDocument();
      expect(screen.getByText('Connecting to customer service…')).toBeInTheDocument();
      // A fresh frame, which can still load.
      const again = await frame('Orbit Market customer service');
      expect(again).not.toBe(iframe);
      fireEvent.load(again);
      await waitFor(() => expect(screen.queryByText('Connecting to customer service…')).not.toBeInTheDocument());
    },
    SERVICE_LOAD_TIMEOUT_MS + 15000,
  );
});

describe('ServicesScreen (/services)', () => {
  it("opens a shop's customer service from get_shops_kf", async () => {
    const token = await serverLogin(server);
    await renderApp('/services?mer_id=2', { token });
    expect(await screen.findByRole('heading', { name: 'Shop customer service' })).toBeInTheDocument();
    const iframe = await frame('Shop customer service');
    expect(iframe.getAttribute('src')).toMatch(/\/media\/service\.html\?shop=2$/);
    expect(screen.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', iframe.getAttribute('src'));
  });

  it("shows the server's refusal for an unknown shop", async () => {
    const token = await serverLogin(server);
    await renderApp('/services?mer_id=99999', { token });
    await findAnnouncement('Shop not found', 'alert');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('says no shop was chosen without a mer_id', async () => {
    const token = await serverLogin(server);
    await renderApp('/services', { token });
    expect(await screen.findByText('No shop was chosen')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
