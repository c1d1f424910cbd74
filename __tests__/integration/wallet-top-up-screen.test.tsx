import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiOrigin } from '../../src/shared/config/env';
import { englishMessages } from '../../src/shared/i18n/messages';
import { ImageUpload } from '../../src/shared/ui/image-upload';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderApp } from '../support/render-app';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { balanceOf, PNG_BYTES, servePageFrom } from '../support/wallet';

const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ERC20 = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
  // The upload is an XMLHttpRequest, which jsdom keeps to the page's origin (no CORS on the server).
  servePageFrom(server);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});
afterEach(() => closeToasts());

const png = (name = 'proof.png') => new File([PNG_BYTES], name, { type: 'image/png' });

async function openTopUp() {
  const token = await serverLogin(server);
  const app = await renderApp('/walletTopUp', { token });
  await screen.findByRole('button', { name: 'TRC20' });
  return { app, token };
}

describe('WalletTopUpScreen', () => {
  it('shows the networks and, for the chosen one, its deposit address as text and QR code, and the warnings', async () => {
    const { app } = await openTopUp();
    const networks = screen.getByRole('group', { name: 'Network' });
    expect(
      within(networks)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(screen.getByText('Choose a network to see its deposit address.')).toBeInTheDocument();
    expect(screen.getByText('Please choose the same network as the withdrawal platform')).toBeVisible();
    expect(screen.getByText('Not support DEX, BSC, and HECO for deposit')).toBeVisible();
    expect(screen.getAllByText('Your balance changes after the platform has reviewed your top-up.')).not.toHaveLength(
      0,
    );

    await app.user.click(screen.getByRole('button', { name: 'TRC20' }));
    expect(screen.getByRole('button', { name: 'TRC20' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(TRC20)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of the TRC20 deposit address' }).tagName).toBe('svg');

    await app.user.click(screen.getByRole('button', { name: 'ERC20' }));
    expect(screen.getByText(ERC20)).toBeInTheDocument();
    expect(screen.queryByText(TRC20)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of the ERC20 deposit address' })).toBeInTheDocument();
  });

  it('copies the deposit address on a secure page and says Copied', async () => {
    const { app } = await openTopUp();
    await app.user.click(screen.getByRole('button', { name: 'TRC20' }));
    // The browser's clipboard here is user-event's stand-in for it; the call is what the page controls.
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await app.user.click(screen.getByRole('button', { name: 'Copy address' }));
    await findAnnouncement('Copied');
    expect(write).toHaveBeenCalledWith(TRC20);
    write.mockRestore();
  });

  it('says copying is not allowed where the clipboard API is not (plain HTTP)', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    const { app } = await openTopUp();
    await app.user.click(screen.getByRole('button', { name: 'TRC20' }));
    await app.user.click(screen.getByRole('button', { name: 'Copy address' }));
    await findAnnouncement('Copying needs a secure (HTTPS) connection', 'alert');
  });

  it('says Copy Fail when the browser refuses to write the clipboard', async () => {
    const { app } = await openTopUp();
    await app.user.click(screen.getByRole('button', { name: 'TRC20' }));
    // The browser's clipboard (user-event's stand-in for it) refuses, e.g. without permission.
    const refuse = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await app.user.click(screen.getByRole('button', { name: 'Copy address' }));
    await findAnnouncement('Copy Fail', 'alert');
    refuse.mockRestore();
  });

  it('shows every validation message of an empty form and sends nothing', async () => {
    const { app, token } = await openTopUp();
    await app.user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Please choose charge network')).toBeInTheDocument();
    expect(screen.getByText('Please fill correct amount')).toBeInTheDocument();
    expect(screen.getByText('Please upload payment evidence')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount sent (USD)')).toHaveAttribute('aria-invalid', 'true');
    const records = await server.call<{ data: { count: number } }>('/api/user/recharge_log', { token });
    expect(records.body.data.count).toBe(0);
  });

  it.each(['0', '1.234', 'abc', '-3'])('refuses the amount %p with "Please fill correct amount"', async (amount) => {
    const { app } = await openTopUp();
    await app.user.type(screen.getByLabelText('Amount sent (USD)'), amount);
    await app.user.tab();
    expect(await screen.findByText('Please fill correct amount')).toBeInTheDocument();
  });

  it('refuses a file that is not an image, and one above 5 MB, before sending it', async () => {
    const { app } = await openTopUp();
    const picker = screen.getByLabelText('Payment evidence');
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).toHaveAttribute('accept', 'image/*');
    // applyAccept off: a shopper's file manager may offer any file; the screen must check it.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker, new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose an image file');
    await user.upload(picker, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(
        screen.getByText('This photo is larger than 5 MB. Choose a smaller one, or send a screenshot of it.'),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    void app;
  });

  it("shows the server's refusal of a fake image and offers a retry and a removal", async () => {
    const { app } = await openTopUp();
    await app.user.upload(
      screen.getByLabelText('Payment evidence'),
      new File(['not really a png'], 'fake.png', { type: 'image/png' }),
    );
    await findAnnouncement('Only JPEG, PNG, GIF or WebP images can be uploaded', 'alert');
    expect(await screen.findByText('The image was not uploaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('The image was not uploaded.')).not.toBeInTheDocument();
    expect(screen.getByText('Choose an image')).toBeInTheDocument();
  });

  it('files the top-up for review once: evidence uploaded, Application successful, the record auditing, the balance unchanged', async () => {
    const { app, token } = await openTopUp();
    await app.user.click(screen.getByRole('button', { name: 'TRC20' }));
    await app.user.type(screen.getByLabelText('Amount sent (USD)'), '50.5');
    await app.user.upload(screen.getByLabelText('Payment evidence'), png());
    const preview = await screen.findByRole('img', { name: 'Payment evidence preview' });
    expect(preview.getAttribute('src')).toMatch(new RegExp(`^${server.baseUrl}/media/uploads/[0-9a-f]+\\.png$`));

    await app.user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await findAnnouncement('Application successful');
    await waitFor(() => expect(app.pathname()).toBe('/topUpRecord'));
    const list = await screen.findByRole('list', { name: 'Top-up records' });
    const record = await within(list).findByRole('article');
    expect(record).toHaveTextContent('Top up · TRC20');
    expect(record).toHaveTextContent('$50.50');
    expect(record).toHaveTextContent('Auditing');

    const records = await server.call<{ data: { count: number; list: { price: string; network: string }[] } }>(
      '/api/user/recharge_log',
      { token },
    );
    expect(records.body.data.count).toBe(1);
    expect(records.body.data.list[0]).toMatchObject({ price: '50.50', network: 'TRC20' });
    expect(await balanceOf(server, token)).toBe('1000.00');
  });
});

describe('ImageUpload', () => {
  function Harness({
    upload,
  }: {
    upload: (file: File, onProgress: (f: number) => void, signal: AbortSignal) => Promise<string>;
  }) {
    const [value, setValue] = useState('');
    return (
      <IntlProvider locale="en" messages={englishMessages}>
        <ImageUpload label="Payment evidence" value={value} onChange={setValue} upload={upload} />
        <output aria-label="value">{value}</output>
      </IntlProvider>
    );
  }

  it('shows the progress, then the image; a failure offers a retry that sends the same file again', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const calls: { file: File; progress: (f: number) => void; settle: (url?: string) => void }[] = [];
    const upload = (file: File, progress: (f: number) => void) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ file, progress, settle: (url) => (url ? resolve(url) : reject(new Error('offline'))) });
      });
    const user = userEvent.setup();
    render(<Harness upload={upload} />);
    await user.upload(screen.getByLabelText('Payment evidence'), png('first.png'));

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    calls[0]!.progress(0.42);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();

    calls[0]!.settle();
    await screen.findByText('The image was not uploaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.file.name).toBe('first.png');
    calls[1]!.settle('https://shop.example/media/first.png');

    expect(await screen.findByRole('img', { name: 'Payment evidence preview' })).toHaveAttribute(
      'src',
      'https://shop.example/media/first.png',
    );
    expect(screen.getByRole('status', { name: 'value' })).toHaveTextContent('https://shop.example/media/first.png');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('status', { name: 'value' })).toHaveTextContent('');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('cancels an upload in flight when removed', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    let signal: AbortSignal | undefined;
    const upload = (_file: File, _progress: (f: number) => void, abort: AbortSignal) => {
      signal = abort;
      return new Promise<string>(() => undefined);
    };
    const user = userEvent.setup();
    render(<Harness upload={upload} />);
    await user.upload(screen.getByLabelText('Payment evidence'), png());
    await screen.findByRole('progressbar');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(signal?.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
