import { writeFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { logInAt } from './support/app';
import { expectShrunkUpright, heicLike, phonePhoto, STORED } from './support/phone-photo';
import { registerUser, uniqueUser } from './support/users';

// A shopper's photo is shrunk on the phone before it is sent (src/shared/lib/shrink-image), in
// Debian's Chromium against the production build: what the picker sends, how the page behaves while
// it shrinks, and what a photo Chromium cannot open gets. Real image bytes, made here with sharp.

/** What the page notes, from before the file is chosen: see watchPicking. */
interface PickingNotes {
  pickedAt: number | null;
  sentAt: number | null;
  sent: { name: string; type: string; size: number } | null;
  previews: { src: string; at: number; width: number; height: number }[];
  longTasks: { start: number; duration: number }[];
  /** Workers the page started. */
  workers: number;
}

/**
 * Starts noting, in the page: when a file is chosen, every long task of the main thread (the Long
 * Tasks API: 50 ms and more), each picture the preview shows (when it has loaded, and its size), the
 * workers started, and the file the upload's XMLHttpRequest sends (the app's multipart field `file`),
 * kept to be read.
 */
async function watchPicking(page: Page): Promise<void> {
  await page.evaluate(() => {
    const notes: PickingNotes & { file?: Blob } = {
      pickedAt: null,
      sentAt: null,
      sent: null,
      previews: [],
      longTasks: [],
      workers: 0,
    };
    (window as unknown as { __picking: typeof notes }).__picking = notes;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) notes.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
    document.addEventListener('change', () => (notes.pickedAt ??= performance.now()), true);
    document.addEventListener(
      'load',
      (event) => {
        const image = event.target;
        if (!(image instanceof HTMLImageElement) || !image.classList.contains('image-upload__preview')) return;
        notes.previews.push({
          src: image.src,
          at: performance.now(),
          width: image.naturalWidth,
          height: image.naturalHeight,
        });
      },
      true,
    );
    const NativeWorker = window.Worker as typeof Worker | undefined;
    if (NativeWorker) {
      window.Worker = class CountedWorker extends NativeWorker {
        constructor(...args: ConstructorParameters<typeof Worker>) {
          super(...args);
          notes.workers += 1;
        }
      };
    }
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function sendNoted(body) {
      const file = body instanceof FormData ? body.get('file') : null;
      if (file instanceof File) {
        notes.sentAt = performance.now();
        notes.sent = { name: file.name, type: file.type, size: file.size };
        notes.file = file;
      }
      return send.call(this, body);
    };
  });
}

const notesOf = (page: Page) =>
  page.evaluate(() => {
    const { file: _file, ...notes } = (window as unknown as { __picking: PickingNotes & { file?: Blob } }).__picking;
    return notes;
  });

const sentBytes = async (page: Page) =>
  Buffer.from(
    await page.evaluate(async () => {
      const file = (window as unknown as { __picking: { file: Blob } }).__picking.file;
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    }),
    'base64',
  );

/** What picking the 12 MP photo on /walletTopUp gave: the original, what was sent, and the page's notes. */
async function pickPhoneShot(page: Page, file: string) {
  const original = await phonePhoto();
  expect(original.length).toBeGreaterThan(7 * 1024 * 1024);
  writeFileSync(file, original);

  const uploads: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/merchant/common/upload')) uploads.push(1);
  });
  await watchPicking(page);
  // A path, not a buffer: Chromium reads the file itself, as it does one a shopper chose, instead
  // of the page decoding 8 MB of base64 on its main thread.
  await page.getByLabel('Payment evidence', { exact: true }).setInputFiles(file);

  const preview = page.getByRole('img', { name: 'Payment evidence preview' });
  await expect(page.getByText('Preparing the photo…')).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect(preview).toHaveAttribute('src', /\/media\/uploads\//, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeVisible();
  expect(uploads).toHaveLength(1);

  const notes = await notesOf(page);
  expect(notes.pickedAt).not.toBeNull();
  expect(notes.sentAt).not.toBeNull();
  const sent = await sentBytes(page);
  // Kept beside the original in the test's output folder, for a person to look at.
  writeFileSync(file.replace(/\.jpg$/, '.sent.webp'), sent);
  return { original, sent, notes, pickedAt: notes.pickedAt!, sentAt: notes.sentAt! };
}

/** Figures for the notes of a change: in the list reporter's output and the test's annotations. */
function report(testInfo: TestInfo, where: string, figures: Record<string, unknown>): void {
  testInfo.annotations.push({ type: `figures ${where}`, description: JSON.stringify(figures) });
  console.log(`photo-shrink figures, ${where}: ${JSON.stringify(figures)}`);
}

test.describe('Photo shrinking before upload', () => {
  test.beforeEach(async ({ page }) => {
    const user = uniqueUser();
    await registerUser(page.request, user);
    await logInAt(page, user.username, user.password);
    await page.goto('/walletTopUp');
    await expect(page.getByLabel('Payment evidence', { exact: true })).toBeAttached();
  });

  test('a 12 MP photo of 8 MB is sent as a few hundred KB, upright, without its EXIF, the page responsive', async ({
    page,
  }, testInfo) => {
    const { original, sent, notes, pickedAt, sentAt } = await pickPhoneShot(page, testInfo.outputPath('IMG_0412.jpg'));
    expect(notes.sent).toMatchObject({ name: 'IMG_0412.webp', type: 'image/webp', size: sent.length });
    await expectShrunkUpright(original, sent, 'webp', 600 * 1024);
    expect(notes.workers).toBe(1);

    // The preview showed the chosen photo at once (upright), before the shrinking was done.
    const first = notes.previews[0]!;
    expect(first.src).toMatch(/^blob:/);
    expect({ width: first.width, height: first.height }).toEqual({ width: STORED.height, height: STORED.width });
    expect(first.at).toBeLessThan(sentAt);

    // No long task over 200 ms on the main thread from the choice to the end of the upload.
    const during = notes.longTasks.filter((task) => task.start + task.duration >= pickedAt);
    expect(during.filter((task) => task.duration > 200)).toEqual([]);
    report(testInfo, 'in a worker', {
      originalBytes: original.length,
      sentBytes: sent.length,
      shrinkMs: Math.round(sentAt - pickedAt),
      previewMs: Math.round(first.at - pickedAt),
      longTasksMs: during.map((task) => Math.round(task.duration)),
    });
  });

  test('without a worker the page shrinks it itself, with the same result', async ({ page }, testInfo) => {
    // An engine without workers with OffscreenCanvas (Safari before 16.4) takes the page's way.
    await page.evaluate(() => Object.defineProperty(window, 'Worker', { value: undefined }));
    const { original, sent, notes, pickedAt, sentAt } = await pickPhoneShot(page, testInfo.outputPath('IMG_0412.jpg'));
    expect(notes.sent).toMatchObject({ name: 'IMG_0412.webp', type: 'image/webp', size: sent.length });
    await expectShrunkUpright(original, sent, 'webp', 600 * 1024);
    expect(notes.workers).toBe(0);
    // Decoded off the main thread, drawn in bands with pauses between them, encoded asynchronously.
    const during = notes.longTasks.filter((task) => task.start + task.duration >= pickedAt);
    expect(during.filter((task) => task.duration > 200)).toEqual([]);
    report(testInfo, 'on the page', {
      originalBytes: original.length,
      sentBytes: sent.length,
      shrinkMs: Math.round(sentAt - pickedAt),
      longTasksMs: during.map((task) => Math.round(task.duration)),
    });
  });

  test('a HEIC photo Chromium cannot open is refused with a message that says what to do, and nothing is sent', async ({
    page,
  }) => {
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/merchant/common/upload')) uploads.push(request.url());
    });
    await page.getByLabel('Payment evidence', { exact: true }).setInputFiles({
      name: 'IMG_0413.HEIC',
      mimeType: 'image/heic',
      buffer: heicLike(),
    });
    await expect(page.getByRole('alert').filter({ hasText: "This photo can't be opened here." })).toHaveText(
      "This photo can't be opened here. Take a screenshot of it, or choose a JPEG or PNG photo.",
    );
    // The picker is back, with no broken preview and nothing sent.
    await expect(page.getByText('Choose an image', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Payment evidence preview' })).toHaveCount(0);
    expect(uploads).toEqual([]);
  });
});
