import { enhancedApi } from './generated/shop-api';

/**
 * What the contract cannot say: request flags per operation and cache tags. Generated files are never
 * edited; endpoints are adjusted here.
 */
export const api = enhancedApi.enhanceEndpoints({
  endpoints: {
    // Signing in and up must not send a stale token from an earlier session.
    login: { extraOptions: { noToken: true } },
    register: { extraOptions: { noToken: true } },
  },
});
