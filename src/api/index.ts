import { api } from './enhance';

export { api } from './enhance';
export * from './generated/shop-api';
export type { ApiError, Envelope } from './types';
export { isRefusal } from './types';
export { withdrawalNetwork } from './requests';
// The rechecks after a lost answer (./recheck) are imported from there by the screens that use them:
// re-exported here they would load with every screen, the first visit's included.
// The SPA's view types (views.ts) under the names screens read; they take precedence over the
// generated types of the same name (the contract's raw shapes) re-exported above.
export type {
  Bill,
  BillKind,
  Cart,
  CartGoods,
  CartLine,
  Category,
  DeliveryEvent,
  Extract,
  Moment,
  Money,
  OrderDetail,
  OrderLine,
  OrderListItem,
  OrderPreview,
  OrderRefund,
  PreviewLine,
  ProductCard,
  ProductDetail,
  ProductGoods,
  Recharge,
  RechargeMethod,
  Review,
  ShippingAddress,
  ShopCard,
  ShopDetail,
  ShopService,
  UserInfo,
  ViewEnvelope,
} from './views';

// The hooks of the mapped endpoints, from the enhanced api: typed with the view types (the generated
// hooks of the same names, re-exported above, are typed with the raw answers).
export const {
  useListBannersQuery,
  useListCategoriesQuery,
  useListCategoryProductsQuery,
  useListHotProductsQuery,
  useListRecommendedProductsQuery,
  useListLikedProductsQuery,
  useSearchProductsQuery,
  useListHotShopsQuery,
  useListFollowedShopsQuery,
  useSearchShopsQuery,
  useGetShopDetailQuery,
  useGetProductDetailQuery,
  useGetShopServiceQuery,
  useGetCartQuery,
  usePreviewOrderQuery,
  useLazyPreviewOrderQuery,
  useListOrdersQuery,
  useGetOrderDetailQuery,
  useListBillsQuery,
  useListRechargesQuery,
  useListExtractsQuery,
  useGetUserInfoQuery,
  useLazyGetUserInfoQuery,
} = api;
