import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { getApiOrigin } from '../shared/config/env';
import { translate } from '../shared/i18n/translator';
import { fail, settleAnswer, transportFailure, type RequestStore } from './base-query';
import { sessionHeaders } from './session-headers';
import type { UploadedFile } from './generated/shop-api';
import type { ApiError, Envelope } from './types';

/** The upload operation (DESIGN.md section 3.2, operationId uploadImage). */
export const UPLOAD_PATH = '/merchant/common/upload';

/**
 * SPEC.md section 9's 10 s request timeout is for JSON calls. An upload of up to 5 MB from a phone on a
 * slow uplink (1 Mbit/s is common on a weak mobile signal) needs about 40 s, so a 10 s limit would fail
 * exactly the shoppers who can least afford to start again. The progress bar shows it is moving.
 */
export const UPLOAD_TIMEOUT_MS = 60_000;

export interface UploadOptions {
  /** Called with the fraction sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
  /** Aborting rejects with an AbortError and shows no toast (the shopper chose it). */
  signal?: AbortSignal;
  /** The app's store: the token and language headers come from it, and a 401 ends the session in it. */
  store: RequestStore;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * Uploads an image as multipart field `file` and resolves with its `fullurl`; a failure rejects with the
 * request layer's ApiError after the same translated toast (SPEC.md section 8).
 *
 * Not an RTK Query mutation on purpose: a File in an action argument or in the cache breaks the
 * store's serializable state (and Redux DevTools), and fetch reports no upload progress. So this is
 * XMLHttpRequest, with the request layer's rules reused from base-query.ts: token and lang headers,
 * envelope, 401, error catalogue and toast.
 */
export function uploadImage(file: File, { onProgress, signal, store }: UploadOptions): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${getApiOrigin()}${UPLOAD_PATH}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(sessionHeaders(store.getState()))) xhr.setRequestHeader(name, value);

    const rejectWith = (error: ApiError) => reject(fail(error).error);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => {
      done();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      const result = settleAnswer(body, { httpStatus: xhr.status, ok }, store);
      if ('error' in result) {
        reject(result.error);
        return;
      }
      const url = (result.data as Envelope<UploadedFile | null>).data?.fullurl;
      if (typeof url === 'string' && url) {
        onProgress?.(1);
        resolve(url);
      } else {
        // A success without the URL: the backend broke the contract.
        rejectWith({
          kind: 'http',
          status: xhr.status,
          message: translate('request.httpStatus', { status: xhr.status }),
        });
      }
    });
    xhr.addEventListener('error', () => {
      done();
      rejectWith(transportFailure('network'));
    });
    xhr.addEventListener('timeout', () => {
      done();
      rejectWith(transportFailure('timeout'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(abortError());
    });

    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** True when a rejection of uploadImage was the shopper cancelling it. */
export function isUploadAborted(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** uploadImage bound to the app's store, in the shape shared/ui/image-upload.tsx takes. */
export function useImageUpload(): (
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<string> {
  const store = useStore();
  return useCallback(
    (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) =>
      uploadImage(file, { onProgress, signal, store: store as unknown as RequestStore }),
    [store],
  );
}
