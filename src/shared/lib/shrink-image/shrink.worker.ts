/**
 * The shrinking worker: decodes, scales and encodes one picture off the main thread with
 * createImageBitmap and OffscreenCanvas (Chromium, Firefox 105+, Safari 16.4+), so the page stays
 * responsive however large the photo. Started for one picture and terminated after it
 * (in-worker.ts), which also frees its memory. Typed with the DOM's names: the app's tsconfig has no
 * WebWorker library, and what is used here is the same in both.
 */
import { decodeUpright, ShrinkError, shrinkDecoded, type CanvasKit } from './render';
import type { WorkerAnswer, WorkerRequest } from './worker-protocol';

const offscreen: CanvasKit = {
  create: (width, height) => new OffscreenCanvas(width, height),
  encode: (canvas, type, quality) => (canvas as OffscreenCanvas).convertToBlob({ type, quality }),
};

function supported(): boolean {
  if (typeof OffscreenCanvas !== 'function' || typeof createImageBitmap !== 'function') return false;
  try {
    return new OffscreenCanvas(1, 1).getContext('2d') !== null;
  } catch {
    return false;
  }
}

async function answer({ file }: WorkerRequest): Promise<WorkerAnswer> {
  if (!supported()) return { ok: false, reason: 'unsupported' };
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await decodeUpright(file);
    const blob = await shrinkDecoded(
      { source: bitmap, size: { width: bitmap.width, height: bitmap.height } },
      offscreen,
    );
    return { ok: true, blob };
  } catch (error) {
    return { ok: false, reason: error instanceof ShrinkError ? error.reason : 'failed' };
  } finally {
    bitmap?.close();
  }
}

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  void answer(event.data).then((reply) => self.postMessage(reply));
});
