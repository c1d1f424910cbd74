/**
 * Decoding and encoding pictures with sharp (libvips), knowing nothing of the shop: a picture is
 * always decoded and written anew, so what is stored and served is never the bytes a client sent.
 *
 * - Decoding is bounded: at most IMAGE_RULES.maxInputPixels (a 20000 x 20000 PNG of a few KB is
 *   refused from its header, before any pixel is decoded), `failOn: 'truncated'` (a photo cut off in
 *   transit is refused; libvips would fill the rest with grey), sharp's timeout, and the EncodeGate
 *   (gate.ts) for how many run at once. Only the first frame of an animation is read.
 * - Stored pictures are upright (EXIF orientation applied), at most IMAGE_RULES.maxSide px on their
 *   long side, in sRGB (libvips converts from an embedded profile, then drops it), and without any
 *   metadata: sharp writes none unless asked (no EXIF with its GPS position, maker notes and serial
 *   numbers, no XMP, no IPTC, no ICC profile, no PNG text).
 * - Opaque pictures become progressive JPEG (mozjpeg); pictures with real transparency become PNG:
 *   lossless and readable by every client of the backend family (WebP lossless would be smaller, but
 *   older Android WebViews and image libraries of native clients show PNG more reliably). A GIF
 *   becomes a still PNG of its first frame: a GIF is a palette drawing, which JPEG would blur.
 */
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import type { EncodeGate } from './gate';
import { GateBusyError } from './gate';
import { sniffImage, type SniffedKind } from './sniff';

export const IMAGE_RULES = {
  /** A 50 MP phone photo (8160 x 6120) passes; larger is refused before decoding. */
  maxInputPixels: 60_000_000,
  /** Long side of a stored picture (px): the largest variant (1280) with room for zooming. */
  maxSide: 2048,
  /** A decode and encode that takes longer is stopped (sharp's timeout). */
  timeoutSeconds: 10,
} as const;

/** The formats stored pictures are kept in; 'gif' and 'webp' only for files stored under those names before. */
export type StoredFormat = 'jpeg' | 'png' | 'gif' | 'webp';
/** The formats of a variant (a stored picture at a listed width). */
export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const EXTENSION_OF: Record<StoredFormat, 'jpg' | 'png' | 'gif' | 'webp'> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
};
export const MIME_OF: Record<StoredFormat | VariantFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * Why a picture was not taken: not a picture the pipeline reads, more pixels than allowed, too slow
 * to decode, a HEIC (HEVC) photo (the prebuilt libvips has no HEVC decoder), damaged or cut off, or
 * too many encodes already waiting.
 */
export type ImageProblem = 'not-an-image' | 'too-many-pixels' | 'too-slow' | 'heic' | 'broken' | 'busy';

export class ImageError extends Error {
  constructor(
    readonly problem: ImageProblem,
    detail?: string,
  ) {
    super(detail ? `${problem}: ${detail}` : problem);
  }
}

export interface EncodeOptions {
  gate: EncodeGate;
  /** Default IMAGE_RULES.timeoutSeconds; whole seconds (sharp's unit). */
  timeoutSeconds?: number;
  /**
   * How many may wait for the gate before this one is refused ('busy'); default the gate's. An upload
   * waits holding its body (up to 20 MB), a variant only its stored picture.
   */
  maxWaiting?: number;
}

export interface EncodedImage {
  data: Buffer;
  format: StoredFormat;
  width: number;
  height: number;
}

const JPEG = { quality: 82, mozjpeg: true, progressive: true } as const;
const PNG = { compressionLevel: 9, adaptiveFiltering: true } as const;

const DECODE: SharpOptions = {
  limitInputPixels: IMAGE_RULES.maxInputPixels,
  failOn: 'truncated',
  pages: 1,
};

/** sharp's error, as one of our problems. */
function problemOf(error: unknown): ImageError {
  if (error instanceof ImageError) return error;
  if (error instanceof GateBusyError) return new ImageError('busy');
  const message = error instanceof Error ? error.message : String(error);
  if (/exceeds pixel limit/i.test(message)) return new ImageError('too-many-pixels', message);
  if (/timeout|killed/i.test(message)) return new ImageError('too-slow', message);
  return new ImageError('broken', message.split('\n', 1)[0]);
}

/** The kind the bytes claim and what their header says; HEIC and non-pictures are refused here. */
async function inspect(input: Buffer): Promise<{ kind: SniffedKind; meta: Metadata }> {
  const kind = sniffImage(input);
  if (!kind) throw new ImageError('not-an-image');
  let meta: Metadata;
  try {
    meta = await sharp(input, DECODE).metadata();
  } catch (error) {
    // A HEIF file the decoder cannot read is, in practice, an HEVC-coded photo.
    throw kind === 'heif' ? new ImageError('heic', String(error)) : problemOf(error);
  }
  if ((kind === 'heif' || kind === 'avif') && meta.compression !== 'av1') throw new ImageError('heic');
  return { kind, meta };
}

/** Decoded, turned upright and fitted within maxSide, with the time limit. */
function upright(input: Buffer, opts: EncodeOptions): Sharp {
  return sharp(input, DECODE)
    .rotate()
    .resize({ width: IMAGE_RULES.maxSide, height: IMAGE_RULES.maxSide, fit: 'inside', withoutEnlargement: true })
    .timeout({ seconds: opts.timeoutSeconds ?? IMAGE_RULES.timeoutSeconds });
}

async function finish(pipeline: Sharp, format: StoredFormat): Promise<EncodedImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, format, width: info.width, height: info.height };
}

/** Runs `task` through the gate, with every failure as an ImageError. */
async function gated<T>(opts: EncodeOptions, task: () => Promise<T>): Promise<T> {
  try {
    return await opts.gate.run(task, opts.maxWaiting);
  } catch (error) {
    throw problemOf(error);
  }
}

/**
 * A picture as it is stored: re-encoded by the rules above, JPEG or PNG. Throws ImageError.
 * An alpha channel counts only when a pixel uses it (a PNG screenshot whose alpha is all 255 is opaque).
 */
export async function encodeForStorage(input: Buffer, opts: EncodeOptions): Promise<EncodedImage> {
  const { kind, meta } = await inspect(input);
  return gated(opts, async () => {
    if (kind === 'gif') return finish(upright(input, opts).png(PNG), 'png');
    if (!meta.hasAlpha) return finish(upright(input, opts).jpeg(JPEG), 'jpeg');
    // Decoded once (upright, fitted, sRGB, 8 bits), then looked at and encoded from the pixels.
    const { data, info } = await upright(input, opts).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const { isOpaque } = await pixels().stats();
    return isOpaque ? finish(pixels().removeAlpha().jpeg(JPEG), 'jpeg') : finish(pixels().png(PNG), 'png');
  });
}

/**
 * A picture stored before re-encoding, written anew in the format its stored name says (records
 * name the file, so the name and with it the format stay): the same decoding limits, orientation,
 * size and stripping as encodeForStorage. A GIF keeps its first frame only, as a still GIF.
 */
export async function reencodeAs(input: Buffer, format: StoredFormat, opts: EncodeOptions): Promise<EncodedImage> {
  const { meta } = await inspect(input);
  return gated(opts, async () => {
    const pipeline = upright(input, opts);
    if (format === 'jpeg')
      return finish((meta.hasAlpha ? pipeline.flatten({ background: '#ffffff' }) : pipeline).jpeg(JPEG), 'jpeg');
    if (format === 'png') return finish(pipeline.png(PNG), 'png');
    if (format === 'gif') return finish(pipeline.gif(), 'gif');
    return finish(pipeline.webp({ quality: 82 }), 'webp');
  });
}

/**
 * A stored picture at `width` px (never wider than it is) in `format`. AVIF at effort 2 keeps a
 * 1280 px variant well under a second on one core; photos (JPEG sources) use 4:2:0 chroma like the
 * JPEG they came from, drawings keep full chroma for sharp coloured edges.
 */
export async function renderVariant(
  input: Buffer,
  width: number,
  format: VariantFormat,
  opts: EncodeOptions,
): Promise<Buffer> {
  const photo = sniffImage(input) === 'jpeg';
  return gated(opts, () => {
    const pipeline = sharp(input, DECODE)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .timeout({ seconds: opts.timeoutSeconds ?? IMAGE_RULES.timeoutSeconds });
    if (format === 'avif')
      return pipeline.avif({ quality: 50, effort: 2, ...(photo ? { chromaSubsampling: '4:2:0' } : {}) }).toBuffer();
    if (format === 'webp') return pipeline.webp({ quality: 80 }).toBuffer();
    if (format === 'jpeg') return pipeline.jpeg({ ...JPEG, quality: 80 }).toBuffer();
    return pipeline.png(PNG).toBuffer();
  });
}
