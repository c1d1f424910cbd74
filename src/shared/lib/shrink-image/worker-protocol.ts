import type { ShrinkFailure } from './render';

/** What the page sends the shrinking worker: the original, as chosen. */
export interface WorkerRequest {
  file: Blob;
}

/** What the worker answers: the shrunk copy, or why there is none. */
export type WorkerAnswer = { ok: true; blob: Blob } | { ok: false; reason: ShrinkFailure };
