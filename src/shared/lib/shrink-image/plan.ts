import type { ImageFacts, ImageKind } from './image-facts';

/** Width and height in pixels. */
export interface Size {
  width: number;
  height: number;
}

/**
 * The longest side a shrunk picture keeps: sharp on a phone's full screen, and more than any
 * evidence, proof or review photo needs to be read.
 */
export const MAX_LONG_SIDE = 2048;

/** A picture at most this many bytes, no larger than MAX_LONG_SIDE and without metadata goes as it is. */
export const AS_IS_MAX_BYTES = 1024 * 1024;

/**
 * The largest original taken, in pixels: a 50 MP phone photo. Decoded, one takes 200 MB of memory,
 * about what a phone's browser gives a page before it fails.
 */
export const MAX_ORIGINAL_PIXELS = 50_000_000;

/**
 * The most an engine that cannot shrink (no createImageBitmap: jsdom, Safari before 15) sends of an
 * original: the upload route's long-standing 5 MB (DESIGN.md section 3.4: size-limited), which a
 * backend of the family that has not raised it (the reference server goes to 20 MB) still takes.
 */
export const MAX_UNSHRUNK_BYTES = 5 * 1024 * 1024;

/** Encoder quality of the shrunk copy (WebP or JPEG): no visible loss at phone sizes, a few hundred KB. */
export const SHRINK_QUALITY = 0.85;

/** The formats the upload route takes as they are (DESIGN.md section 3.4: the type is sniffed). */
const SERVER_KINDS: ReadonlySet<ImageKind> = new Set(['jpeg', 'png', 'webp', 'gif']);

/** True when the upload route takes this format as it is. */
export function serverTakes(kind: ImageKind | null): boolean {
  return kind !== null && SERVER_KINDS.has(kind);
}

/** More pixels than MAX_ORIGINAL_PIXELS. */
export function hasTooManyPixels({ width, height }: Size): boolean {
  return width * height > MAX_ORIGINAL_PIXELS;
}

/**
 * `size` scaled down, keeping its shape, so that its longer side is at most `maxSide` (exactly
 * `maxSide` when it was longer; the other side rounded, at least 1 px). A smaller size is kept.
 */
export function fitWithin(size: Size, maxSide: number = MAX_LONG_SIDE): Size {
  const { width, height } = size;
  if (width <= maxSide && height <= maxSide) return { width, height };
  if (width >= height) return { width: maxSide, height: Math.max(1, Math.round((height * maxSide) / width)) };
  return { width: Math.max(1, Math.round((width * maxSide) / height)), height: maxSide };
}

/**
 * Whether a picture may be sent as it is, without decoding: a format the server takes, a size in
 * pixels the header states and within MAX_LONG_SIDE, at most AS_IS_MAX_BYTES, and no metadata. Any
 * other picture is shrunk, which also leaves its metadata (a photo's place, its device) behind.
 */
export function canSendAsIs(facts: ImageFacts, bytes: number): boolean {
  if (!serverTakes(facts.kind) || facts.hasMetadata || bytes > AS_IS_MAX_BYTES) return false;
  if (facts.width === null || facts.height === null) return false;
  return Math.max(facts.width, facts.height) <= MAX_LONG_SIDE;
}

/**
 * Whether the original is the better file to send than a shrunk copy of `shrunkBytes`: when it could
 * go as it is but for its byte size (no metadata, small enough in pixels) and the copy came out no
 * smaller (e.g. a flat-colour PNG).
 */
export function originalIsBetter(facts: ImageFacts, originalBytes: number, shrunkBytes: number): boolean {
  return shrunkBytes >= originalBytes && canSendAsIs(facts, 0);
}

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * The shrunk copy's file name: the original's name with the new format's extension
 * ('IMG_0412.HEIC' -> 'IMG_0412.webp'), or 'photo.<ext>' when the original has no usable name.
 */
export function shrunkFileName(originalName: string, type: string): string {
  const extension = EXTENSIONS[type] ?? 'jpg';
  const base = originalName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
  return `${base || 'photo'}.${extension}`;
}
