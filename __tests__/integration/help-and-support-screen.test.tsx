import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import type { ServerResponse } from 'node:http';
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

interface Topic {
  title: string;
  content: string;
}

/** Everything executable that reached the page. */
function executableInDom(): string[] {
  const found: string[] = [];
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'style'].includes(tag)) found.push(`<${tag}>`);
    // The app's own icons are SVG; server HTML may bring none.
    if (['svg', 'math'].includes(tag) && element.closest('.rich-text')) found.push(`<${tag}> in server HTML`);
    for (const attribute of Array.from(element.attributes)) {
      const value = Array.from(attribute.value)
        .filter((char) => char.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (attribute.name.toLowerCase().startsWith('on')) found.push(`${tag}[${attribute.name}]`);
      if (/^(javascript|vbscript|data:text)/.test(value)) found.push(`${tag}[${attribute.name}=${value}]`);
    }
  }
  return found;
}

describe('HelpAndSupportScreen', () => {
  it('shows the help topics as a closed accordion that opens on a tap', async () => {
    const token = await serverLogin(server);
    const topics = (await server.call<{ data: Topic[] }>('/api/user/help_support')).body.data;
    expect(topics.length).toBeGreaterThan(1);
    const app = await renderApp('/helpAndSupport', { token });
    expect(await screen.findByRole('heading', { name: 'Help and support' })).toBeInTheDocument();
    const first = await screen.findByText(topics[0]!.title);
    const details = first.closest('details')!;
    expect(first.tagName).toBe('SUMMARY');
    expect(details).not.toHaveAttribute('open');
    expect(document.querySelectorAll('details.help-item')).toHaveLength(topics.length);

    await app.user.click(first);
    await waitFor(() => expect(details).toHaveAttribute('open'));
    // The answer is the server's HTML, formatted (the seed uses <strong> and lists).
    const body = details.querySelector('.rich-text')!;
    expect(body.textContent).toContain('Open a product');
    expect(body.querySelector('strong, ol, p')).not.toBeNull();
  });

  it('offers customer service, the legal page and the platform under the topics', async () => {
    const token = await serverLogin(server);
    const app = await renderApp('/helpAndSupport', { token });
    const more = await screen.findByRole('navigation', { name: 'Still need help?' });
    expect(within(more).getByRole('link', { name: 'Legal' })).toHaveAttribute('href', '/law');
    expect(within(more).getByRole('link', { name: 'About the platform' })).toHaveAttribute('href', '/platform');
    await app.user.click(within(more).getByRole('link', { name: 'Contact customer service' }));
    await waitFor(() => expect(app.pathname()).toBe('/service'));
  });
});

describe('HelpAndSupportScreen against a stand-in server', () => {
  let standIn: StandInServer;
  let help: (response: ServerResponse) => void;
  const hostile: Topic[] = [
    {
      title: 'Scripts <img src=x onerror=alert(1)>',
      content:
        '<p>Harmless answer one.</p><script>window.hacked = 1</script><img src=x onerror="alert(1)">' +
        '<svg onload=alert(1)><script>alert(2)</script></svg>',
    },
    {
      title: 'Links',
      content:
        '<p>Harmless answer two.</p><a href="javascript:alert(1)">js link</a>' +
        '<a href="jav&#x09;ascript:alert(1)">tab link</a>' +
        '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>' +
        '<a href="https://example.com/help">real link</a>',
    },
    {
      title: 'Frames and forms',
      content:
        '<p>Harmless answer three.</p><iframe src="javascript:alert(1)"></iframe>' +
        '<form action="javascript:alert(1)"><button>go</button></form><details open ontoggle=alert(1)><summary>s</summary></details>' +
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>' +
        '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:alert(1)//">' +
        '<p style="background:url(javascript:alert(1))" onmouseover="alert(1)">styled</p>',
    },
  ];

  beforeAll(async () => {
    standIn = await startStandIn((request, response) => {
      if (request.url.startsWith('/api/user/getUserInfo')) {
        return envelope(response, {
          code: 1,
          msg: '',
          data: DEMO_USER_INFO,
        });
      }
      if (request.url.startsWith('/api/user/help_support')) return help(response);
      return envelope(response, { code: 0, msg: 'Not here', data: null });
    });
  });
  afterAll(() => standIn.close());

  beforeEach(() => setApiOrigin(standIn.origin));

  it("shows the server's refusal and offers a retry that loads the topics", async () => {
    help = (response) => envelope(response, { code: 0, msg: 'Help is being updated', data: null });
    const app = await renderApp('/helpAndSupport', { token: 'stand-in-token' });
    await findAnnouncement('Help is being updated', 'alert');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    help = (response) =>
      envelope(response, { code: 1, msg: '', data: [{ title: 'Back again', content: '<p>Hi</p>' }] });
    await app.user.click(retry);
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('shows a friendly empty state when there are no topics', async () => {
    help = (response) => envelope(response, { code: 1, msg: '', data: [] });
    await renderApp('/helpAndSupport', { token: 'stand-in-token' });
    expect(await screen.findByText('No help topics yet')).toBeInTheDocument();
  });

  it('shows hostile help content as harmless text: nothing executable reaches the page', async () => {
    help = (response) => envelope(response, { code: 1, msg: '', data: hostile });
    const app = await renderApp('/helpAndSupport', { token: 'stand-in-token' });
    // Titles are text, never markup.
    expect(await screen.findByText('Scripts <img src=x onerror=alert(1)>')).toBeInTheDocument();
    for (const summary of Array.from(document.querySelectorAll('summary.help-item__title'))) {
      await app.user.click(summary);
    }
    expect(screen.getByText('Harmless answer one.')).toBeInTheDocument();
    expect(screen.getByText('Harmless answer two.')).toBeInTheDocument();
    expect(screen.getByText('Harmless answer three.')).toBeInTheDocument();
    expect(screen.getByText('js link')).not.toHaveAttribute('href');
    expect(screen.getByText('tab link')).not.toHaveAttribute('href');
    expect(screen.getByText('data link')).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'real link' })).toHaveAttribute('href', 'https://example.com/help');
    expect(screen.getByRole('link', { name: 'real link' })).toHaveAttribute('rel', 'noopener noreferrer');

    expect(executableInDom()).toEqual([]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
