import { fitWithin, hasTooManyPixels, SHRINK_QUALITY, type Size } from './plan';

/** Why a picture could not be shrunk. */
export type ShrinkFailure =
  /** The engine cannot decode these bytes (HEIC outside Safari, a broken file). */
  | 'undecodable'
  /** More than MAX_ORIGINAL_PIXELS once decoded. */
  | 'tooManyPixels'
  /** This realm lacks what shrinking needs (a worker without OffscreenCanvas's 2D context). */
  | 'unsupported'
  /** Decoded, but drawing or encoding failed (memory, most likely). */
  | 'failed';

/** A failure of shrinking, by its reason. */
export class ShrinkError extends Error {
  constructor(readonly reason: ShrinkFailure) {
    super(`The picture could not be shrunk (${reason})`);
    this.name = 'ShrinkError';
  }
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;
type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** Where the pixels are drawn and how they are encoded: OffscreenCanvas in a worker, <canvas> on the page. */
export interface CanvasKit {
  create(width: number, height: number): Canvas;
  /** Resolves with the encoded picture, null when the engine made none. */
  encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null>;
  /** On the page: lets other work run between bands of drawing (a worker draws in one go). */
  pause?: () => Promise<void>;
}

/** Something drawImage takes, with its (upright) size. */
export interface Drawable {
  source: CanvasImageSource;
  size: Size;
}

function context(canvas: Canvas): Context {
  const found = canvas.getContext('2d') as Context | null;
  if (!found) throw new ShrinkError('unsupported');
  found.imageSmoothingEnabled = true;
  found.imageSmoothingQuality = 'high';
  return found;
}

/**
 * Decodes a picture with its EXIF orientation applied, so the copy is upright whatever way the
 * phone was held (the spec's default since 2020; asked for by name for engines that followed the
 * older one). An engine that does not know the option (a TypeError) is asked again without it.
 */
export async function decodeUpright(blob: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch (error) {
    if (!(error instanceof TypeError)) throw new ShrinkError('undecodable');
  }
  try {
    return await createImageBitmap(blob);
  } catch {
    throw new ShrinkError('undecodable');
  }
}

/**
 * Source pixels drawn in one go on the page. A 12 MP photo drawn at once made one 186 ms task in
 * headless Chromium on a server core (its software canvas), and a phone is several times slower; in
 * bands of this many source pixels, with a pause between them, the same photo made no task of 50 ms
 * or more (e2e/photo-shrink.spec.ts): room for a phone several times slower to stay under 200 ms.
 */
const BAND_PIXELS = 2_000_000;

/** `source` (of size `from`) drawn onto `ctx` at `to`; in bands with pauses between them when `kit.pause` is given. */
async function drawScaled(ctx: Context, source: CanvasImageSource, from: Size, to: Size, kit: CanvasKit) {
  const bands = kit.pause ? Math.max(1, Math.ceil((from.width * from.height) / BAND_PIXELS)) : 1;
  const rows = Math.ceil(to.height / bands);
  for (let y = 0; y < to.height; y += rows) {
    const height = Math.min(rows, to.height - y);
    const sourceY = (y * from.height) / to.height;
    ctx.drawImage(source, 0, sourceY, from.width, (height * from.height) / to.height, 0, y, to.width, height);
    if (kit.pause && y + height < to.height) await kit.pause();
  }
}

/**
 * `image` drawn at `target`: halved step by step while it is more than twice the target, then drawn
 * once more at the target, so every step samples each pixel it covers (a single large step with
 * bilinear filtering skips pixels and shimmers; Chromium's 'high' quality uses mipmaps, the others
 * may not). On white when `opaque` (JPEG has no transparency: a transparent PNG would turn black).
 */
export async function drawWithin(image: Drawable, target: Size, kit: CanvasKit, opaque: boolean): Promise<Canvas> {
  let current: CanvasImageSource = image.source;
  let size = image.size;
  let previous: Canvas | null = null;
  while (size.width / 2 >= target.width && size.height / 2 >= target.height) {
    const half = { width: Math.ceil(size.width / 2), height: Math.ceil(size.height / 2) };
    const step = kit.create(half.width, half.height);
    await drawScaled(context(step), current, size, half, kit);
    if (previous) previous.width = 0; // frees its pixels now, not at the next collection
    previous = step;
    current = step;
    size = half;
  }
  const canvas = kit.create(target.width, target.height);
  const ctx = context(canvas);
  if (opaque) {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, target.width, target.height);
  }
  await drawScaled(ctx, current, size, target, kit);
  if (previous) previous.width = 0;
  return canvas;
}

const webpSupport = new WeakMap<CanvasKit, Promise<boolean>>();

/**
 * Whether the engine's canvas really encodes WebP: Safari returns a PNG for a type it cannot encode
 * (the HTML spec's fallback), so the answer's type is checked. Asked once per kit, on one pixel.
 */
export function encodesWebp(kit: CanvasKit): Promise<boolean> {
  let known = webpSupport.get(kit);
  if (!known) {
    const probe = kit.create(1, 1);
    context(probe).fillRect(0, 0, 1, 1);
    known = kit.encode(probe, 'image/webp', SHRINK_QUALITY).then(
      (blob) => blob?.type === 'image/webp',
      () => false,
    );
    webpSupport.set(kit, known);
  }
  return known;
}

/**
 * The decoded picture, scaled so its long side is at most MAX_LONG_SIDE and encoded anew: WebP
 * where the engine encodes it, JPEG otherwise. Nothing of the original's metadata is carried over.
 */
export async function shrinkDecoded(image: Drawable, kit: CanvasKit): Promise<Blob> {
  if (hasTooManyPixels(image.size)) throw new ShrinkError('tooManyPixels');
  const webp = await encodesWebp(kit);
  let canvas: Canvas;
  try {
    canvas = await drawWithin(image, fitWithin(image.size), kit, !webp);
  } catch (error) {
    throw error instanceof ShrinkError ? error : new ShrinkError('failed');
  }
  const type = webp ? 'image/webp' : 'image/jpeg';
  const blob = await kit.encode(canvas, type, SHRINK_QUALITY).catch(() => null);
  canvas.width = 0;
  if (!blob || blob.type !== type) throw new ShrinkError('failed');
  return blob;
}
