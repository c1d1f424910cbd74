import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { getApiOrigin } from '../shared/config/env';
import { translate } from '../shared/i18n/translator';
import { encodeQuery } from '../shared/lib/query-string';
import { toast } from '../shared/ui/toast';
import { sessionExpired } from '../store/session.slice';
import { takeEarlyRead } from './early-reads';
import { sessionHeaders, type SessionHeaderState as StateShape } from './session-headers';
import type { ApiError, Envelope } from './types';

/** SPEC.md section 9. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const DUPLICATE_WINDOW_MS = 1_000;
export const SUCCESS_CODE = 1;
export const UNAUTHORIZED_CODE = 401;

/**
 * Per-request header flags (SPEC.md section 5). They are read and removed here, never sent:
 * `isToken: 'false'` sends no token; `repeatSubmit: 'false'` turns the duplicate-submit guard off.
 */
export const NO_TOKEN_HEADER = 'isToken';
export const ALLOW_REPEAT_HEADER = 'repeatSubmit';

/** The same flags for generated endpoints, set in enhance.ts as `extraOptions`. */
export interface RequestOptions {
  noToken?: boolean;
  allowRepeat?: boolean;
  /**
   * No failure toast: for a call a backend may not have (an extension of ours), whose screen copes
   * without its answer or shows the failure itself.
   */
  quiet?: boolean;
  /**
   * No failure toast when the outcome is unknown (timeout, network, a 5xx or an answer that is not an
   * envelope): the screen re-reads what the call would have changed and says what is true itself
   * (a change that was made and only its answer lost must not be reported as failed). Refusals the
   * server surely gave are still toasted.
   */
  verifiesUnknown?: boolean;
}

interface LastSubmit {
  key: string;
  at: number;
}
/** The previous POST/PUT of each store (keyed by its dispatch), for the duplicate-submit guard. */
const lastSubmits = new WeakMap<object, LastSubmit>();

const rawFetch = fetchBaseQuery({
  baseUrl: '',
  timeout: REQUEST_TIMEOUT_MS,
  // The reads the document started for the first screen answer the same requests (early-reads.ts).
  fetchFn: (input, init) => (input instanceof Request && takeEarlyRead(input)) || fetch(input, init),
});

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

/** Generated endpoints pass every declared header, set or not; an unset one must not go out as "undefined". */
function toHeaders(headers: FetchArgs['headers']): Headers {
  if (headers instanceof Headers) return new Headers(headers);
  const entries = Array.isArray(headers) ? headers : Object.entries(headers ?? {});
  const result = new Headers();
  for (const [name, value] of entries) {
    if (value !== undefined && value !== null && value !== '') result.set(name, String(value));
  }
  return result;
}

function headerFlag(headers: Headers, name: string): boolean {
  return headers.get(name) === 'false';
}

/**
 * A fingerprint of a request body for the duplicate-submit guard. FormData would all stringify to
 * "{}", so multipart bodies are fingerprinted by their fields and files.
 */
export function bodyFingerprint(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const parts: string[] = [];
    body.forEach((value, name) => {
      parts.push(
        typeof value === 'string'
          ? `${name}=${value}`
          : `${name}=file:${(value as File).name}:${value.size}:${value.type}:${(value as File).lastModified ?? ''}`,
      );
    });
    return `multipart:${parts.join('&')}`;
  }
  if (typeof body === 'string') return body;
  return JSON.stringify(body);
}

/** Shows the failure toast (SPEC.md section 8) and returns the error. Also used by api/upload.ts. */
export function fail(error: ApiError, toastKind: 'fail' | 'none' = 'fail'): { error: ApiError } {
  if (toastKind === 'fail') toast.fail(error.message);
  return { error };
}

/** The error catalogue's messages for a call that got no answer (SPEC.md section 8). */
export function transportFailure(kind: 'timeout' | 'network'): ApiError {
  return kind === 'timeout'
    ? { kind: 'timeout', message: translate('request.timeout') }
    : { kind: 'network', message: translate('request.networkError') };
}

function transportError(error: FetchBaseQueryError): ApiError {
  if (error.status === 'TIMEOUT_ERROR') return transportFailure('timeout');
  if (error.status === 'FETCH_ERROR') return transportFailure('network');
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  if (typeof status === 'number') {
    return { kind: 'http', status, message: translate('request.httpStatus', { status }) };
  }
  return transportFailure('network');
}

/** The store as the request layer uses it. */
export interface RequestStore {
  getState: () => unknown;
  dispatch: (action: ReturnType<typeof sessionExpired>) => unknown;
}

/**
 * Reads an answer that arrived (any HTTP status): the envelope's success, its business failure, the
 * 401 rule (SPEC.md section 8), or a body that is not an envelope. Failures are toasted.
 */
export function settleAnswer(
  body: unknown,
  answer: { httpStatus: number | undefined; ok: boolean },
  store: RequestStore,
  toastKind: 'fail' | 'none' = 'fail',
  unknownToast: 'fail' | 'none' = toastKind,
): { data: Envelope } | { error: ApiError } {
  const { httpStatus } = answer;
  if (isEnvelope(body) && (body.code === UNAUTHORIZED_CODE || httpStatus === 401)) {
    // SPEC.md section 8: show msg; if the shopper was logged in, clear the session (the app goes to /login).
    // The answer that ends the session always says why, a quiet call's too: the route guard does not
    // repeat it on the redirect that follows (session.justEnded), so it is the shopper's only word.
    const endsSession = Boolean((store.getState() as StateShape).session?.token);
    if (endsSession) store.dispatch(sessionExpired());
    return fail(
      {
        kind: 'unauthorized',
        status: httpStatus,
        code: body.code,
        message: body.msg || translate('guard.loginFirst'),
      },
      endsSession ? 'fail' : toastKind,
    );
  }
  if (isEnvelope(body)) {
    if (body.code === SUCCESS_CODE && answer.ok) return { data: body };
    return fail(
      {
        kind: 'business',
        status: httpStatus,
        code: body.code,
        message: body.msg || translate('request.httpStatus', { status: httpStatus ?? 0 }),
      },
      // An envelope with a 5xx status: the server failed, and whether it acted is not known.
      httpStatus !== undefined && httpStatus >= 500 ? unknownToast : toastKind,
    );
  }
  // An answer that is not an envelope: the backend broke the contract (a proxy's error page, a cut body).
  return fail(
    {
      kind: 'http',
      status: httpStatus,
      message: translate('request.httpStatus', { status: httpStatus ?? 0 }),
    },
    unknownToast,
  );
}

/**
 * The request layer (SPEC.md sections 7 and 8): absolute base URL, token and language headers, query
 * encoding, 10 s timeout, the duplicate-submit guard, the envelope, the error catalogue and 401.
 * A successful call resolves with the whole envelope, so generated response types stay true.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, RequestOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  const method = (request.method ?? 'GET').toUpperCase();
  const headers = toHeaders(request.headers);
  const noToken = Boolean(extraOptions?.noToken) || headerFlag(headers, NO_TOKEN_HEADER);
  const allowRepeat = Boolean(extraOptions?.allowRepeat) || headerFlag(headers, ALLOW_REPEAT_HEADER);
  headers.delete(NO_TOKEN_HEADER);
  headers.delete(ALLOW_REPEAT_HEADER);

  for (const [name, value] of Object.entries(sessionHeaders(api.getState(), { noToken }))) headers.set(name, value);

  const query = encodeQuery(request.params as Record<string, unknown> | undefined);
  const path = request.url.startsWith('http')
    ? request.url
    : `${getApiOrigin()}${request.url.startsWith('/') ? '' : '/'}${request.url}`;
  const url = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;

  if ((method === 'POST' || method === 'PUT') && !allowRepeat) {
    const key = `${method} ${url} ${bodyFingerprint(request.body)}`;
    const now = Date.now();
    const last = lastSubmits.get(api.dispatch);
    if (last && last.key === key && now - last.at < DUPLICATE_WINDOW_MS) {
      return fail({ kind: 'duplicate', message: translate('request.duplicateSubmit') });
    }
    lastSubmits.set(api.dispatch, { key, at: now });
  }

  const tokenAtStart = (api.getState() as StateShape).session?.token ?? null;
  const result = await rawFetch({ ...request, url, params: undefined, method, headers }, api, {});
  const body: unknown = result.error ? result.error.data : result.data;

  const httpStatus = result.meta?.response?.status;
  // A call cut or refused because the session ended while it was under way (a logout or another
  // call's 401 cleared the session, and resetting the API cache aborts what is in flight) is not a
  // failure to tell the shopper about: 'Please login first' was said once, and the screen it
  // belonged to is gone.
  const sessionEnded = tokenAtStart !== null && (api.getState() as StateShape).session?.token !== tokenAtStart;
  const silent = api.signal.aborted || sessionEnded;
  const toastKind = extraOptions?.quiet || silent ? 'none' : 'fail';
  const unknownToast = extraOptions?.verifiesUnknown ? 'none' : toastKind;
  if (!isEnvelope(body) && result.error) {
    if (silent) return { error: { ...transportError(result.error), kind: 'cancelled' } };
    const error = transportError(result.error);
    return fail(error, error.kind === 'http' && (error.status ?? 0) < 500 ? toastKind : unknownToast);
  }
  const settled = settleAnswer(body, { httpStatus, ok: !result.error }, api, toastKind, unknownToast);
  if (!('data' in settled)) return settled;
  const read = api.type === 'query';
  // A read whose answer the screen cannot show gets the screen's error state, never a crash (the
  // contract's envelope: a read's success always holds its result in data). In development and tests the whole
  // answer is checked against the contract, and the field that was wrong is reported; webpack drops
  // this branch, the validators with it, from the production bundle. A mutation's answer is reported
  // there but never turned into a failure: what it did has happened.
  if (process.env.NODE_ENV !== 'production') {
    const { checkAnswer } = await import('./answer-check');
    const mismatch = checkAnswer(api.endpoint, settled.data);
    if (mismatch && read) return fail({ ...unreadable(httpStatus), field: mismatch.field }, toastKind);
  }
  const missing = settled.data.data === null || settled.data.data === undefined;
  return read && missing ? fail(unreadable(httpStatus), toastKind) : settled;
};

/** A success answer the SPA cannot read. */
function unreadable(status: number | undefined): ApiError {
  return { kind: 'contract', status, message: translate('request.badAnswer') };
}
