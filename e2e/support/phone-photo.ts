import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import exifr from 'exifr';
import sharp from 'sharp';

// A phone's photo, made with sharp (no binary fixture is committed), and what a copy of it shrunk
// before its upload (src/shared/lib/shrink-image) must be: for e2e/photo-shrink.spec.ts in Chromium
// and e2e/engines/photo-shrink.spec.ts in WebKit and Firefox, and the photo the order journeys
// (e2e/orders.spec.ts, e2e/engines/journeys.spec.ts) pick for a review and a refund.

/** How the photo is stored: landscape, 12 MP (the 4:3 picture of a Galaxy S24's main camera). */
export const STORED = { width: 4000, height: 3000 } as const;

/** What the phone writes about itself and the place: each must be gone from what the shop stores. */
export const PHONE_EXIF = {
  Make: 'samsung',
  Model: 'SM-S921B',
  BodySerialNumber: 'R3CX40ABCDE',
  latitude: 35.6595,
  longitude: 139.7005,
} as const;

/**
 * The run's temporary folder: scripts/e2e.mjs makes one per run (E2E_DATA_DIR) and removes it at
 * the end; without it (Playwright started by hand), a folder of this process.
 */
function runFolder(): string {
  return process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'orbit-market-photo-'));
}

let made: Promise<string> | null = null;

/**
 * The file of phonePhoto(), made once per run (it takes a few seconds) in the run's temporary folder:
 * every journey of the run, in every worker, picks the same file.
 */
export function phonePhotoFile(): Promise<string> {
  made ??= (async () => {
    const file = path.join(runFolder(), 'phone-photo', `IMG_0412-${STORED.width}x${STORED.height}.jpg`);
    if (existsSync(file)) return file;
    mkdirSync(path.dirname(file), { recursive: true });
    // Written beside it and renamed: a worker that starts meanwhile never reads half a file.
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, await makePhonePhoto());
    renameSync(part, file);
    return file;
  })();
  return made;
}

/**
 * A 12 MP phone photo of about 8 MB: a smooth scene (large colour fields) under per-pixel
 * sensor-like noise that JPEG cannot squeeze, saved at a phone's quality 97, stored landscape with
 * EXIF orientation 6 (the phone was held upright: turn it 90 degrees clockwise to show it), its
 * device (make, model, serial number) and the place it was taken (GPS), as a phone writes them.
 * Made once per run (phonePhotoFile).
 */
export async function phonePhoto(): Promise<Buffer> {
  return readFileSync(await phonePhotoFile());
}

async function makePhonePhoto(): Promise<Buffer> {
  const { width, height } = STORED;
  const scene = await sharp({
    create: {
      width: 63,
      height: 48,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const pixels = await sharp(scene).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 10 } },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.max(0, Math.min(255, pixels[i]! + grain[i]! - 128));
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 97 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: PHONE_EXIF.Make, Model: PHONE_EXIF.Model },
      // The Exif IFD, where a camera writes its serial number.
      IFD2: { BodySerialNumber: PHONE_EXIF.BodySerialNumber },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 39/1 3420/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 42/1 180/100',
      },
    })
    .toBuffer();
}

/** A small grey thumbnail of a picture, upright as its EXIF says, then turned: to compare what two show. */
function thumbnail(picture: Buffer, turnedBy = 0): Promise<Buffer> {
  return (
    sharp(picture)
      .autoOrient()
      .rotate(turnedBy)
      // Without the JPEG decoder's own 1/8 scaling, which alone puts the two 6 of 255 apart.
      .resize(24, 32, { fit: 'fill', fastShrinkOnLoad: false })
      .greyscale()
      .raw()
      .toBuffer()
  );
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** What exifr reads of a picture's metadata: every tag it finds (undefined: none), and the GPS position. */
export async function metadataOf(
  picture: Buffer,
): Promise<{ tags: Record<string, unknown> | undefined; gps: unknown }> {
  const tags = (await exifr.parse(picture, true)) as Record<string, unknown> | undefined;
  const gps: unknown = await exifr.gps(picture).catch(() => undefined);
  return { tags, gps };
}

/** The photo carries what a phone writes (so that its absence elsewhere means something). */
export async function expectPhoneMetadata(original: Buffer): Promise<void> {
  const { tags, gps } = await metadataOf(original);
  expect(tags).toMatchObject({
    Make: PHONE_EXIF.Make,
    Model: PHONE_EXIF.Model,
    // exifr's name for the Exif IFD's BodySerialNumber (0xA431).
    SerialNumber: PHONE_EXIF.BodySerialNumber,
    Orientation: 'Rotate 90 CW',
  });
  expect(gps).toEqual({
    latitude: expect.closeTo(PHONE_EXIF.latitude, 4),
    longitude: expect.closeTo(PHONE_EXIF.longitude, 4),
  });
}

/**
 * What was sent of phonePhoto(): a few hundred KB of `format` (WebP where the engine encodes it,
 * else JPEG; less than `maxBytes`), at most 2048 px, turned upright (stored 4000 x 3000 with
 * orientation 6: upright it is 3000 x 4000, so 1536 x 2048), and nothing of its EXIF (device, place) left.
 */
export async function expectShrunkUpright(
  original: Buffer,
  sent: Buffer,
  format: 'webp' | 'jpeg',
  maxBytes: number,
): Promise<void> {
  expect(sent.length).toBeLessThan(maxBytes);
  const shrunk = await sharp(sent).metadata();
  expect(shrunk).toMatchObject({ format, width: 1536, height: 2048 });
  expect(shrunk.exif).toBeUndefined();
  expect(shrunk.xmp).toBeUndefined();
  expect(shrunk.orientation).toBeUndefined();
  // It shows what the upright original shows (measured in Chromium: about 0.5 of 255 apart); turned
  // a quarter or half round it does not (about 19).
  const upright = await thumbnail(original);
  expect(meanDifference(await thumbnail(sent), upright)).toBeLessThan(3);
  expect(meanDifference(await thumbnail(sent, 90), upright)).toBeGreaterThan(10);
  expect(meanDifference(await thumbnail(sent, 180), upright)).toBeGreaterThan(10);
}

/**
 * The bytes of a small file a picture stands for that no engine but Safari's decodes: an iPhone's
 * HEIC begins with this 'ftyp' box, and its HEVC-coded pictures follow (here, bytes that stand for
 * them; sharp's build cannot write HEVC). Chromium and Firefox decode no HEIC at all.
 */
export function heicLike(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);
  return Buffer.concat([ftyp, Buffer.alloc(300 * 1024, 0x5a)]);
}
