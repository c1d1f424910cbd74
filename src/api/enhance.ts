import { enhancedApi } from './generated/shop-api';

// ---- Likes and follows (features/catalog: product detail, shop, /myFavourite, /heart) ----------
// A like or a follow is server state, so toggling one refetches exactly what shows it: the generated
// operation tags would refetch every catalog list (banners, categories, ...) on each like.
// 'Like': a product's is_like and the liked list. 'Follow': a shop's is_follow and fans (also on the
// product page's shop card) and the followed list; 'shop' stays so shop lists show the new fans.
const withFavourites = enhancedApi.enhanceEndpoints({
  addTagTypes: ['Like', 'Follow'],
  endpoints: {
    getProductDetail: { providesTags: ['catalog', 'Like', 'Follow'] },
    toggleProductLike: { invalidatesTags: ['Like'] },
    listLikedProducts: { providesTags: ['Like'] },
    getShopDetail: { providesTags: ['shop', 'Follow'] },
    toggleShopFollow: { invalidatesTags: ['shop', 'Follow'] },
    listFollowedShops: { providesTags: ['Follow'] },
  },
});
// ---- end of likes and follows ------------------------------------------------------------------

/**
 * What the contract cannot say: request flags per operation and cache tags. Generated files are never
 * edited; endpoints are adjusted here.
 */
export const api = withFavourites.enhanceEndpoints({
  endpoints: {
    // Signing in and up must not send a stale token from an earlier session.
    login: { extraOptions: { noToken: true } },
    register: { extraOptions: { noToken: true } },
  },
});
