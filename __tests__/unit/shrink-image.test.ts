/** @jest-environment node */
// The pure parts of shrinking a photo before its upload (src/shared/lib/shrink-image), on real image
// bytes made here with sharp (no binary fixture is committed): what a picture's header says, which
// pictures may go as they are, and the size a picture is shrunk to.
import sharp from 'sharp';
import { readImageFacts, type ImageFacts } from '../../src/shared/lib/shrink-image/image-facts';
import {
  AS_IS_MAX_BYTES,
  canSendAsIs,
  fitWithin,
  hasTooManyPixels,
  MAX_LONG_SIDE,
  originalIsBetter,
  shrunkFileName,
} from '../../src/shared/lib/shrink-image/plan';

const PHONE_EXIF = {
  IFD0: { Make: 'samsung', Model: 'SM-S921B' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '35/1 39/1 3420/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '139/1 42/1 180/100',
  },
};
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';

/** A flat-colour picture of `width` x `height`. */
function flat(width: number, height: number, alpha = false) {
  return sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: { r: 46, g: 139, b: 87, alpha: alpha ? 0.5 : 1 } },
  });
}

/** A picture of random pixels, which nothing compresses much. */
function noise(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });
}

const facts = (bytes: Buffer): ImageFacts => readImageFacts(new Uint8Array(bytes));

describe('readImageFacts', () => {
  it('finds the EXIF segment a phone writes in a JPEG (make, model, GPS), and reads its size', async () => {
    const photo = await flat(640, 480).jpeg().withExif(PHONE_EXIF).toBuffer();
    expect(facts(photo)).toEqual({ kind: 'jpeg', width: 640, height: 480, hasMetadata: true });
  });

  it('finds no metadata in a JPEG saved without it', async () => {
    const plain = await flat(640, 480).jpeg().toBuffer();
    expect(facts(plain)).toEqual({ kind: 'jpeg', width: 640, height: 480, hasMetadata: false });
  });

  it("finds a JPEG's XMP packet, and its EXIF behind an ICC profile", async () => {
    const withXmp = await flat(300, 200).jpeg().withXmp(XMP).toBuffer();
    expect(facts(withXmp)).toMatchObject({ width: 300, height: 200, hasMetadata: true });
    const profiled = await flat(300, 200).jpeg().withIccProfile('p3').withExif(PHONE_EXIF).toBuffer();
    expect(facts(profiled)).toMatchObject({ width: 300, height: 200, hasMetadata: true });
    const profileOnly = await flat(300, 200).jpeg().withIccProfile('p3').toBuffer();
    // A colour profile is not about the shopper: such a picture may go as it is.
    expect(facts(profileOnly)).toMatchObject({ width: 300, height: 200, hasMetadata: false });
  });

  it('reads the size and the EXIF of a 12 MP photo from its first 256 KB, as a large file is read', async () => {
    const photo = await noise(4032, 3024)
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .withExif(PHONE_EXIF)
      .toBuffer();
    expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);
    // Stored 4032 x 3024 (landscape); orientation 6 says to turn it upright, which the decoder does.
    expect(facts(photo.subarray(0, 256 * 1024))).toEqual({
      kind: 'jpeg',
      width: 4032,
      height: 3024,
      hasMetadata: true,
    });
  });

  it("finds a PNG's eXIf chunk and its XMP, and nothing in a plain one", async () => {
    expect(facts(await flat(120, 80).png().withExif(PHONE_EXIF).toBuffer())).toEqual({
      kind: 'png',
      width: 120,
      height: 80,
      hasMetadata: true,
    });
    expect(facts(await flat(120, 80).png().withXmp(XMP).toBuffer())).toMatchObject({ hasMetadata: true });
    expect(facts(await flat(120, 80, true).png().toBuffer())).toEqual({
      kind: 'png',
      width: 120,
      height: 80,
      hasMetadata: false,
    });
  });

  it("reads a WebP's size, lossy, lossless or extended, and finds its EXIF chunk", async () => {
    expect(facts(await flat(321, 123).webp().toBuffer())).toEqual({
      kind: 'webp',
      width: 321,
      height: 123,
      hasMetadata: false,
    });
    expect(facts(await flat(321, 123).webp({ lossless: true }).toBuffer())).toEqual({
      kind: 'webp',
      width: 321,
      height: 123,
      hasMetadata: false,
    });
    expect(facts(await flat(321, 123).webp().withExif(PHONE_EXIF).toBuffer())).toEqual({
      kind: 'webp',
      width: 321,
      height: 123,
      hasMetadata: true,
    });
  });

  it('reads a GIF, and tells AVIF and HEIC apart by their brands', async () => {
    expect(facts(await flat(64, 48).gif().toBuffer())).toEqual({
      kind: 'gif',
      width: 64,
      height: 48,
      hasMetadata: false,
    });
    expect(facts(await flat(64, 48).avif().toBuffer())).toMatchObject({ kind: 'avif' });
    // An iPhone's HEIC starts with this box (its HEVC pictures follow; sharp's build cannot write them).
    const heicHead = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);
    expect(facts(heicHead)).toEqual({ kind: 'heif', width: null, height: null, hasMetadata: false });
  });

  it('knows nothing of bytes that are no picture', () => {
    expect(facts(Buffer.from('not really a picture'))).toEqual({
      kind: null,
      width: null,
      height: null,
      hasMetadata: false,
    });
    expect(facts(Buffer.alloc(0))).toEqual({ kind: null, width: null, height: null, hasMetadata: false });
  });
});

describe('canSendAsIs', () => {
  it('lets a small picture without metadata go as it is, in any format the server takes', async () => {
    for (const bytes of [
      await flat(800, 600).png().toBuffer(),
      await flat(800, 600).jpeg().toBuffer(),
      await flat(800, 600).webp().toBuffer(),
      await flat(MAX_LONG_SIDE, 600).png().toBuffer(),
    ]) {
      expect(canSendAsIs(facts(bytes), bytes.length)).toBe(true);
    }
  });

  it('shrinks one with EXIF or XMP, however small, so its place and device are not sent', async () => {
    const withExif = await flat(800, 600).jpeg().withExif(PHONE_EXIF).toBuffer();
    const withXmp = await flat(800, 600).png().withXmp(XMP).toBuffer();
    expect(canSendAsIs(facts(withExif), withExif.length)).toBe(false);
    expect(canSendAsIs(facts(withXmp), withXmp.length)).toBe(false);
  });

  it('shrinks one longer than 2048 px, or heavier than 1 MB, or in a format the server does not take', async () => {
    const long = await flat(MAX_LONG_SIDE + 1, 100)
      .png()
      .toBuffer();
    expect(canSendAsIs(facts(long), long.length)).toBe(false);
    const heavy = await noise(1000, 1000).png().toBuffer();
    expect(heavy.length).toBeGreaterThan(AS_IS_MAX_BYTES);
    expect(facts(heavy)).toMatchObject({ width: 1000, height: 1000, hasMetadata: false });
    expect(canSendAsIs(facts(heavy), heavy.length)).toBe(false);
    const avif = await flat(100, 100).avif().toBuffer();
    expect(canSendAsIs(facts(avif), avif.length)).toBe(false);
    expect(canSendAsIs(facts(Buffer.from('not really a picture')), 20)).toBe(false);
  });

  it('prefers the original to a shrunk copy that came out no smaller, when only its weight kept it back', async () => {
    const heavy = await noise(1000, 1000).png().toBuffer();
    expect(originalIsBetter(facts(heavy), heavy.length, heavy.length + 1)).toBe(true);
    expect(originalIsBetter(facts(heavy), heavy.length, 300_000)).toBe(false);
    const withExif = await flat(800, 600).jpeg().withExif(PHONE_EXIF).toBuffer();
    expect(originalIsBetter(facts(withExif), withExif.length, withExif.length * 2)).toBe(false);
  });
});

describe('the size a picture is shrunk to', () => {
  it('brings the long side to 2048 px and keeps the shape', () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin({ width: 8160, height: 6120 })).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin({ width: 4000, height: 4000 })).toEqual({ width: 2048, height: 2048 });
    expect(fitWithin({ width: 1080, height: 2400 })).toEqual({ width: 922, height: 2048 });
  });

  it('keeps a picture that is small enough, and never makes a side 0', () => {
    expect(fitWithin({ width: 2048, height: 1000 })).toEqual({ width: 2048, height: 1000 });
    expect(fitWithin({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    expect(fitWithin({ width: 40_000, height: 10 })).toEqual({ width: 2048, height: 1 });
  });

  it('refuses more than 50 megapixels, read from the header before anything is decoded', async () => {
    const over = await flat(8700, 5800).jpeg().toBuffer();
    const within = await flat(8160, 6120).jpeg().toBuffer();
    const overFacts = facts(over);
    const withinFacts = facts(within);
    expect(hasTooManyPixels({ width: overFacts.width!, height: overFacts.height! })).toBe(true);
    expect(hasTooManyPixels({ width: withinFacts.width!, height: withinFacts.height! })).toBe(false);
  });

  it("names the shrunk copy after the original, with the new format's extension", () => {
    expect(shrunkFileName('IMG_0412.HEIC', 'image/webp')).toBe('IMG_0412.webp');
    expect(shrunkFileName('20240312_101500.jpg', 'image/jpeg')).toBe('20240312_101500.jpg');
    expect(shrunkFileName('holiday.photo.png', 'image/webp')).toBe('holiday.photo.webp');
    expect(shrunkFileName('', 'image/jpeg')).toBe('photo.jpg');
    expect(shrunkFileName('.jpg', 'image/webp')).toBe('photo.webp');
  });
});
