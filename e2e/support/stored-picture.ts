import { expect } from '@playwright/test';
import sharp from 'sharp';
import { expectShrunkUpright, metadataOf } from './phone-photo';

// What the shop keeps of a picture a shopper sent, fetched as anyone on the web fetches it, for the
// journeys of both suites (e2e/ in Chromium, e2e/engines/ in WebKit and Firefox). The reference server
// decodes and writes every upload anew (server/src/platform/images): upright, at most 2048 px, no
// metadata, an opaque picture as a progressive JPEG under a `.jpg` name.

/** An upload as the page's XMLHttpRequest made it: noted by WATCH_UPLOADS. */
export interface UploadNote {
  /** The file sent: its name, type and size (the photo's bytes). */
  name: string;
  type: string;
  fileBytes: number;
  /** The whole request body (multipart), from the upload's progress events; null when the engine gave no total. */
  bodyBytes: number | null;
  /** performance.now() of the file's choice (the input's change), the request's start and its answer. */
  pickedAt: number | null;
  sentAt: number;
  answeredAt: number | null;
  /** The stored picture's URL, from the server's answer (`data.fullurl`). */
  url: string | null;
}

/** An upload the server answered, with the stored picture's URL. */
export type Uploaded = UploadNote & { url: string };

/**
 * A script (a function body, for WebDriver's executeScript and Puppeteer alike) that notes, in the
 * page, every upload the app's XMLHttpRequest sends (multipart field `file`): window.__uploads, read
 * with READ_UPLOADS. Installed once per document; a full page load needs it again.
 */
export const WATCH_UPLOADS = `
  if (window.__uploads) return;
  var uploads = [];
  var pickedAt = null;
  window.__uploads = uploads;
  document.addEventListener('change', function () { pickedAt = performance.now(); }, true);
  var send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function sendNoted(body) {
    var file = body instanceof FormData ? body.get('file') : null;
    if (file instanceof File) {
      var xhr = this;
      var note = { name: file.name, type: file.type, fileBytes: file.size, bodyBytes: null,
        pickedAt: pickedAt, sentAt: performance.now(), answeredAt: null, url: null };
      uploads.push(note);
      xhr.upload.addEventListener('progress', function (event) {
        if (event.lengthComputable) note.bodyBytes = event.total;
      });
      xhr.addEventListener('load', function () {
        note.answeredAt = performance.now();
        try { note.url = JSON.parse(xhr.responseText).data.fullurl || null; } catch (error) { note.url = null; }
      });
    }
    return send.call(this, body);
  };
`;

/** A script returning what WATCH_UPLOADS noted (an empty list when it is not installed). */
export const READ_UPLOADS = 'return window.__uploads ? window.__uploads.slice() : [];';

/**
 * What an <img> drew: whether it has loaded, its natural size (0 x 0 when it could not be decoded)
 * and the address it was drawn from (the one of its srcset the browser chose, if any).
 */
export interface Drawn {
  complete: boolean;
  width: number;
  height: number;
  src: string;
}

/** Upload seconds of `bytes` on a 750 kbit/s uplink (a weak mobile signal), to a tenth. */
export function secondsAt750kbit(bytes: number): number {
  return Math.round((bytes * 8 * 10) / 750_000) / 10;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The stored picture at `url`, or one of its listed widths (`?w=`, CONVENTIONS.md Pictures), as an <img> asks for it. */
export function shownFrom(url: string): RegExp {
  return new RegExp(`^${escapeRegExp(url)}(\\?w=\\d+)?$`);
}

/** A picture fetched as anyone on the web fetches it: no token, no cookie, no session. */
export async function fetchPublic(url: string): Promise<{ bytes: Buffer; type: string | null }> {
  // A stored picture is served as stored whatever is accepted; a listed width (`?w=`) comes in the
  // format asked for: JPEG or PNG here, which exifr and sharp read alike.
  const response = await fetch(url, { headers: { accept: 'image/jpeg,image/png,*/*;q=0.5' } });
  expect(response.status, `GET ${url} without a token`).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') };
}

/** The path of an upload the server stored as an opaque picture: a progressive JPEG under a `.jpg` name. */
export const STORED_JPEG_PATH = /^\/media\/uploads\/[0-9a-f]+\.jpg$/;

/**
 * The stored copy of a small opaque picture (solidPng) at `url`: served to anyone as a progressive
 * JPEG of the same size and colour, written anew by the server (the PNG that was sent is not kept).
 */
export async function expectStoredCopy(
  url: string,
  { size, rgb }: { size: number; rgb: readonly [number, number, number] },
): Promise<void> {
  expect(new URL(url).pathname).toMatch(STORED_JPEG_PATH);
  const { bytes, type } = await fetchPublic(url);
  expect(type).toMatch(/^image\/jpeg\b/);
  expect(await sharp(bytes).metadata()).toMatchObject({
    format: 'jpeg',
    width: size,
    height: size,
    isProgressive: true,
  });
  const { channels } = await sharp(bytes).stats();
  // JPEG keeps a flat colour within a step or two of 255.
  channels.slice(0, 3).forEach((channel, index) => expect(Math.abs(channel.mean - rgb[index]!)).toBeLessThan(4));
}

/** What a journey notes of a stored photo. */
export interface StoredFigures {
  storedBytes: number;
  storedPixels: string;
  /** What exifr and sharp found of its metadata: 'none', or the tags. */
  metadata: string;
}

/**
 * A picture anyone may fetch at `url` (no token) that gives nothing of the phone away: at most
 * `maxBytes`, at most 2048 px, upright (taller than wide, as the phone was held), and no metadata at
 * all: exifr finds no tag (no GPS position, make, model or serial number), sharp no EXIF, XMP, IPTC,
 * ICC profile or orientation.
 */
export async function expectPublicPhoto(
  url: string,
  maxBytes = 700 * 1024,
): Promise<{ bytes: Buffer } & StoredFigures> {
  const { bytes, type } = await fetchPublic(url);
  expect(type).toMatch(/^image\//);
  expect(bytes.length).toBeLessThanOrEqual(maxBytes);
  const meta = await sharp(bytes).metadata();
  expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(2048);
  expect(meta.width).toBeLessThan(meta.height);
  const { tags, gps } = await metadataOf(bytes);
  expect(gps).toBeUndefined();
  expect(tags).toBeUndefined();
  expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc, orientation: meta.orientation }).toEqual({
    exif: undefined,
    xmp: undefined,
    iptc: undefined,
    icc: undefined,
    orientation: undefined,
  });
  return { bytes, storedBytes: bytes.length, storedPixels: `${meta.width}x${meta.height}`, metadata: 'none' };
}

/**
 * The shop's stored copy of phonePhoto() (`original`) at `url`: a public progressive JPEG under a
 * `.jpg` name of at most 700 KB, 1536 x 2048 (4000 x 3000 turned upright by its orientation 6 and
 * fitted in 2048 px), showing what the upright original shows, with nothing of its metadata.
 */
export async function expectStoredPhoneShot(url: string, original: Buffer): Promise<StoredFigures> {
  expect(new URL(url).pathname).toMatch(STORED_JPEG_PATH);
  const { bytes, ...figures } = await expectPublicPhoto(url);
  expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', isProgressive: true });
  // Its size, pixels and what it shows (the bytes were checked above: at most 700 KB).
  await expectShrunkUpright(original, bytes, 'jpeg', 700 * 1024 + 1);
  return figures;
}

/** The figures of one photo through the shop, for the notes of a change (reporter output and annotations). */
export function photoFigures(upload: UploadNote, stored: StoredFigures): Record<string, unknown> {
  const wire = upload.bodyBytes ?? upload.fileBytes;
  return {
    sent: `${upload.type} ${upload.fileBytes} B`,
    requestBytes: upload.bodyBytes,
    secondsAt750kbit: secondsAt750kbit(wire),
    pickToStoredMs:
      upload.pickedAt !== null && upload.answeredAt !== null ? Math.round(upload.answeredAt - upload.pickedAt) : null,
    storedBytes: stored.storedBytes,
    storedPixels: stored.storedPixels,
    metadata: stored.metadata,
  };
}
