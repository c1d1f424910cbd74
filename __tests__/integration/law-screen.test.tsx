import type { ServerResponse } from 'node:http';
import { screen } from '@testing-library/react';
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

describe('LawScreen', () => {
  it('shows the legal text with its headings, lists and links', async () => {
    const token = await serverLogin(server);
    await renderApp('/law', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Legal' })).toBeInTheDocument();
    const article = await screen.findByRole('article', { name: 'Legal' });
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1. Accounts' })).toBeInTheDocument();
    expect(article.querySelectorAll('li')).toHaveLength(3);
    const mail = screen.getByRole('link', { name: 'support@example.com' });
    expect(mail).toHaveAttribute('href', 'mailto:support@example.com');
    expect(mail).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('LawScreen against a stand-in server', () => {
  let standIn: StandInServer;
  let law: (response: ServerResponse) => void;

  beforeAll(async () => {
    standIn = await startStandIn((request, response) => {
      if (request.url.startsWith('/api/user/getUserInfo')) {
        return envelope(response, {
          code: 1,
          msg: '',
          data: DEMO_USER_INFO,
        });
      }
      if (request.url.startsWith('/api/user/law')) return law(response);
      return envelope(response, { code: 0, msg: 'Not here', data: null });
    });
  });
  afterAll(() => standIn.close());
  beforeEach(() => setApiOrigin(standIn.origin));

  it('shows hostile legal content as harmless text: no script, no handler, no javascript: link', async () => {
    const content = [
      '<h2>Terms</h2><p>Harmless clause.</p>',
      '<script>window.hacked = 1</script>',
      '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
      '<img src=x onerror=alert(1)>',
      '<body onload=alert(1)><p>Body text.</p></body>',
      '<svg onload=alert(1)><script>alert(1)</script></svg>',
      '<details open ontoggle=alert(1)><summary>Open me</summary>Inside.</details>',
      '<a href="javascript:alert(1)">Javascript link</a>',
      '<a href="JaVaScRiPt:alert(1)">Mixed case link</a>',
      '<a href="jav&#x09;ascript:alert(1)">Tab link</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Data link</a>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<p style="background:url(javascript:alert(1))">Styled clause.</p>',
      '<form action="javascript:alert(1)"><input value="x"><button>Submit</button></form>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<base href="javascript:alert(1)//">',
      '<table><tr><td onclick="alert(1)">Cell text.</td></tr></table>',
      '<p>Unclosed <b onmouseover=alert(1)>bold',
      // Last: its unclosed tags swallow whatever follows.
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    ].join('');
    law = (response) => envelope(response, { code: 1, msg: '', data: { content } });
    await renderApp('/law', { token: 'stand-in-token' });
    const article = await screen.findByRole('article', { name: 'Legal' });
    for (const text of ['Harmless clause.', 'Body text.', 'Styled clause.', 'Cell text.', 'Inside.']) {
      expect(article).toHaveTextContent(text);
    }
    for (const name of ['Javascript link', 'Mixed case link', 'Tab link', 'Data link']) {
      expect(screen.getByText(name)).not.toHaveAttribute('href');
    }
    expect(document.querySelectorAll('script, iframe, form, input, base, meta, style')).toHaveLength(0);
    expect(article.querySelectorAll('svg, math')).toHaveLength(0);
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        expect(attribute.name).not.toMatch(/^on/i);
        expect(attribute.value.replace(/\s/g, '')).not.toMatch(/^(javascript|vbscript|data:text)/i);
      }
      if (article.contains(element)) expect(element).not.toHaveAttribute('style');
    }
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it("shows the server's refusal with a retry", async () => {
    law = (response) => envelope(response, { code: 0, msg: 'The legal page is being updated', data: null });
    await renderApp('/law', { token: 'stand-in-token' });
    await findAnnouncement('The legal page is being updated', 'alert');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when there is no legal text yet', async () => {
    law = (response) => envelope(response, { code: 1, msg: '', data: { content: '' } });
    await renderApp('/law', { token: 'stand-in-token' });
    expect(await screen.findByText('The legal text is not available yet')).toBeInTheDocument();
  });
});
