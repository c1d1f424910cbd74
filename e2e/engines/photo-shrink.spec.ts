import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expectShrunkUpright, heicLike, phonePhoto } from '../support/phone-photo';
import { registerUser, uniqueUser } from '../support/users';
import { expect, test } from './support/fixtures';
import { SCREENSHOTS, type Screen } from './support/screen';
import { logIn } from './support/steps';

// A shopper's photo shrunk on the phone before it is sent (src/shared/lib/shrink-image), in each
// engine: WebKit (Safari's engine) and Firefox decode, turn and encode it with their own APIs, which
// differ (which canvas a worker has, whether canvas encodes WebP). The Chromium journey
// (e2e/photo-shrink.spec.ts) goes deeper: the preview, long tasks, the page's own way.

/** What the page sent and how: noted by the script that watchSending installs. */
interface Sent {
  name: string;
  type: string;
  size: number;
  /** The bytes, base64. */
  bytes: string;
  /** Workers the page started. */
  workers: number;
}

/** Notes, in the page, the file the upload's XMLHttpRequest sends and the workers started. */
async function watchSending(phone: Screen): Promise<void> {
  await phone.run(`
    const notes = { workers: 0, file: null };
    window.__sending = notes;
    const NativeWorker = window.Worker;
    if (NativeWorker) {
      window.Worker = class CountedWorker extends NativeWorker {
        constructor(...args) { super(...args); notes.workers += 1; }
      };
    }
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function sendNoted(body) {
      const file = body instanceof FormData ? body.get('file') : null;
      if (file instanceof File) notes.file = file;
      return send.call(this, body);
    };
  `);
}

async function sentFile(phone: Screen): Promise<Sent> {
  return phone.run<Sent>(`
    const { file, workers } = window.__sending;
    return file.arrayBuffer().then((buffer) => {
      const bytes = new Uint8Array(buffer);
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { name: file.name, type: file.type, size: file.size, bytes: btoa(binary), workers };
    });
  `);
}

test.beforeEach(async ({ phone, request }) => {
  const user = uniqueUser();
  await registerUser(request, user);
  await logIn(phone, user);
  await phone.goto('/walletTopUp');
  await phone.expectVisible(phone.getByText('Payment evidence', { exact: true }));
});

test('a 12 MP photo of 8 MB is sent as a few hundred KB, upright and without its EXIF', async ({ phone }) => {
  const original = await phonePhoto();
  const folder = path.join(SCREENSHOTS, `photo-shrink-${phone.engine}`);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'IMG_0412.jpg');
  writeFileSync(file, original);
  await watchSending(phone);
  const started = Date.now();
  await phone.upload(phone.getByLabel('Payment evidence'), file);
  await phone.expectAttribute(
    phone.getByRole('img', { name: 'Payment evidence preview' }),
    'src',
    /\/media\/uploads\//,
  );
  const sent = await sentFile(phone);
  const bytes = Buffer.from(sent.bytes, 'base64');
  // Firefox's canvas encodes WebP; WebKit's does not (it answers PNG), so the phone sends JPEG there.
  const format = phone.engine === 'webkit' ? 'jpeg' : 'webp';
  expect({ name: sent.name, type: sent.type, size: sent.size }).toEqual({
    name: `IMG_0412.${format === 'jpeg' ? 'jpg' : 'webp'}`,
    type: `image/${format}`,
    size: bytes.length,
  });
  // WebKitGTK's JPEG encoder gives about 650 KB at quality 0.85, Firefox's WebP about 590 KB.
  await expectShrunkUpright(original, bytes, format, 800 * 1024);
  writeFileSync(path.join(folder, `IMG_0412.sent.${format}`), bytes);
  // Both have OffscreenCanvas with a 2D context in workers: the shrinking ran off the main thread.
  expect(sent.workers).toBe(1);
  console.log(
    `photo-shrink figures, ${phone.driver.version}: ${JSON.stringify({
      originalBytes: original.length,
      sentBytes: bytes.length,
      pickToUploadedMs: Date.now() - started,
    })}`,
  );
  await phone.screenshot('photo-shrink');
});

test('a HEIC photo the engine cannot open is refused with a message that says what to do', async ({ phone }) => {
  const folder = path.join(SCREENSHOTS, `photo-shrink-${phone.engine}`);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'IMG_0413.HEIC');
  writeFileSync(file, heicLike());
  await phone.upload(phone.getByLabel('Payment evidence'), file);
  await phone.expectText(
    phone.getByRole('alert').filter({ hasText: "This photo can't be opened here." }),
    "This photo can't be opened here. Take a screenshot of it, or choose a JPEG or PNG photo.",
  );
  await phone.expectCount(phone.getByRole('img', { name: 'Payment evidence preview' }), 0);
});
