/** @jest-environment node */
/**
 * The image pipeline (server/src/platform/images), through the upload call as the backend family's
 * client sends it (multipart field `file`) and the public /media URLs: every picture is decoded and
 * written anew (upright, at most 2048 px, no metadata, sRGB), what it refuses is refused with the
 * contract's message, variants are served at the listed widths in the format the browser accepts,
 * the quota counts stored bytes, and uploads stored before are rewritten once.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import Database from 'better-sqlite3';
import exifr from 'exifr';
import sharp, { type Sharp } from 'sharp';
import { EncodeGate, GateBusyError } from '../../server/src/platform/images';
import { rawGet } from '../../server/src/tools/testing/raw-http';
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { idemKey, newShopper, uploadImage, type Env } from '../../server/src/tools/testing/wallet';

const MB = 1024 * 1024;
const ROOT = path.resolve(__dirname, '../..');

// Pictures are made here with sharp and take seconds to encode on a 2-core machine.
jest.setTimeout(120_000);

/** What a Samsung phone writes into a photo: where, with what, and which one. */
const PHONE_EXIF = {
  IFD0: { Make: 'samsung', Model: 'SM-S921B' },
  IFD2: { BodySerialNumber: 'R5CX1234' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '35/1 39/1 3420/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '139/1 42/1 180/100',
  },
};
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jane Shopper</dc:creator>' +
  '</rdf:Description></rdf:RDF></x:xmpmeta>';

/** A photo-like picture: noise, so its JPEG weighs what a camera's does. */
const noise = (width: number, height: number, sigma = 40): Sharp =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 120, g: 140, b: 90 },
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  });

const flat = (width: number, height: number, rgb: [number, number, number], alpha?: number): Sharp =>
  sharp({
    create: {
      width,
      height,
      channels: alpha === undefined ? 3 : 4,
      background: { r: rgb[0], g: rgb[1], b: rgb[2], alpha: alpha ?? 1 },
    },
  });

/** A valid PNG chunk (length, type, data, CRC). */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, valid 20000 x 20000 black PNG (1 bit per pixel) of about 50 KB: 400 megapixels when decoded. */
function pixelBomb(): Buffer {
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + side / 8) * side); // each row: filter byte 0, then 2500 zero bytes
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of an iPhone photo: an ISO-BMFF `ftyp` box of brand heic (HEVC-coded HEIF). */
const HEIC_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic', 'latin1'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic', 'latin1'),
  Buffer.alloc(64),
]);

const MESSAGES = {
  notImage: 'Only JPEG, PNG, GIF or WebP images can be uploaded',
  pixels: 'This image has too many pixels to open. Please choose a smaller one',
  slow: 'This image takes too long to process. Please choose another one',
  heic: 'HEIC photos cannot be uploaded. Please send a JPEG: on an iPhone, choose Settings > Camera > Formats > Most Compatible, or send a screenshot of the photo',
  broken: 'The image is damaged or incomplete. Please choose it again',
};

const refusal = (msg: string) => ({ status: 200, body: { code: 0, msg, data: null } });

/** Uploads `bytes` and fetches what is served at the returned URL. */
async function storeAndFetch(server: TestServer, token: string, bytes: Buffer, name = 'photo.jpg') {
  const res = await uploadImage(server, token, bytes, name, 'application/octet-stream');
  expect(res.body).toMatchObject({ code: 1, msg: 'Upload successful' });
  const url = res.body.data!.fullurl;
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  const served = Buffer.from(await answer.arrayBuffer());
  return { url, answer, served, meta: await sharp(served).metadata() };
}

/** The colour of the pixel at (x, y). */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

const near = (actual: number[], expected: number[], tolerance = 12) =>
  expected.every((value, i) => Math.abs((actual[i] ?? -999) - value) <= tolerance);

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await loginAs(server);
});
afterAll(() => server.stop());

describe('what is stored', () => {
  it('drops a phone photo’s GPS position, make, model, serial and XMP, and stands it upright', async () => {
    // 400 x 300 as stored, a red square in its top-left corner, to be shown turned 90° clockwise.
    const photo = await flat(400, 300, [30, 90, 30])
      .composite([
        { input: { create: { width: 60, height: 60, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
      ])
      .withExif(PHONE_EXIF)
      .withMetadata({ orientation: 6 })
      .withXmp(XMP)
      .jpeg({ quality: 90 })
      .toBuffer();
    // What was sent carries all of it.
    const sent = await exifr.parse(photo, true);
    expect(sent).toMatchObject({
      Make: 'samsung',
      Model: 'SM-S921B',
      SerialNumber: 'R5CX1234',
      creator: 'Jane Shopper',
    });
    expect(sent.latitude).toBeCloseTo(35.6595, 3);

    const { served, meta, answer } = await storeAndFetch(server, token, photo);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(served.equals(photo)).toBe(false);
    // Nothing of it is served: exifr finds no tag at all, sharp no EXIF, XMP, IPTC or profile.
    expect(await exifr.parse(served, true)).toBeUndefined();
    expect(served.includes(Buffer.from('samsung'))).toBe(false);
    expect(served.includes(Buffer.from('R5CX1234'))).toBe(false);
    expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // Upright: 300 x 400, the red square now in the top-right corner.
    expect([meta.width, meta.height]).toEqual([300, 400]);
    expect(near(await pixel(served, 270, 30), [255, 0, 0])).toBe(true);
    expect(near(await pixel(served, 30, 30), [30, 90, 30])).toBe(true);
    expect(near(await pixel(served, 270, 370), [30, 90, 30])).toBe(true);
  });

  it('converts a Display P3 photo to sRGB and drops its profile', async () => {
    // sRGB (200, 60, 40) written in P3 numbers with a P3 profile.
    const p3 = await flat(64, 64, [200, 60, 40]).withIccProfile('p3').jpeg({ quality: 95 }).toBuffer();
    const asNumbers = await sharp(p3, { ignoreIcc: true }).raw().toBuffer();
    expect(near([...asNumbers.subarray(0, 3)], [200, 60, 40], 6)).toBe(false);
    const { served, meta } = await storeAndFetch(server, token, p3);
    expect(meta.icc).toBeUndefined();
    expect(near(await pixel(served, 10, 10), [200, 60, 40], 6)).toBe(true);
  });

  it('takes a 15 MB phone photo and stores it at most 2048 px wide, far smaller', async () => {
    const photo = await noise(4624, 3472, 70).withExif(PHONE_EXIF).jpeg({ quality: 95 }).toBuffer();
    expect(photo.length).toBeGreaterThan(15 * MB);
    expect(photo.length).toBeLessThan(20 * MB);
    const { served, meta } = await storeAndFetch(server, token, photo);
    expect([meta.format, meta.width, meta.height, meta.isProgressive]).toEqual(['jpeg', 2048, 1538, true]);
    expect(served.length).toBeLessThan(photo.length / 4);
    expect(await exifr.parse(served, true)).toBeUndefined();
  });

  it('keeps real transparency as PNG, and stores a PNG whose alpha is unused as JPEG', async () => {
    const clear = await storeAndFetch(server, token, await flat(40, 30, [0, 0, 255], 0.4).png().toBuffer(), 'a.png');
    expect(clear.url).toMatch(/\.png$/);
    expect(clear.answer.headers.get('content-type')).toBe('image/png');
    expect([clear.meta.hasAlpha, clear.meta.width]).toEqual([true, 40]);
    expect(near(await pixel(clear.served, 5, 5), [0, 0, 255, 102], 2)).toBe(true);
    const opaque = await storeAndFetch(server, token, await flat(40, 30, [0, 128, 0], 1).png().toBuffer(), 'b.png');
    expect(opaque.url).toMatch(/\.jpg$/);
    expect([opaque.meta.format, opaque.meta.hasAlpha]).toEqual(['jpeg', false]);
  });

  it('stores a WebP as JPEG, or as PNG when it is transparent', async () => {
    const opaque = await storeAndFetch(server, token, await noise(320, 200).webp().toBuffer(), 'a.webp');
    expect([opaque.url.slice(-4), opaque.meta.format, opaque.meta.width]).toEqual(['.jpg', 'jpeg', 320]);
    const clear = await storeAndFetch(server, token, await flat(32, 32, [9, 9, 9], 0.5).webp().toBuffer(), 'b.webp');
    expect([clear.url.slice(-4), clear.meta.format, clear.meta.hasAlpha]).toEqual(['.png', 'png', true]);
  });

  it('stores the first frame of an animated GIF as a still PNG', async () => {
    // Two 64 x 64 frames: white, then black.
    const frames = Buffer.concat([Buffer.alloc(64 * 64 * 3, 255), Buffer.alloc(64 * 64 * 3, 0)]);
    const gif = await sharp(frames, { raw: { width: 64, height: 128, channels: 3, pageHeight: 64 } })
      .gif({ loop: 0, delay: [200, 200] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const { url, meta, served, answer } = await storeAndFetch(server, token, gif, 'party.gif');
    expect(url).toMatch(/\.png$/);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['png', 64, 64, 1]);
    expect(near(await pixel(served, 32, 32), [255, 255, 255])).toBe(true);
  });

  it('takes an AVIF and stores it as JPEG', async () => {
    const avif = await noise(200, 150).avif({ effort: 0 }).toBuffer();
    const { url, meta } = await storeAndFetch(server, token, avif, 'a.avif');
    expect([url.slice(-4), meta.format, meta.width, meta.height]).toEqual(['.jpg', 'jpeg', 200, 150]);
  });
});

describe('what is refused (HTTP 200, code 0, in the shopper’s language)', () => {
  const storedCount = () => readdirSync(server.uploadsDir).length;

  it('refuses a 20000 x 20000 PNG of 50 KB from its header, and serves the next request', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(100 * 1024);
    const before = storedCount();
    expect(await uploadImage(server, token, bomb, 'bomb.png')).toEqual(refusal(MESSAGES.pixels));
    expect((await uploadImage(server, token, bomb, 'bomb.png', 'image/png', 'ri')).body.msg).toBe(
      '画像の画素数が多すぎるため開けません。小さい画像を選んでください',
    );
    expect(storedCount()).toBe(before);
    expect((await uploadImage(server, token)).body.code).toBe(1);
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await noise(640, 480).jpeg().toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    expect(await uploadImage(server, token, cut, 'cut.jpg')).toEqual(refusal(MESSAGES.broken));
    expect((await uploadImage(server, token, cut, 'cut.jpg', 'image/jpeg', 'zh-CN')).body.msg).toBe(
      '图片已损坏或不完整，请重新选择',
    );
  });

  it('refuses a HEIC photo, telling the shopper how to send a JPEG', async () => {
    expect(await uploadImage(server, token, HEIC_HEAD, 'IMG_0001.HEIC', 'image/heic')).toEqual(refusal(MESSAGES.heic));
    expect((await uploadImage(server, token, HEIC_HEAD, 'IMG_0001.HEIC', 'image/heic', 'han')).body.msg).toContain(
      '높은 호환성',
    );
  });

  it('refuses formats it does not take (TIFF) and text, whatever their name', async () => {
    const tiff = await flat(8, 8, [1, 2, 3]).tiff().toBuffer();
    expect(await uploadImage(server, token, tiff, 'scan.jpg', 'image/jpeg')).toEqual(refusal(MESSAGES.notImage));
    expect(await uploadImage(server, token, Buffer.from('GIF89a, or so it says'), 'x.gif')).toEqual(
      refusal(MESSAGES.broken),
    );
  });

  it('refuses a picture that takes too long, while the server keeps answering', async () => {
    // 7700 x 7700 (59 MP, under the limit) of one colour: 1.5 KB of AVIF that takes seconds to decode.
    const slow = await flat(7700, 7700, [10, 20, 30]).avif({ effort: 0, quality: 30 }).toBuffer();
    const own = await startTestServer({ imageTimeoutSeconds: 1 });
    try {
      const ownToken = await loginAs(own);
      const started = Date.now();
      let answered = false;
      const upload = uploadImage(own, ownToken, slow, 'slow.avif').finally(() => (answered = true));
      // While it decodes, other requests are answered (sharp works off the event loop).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await own.call<{ code: number }>('/api/index/index')).body.code).toBe(1);
      expect((await fetch(`${own.baseUrl}/media/product/1.svg`)).status).toBe(200);
      expect(answered).toBe(false);
      expect(await upload).toEqual(refusal(MESSAGES.slow));
      expect(Date.now() - started).toBeGreaterThan(1000);
      expect((await uploadImage(own, ownToken)).body.code).toBe(1);
    } finally {
      await own.stop();
    }
  });
});

describe('the quota', () => {
  it('counts the bytes stored, not the bytes sent', async () => {
    const quota = 0.9 * MB;
    const own = await startTestServer({ uploadQuota: { bytes: quota } });
    try {
      const shopper = await newShopper(own, 'iq');
      // About 8 MB sent, about 350 KB stored (2048 px wide): the sent size alone is over the quota.
      const photo = await noise(4000, 3000, 20).jpeg({ quality: 95 }).toBuffer();
      expect(photo.length).toBeGreaterThan(quota);
      const storedSizes: number[] = [];
      for (const name of ['a.jpg', 'b.jpg']) {
        const res = await uploadImage(own, shopper.token, photo, name, 'image/jpeg');
        expect(res.body.code).toBe(1);
        const file = path.basename(res.body.data!.fullurl);
        const row = own.db
          .prepare<[string], { size: number }>('SELECT size FROM uploads WHERE file_name = ?')
          .get(file);
        expect(row?.size).toBe(readFileSync(path.join(own.uploadsDir, file)).length);
        storedSizes.push(row!.size);
      }
      // Two stored fit; a third would store as much again and pass the quota.
      expect(storedSizes[0]! + storedSizes[1]!).toBeLessThan(quota);
      expect(storedSizes[0]! * 3).toBeGreaterThan(quota);
      expect(await uploadImage(own, shopper.token, photo, 'c.jpg', 'image/jpeg')).toEqual(
        refusal("You have reached today's upload limit. Please try again tomorrow"),
      );
    } finally {
      await own.stop();
    }
  });
});

describe('variants (?w=)', () => {
  let url: string;
  let small: string;
  beforeAll(async () => {
    const photo = await noise(1600, 1200).jpeg({ quality: 90 }).toBuffer();
    url = (await uploadImage(server, token, photo, 'p.jpg', 'image/jpeg')).body.data!.fullurl;
    small = (await uploadImage(server, token, await noise(300, 200).jpeg().toBuffer(), 's.jpg')).body.data!.fullurl;
  });

  const get = async (href: string, accept?: string) => {
    const answer = await fetch(href, accept ? { headers: { accept } } : {});
    const bytes = Buffer.from(await answer.arrayBuffer());
    return { answer, bytes, meta: answer.status === 200 ? await sharp(bytes).metadata() : null };
  };

  it.each([
    ['image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'avif', 'image/avif'],
    ['image/webp,*/*', 'webp', 'image/webp'],
    ['image/avif;q=0,image/webp', 'webp', 'image/webp'],
    ['*/*', 'jpeg', 'image/jpeg'],
  ])('Accept %s: %s at the asked width, cached for good, varying by Accept', async (accept, format, type) => {
    const { answer, meta } = await get(`${url}?w=640`, accept);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(type);
    expect(answer.headers.get('vary')).toContain('Accept');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect([meta?.format === 'heif' ? 'avif' : meta?.format, meta?.width, meta?.height]).toEqual([format, 640, 480]);
  });

  it('snaps other widths up to the next listed one (or the largest) and never enlarges', async () => {
    expect((await get(`${url}?w=500`, 'image/webp')).meta?.width).toBe(640);
    expect((await get(`${url}?w=100`, 'image/webp')).meta?.width).toBe(160);
    expect((await get(`${url}?w=9000`, 'image/webp')).meta?.width).toBe(1280);
    expect((await get(`${small}?w=1280`, 'image/webp')).meta?.width).toBe(300);
  });

  it('serves the stored file without w, or with a w that is not a width', async () => {
    const stored = readFileSync(path.join(server.uploadsDir, path.basename(url)));
    for (const href of [url, `${url}?w=abc`, `${url}?w=0`]) {
      const { answer, bytes } = await get(href, 'image/avif');
      expect([answer.status, answer.headers.get('content-type'), bytes.equals(stored)]).toEqual([
        200,
        'image/jpeg',
        true,
      ]);
      expect(answer.headers.get('vary') ?? '').not.toContain('Accept');
    }
  });

  it('encodes a variant once, however many ask for it at the same time, and answers If-None-Match with 304', async () => {
    const fresh = (await uploadImage(server, token, await noise(900, 600).jpeg().toBuffer(), 'c.jpg')).body.data!
      .fullurl;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fetch(`${fresh}?w=320`, { headers: { accept: 'image/avif' } })),
    );
    const etags = new Set(answers.map((a) => a.headers.get('etag')));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(etags.size).toBe(1);
    const cached = readdirSync(path.join(server.variantsDir, 'uploads')).filter((f) =>
      f.startsWith(path.basename(fresh)),
    );
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatch(/\.w320\.avif$/);
    // fetch would add Cache-Control: no-cache to a conditional request; a browser revalidating does not.
    const again = await rawGet(server.baseUrl, `${new URL(fresh).pathname}?w=320`, {
      accept: 'image/avif',
      'if-none-match': [...etags][0]!,
    });
    expect([again.status, again.headers.vary, again.body.length]).toEqual([304, 'Accept', 0]);
  });

  it('serves a transparent PNG variant as PNG to a browser that takes neither AVIF nor WebP', async () => {
    const clear = (await uploadImage(server, token, await flat(400, 400, [0, 0, 255], 0.5).png().toBuffer())).body.data!
      .fullurl;
    const { answer, meta } = await get(`${clear}?w=160`, 'image/png,image/*');
    expect([answer.headers.get('content-type'), meta?.width, meta?.hasAlpha]).toEqual(['image/png', 160, true]);
  });

  it('leaves the SVG drawings alone, and answers 404 for what is not stored', async () => {
    const plain = await fetch(`${server.baseUrl}/media/product/1.svg`);
    const asked = await fetch(`${server.baseUrl}/media/product/1.svg?w=320`, { headers: { accept: 'image/avif' } });
    expect([asked.status, asked.headers.get('content-type')]).toEqual([200, plain.headers.get('content-type')]);
    expect(await asked.text()).toBe(await plain.text());
    expect((await fetch(`${server.baseUrl}/media/uploads/${'0'.repeat(32)}.jpg?w=320`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/media/uploads/..%2Fshop.sqlite`)).status).toBe(404);
    // A database in memory has no catalogue.
    expect((await fetch(`${server.baseUrl}/media/catalog/1-1.jpg?w=320`)).status).toBe(404);
  });

  it('serves the catalogue’s photographs from their folder, with variants', async () => {
    const catalogDir = mkdtempSync(path.join(tmpdir(), 'shop-catalog-'));
    const own = await startTestServer({ catalogDir });
    try {
      const photo = await noise(1000, 1000).jpeg().toBuffer();
      writeFileSync(path.join(catalogDir, '12-1.jpg'), photo);
      const stored = await fetch(`${own.baseUrl}/media/catalog/12-1.jpg`);
      expect([stored.status, stored.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      expect(Buffer.from(await stored.arrayBuffer()).equals(photo)).toBe(true);
      const variant = await fetch(`${own.baseUrl}/media/catalog/12-1.jpg?w=320`, { headers: { accept: 'image/webp' } });
      const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect([variant.headers.get('content-type'), meta.width]).toEqual(['image/webp', 320]);
      expect((await fetch(`${own.baseUrl}/media/catalog/13-1.jpg?w=320`)).status).toBe(404);
    } finally {
      await own.stop();
      rmSync(catalogDir, { recursive: true, force: true });
    }
  });
});

describe('uploads stored before re-encoding', () => {
  /** An upload as the server stored it before: the bytes as sent, a row not yet rewritten. */
  function plant(target: TestServer, ext: string, bytes: Buffer): string {
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    writeFileSync(path.join(target.uploadsDir, name), bytes);
    target.db
      .prepare('INSERT INTO uploads (user_id, file_name, mime, size, created_at, encoded) VALUES (1, ?, ?, ?, ?, 0)')
      .run(name, `image/${ext}`, bytes.length, Math.floor(Date.now() / 1000));
    return name;
  }
  const gpsPhoto = () => noise(800, 600).withExif(PHONE_EXIF).jpeg({ quality: 92 }).toBuffer();
  const hasGps = async (bytes: Buffer) => (await exifr.gps(bytes).catch(() => undefined))?.latitude !== undefined;

  it('rewrites one when it is first asked for, keeping its name and URL', async () => {
    const old = await gpsPhoto();
    expect(await hasGps(old)).toBe(true);
    const name = plant(server, 'jpg', old);
    const answer = await fetch(`${server.baseUrl}/media/uploads/${name}`);
    const served = Buffer.from(await answer.arrayBuffer());
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(await hasGps(served)).toBe(false);
    expect(readFileSync(path.join(server.uploadsDir, name)).equals(served)).toBe(true);
    const row = server.db
      .prepare<[string], { encoded: number; size: number }>('SELECT encoded, size FROM uploads WHERE file_name = ?')
      .get(name);
    expect(row).toEqual({ encoded: 1, size: served.length });
  });

  it('rewrites every pending one at start: JPEG, PNG and a still GIF under their names; removes what cannot be read', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-rewrite-'));
    const databaseFile = path.join(dataDir, 'shop.sqlite');
    try {
      const first = await startTestServer({ databaseFile });
      const frames = Buffer.concat([Buffer.alloc(16 * 16 * 3, 200), Buffer.alloc(16 * 16 * 3, 20)]);
      const names = {
        jpg: plant(first, 'jpg', await gpsPhoto()),
        png: plant(first, 'png', await flat(50, 40, [255, 0, 0], 0.5).withExif(PHONE_EXIF).png().toBuffer()),
        gif: plant(
          first,
          'gif',
          await sharp(frames, { raw: { width: 16, height: 32, channels: 3, pageHeight: 16 } })
            .gif()
            .toBuffer(),
        ),
        webp: plant(first, 'webp', Buffer.from('RIFF\x1e\x00\x00\x00WEBPVP8 not really a picture', 'latin1')),
      };
      await first.stop();

      const second = await startTestServer({ databaseFile });
      try {
        const report = await second.uploadsRewritten;
        expect(report.rewritten.sort()).toEqual([names.jpg, names.png, names.gif].sort());
        expect(report.unreadable).toEqual([names.webp]);
        const file = (name: string) => readFileSync(path.join(dataDir, 'uploads', name));
        expect(await hasGps(file(names.jpg))).toBe(false);
        const png = file(names.png);
        expect([(await sharp(png).metadata()).exif, png.includes(Buffer.from('samsung'))]).toEqual([undefined, false]);
        const gif = await sharp(file(names.gif)).metadata();
        expect([gif.format, gif.pages ?? 1]).toEqual(['gif', 1]);
        for (const [name, type] of [
          [names.jpg, 'image/jpeg'],
          [names.png, 'image/png'],
          [names.gif, 'image/gif'],
        ] as const) {
          const answer = await fetch(`${second.baseUrl}/media/uploads/${name}`);
          expect([answer.status, answer.headers.get('content-type')]).toEqual([200, type]);
        }
        expect(existsSync(path.join(dataDir, 'uploads', names.webp))).toBe(false);
        expect((await fetch(`${second.baseUrl}/media/uploads/${names.webp}`)).status).toBe(404);
        // Its record stays (for the purge), but it is no picture to send as evidence any more.
        const recharge = await second.call<Env>('/api/user/recharge', {
          token: await loginAs(second),
          headers: { 'Idempotency-Key': idemKey() },
          json: { recharge_type: 1, network: 'TRC20', price: '5', image: `/media/uploads/${names.webp}` },
        });
        expect(recharge.body).toEqual({ code: 0, msg: 'Please upload payment evidence', data: null });
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('rewrites them with `npm run ops -- uploads:reencode`, once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-reencode-'));
    const databaseFile = path.join(dataDir, 'shop.sqlite');
    const ops = (command = 'uploads:reencode') =>
      new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile(
          path.join(ROOT, 'node_modules/.bin/tsx'),
          [path.join(ROOT, 'server/src/tools/ops/cli.ts'), command],
          { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } },
          (error, stdout) => resolve({ code: error ? 1 : 0, stdout }),
        );
      });
    try {
      const own = await startTestServer({ databaseFile });
      await own.uploadsRewritten;
      await own.stop();
      // Planted while no server runs, so only the command rewrites it.
      mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
      const db = new Database(databaseFile);
      const name = `${randomBytes(16).toString('hex')}.jpg`;
      const old = await gpsPhoto();
      writeFileSync(path.join(dataDir, 'uploads', name), old);
      db.prepare(
        "INSERT INTO uploads (user_id, file_name, mime, size, created_at, encoded) VALUES (1, ?, 'image/jpeg', ?, ?, 0)",
      ).run(name, old.length, Math.floor(Date.now() / 1000));
      db.close();

      expect(await ops()).toEqual({ code: 0, stdout: 'rewrote 1 upload(s)\n' });
      const rewritten = readFileSync(path.join(dataDir, 'uploads', name));
      expect(await hasGps(rewritten)).toBe(false);
      expect(await ops()).toEqual({ code: 0, stdout: 'no uploads left to rewrite\n' });
      expect((await ops('help')).stdout).toMatch(/^ {2}uploads:reencode {2,}rewrite uploads stored before/m);

      const again = await startTestServer({ databaseFile });
      try {
        const answer = await fetch(`${again.baseUrl}/media/uploads/${name}`);
        expect(answer.status).toBe(200);
        expect(Buffer.from(await answer.arrayBuffer()).equals(rewritten)).toBe(true);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('EncodeGate', () => {
  it('runs at most 2 at once, lets the next wait, and refuses beyond the queue', async () => {
    const gate = new EncodeGate(2, 3);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
      });
    const tasks = Array.from({ length: 5 }, task);
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateBusyError);
    // A caller with a longer queue of its own still waits its turn.
    const patient = gate.run(async () => 'patient', 10);
    expect(gate.load).toEqual({ running: 2, waiting: 4 });
    while (releases.length || running) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(tasks);
    expect([await patient, most, gate.load]).toEqual(['patient', 2, { running: 0, waiting: 0 }]);
  });
});
