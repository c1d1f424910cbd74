/** What GET /api/user/getUserInfo answers in `data` (DESIGN.md section 3.1). */
export type { UserInfo } from './generated/shop-api';

/** A failed call as the request layer reports it: serializable, with the message already translated. */
export interface ApiError {
  kind: 'business' | 'unauthorized' | 'network' | 'timeout' | 'http' | 'duplicate';
  message: string;
  /** HTTP status, when there was a response. */
  status?: number;
  /** The envelope's code, when the body was an envelope. */
  code?: number;
}

/** The response envelope of every operation (DESIGN.md section 3). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
