import type { DefinitionsFromApi, OverrideResultType, QueryArgFrom, ResultTypeFrom } from '@reduxjs/toolkit/query';
import { enhancedApi, type AddressList } from './generated/shop-api';
import {
  mapEnvelope,
  toBillList,
  toAddressList,
  toCart,
  toCategoryList,
  toExtractList,
  toOrderDetail,
  toOrderList,
  toOrderPreview,
  toProductCardList,
  toProductDetail,
  toProductSearchResult,
  toRechargeList,
  toShopCardList,
  toShopDetail,
  toShopSearchResult,
  toShopService,
  toUrlList,
  toUserInfo,
} from './mapping';
import type * as View from './views';

// ---- The SPA's view of the answers (views.ts, mapping.ts) --------------------------------------
// What each mapped endpoint resolves with (inside the envelope). RTK Query types a transformed result
// through enhanceEndpoints' second type parameter (UpdateDefinitions / TransformedResponse), so the
// hooks and `api.endpoints` of the enhanced api below carry these types; src/api/index.ts exports
// those hooks under the generated names.
interface Views {
  listBanners: string[];
  listCategories: View.Category[];
  listCategoryProducts: View.ProductCardList;
  listHotProducts: View.ProductCardList;
  listRecommendedProducts: View.ProductCardList;
  listLikedProducts: View.ProductCardList;
  searchProducts: View.ProductSearchResult;
  listHotShops: View.ShopCardList;
  listFollowedShops: View.ShopCardList;
  searchShops: View.ShopSearchResult;
  getShopDetail: View.ShopDetail;
  getProductDetail: View.ProductDetail;
  getShopService: View.ShopService;
  getCart: View.Cart;
  previewOrder: View.OrderPreview;
  listOrders: View.OrderList;
  getOrderDetail: View.OrderDetail;
  listBills: View.BillList;
  listRecharges: View.RechargeList;
  listExtracts: View.ExtractList;
  getUserInfo: View.UserInfo;
  listAddresses: AddressList;
}
type Generated = DefinitionsFromApi<typeof enhancedApi>;
type Mapped = keyof Views & keyof Generated;
type ViewDefinitions = { [K in Mapped]: OverrideResultType<Generated[K], View.ViewEnvelope<Views[K]>> };
type Transforms = {
  [K in Mapped]: {
    transformResponse: (
      raw: ResultTypeFrom<Generated[K]>,
      meta: unknown,
      arg: QueryArgFrom<Generated[K]>,
    ) => View.ViewEnvelope<Views[K]>;
  };
};

const transforms: Transforms = {
  listBanners: { transformResponse: (raw) => mapEnvelope(raw, toUrlList) },
  listCategories: { transformResponse: (raw) => mapEnvelope(raw, toCategoryList) },
  listCategoryProducts: { transformResponse: (raw) => mapEnvelope(raw, toProductCardList) },
  listHotProducts: { transformResponse: (raw) => mapEnvelope(raw, toProductCardList) },
  listRecommendedProducts: { transformResponse: (raw) => mapEnvelope(raw, toProductCardList) },
  listLikedProducts: { transformResponse: (raw) => mapEnvelope(raw, toProductCardList) },
  searchProducts: { transformResponse: (raw) => mapEnvelope(raw, toProductSearchResult) },
  listHotShops: { transformResponse: (raw) => mapEnvelope(raw, toShopCardList) },
  listFollowedShops: { transformResponse: (raw) => mapEnvelope(raw, toShopCardList) },
  searchShops: { transformResponse: (raw) => mapEnvelope(raw, toShopSearchResult) },
  getShopDetail: { transformResponse: (raw, _meta, arg) => mapEnvelope(raw, (data) => toShopDetail(data, arg.merId)) },
  getProductDetail: { transformResponse: (raw) => mapEnvelope(raw, toProductDetail) },
  getShopService: { transformResponse: (raw) => mapEnvelope(raw, toShopService) },
  getCart: { transformResponse: (raw) => mapEnvelope(raw, toCart) },
  previewOrder: { transformResponse: (raw) => mapEnvelope(raw, toOrderPreview) },
  listOrders: { transformResponse: (raw) => mapEnvelope(raw, toOrderList) },
  getOrderDetail: { transformResponse: (raw) => mapEnvelope(raw, toOrderDetail) },
  listBills: { transformResponse: (raw, _meta, arg) => mapEnvelope(raw, (data) => toBillList(data, arg.page)) },
  listRecharges: { transformResponse: (raw, _meta, arg) => mapEnvelope(raw, (data) => toRechargeList(data, arg.page)) },
  listExtracts: { transformResponse: (raw, _meta, arg) => mapEnvelope(raw, (data) => toExtractList(data, arg.page)) },
  getUserInfo: { transformResponse: (raw) => mapEnvelope(raw, toUserInfo) },
  listAddresses: { transformResponse: (raw) => mapEnvelope(raw, toAddressList) },
};

const viewed = enhancedApi.enhanceEndpoints<never, ViewDefinitions>({ endpoints: transforms });
// ---- end of the view ---------------------------------------------------------------------------

// ---- Likes and follows (features/catalog: product detail, shop, /myFavourite, /heart) ----------
// A like or a follow is server state, so toggling one refetches exactly what shows it: the generated
// operation tags would refetch every catalog list (banners, categories, ...) on each like.
// 'Like': a product's is_like and the liked list. 'Follow': a shop's is_follow and fans (also on the
// product page's shop card) and the followed list; 'shop' stays so shop lists show the new fans.
const withFavourites = viewed.enhanceEndpoints({
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
    // An extension a family backend does not have: while typing, the search screens then offer recent
    // searches and top keywords instead, without a failure toast.
    suggestSearch: { extraOptions: { quiet: true } },
    // After a lost or late answer these screens re-read the bag, the addresses, the order, the account
    // or the wallet records and say what is true (done or not), so the request layer does not say
    // 'failed' first (shared/lib/use-verified-action.ts, api/recheck.ts).
    addToCart: { extraOptions: { verifiesUnknown: true } },
    saveAddress: { extraOptions: { verifiesUnknown: true } },
    payNewOrder: { extraOptions: { verifiesUnknown: true } },
    payOrder: { extraOptions: { verifiesUnknown: true } },
    cancelOrder: { extraOptions: { verifiesUnknown: true } },
    confirmOrderReceived: { extraOptions: { verifiesUnknown: true } },
    deleteOrder: { extraOptions: { verifiesUnknown: true } },
    applyRefund: { extraOptions: { verifiesUnknown: true } },
    reviewOrderProduct: { extraOptions: { verifiesUnknown: true } },
    resetPayPassword: { extraOptions: { verifiesUnknown: true } },
    createRecharge: { extraOptions: { verifiesUnknown: true } },
    createExtract: { extraOptions: { verifiesUnknown: true } },
  },
});

// ---- Orders (features/orders, refund, review) --------------------------------------------------
// Order lists and each order's detail carry their own tags, so an action refreshes the lists and that
// order only; deleting refreshes the lists but not the deleted order's detail (it would answer 'Order
// not found' while the screen leaves). The Me tab's order counters (account) follow cancel, receive
// and refund; a review appears in the product's reply_list (catalog). enhanceEndpoints changes `api`
// in place: this block stays apart from the one above.
const orderList = { type: 'order', id: 'LIST' } as const;
const orderTags = (orderId: number | string) => [orderList, { type: 'order' as const, id: Number(orderId) }];
api.enhanceEndpoints({
  endpoints: {
    listOrders: { providesTags: [orderList] },
    getOrderDetail: { providesTags: (_result, _error, arg) => [{ type: 'order', id: arg.orderId }] },
    cancelOrder: { invalidatesTags: (_result, _error, arg) => [...orderTags(arg.orderIdRequest.order_id), 'account'] },
    confirmOrderReceived: {
      invalidatesTags: (_result, _error, arg) => [...orderTags(arg.orderIdRequest.order_id), 'account'],
    },
    deleteOrder: { invalidatesTags: [orderList, 'account'] },
    applyRefund: {
      invalidatesTags: (_result, _error, arg) => [...orderTags(arg.applyRefundRequest.order_id), 'account'],
    },
    reviewOrderProduct: {
      invalidatesTags: (_result, _error, arg) => [...orderTags(arg.reviewRequest.order_id), 'catalog'],
    },
  },
});
// ---- end of orders -----------------------------------------------------------------------------

// ---- Bag, checkout and payment (features/cart, features/checkout) ------------------------------
// getCart provides 'cart' and the bag's add/set/del invalidate it (generated). Submitting an order
// empties those bag lines ('cart') and adds an order ('order'); paying changes the orders, the balance
// and counters on getUserInfo ('account') and the ledger ('wallet'). getPaymentInfo (a payment number
// read back) provides its orders' tags, so paying ('order') or cancelling one of them refreshes it.
// previewOrder only prices (a POST that reads) and the bag sends its debounced final quantity, which
// may equal one sent a moment ago (+ then -): neither is a duplicate submission, so the 1 s duplicate
// guard lets them through.
api.enhanceEndpoints({
  endpoints: {
    previewOrder: { extraOptions: { allowRepeat: true } },
    setCartQuantity: { extraOptions: { allowRepeat: true } },
    submitOrder: { invalidatesTags: ['order', 'cart', 'account'] },
    // An extension a family backend does not have: /payment then pays from submitOrder's answer, so
    // its failure is not toasted (the screen shows it when it has nothing else).
    getPaymentInfo: {
      extraOptions: { quiet: true },
      providesTags: (result, _error, arg) => [
        { type: 'order', id: `trade:${arg.outTradeNo}` },
        ...(result?.code === 1
          ? result.data.orders.map((order) => ({ type: 'order' as const, id: order.order_id }))
          : []),
      ],
    },
    payNewOrder: { invalidatesTags: ['order', 'account', 'wallet'] },
    payOrder: { invalidatesTags: ['order', 'account', 'wallet'] },
  },
});
// ---- end of bag, checkout and payment ----------------------------------------------------------
