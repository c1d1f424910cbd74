/** What GET /api/user/getUserInfo answers in `data` (DESIGN.md section 3.1), as the SPA reads it. */
export type { UserInfo } from './views';

/**
 * A failed call as the request layer reports it: serializable, with the message already translated.
 * 'cancelled': cut because the session ended while it was under way (nothing is said about it).
 */
export interface ApiError {
  /** 'contract': a success answer the SPA cannot read (it does not match openapi/openapi.yaml). */
  kind: 'business' | 'unauthorized' | 'network' | 'timeout' | 'http' | 'duplicate' | 'cancelled' | 'contract';
  message: string;
  /** 'contract' in development and tests: the field that did not match, e.g. `data.carts[0].goods`. */
  field?: string;
  /** HTTP status, when there was a response. */
  status?: number;
  /** The envelope's code, when the body was an envelope. */
  code?: number;
}

/**
 * The server answered and refused (code 0): for a lookup by id this is "no such thing for you" (not
 * found, or another shopper's), as opposed to a failure to ask (network, timeout, 5xx) worth a retry.
 */
export function isRefusal(error: unknown): boolean {
  return (error as ApiError | undefined)?.kind === 'business';
}

/** The response envelope of every operation (DESIGN.md section 3). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
