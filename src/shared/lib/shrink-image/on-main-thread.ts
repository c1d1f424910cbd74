import { decodeUpright, ShrinkError, shrinkDecoded, type CanvasKit, type Drawable } from './render';

const onPage: CanvasKit = {
  create: (width, height) => Object.assign(document.createElement('canvas'), { width, height }),
  encode: (canvas, type, quality) =>
    new Promise<Blob | null>((resolve) => (canvas as HTMLCanvasElement).toBlob(resolve, type, quality)),
  pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
};

/**
 * Decodes through an <img>, which shows every format the engine shows (an engine may decode in an
 * image element what its createImageBitmap does not) with its EXIF orientation applied (CSS
 * image-orientation's default, which drawImage follows). decode() decodes off the main thread.
 */
async function decodeByElement(file: Blob): Promise<{ image: Drawable; release: () => void }> {
  const url = URL.createObjectURL(file);
  const element = new Image();
  element.src = url;
  try {
    await element.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new ShrinkError('undecodable');
  }
  const size = { width: element.naturalWidth, height: element.naturalHeight };
  return { image: { source: element, size }, release: () => URL.revokeObjectURL(url) };
}

async function decode(file: Blob): Promise<{ image: Drawable; release: () => void }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await decodeUpright(file);
      return {
        image: { source: bitmap, size: { width: bitmap.width, height: bitmap.height } },
        release: () => bitmap.close(),
      };
    } catch (error) {
      if (!(error instanceof ShrinkError && error.reason === 'undecodable')) throw error;
    }
  }
  return decodeByElement(file);
}

/**
 * Shrinks on the page, where a worker with OffscreenCanvas is not available (Safari before 16.4) or
 * could not decode the picture: decoding is still off the main thread (createImageBitmap, or an
 * image's decode()), drawing is done in bands with pauses between them (render.ts BAND_PIXELS) and
 * toBlob encodes asynchronously.
 */
export async function shrinkOnMainThread(file: Blob, signal: AbortSignal): Promise<Blob> {
  const { image, release } = await decode(file);
  try {
    if (signal.aborted) throw new DOMException('The shrinking was cancelled', 'AbortError');
    return await shrinkDecoded(image, onPage);
  } finally {
    release();
  }
}
