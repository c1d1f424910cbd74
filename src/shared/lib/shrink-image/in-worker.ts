import type { WorkerAnswer, WorkerRequest } from './worker-protocol';

/**
 * A worker that stopped answering (killed for memory by the engine, which then reports nothing)
 * is given up after this long; a 50 MP photo takes a few seconds on a slow phone.
 */
const WORKER_TIMEOUT_MS = 60_000;

/** True when this engine can shrink in a worker (OffscreenCanvas there is checked by the worker itself). */
export function canUseWorker(): boolean {
  return typeof Worker === 'function' && typeof OffscreenCanvas === 'function';
}

/**
 * Shrinks `file` in a worker of its own (shrink.worker.ts), terminated when it answers, when
 * `signal` aborts (the shopper left or chose again: the work stops at once) or after
 * WORKER_TIMEOUT_MS. A worker that cannot start (its script not loaded, a policy) answers
 * 'unsupported', so the caller shrinks on the page instead. Rejects only with an AbortError.
 *
 * Its own module, loaded only where workers exist: `import.meta` is not valid in the CommonJS that
 * jest runs, and webpack needs exactly this `new Worker(new URL(...))` form to bundle the worker.
 */
export function shrinkInWorker(file: Blob, signal: AbortSignal): Promise<WorkerAnswer> {
  return new Promise<WorkerAnswer>((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('The shrinking was cancelled', 'AbortError'));
      return;
    }
    let worker: Worker;
    try {
      worker = new Worker(new URL('./shrink.worker.ts', import.meta.url));
    } catch {
      resolve({ ok: false, reason: 'unsupported' });
      return;
    }
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      worker.terminate();
    };
    const settle = (answer: WorkerAnswer) => {
      finish();
      resolve(answer);
    };
    const onAbort = () => {
      finish();
      reject(new DOMException('The shrinking was cancelled', 'AbortError'));
    };
    const timer = setTimeout(() => settle({ ok: false, reason: 'failed' }), WORKER_TIMEOUT_MS);
    signal.addEventListener('abort', onAbort, { once: true });
    worker.addEventListener('message', (event: MessageEvent<WorkerAnswer>) => settle(event.data));
    worker.addEventListener('messageerror', () => settle({ ok: false, reason: 'failed' }));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      settle({ ok: false, reason: 'unsupported' });
    });
    const request: WorkerRequest = { file };
    worker.postMessage(request);
  });
}
