import { readImageFacts, type ImageFacts } from './image-facts';
import { shrinkOnMainThread } from './on-main-thread';
import {
  AS_IS_MAX_BYTES,
  canSendAsIs,
  hasTooManyPixels,
  MAX_UNSHRUNK_BYTES,
  originalIsBetter,
  shrunkFileName,
} from './plan';
import { ShrinkError } from './render';

/**
 * Shrinking a shopper's photo on the phone before it is uploaded (CONVENTIONS.md, Pictures: the SPA's
 * side of the image pipeline). Loaded by the upload picker when a picture is chosen, never with a
 * screen: decoding, scaling and encoding are the engine's own (createImageBitmap, OffscreenCanvas or
 * canvas), in a worker where the engine has one with OffscreenCanvas.
 */

/** Why a picture is refused before anything is sent, with the limit a message names. */
export type RefusalReason =
  /** More than MAX_ORIGINAL_PIXELS. */
  | 'tooManyPixels'
  /** The engine cannot open it (HEIC in Chromium or Firefox, a broken file). */
  | 'cannotOpen'
  /** An engine that cannot shrink holds an original over MAX_UNSHRUNK_BYTES (`limitBytes`). */
  | 'tooLarge';

/** A picture refused on the phone; the picker says why in the shopper's language. */
export class ImageRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly limitBytes?: number,
  ) {
    super(`The picture was refused (${reason})`);
    this.name = 'ImageRefusal';
  }
}

export { MAX_LONG_SIDE, MAX_ORIGINAL_PIXELS } from './plan';

/** How much of a large file is read for its format and size: a JPEG's segments before its first scan. */
const HEAD_BYTES = 256 * 1024;

async function readFacts(file: Blob): Promise<ImageFacts> {
  // A file that may go as it is is read whole, so metadata anywhere in it is seen.
  const length = file.size <= AS_IS_MAX_BYTES ? file.size : HEAD_BYTES;
  return readImageFacts(new Uint8Array(await file.slice(0, length).arrayBuffer()));
}

function abortError(): DOMException {
  return new DOMException('The shrinking was cancelled', 'AbortError');
}

/** The shrunk copy, from a worker where there is one that can, else on the page. */
async function shrink(file: Blob, signal: AbortSignal): Promise<Blob> {
  // Eager: in this module's chunk (no second download), yet evaluated only here: jest, whose
  // CommonJS has no `import.meta`, never shrinks (jsdom has no createImageBitmap).
  const { canUseWorker, shrinkInWorker } = await import(/* webpackMode: "eager" */ './in-worker');
  if (canUseWorker()) {
    const answer = await shrinkInWorker(file, signal);
    if (answer.ok) return answer.blob;
    // What the worker could not do the page may (decode in an <img>, draw without OffscreenCanvas);
    // a failure of memory is not tried again where it would stall the page.
    if (answer.reason !== 'undecodable' && answer.reason !== 'unsupported') throw new ShrinkError(answer.reason);
  }
  if (signal.aborted) throw abortError();
  return shrinkOnMainThread(file, signal);
}

/**
 * The file to upload for the picture the shopper chose: the original when it may go as it is
 * (plan.ts canSendAsIs: small, in a format the server takes, without metadata), else a copy shrunk
 * to MAX_LONG_SIDE and encoded anew as WebP or JPEG (a 12 MP photo of 8 MB becomes a few hundred KB,
 * upright, without its EXIF). Rejects with an ImageRefusal, or an AbortError when `signal` aborts.
 *
 * An engine without createImageBitmap (jsdom; Safari before 15) sends the original, up to
 * MAX_UNSHRUNK_BYTES, and the server judges it.
 */
export async function prepareImage(file: File, signal: AbortSignal): Promise<File> {
  const facts = await readFacts(file);
  if (signal.aborted) throw abortError();
  if (facts.width !== null && facts.height !== null && hasTooManyPixels({ width: facts.width, height: facts.height })) {
    throw new ImageRefusal('tooManyPixels');
  }
  if (canSendAsIs(facts, file.size)) return file;
  if (typeof createImageBitmap !== 'function') {
    if (file.size > MAX_UNSHRUNK_BYTES) throw new ImageRefusal('tooLarge', MAX_UNSHRUNK_BYTES);
    return file;
  }
  let shrunk: Blob;
  try {
    shrunk = await shrink(file, signal);
  } catch (error) {
    if (signal.aborted) throw abortError();
    if (error instanceof ShrinkError && error.reason === 'tooManyPixels') throw new ImageRefusal('tooManyPixels');
    if (error instanceof ShrinkError) throw new ImageRefusal('cannotOpen');
    throw error;
  }
  if (signal.aborted) throw abortError();
  if (originalIsBetter(facts, file.size, shrunk.size)) return file;
  return new File([shrunk], shrunkFileName(file.name, shrunk.type), { type: shrunk.type });
}
