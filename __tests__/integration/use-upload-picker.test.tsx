import { waitFor } from '@testing-library/react';
import { useImageUpload } from '../../src/api/upload';
import { setApiOrigin } from '../../src/shared/config/env';
import { useUploadPicker } from '../../src/shared/ui/use-upload-picker';
import { clearCookies, clearLiveRegions, closeToasts, recordAnnouncements } from '../support/dom';
import { renderScreenHook } from '../support/render-hook';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { PNG_BYTES, servePageFrom } from '../support/wallet';

let server: ReferenceServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  // The upload is an XMLHttpRequest, which jsdom keeps to the page's origin.
  servePageFrom(server);
  token = await serverLogin(server);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

/** The picker as a screen wires it: the app's upload to the reference server; `urls` is what it handed on. */
async function renderPicker(maxBytes?: number) {
  const urls: string[] = [];
  const hook = await renderScreenHook(
    () => useUploadPicker({ onChange: (url) => urls.push(url), upload: useImageUpload(), maxBytes }),
    { token, path: '/walletTopUp' },
  );
  return { ...hook, urls };
}

const png = () => new File([PNG_BYTES], 'proof.png', { type: 'image/png' });

describe('useUploadPicker', () => {
  it('refuses a file that is not an image, or is too large, before sending anything', async () => {
    const picker = await renderPicker(1024 * 1024);
    picker.result.current.pick(new File(['just text'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(picker.result.current.localError).toBe('Please choose an image file'));
    picker.result.current.pick(new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(picker.result.current.localError).toBe(
        'This photo is larger than 1 MB. Choose a smaller one, or send a screenshot of it.',
      ),
    );
    expect(picker.result.current.phase).toEqual({ kind: 'idle' });
    expect(picker.urls).toEqual([]);
  });

  it('uploads an image at once and hands on the URL the server serves it at', async () => {
    const picker = await renderPicker();
    picker.result.current.pick(png());
    await waitFor(() => expect(picker.urls).toHaveLength(1));
    // The URL is handed on, and 'Upload successful' announced, in the same task as the phase changes;
    // the announcement's live region wakes waitFor before React has drawn that change.
    await waitFor(() => expect(picker.result.current).toMatchObject({ phase: { kind: 'idle' }, localError: null }));
    const served = await fetch(picker.urls[0]!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/png/);
  });

  it('waits for a retry when the server refuses the file, and remove clears it', async () => {
    const picker = await renderPicker();
    // Says it is a PNG but is not one: the server sniffs the type (DESIGN.md section 3.4) and refuses.
    const fake = new File(['not really a picture'], 'fake.png', { type: 'image/png' });
    const refusals = recordAnnouncements();
    const refused = () => refusals.said().filter((said) => said.startsWith('alert:'));
    picker.result.current.pick(fake);
    await waitFor(() => expect(picker.result.current.phase).toEqual({ kind: 'failed', file: fake }));
    await waitFor(() => expect(refused()).toHaveLength(1));
    // The retry sends the same file again, and the server refuses it again.
    picker.result.current.retry();
    await waitFor(() => expect(refused()).toHaveLength(2));
    refusals.stop();
    expect(picker.result.current.phase).toEqual({ kind: 'failed', file: fake });
    expect(picker.urls).toEqual([]);

    picker.result.current.remove();
    await waitFor(() => expect(picker.result.current.phase).toEqual({ kind: 'idle' }));
    expect(picker.urls).toEqual(['']);
  });
});
