import { expect } from '@playwright/test';
import sharp from 'sharp';

// A phone's photo, made with sharp (no binary fixture is committed), and what a copy of it shrunk
// before its upload (src/shared/lib/shrink-image) must be: for e2e/photo-shrink.spec.ts in Chromium
// and e2e/engines/photo-shrink.spec.ts in WebKit and Firefox.

/** How the photo is stored: landscape, 12 MP. */
export const STORED = { width: 4032, height: 3024 } as const;

/**
 * A 12 MP phone photo of about 8 MB: a smooth scene (large colour fields) under per-pixel
 * sensor-like noise that JPEG cannot squeeze, saved at a phone's quality 97, stored landscape with
 * EXIF orientation 6 (the phone was held upright: turn it 90 degrees clockwise to show it), its
 * device and the place it was taken (GPS), as a phone writes them.
 */
export async function phonePhoto(): Promise<Buffer> {
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
      IFD0: { Make: 'samsung', Model: 'SM-S921B' },
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

/**
 * What was sent of phonePhoto(): a few hundred KB of `format` (WebP where the engine encodes it,
 * else JPEG; less than `maxBytes`), at most 2048 px, turned upright (stored 4032 x 3024 with
 * orientation 6: upright it is 3024 x 4032, so 1536 x 2048), and nothing of its EXIF (device, place) left.
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
