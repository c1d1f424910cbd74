export { api } from './enhance';
export * from './generated/shop-api';
export type { ApiError, Envelope, UserInfo } from './types';
export { isRefusal } from './types';
