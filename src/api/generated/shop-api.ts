import { emptyApi as api } from '../empty-api';
export const addTagTypes = [
  'account',
  'order',
  'wallet',
  'address',
  'support',
  'catalog',
  'shop',
  'cart',
  'upload',
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      login: build.mutation<LoginApiResponse, LoginApiArg>({
        query: (queryArg) => ({ url: `/api/user/login`, method: 'POST', body: queryArg.loginRequest }),
        invalidatesTags: ['account'],
      }),
      getUserInfo: build.query<GetUserInfoApiResponse, GetUserInfoApiArg>({
        query: () => ({ url: `/api/user/getUserInfo` }),
        providesTags: ['account'],
      }),
      logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
        query: (queryArg) => ({
          url: `/api/user/logout`,
          method: 'POST',
          params: {
            lang: queryArg.lang,
          },
        }),
        invalidatesTags: [],
      }),
      register: build.mutation<RegisterApiResponse, RegisterApiArg>({
        query: (queryArg) => ({ url: `/api/user/register`, method: 'POST', body: queryArg.registerRequest }),
        invalidatesTags: ['account'],
      }),
      listOrders: build.query<ListOrdersApiResponse, ListOrdersApiArg>({
        query: (queryArg) => ({
          url: `/api/user/order_list`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            status: queryArg.status,
          },
        }),
        providesTags: ['order'],
      }),
      updateProfile: build.mutation<UpdateProfileApiResponse, UpdateProfileApiArg>({
        query: (queryArg) => ({ url: `/api/user/profile`, method: 'POST', body: queryArg.updateProfileRequest }),
        invalidatesTags: ['account'],
      }),
      resetPassword: build.mutation<ResetPasswordApiResponse, ResetPasswordApiArg>({
        query: (queryArg) => ({ url: `/api/user/resetpwd`, method: 'POST', body: queryArg.resetPasswordRequest }),
        invalidatesTags: ['account'],
      }),
      resetPayPassword: build.mutation<ResetPayPasswordApiResponse, ResetPayPasswordApiArg>({
        query: (queryArg) => ({
          url: `/api/user/resetPay`,
          method: 'POST',
          body: queryArg.resetPayPasswordRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['account'],
      }),
      listBlockchains: build.query<ListBlockchainsApiResponse, ListBlockchainsApiArg>({
        query: () => ({ url: `/api/user/getBlockchain` }),
        providesTags: ['wallet'],
      }),
      createRecharge: build.mutation<CreateRechargeApiResponse, CreateRechargeApiArg>({
        query: (queryArg) => ({
          url: `/api/user/recharge`,
          method: 'POST',
          body: queryArg.createRechargeRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['wallet'],
      }),
      createExtract: build.mutation<CreateExtractApiResponse, CreateExtractApiArg>({
        query: (queryArg) => ({
          url: `/api/user/extract`,
          method: 'POST',
          body: queryArg.createExtractRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['wallet'],
      }),
      getExtractInfo: build.query<GetExtractInfoApiResponse, GetExtractInfoApiArg>({
        query: () => ({ url: `/api/user/extract` }),
        providesTags: ['wallet'],
      }),
      listAddresses: build.query<ListAddressesApiResponse, ListAddressesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/address_list`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['address'],
      }),
      saveAddress: build.mutation<SaveAddressApiResponse, SaveAddressApiArg>({
        query: (queryArg) => ({
          url: `/api/user/address_add`,
          method: 'POST',
          body: queryArg.saveAddressRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['address'],
      }),
      getAddress: build.query<GetAddressApiResponse, GetAddressApiArg>({
        query: (queryArg) => ({
          url: `/api/user/address`,
          params: {
            address_id: queryArg.addressId,
          },
        }),
        providesTags: ['address'],
      }),
      setDefaultAddress: build.mutation<SetDefaultAddressApiResponse, SetDefaultAddressApiArg>({
        query: (queryArg) => ({
          url: `/api/user/address_set_default`,
          method: 'POST',
          body: queryArg.addressIdRequest,
        }),
        invalidatesTags: ['address'],
      }),
      deleteAddress: build.mutation<DeleteAddressApiResponse, DeleteAddressApiArg>({
        query: (queryArg) => ({
          url: `/api/user/address_del`,
          method: 'GET',
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
          params: {
            address_id: queryArg.addressId,
          },
        }),
        invalidatesTags: ['address'],
      }),
      listLanguages: build.query<ListLanguagesApiResponse, ListLanguagesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/language_list`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['account'],
      }),
      setLanguage: build.mutation<SetLanguageApiResponse, SetLanguageApiArg>({
        query: (queryArg) => ({
          url: `/api/user/set_language`,
          method: 'GET',
          params: {
            lang_id: queryArg.langId,
            lang: queryArg.lang,
          },
        }),
        invalidatesTags: ['account'],
      }),
      listBills: build.query<ListBillsApiResponse, ListBillsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/bill`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            type: queryArg['type'],
          },
        }),
        providesTags: ['wallet'],
      }),
      getHelpSupport: build.query<GetHelpSupportApiResponse, GetHelpSupportApiArg>({
        query: () => ({ url: `/api/user/help_support` }),
        providesTags: ['support'],
      }),
      getLaw: build.query<GetLawApiResponse, GetLawApiArg>({
        query: () => ({ url: `/api/user/law` }),
        providesTags: ['support'],
      }),
      verifyPayPassword: build.mutation<VerifyPayPasswordApiResponse, VerifyPayPasswordApiArg>({
        query: (queryArg) => ({ url: `/api/user/verify_pay`, method: 'POST', body: queryArg.verifyPayRequest }),
        invalidatesTags: ['wallet'],
      }),
      listRecharges: build.query<ListRechargesApiResponse, ListRechargesApiArg>({
        query: (queryArg) => ({
          url: `/api/user/recharge_log`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            status: queryArg.status,
          },
        }),
        providesTags: ['wallet'],
      }),
      listExtracts: build.query<ListExtractsApiResponse, ListExtractsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/extract_log`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            status: queryArg.status,
          },
        }),
        providesTags: ['wallet'],
      }),
      listBanners: build.query<ListBannersApiResponse, ListBannersApiArg>({
        query: () => ({ url: `/api/index/banner` }),
        providesTags: ['catalog'],
      }),
      listCategories: build.query<ListCategoriesApiResponse, ListCategoriesApiArg>({
        query: () => ({ url: `/api/index/category` }),
        providesTags: ['catalog'],
      }),
      listCategoryProducts: build.query<ListCategoryProductsApiResponse, ListCategoryProductsApiArg>({
        query: (queryArg) => ({
          url: `/api/index/product`,
          params: {
            category_id: queryArg.categoryId,
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['catalog'],
      }),
      listHotProducts: build.query<ListHotProductsApiResponse, ListHotProductsApiArg>({
        query: (queryArg) => ({
          url: `/api/index/hot_product`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            title: queryArg.title,
          },
        }),
        providesTags: ['catalog'],
      }),
      listHotShops: build.query<ListHotShopsApiResponse, ListHotShopsApiArg>({
        query: (queryArg) => ({
          url: `/api/index/hot_merchant`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['shop'],
      }),
      getPlatform: build.query<GetPlatformApiResponse, GetPlatformApiArg>({
        query: () => ({ url: `/api/index/index` }),
        providesTags: ['support'],
      }),
      listTopKeywords: build.query<ListTopKeywordsApiResponse, ListTopKeywordsApiArg>({
        query: () => ({ url: `/api/product/index` }),
        providesTags: ['catalog'],
      }),
      searchProducts: build.query<SearchProductsApiResponse, SearchProductsApiArg>({
        query: (queryArg) => ({
          url: `/api/product/search`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            title: queryArg.title,
            category_id: queryArg.categoryId,
            sort: queryArg.sort,
            min_price: queryArg.minPrice,
            max_price: queryArg.maxPrice,
            in_stock: queryArg.inStock,
          },
        }),
        providesTags: ['catalog'],
      }),
      suggestSearch: build.query<SuggestSearchApiResponse, SuggestSearchApiArg>({
        query: (queryArg) => ({
          url: `/api/product/suggest`,
          params: {
            title: queryArg.title,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['catalog'],
      }),
      searchShops: build.query<SearchShopsApiResponse, SearchShopsApiArg>({
        query: (queryArg) => ({
          url: `/api/product/searchs`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            title: queryArg.title,
          },
        }),
        providesTags: ['shop'],
      }),
      listRecommendedProducts: build.query<ListRecommendedProductsApiResponse, ListRecommendedProductsApiArg>({
        query: (queryArg) => ({
          url: `/api/product/recommend`,
          params: {
            category_id: queryArg.categoryId,
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['catalog'],
      }),
      getProductDetail: build.query<GetProductDetailApiResponse, GetProductDetailApiArg>({
        query: (queryArg) => ({
          url: `/api/product/detail`,
          params: {
            mer_id: queryArg.merId,
            product_id: queryArg.productId,
          },
        }),
        providesTags: ['catalog'],
      }),
      toggleProductLike: build.mutation<ToggleProductLikeApiResponse, ToggleProductLikeApiArg>({
        query: (queryArg) => ({ url: `/api/product/like`, method: 'POST', body: queryArg.likeRequest }),
        invalidatesTags: ['catalog'],
      }),
      listLikedProducts: build.query<ListLikedProductsApiResponse, ListLikedProductsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/like_list`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['catalog'],
      }),
      listFollowedShops: build.query<ListFollowedShopsApiResponse, ListFollowedShopsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/follow_list`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['shop'],
      }),
      getShopDetail: build.query<GetShopDetailApiResponse, GetShopDetailApiArg>({
        query: (queryArg) => ({
          url: `/api/merchant/detail`,
          params: {
            mer_id: queryArg.merId,
            page: queryArg.page,
            limit: queryArg.limit,
            category_id: queryArg.categoryId,
          },
        }),
        providesTags: ['shop'],
      }),
      toggleShopFollow: build.mutation<ToggleShopFollowApiResponse, ToggleShopFollowApiArg>({
        query: (queryArg) => ({ url: `/api/merchant/follow`, method: 'POST', body: queryArg.followRequest }),
        invalidatesTags: ['shop'],
      }),
      getShopService: build.query<GetShopServiceApiResponse, GetShopServiceApiArg>({
        query: (queryArg) => ({
          url: `/api/user/get_shops_kf`,
          params: {
            pid: queryArg.pid,
          },
        }),
        providesTags: ['shop'],
      }),
      getCart: build.query<GetCartApiResponse, GetCartApiArg>({
        query: () => ({ url: `/api/cart/index` }),
        providesTags: ['cart'],
      }),
      addToCart: build.mutation<AddToCartApiResponse, AddToCartApiArg>({
        query: (queryArg) => ({
          url: `/api/cart/add`,
          method: 'POST',
          body: queryArg.addToCartRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['cart'],
      }),
      setCartQuantity: build.mutation<SetCartQuantityApiResponse, SetCartQuantityApiArg>({
        query: (queryArg) => ({ url: `/api/cart/set_num`, method: 'POST', body: queryArg.setCartQuantityRequest }),
        invalidatesTags: ['cart'],
      }),
      deleteCartLines: build.mutation<DeleteCartLinesApiResponse, DeleteCartLinesApiArg>({
        query: (queryArg) => ({ url: `/api/cart/del`, method: 'POST', body: queryArg.deleteCartLinesRequest }),
        invalidatesTags: ['cart'],
      }),
      previewOrder: build.query<PreviewOrderApiResponse, PreviewOrderApiArg>({
        query: (queryArg) => ({ url: `/api/order/merCreate`, method: 'POST', body: queryArg.previewOrderRequest }),
        providesTags: [],
      }),
      submitOrder: build.mutation<SubmitOrderApiResponse, SubmitOrderApiArg>({
        query: (queryArg) => ({
          url: `/api/order/merSubmit`,
          method: 'POST',
          body: queryArg.submitOrderRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['order'],
      }),
      payNewOrder: build.mutation<PayNewOrderApiResponse, PayNewOrderApiArg>({
        query: (queryArg) => ({
          url: `/api/order/merPay`,
          method: 'POST',
          body: queryArg.payNewOrderRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['order'],
      }),
      payOrder: build.mutation<PayOrderApiResponse, PayOrderApiArg>({
        query: (queryArg) => ({
          url: `/api/user/pay`,
          method: 'POST',
          body: queryArg.orderIdRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['order'],
      }),
      getPaymentInfo: build.query<GetPaymentInfoApiResponse, GetPaymentInfoApiArg>({
        query: (queryArg) => ({
          url: `/api/order/payInfo`,
          params: {
            out_trade_no: queryArg.outTradeNo,
          },
        }),
        providesTags: ['order'],
      }),
      getOrderDetail: build.query<GetOrderDetailApiResponse, GetOrderDetailApiArg>({
        query: (queryArg) => ({
          url: `/api/order/detail`,
          params: {
            order_id: queryArg.orderId,
          },
        }),
        providesTags: ['order'],
      }),
      cancelOrder: build.mutation<CancelOrderApiResponse, CancelOrderApiArg>({
        query: (queryArg) => ({
          url: `/api/order/cancel`,
          method: 'POST',
          body: queryArg.orderIdRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['order'],
      }),
      confirmOrderReceived: build.mutation<ConfirmOrderReceivedApiResponse, ConfirmOrderReceivedApiArg>({
        query: (queryArg) => ({
          url: `/api/order/received`,
          method: 'POST',
          body: queryArg.orderIdRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['order'],
      }),
      deleteOrder: build.mutation<DeleteOrderApiResponse, DeleteOrderApiArg>({
        query: (queryArg) => ({
          url: `/api/order/delete`,
          method: 'POST',
          body: queryArg.orderIdRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['order'],
      }),
      applyRefund: build.mutation<ApplyRefundApiResponse, ApplyRefundApiArg>({
        query: (queryArg) => ({
          url: `/api/order/refund`,
          method: 'POST',
          body: queryArg.applyRefundRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['order'],
      }),
      reviewOrderProduct: build.mutation<ReviewOrderProductApiResponse, ReviewOrderProductApiArg>({
        query: (queryArg) => ({
          url: `/api/order/comment`,
          method: 'POST',
          body: queryArg.reviewRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['order'],
      }),
      uploadImage: build.mutation<UploadImageApiResponse, UploadImageApiArg>({
        query: (queryArg) => ({ url: `/merchant/common/upload`, method: 'POST', body: queryArg.uploadRequest }),
        invalidatesTags: ['upload'],
      }),
      sendVerificationCode: build.mutation<SendVerificationCodeApiResponse, SendVerificationCodeApiArg>({
        query: (queryArg) => ({ url: `/api/user/send_code`, method: 'POST', body: queryArg.sendCodeRequest }),
        invalidatesTags: ['account'],
      }),
      getNotificationSettings: build.query<GetNotificationSettingsApiResponse, GetNotificationSettingsApiArg>({
        query: () => ({ url: `/api/user/notification` }),
        providesTags: ['account'],
      }),
      updateNotificationSettings: build.mutation<
        UpdateNotificationSettingsApiResponse,
        UpdateNotificationSettingsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/notification`,
          method: 'POST',
          body: queryArg.updateNotificationSettingsRequest,
        }),
        invalidatesTags: ['account'],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as enhancedApi };
export type LoginApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ LoginDataEnvelope | FailureEnvelope;
export type LoginApiArg = {
  loginRequest: LoginRequest;
};
export type GetUserInfoApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ UserInfoEnvelope | FailureEnvelope;
export type GetUserInfoApiArg = void;
export type LogoutApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type LogoutApiArg = {
  /** Optional language for msg, e.g. zh-cn (case-insensitive file_name). */
  lang?: string;
};
export type RegisterApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type RegisterApiArg = {
  registerRequest: RegisterRequest;
};
export type ListOrdersApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OrderListEnvelope | FailureEnvelope;
export type ListOrdersApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
  /** Status filter. */
  status?: 'all' | '0' | '1' | '2' | '3' | '4' | '-1' | '-4';
};
export type UpdateProfileApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type UpdateProfileApiArg = {
  updateProfileRequest: UpdateProfileRequest;
};
export type ResetPasswordApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type ResetPasswordApiArg = {
  resetPasswordRequest: ResetPasswordRequest;
};
export type ResetPayPasswordApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type ResetPayPasswordApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  resetPayPasswordRequest: ResetPayPasswordRequest;
};
export type ListBlockchainsApiResponse =
  | /** status 200 Success (code 1) or business failure (code 0, data null). */ BlockchainAddressesEnvelope
  | FailureEnvelope;
export type ListBlockchainsApiArg = void;
export type CreateRechargeApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type CreateRechargeApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  createRechargeRequest: CreateRechargeRequest;
};
export type CreateExtractApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type CreateExtractApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  createExtractRequest: CreateExtractRequest;
};
export type GetExtractInfoApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ExtractInfoEnvelope | FailureEnvelope;
export type GetExtractInfoApiArg = void;
export type ListAddressesApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ AddressListEnvelope | FailureEnvelope;
export type ListAddressesApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
};
export type SaveAddressApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type SaveAddressApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  saveAddressRequest: SaveAddressRequest;
};
export type GetAddressApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ AddressEnvelope | FailureEnvelope;
export type GetAddressApiArg = {
  /** Address id. */
  addressId: number;
};
export type SetDefaultAddressApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type SetDefaultAddressApiArg = {
  addressIdRequest: AddressIdRequest;
};
export type DeleteAddressApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type DeleteAddressApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  /** Address id. */
  addressId: number;
};
export type ListLanguagesApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ LanguageListEnvelope | FailureEnvelope;
export type ListLanguagesApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
};
export type SetLanguageApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type SetLanguageApiArg = {
  /** Language id from listLanguages. */
  langId: number;
  /** file_name of the same language. */
  lang: LanguageFileName;
};
export type ListBillsApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ BillListEnvelope | FailureEnvelope;
export type ListBillsApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
  /** Entry type filter. */
  type?: 'all' | 'recharge' | 'extract' | 'pay' | 'refund';
};
export type GetHelpSupportApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ HelpArticlesEnvelope | FailureEnvelope;
export type GetHelpSupportApiArg = void;
export type GetLawApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ LawDocumentEnvelope | FailureEnvelope;
export type GetLawApiArg = void;
export type VerifyPayPasswordApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type VerifyPayPasswordApiArg = {
  verifyPayRequest: VerifyPayRequest;
};
export type ListRechargesApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ RechargeListEnvelope | FailureEnvelope;
export type ListRechargesApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
  /** all, 0 auditing, 1 passed, 2 refused. */
  status?: 'all' | '0' | '1' | '2';
};
export type ListExtractsApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ExtractListEnvelope | FailureEnvelope;
export type ListExtractsApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
  /** all, 0 auditing, 1 passed, 2 refused. */
  status?: 'all' | '0' | '1' | '2';
};
export type ListBannersApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ BannerUrlsEnvelope | FailureEnvelope;
export type ListBannersApiArg = void;
export type ListCategoriesApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ CategoriesEnvelope | FailureEnvelope;
export type ListCategoriesApiArg = void;
export type ListCategoryProductsApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ProductCardListEnvelope | FailureEnvelope;
export type ListCategoryProductsApiArg = {
  /** Category id. */
  categoryId: number;
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50 (default 8 for these home-screen grids). */
  limit?: number;
};
export type ListHotProductsApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ProductCardListEnvelope | FailureEnvelope;
export type ListHotProductsApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
  /** Optional title filter (substring, case-insensitive, trimmed); empty or omitted matches all. */
  title?: string;
};
export type ListHotShopsApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ShopCardListEnvelope | FailureEnvelope;
export type ListHotShopsApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50 (default 8 for these home-screen grids). */
  limit?: number;
};
export type GetPlatformApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ PlatformEnvelope | FailureEnvelope;
export type GetPlatformApiArg = void;
export type ListTopKeywordsApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ TopKeywordsEnvelope | FailureEnvelope;
export type ListTopKeywordsApiArg = void;
export type SearchProductsApiResponse =
  | /** status 200 Success (code 1) or business failure (code 0, data null). */ ProductSearchResultEnvelope
  | FailureEnvelope;
export type SearchProductsApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..100. A list is finished when a page returns fewer than limit items. */
  limit?: number;
  /** Search text (trimmed), at most 200 characters; empty or omitted matches all. A longer text
    is a refusal the shopper caused (code 0, 'Please enter at most 200 characters'). */
  title?: string;
  /** Optional category. */
  categoryId?: number;
  /** Sort order. */
  sort?: 'default' | 'sales' | 'price_asc' | 'price_desc' | 'new';
  /** Extension (the price filter of the search screen; a family backend ignores it and shows all
    prices): only products whose sales price is at least this many dollars, at most 2 decimals.
    A negative or malformed price, more than 2 decimals, or min_price above max_price is a refusal
    the shopper caused (code 0, 'Please enter a correct price range'). */
  minPrice?: number;
  /** Extension (the price filter of the search screen; a family backend ignores it): only products
    whose sales price is at most this many dollars, at most 2 decimals. Refusals as min_price. */
  maxPrice?: number;
  /** Extension ('in stock only' on the search screen; a family backend ignores it): 1 = only
    products with stock left; 0 or omitted = all. */
  inStock?: 0 | 1;
};
export type SuggestSearchApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ SuggestResultEnvelope | FailureEnvelope;
export type SuggestSearchApiArg = {
  /** What the shopper has typed so far (trimmed), at most 200 characters; a longer text is a
    refusal the shopper caused (code 0, 'Please enter at most 200 characters'). */
  title?: string;
  /** How many suggestions at most, 1..8. */
  limit?: number;
};
export type SearchShopsApiResponse =
  | /** status 200 Success (code 1) or business failure (code 0, data null). */ ShopSearchResultEnvelope
  | FailureEnvelope;
export type SearchShopsApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
  /** Search text (trimmed); empty or omitted matches all shops. */
  title?: string;
};
export type ListRecommendedProductsApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ProductCardListEnvelope | FailureEnvelope;
export type ListRecommendedProductsApiArg = {
  /** Category to recommend from; omit for all. */
  categoryId?: number;
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
};
export type GetProductDetailApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ProductDetailEnvelope | FailureEnvelope;
export type GetProductDetailApiArg = {
  /** Shop id. */
  merId: number;
  /** Catalogue product id. */
  productId: number;
};
export type ToggleProductLikeApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ LikeStateEnvelope | FailureEnvelope;
export type ToggleProductLikeApiArg = {
  likeRequest: LikeRequest;
};
export type ListLikedProductsApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ProductCardListEnvelope | FailureEnvelope;
export type ListLikedProductsApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
};
export type ListFollowedShopsApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ShopCardListEnvelope | FailureEnvelope;
export type ListFollowedShopsApiArg = {
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
};
export type GetShopDetailApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ShopDetailEnvelope | FailureEnvelope;
export type GetShopDetailApiArg = {
  /** Shop id. */
  merId: number;
  /** Page number, 1..100000. The bound keeps offsets small, exact integers; a page out of range is a
    request no client builds (HTTP 400, code 0, msg naming `page`), never a server error. */
  page?: number;
  /** Page size, 1..50. A list is finished when a page returns fewer than limit items. */
  limit?: number;
  /** Optional category of the products. */
  categoryId?: number;
};
export type ToggleShopFollowApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ FollowStateEnvelope | FailureEnvelope;
export type ToggleShopFollowApiArg = {
  followRequest: FollowRequest;
};
export type GetShopServiceApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ ShopServiceEnvelope | FailureEnvelope;
export type GetShopServiceApiArg = {
  /** Shop id (mer_id). */
  pid: number;
};
export type GetCartApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ CartEnvelope | FailureEnvelope;
export type GetCartApiArg = void;
export type AddToCartApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type AddToCartApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  addToCartRequest: AddToCartRequest;
};
export type SetCartQuantityApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type SetCartQuantityApiArg = {
  setCartQuantityRequest: SetCartQuantityRequest;
};
export type DeleteCartLinesApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type DeleteCartLinesApiArg = {
  deleteCartLinesRequest: DeleteCartLinesRequest;
};
export type PreviewOrderApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OrderPreviewEnvelope | FailureEnvelope;
export type PreviewOrderApiArg = {
  previewOrderRequest: PreviewOrderRequest;
};
export type SubmitOrderApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ SubmittedOrderEnvelope | FailureEnvelope;
export type SubmitOrderApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  submitOrderRequest: SubmitOrderRequest;
};
export type PayNewOrderApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type PayNewOrderApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  payNewOrderRequest: PayNewOrderRequest;
};
export type PayOrderApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type PayOrderApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  orderIdRequest: OrderIdRequest;
};
export type GetPaymentInfoApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ PaymentInfoEnvelope | FailureEnvelope;
export type GetPaymentInfoApiArg = {
  /** Payment number from submitOrder. */
  outTradeNo: string;
};
export type GetOrderDetailApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OrderDetailEnvelope | FailureEnvelope;
export type GetOrderDetailApiArg = {
  /** Order id. */
  orderId: number;
};
export type CancelOrderApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type CancelOrderApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  orderIdRequest: OrderIdRequest;
};
export type ConfirmOrderReceivedApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type ConfirmOrderReceivedApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  orderIdRequest: OrderIdRequest;
};
export type DeleteOrderApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type DeleteOrderApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  orderIdRequest: OrderIdRequest;
};
export type ApplyRefundApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type ApplyRefundApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  applyRefundRequest: ApplyRefundRequest;
};
export type ReviewOrderProductApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type ReviewOrderProductApiArg = {
  /** Extension, optional: the backend family's client sends no key, and a family backend ignores it.
    Why it exists: a request whose answer was lost (a timeout, a dropped connection) can be retried
    safely. A unique key per intended action (e.g. a UUID made when the shopper confirms); a retried
    request with the same key, by the same user, to the same operation returns the first result (same
    status and body, header `Idempotent-Replayed: true`) instead of acting twice. Keys are remembered
    for at least 24 hours. The SPA always sends one. Without a key the reference server answers an
    identical request (same user, operation and body) to a money operation (submitOrder, payNewOrder,
    payOrder, createExtract, createRecharge) within 10 seconds with the first result; the other
    operations act on every keyless request. */
  'Idempotency-Key'?: string;
  reviewRequest: ReviewRequest;
};
export type UploadImageApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ UploadedFileEnvelope | FailureEnvelope;
export type UploadImageApiArg = {
  uploadRequest: UploadRequest;
};
export type SendVerificationCodeApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type SendVerificationCodeApiArg = {
  sendCodeRequest: SendCodeRequest;
};
export type GetNotificationSettingsApiResponse =
  | /** status 200 Success (code 1) or business failure (code 0, data null). */ NotificationSettingsEnvelope
  | FailureEnvelope;
export type GetNotificationSettingsApiArg = void;
export type UpdateNotificationSettingsApiResponse =
  | /** status 200 Success (code 1) or business failure (code 0, data null). */ NotificationSettingsEnvelope
  | FailureEnvelope;
export type UpdateNotificationSettingsApiArg = {
  updateNotificationSettingsRequest: UpdateNotificationSettingsRequest;
};
export type LoginUser = {
  /** Session token: send it in the `token` header of every protected call. */
  token: string;
  /** Extension: user id. */
  id?: number;
  /** Extension: account name. */
  username?: string;
  /** Extension: display name. */
  nickname?: string;
  /** Extension: avatar URL, or '' when none. */
  avatar?: string;
  /** Extension: after a login with the password, a one-time grant to add a passkey without the
    password again within 10 minutes (beginPasskeyRegistration's `grant`): the offer of a
    passkey right after a login. Keep it in memory only; the token alone cannot add a passkey.
    Not sent after finishPasskeyLogin, nor by a backend without passkeys. */
  passkey_grant?: string;
};
export type LoginData = {
  userinfo: LoginUser;
};
export type LoginDataEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: LoginData;
};
export type FailureEnvelope = {
  /** Always 0 for a business failure. */
  code: 0;
  /** What went wrong, for the shopper, in the language of the `lang` request header. */
  msg: string;
  /** Always null on failure. */
  data: null;
};
export type ErrorEnvelope = {
  /** Always 0. */
  code: 0;
  /** Clear message; for a validation failure it names the field. */
  msg: string;
  data: null;
};
export type LoginRequest = {
  /** Username or email. */
  account: string;
  /** Login password. */
  password: string;
};
export type Money = string;
export type LanguageFileName = 'en' | 'zh-CN' | 'ri' | 'han' | 'tai';
export type UserLanguage = {
  /** Name in the language itself. */
  language_name: string;
  /** Extension: name in Chinese. */
  chinese_name?: string;
  file_name: LanguageFileName;
};
export type UserInfo = {
  /** Extension: user id. */
  id?: number;
  /** Account name. */
  username: string;
  /** Extension: display name (the profile screen shows and edits it). */
  nickname?: string;
  /** Avatar URL, or '' when none. */
  avatar: string;
  /** Email address. */
  email: string;
  /** Extension: national mobile number (digits), for the profile screen. */
  mobile?: string;
  /** Extension: calling code digits without '+', for the profile screen. */
  quhao?: string;
  /** Wallet balance. */
  money: Money;
  /** Orders waiting for payment (status 0). */
  order_unpaid: number;
  /** Extension: orders waiting for delivery (status 1), a counter on the Me tab. */
  order_undelivered?: number;
  /** Orders delivered, not yet received (status 2). */
  order_unreceived: number;
  /** Extension: orders with a refund (refund_status > 0), a counter on the Me tab. */
  order_after_sale?: number;
  /** 1 when a payment code is set, 0 otherwise. */
  have_pay: 0 | 1;
  /** Extension: how many passkeys the account has (listPasskeys). A backend without passkeys
    leaves it out, and a client then offers no passkey anywhere. */
  passkeys?: number;
  /** The user's saved language; for a user who never chose one, the language of the request's `lang`
    header (so a client that compares it with its own interface language sees no difference and
    switches nothing), else English. Never null: the family's client reads `lang.file_name` and
    `lang.language_name` without a null check. */
  lang: UserLanguage;
};
export type UserInfoEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: UserInfo;
};
export type UnauthorizedEnvelope = {
  /** Always 401. */
  code: 401;
  /** Localized 'Please login first'. */
  msg: string;
  data: null;
};
export type OkEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  /** This operation returns no data. */
  data: null;
};
export type RegisterRequest = {
  /** Account name: 3-20 letters, digits or underscores; unique. */
  username: string;
  /** Display name. */
  nickname: string;
  /** Login password, at least 6 characters. */
  password: string;
  /** Repeat of password; must be equal. */
  repPwd: string;
  /** Email address; unique. */
  email: string;
  /** National mobile number; must be valid for quhao (libphonenumber). */
  mobile: string;
  /** Calling code digits without '+'. */
  quhao: string;
};
export type OrderStatus = 0 | 1 | 2 | 3 | 4 | -1;
export type RefundStatus = 0 | 1 | 2;
export type ImageUrl = string;
export type OrderProductThumb = {
  image: ImageUrl;
  /** Product title. */
  title: string;
};
export type ExpiresIn = number;
export type DateTime = string | number;
export type Expired = 1;
export type OrderListItem = {
  /** Order id. */
  order_id: number;
  /** Order number shown to the shopper. */
  order_sn: string;
  status: OrderStatus;
  refund_status: RefundStatus;
  /** Number of items in the order. */
  total_num: number;
  /** Amount to pay / paid, freight included. */
  total_price: Money;
  /** The order lines, for thumbnails. */
  product: OrderProductThumb[];
  expires_in?: ExpiresIn;
  /** Extension: while unpaid (status 0), the deadline to pay (see expires_in); absent otherwise. */
  expire_time?: DateTime;
  expired?: Expired;
};
export type OrderList = {
  /** Total number of matching orders. */
  count: number;
  list: OrderListItem[];
};
export type OrderListEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: OrderList;
};
export type UpdateProfileRequest = {
  /** New avatar URL, as uploadImage returned it to this user (or the current avatar). */
  avatar?: string;
  /** New display name. */
  nickname?: string;
  /** New email; unique. */
  email?: string;
  /** New national mobile number; valid for quhao (the given one, else the saved one). */
  mobile?: string;
  /** Calling code digits without '+'. Added to the backend family's fields: a mobile is only valid
    together with its calling code. */
  quhao?: string;
  /** Extension: the current login password. A server may require it to change the email or the
    mobile / quhao (the reference server does, and refuses without it with code 0 'Please enter
    your login password', a wrong one with code 0 'The login password is incorrect'): the phone
    and email recover the account, so a stolen token alone must not move them and then take the
    account through forgot password. Not needed for avatar or nickname; ignored when sent with
    them only. */
  password?: string;
};
export type ForgotPasswordRequest = {
  /** National mobile number of the account. */
  mobile: string;
  /** Calling code digits without '+' (extension; optional): send exactly what was sent to
    sendVerificationCode. */
  quhao?: string;
  /** Verification code received via sendVerificationCode. */
  code: string;
  /** New login password, at least 6 characters. */
  newpassword: string;
};
export type ChangePasswordRequest = {
  /** Current login password. */
  oldpassword: string;
  /** New login password, at least 6 characters, different from the old one. */
  newpassword: string;
};
export type ResetPasswordRequest = ForgotPasswordRequest | ChangePasswordRequest;
export type ResetPayPasswordRequest = {
  /** Current payment code; '' when setting it for the first time (have_pay 0). */
  oldpassword: string;
  /** New payment code: exactly 6 digits, different from the old one. */
  newpassword: string;
  /** 1 when oldpassword is given (changing), 0 when setting the first payment code. */
  is_verify: 0 | 1;
  /** Extension: the current login password. A server may require it to set the first payment code
    (have_pay 0; the reference server does, and refuses without it with code 0 'Please enter your
    login password', a wrong one with code 0 'The login password is incorrect'): the payment code
    authorizes withdrawals, so a stolen token alone must not set one and then empty the wallet.
    Not needed to change an existing code (the current code proves the shopper). */
  password?: string;
};
export type BlockchainAddress = {
  /** Platform deposit address on that network. */
  blockchain: string;
  /** Network name. */
  network: string;
};
export type BlockchainAddresses = BlockchainAddress[];
export type BlockchainAddressesEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: BlockchainAddresses;
};
export type AmountInput = string;
export type CreateRechargeRequest = {
  /** 1 on chain (the SPA uses this), 0 manual transfer. */
  recharge_type: 0 | 1 | '0' | '1';
  /** Deposit address the money was sent to (from listBlockchains); required when recharge_type is 1. */
  blockchain?: string;
  /** Network of that address; required when recharge_type is 1. */
  network?: string;
  /** Amount sent; must be > 0. */
  price: AmountInput;
  /** Payment evidence image URL, as uploadImage returned it to this same user. */
  image: ImageUrl;
};
export type CreateExtractRequest = {
  /** 0 bank card, 1 on chain. */
  extract_type: 0 | 1 | '0' | '1';
  /** Amount to withdraw; > 0 and <= balance. The fee (service_charge x price) is taken from it. */
  price: AmountInput;
  /** Bank card number, 12-19 digits (spaces and dashes ignored); required when extract_type is 0. */
  bank_card?: string;
  /** Bank name; required when extract_type is 0. */
  bank_name?: string;
  /** Card holder name; required when extract_type is 0. */
  real_name?: string;
  /** Receiving address; required when extract_type is 1. */
  blockchain?: string;
  /** Network of the receiving address; required when extract_type is 1. A name of listBlockchains (TRC20) or the family client's name for it (USDT-TRC20, USDT-ERC20). */
  network?: string;
};
export type BankCard = {
  /** Bank name. */
  bank_name: string;
  /** Card number. */
  bank_card: string;
  /** Card holder. */
  real_name: string;
};
export type ExtractInfo = {
  /** Current balance. */
  balance: Money;
  /** Withdrawal fee rate as a decimal fraction string (0.03 = 3%); fee = service_charge x amount, rounded
    to 2 decimals. */
  service_charge: string;
  /** Extension: the smallest amount createExtract accepts (the platform's setting). The family's
    backends enforce a minimum without telling the client; this lets the withdrawal form show it
    and check it before asking for the payment code. A client without it lets the server refuse. */
  min_price?: Money;
  /** Bank cards used in earlier withdrawals, newest first. */
  card_list: BankCard[];
};
export type ExtractInfoEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: ExtractInfo;
};
export type Address = {
  /** Address id. */
  address_id: number;
  /** Addressee. */
  name: string;
  /** National mobile number. */
  mobile: string;
  /** Extension: calling code digits without '+' (the mobile is validated per country); '' when the address was saved without one. */
  quhao?: string;
  /** The area (country/region, province, city) as one text: SPEC's 'area'. */
  country: string;
  /** Street address. */
  detail: string;
  /** Label such as Home or Office. */
  tag: string;
  /** 1 for the default address (exactly one when any exist). */
  is_default: 0 | 1;
};
export type AddressList = {
  /** Extension: total number of addresses. */
  count?: number;
  list: Address[];
};
export type AddressListEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: AddressList;
};
export type Id = number | string;
export type SaveAddressRequest = {
  /** Set when editing an existing address; omit to create. */
  address_id?: Id;
  /** Addressee. */
  name: string;
  /** Mobile number: national digits (with quhao, or in the shop's default region) or international with a leading '+'; spaces, dashes and brackets are ignored. An invalid number answers code 0 'Please enter a correct mobile phone number'. */
  mobile: string;
  /** Extension, optional: calling code digits without '+'. Why: a mobile number is only valid together with its country, so the SPA sends the country the shopper picked. The family's client sends none: then a mobile starting with '+' is read as an international number, and any other against the shop's default region (the reference server: US, `DEFAULT_REGION`). */
  quhao?: string;
  /** Area: country/region, province, city. */
  country: string;
  /** Street address. */
  detail: string;
  /** Label such as Home or Office. */
  tag: string;
  /** 1 to make it the default address. */
  is_default: 0 | 1 | '0' | '1';
};
export type AddressEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: Address;
};
export type AddressIdRequest = {
  /** Address id. */
  address_id: Id;
};
export type Language = {
  /** Language id (lang_id in setLanguage). */
  id: number;
  /** Name in the language itself. */
  language_name: string;
  /** Name in Chinese. */
  chinese_name: string;
  file_name: LanguageFileName;
  /** Extension: 1 for the default language (English). */
  is_default?: 0 | 1;
};
export type LanguageList = {
  /** Extension: total number of languages. */
  count?: number;
  list: Language[];
};
export type LanguageListEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: LanguageList;
};
export type BillType = string;
export type Bill = {
  /** Extension: ledger entry id. */
  id?: number;
  /** What happened, localized. */
  title: string;
  createtime: DateTime;
  type: BillType;
  /** Signed change of the balance: negative for debits, e.g. "-120.00". */
  money: Money;
};
export type BillList = {
  /** Extension: total number of entries. */
  count?: number;
  list: Bill[];
};
export type BillListEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: BillList;
};
export type HelpArticle = {
  /** Question or topic. */
  title: string;
  /** Answer as HTML (the client sanitizes it). */
  content: string;
};
export type HelpArticles = HelpArticle[];
export type HelpArticlesEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: HelpArticles;
};
export type LawDocument = {
  /** Terms and privacy text as HTML (the client sanitizes it). */
  content: string;
};
export type LawDocumentEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: LawDocument;
};
export type VerifyPayRequest = {
  /** Payment code: 6 digits. */
  password_pay: string;
};
export type AuditStatus = 0 | 1 | 2;
export type Recharge = {
  /** Extension: recharge id. */
  id?: number;
  /** Network. */
  network: string;
  /** Amount declared. */
  price: Money;
  status: AuditStatus;
  /** Operator's note; the reason when refused, else ''. */
  admin_msg: string;
  createtime: DateTime;
  /** How the top-up was declared: its recharge_type (1 on chain, 0 manual transfer). */
  type: number | string;
};
export type RechargeList = {
  /** Extension: total number of records. */
  count?: number;
  list: Recharge[];
};
export type RechargeListEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: RechargeList;
};
export type Extract = {
  /** Extension: withdrawal id. */
  id?: number;
  /** Extension: 0 bank card, 1 on chain. */
  extract_type?: 0 | 1;
  /** Amount requested (held from the balance). */
  extract_price: Money;
  /** Service charge. */
  fee: Money;
  /** Amount paid out: extract_price - fee. */
  real_price: Money;
  /** Extension: the audit status (the family filters by it; its client does not show it). */
  status?: AuditStatus;
  /** Operator's note; the reason when refused, else ''. */
  admin_msg: string;
  createtime: DateTime;
  /** The record's title line, e.g. 'Bank card withdrawal ****3445' or 'USDT-TRC20 withdrawal TQ5N...gUa' (the reference server localizes it by the `lang` header). */
  mark: string;
};
export type ExtractList = {
  /** Extension: total number of records. */
  count?: number;
  list: Extract[];
};
export type ExtractListEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: ExtractList;
};
export type BannerUrls = ImageUrl[];
export type BannerUrlsEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: BannerUrls;
};
export type Category = {
  /** Category id. */
  category_id: number;
  /** Name as stored by the backend. */
  name: string;
  /** Translation key of the category, as the backend family spells it (spaces and case included): computer, electrical equipment, outdoors, family life, health, Men's clothing, Women's clothing, food, mobile phone, Toys. Clients translate known keys and show `name` for others. */
  name_en: string;
};
export type Categories = Category[];
export type CategoriesEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: Categories;
};
export type CardGoods = {
  image: ImageUrl;
  /** Product title. */
  title: string;
  /** Price. */
  sales_price: Money;
  /** Former / list price (shown struck through). */
  market_price: Money;
  /** Units sold through orders. */
  real_sales: number;
};
export type ProductCard = {
  /** Extension: the shop's listing id of the product (getProductDetail has it too). */
  id?: number;
  /** Catalogue product id. */
  product_id: number;
  /** Shop (merchant) id. */
  mer_id: number;
  /** Units sold, as shown on the card. */
  sales: number;
  /** How often the product page was opened. */
  click: number;
  goods: CardGoods;
};
export type ProductCardList = {
  /** Extension: total number of matching products. */
  count?: number;
  list: ProductCard[];
};
export type ProductCardListEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: ProductCardList;
};
export type ShopCard = {
  /** Shop (merchant) id. */
  mer_id: number;
  /** Shop name. */
  mer_name: string;
  mer_avatar: ImageUrl;
  /** Followers (fans). */
  follow_count: number;
  /** Favorable rate: share of good reviews in percent (98.5 or "98.5"); display only. */
  good_rate: number | string;
  /** Total sales (turnover). The family sends it with the product page's merchant; in lists it may be missing. */
  total_price?: Money;
  /** Extension: units sold by the shop. */
  sales?: number;
};
export type ShopCardList = {
  /** Extension: total number of matching shops. */
  count?: number;
  list: ShopCard[];
};
export type ShopCardListEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: ShopCardList;
};
export type Platform = {
  /** Platform name. */
  name: string;
  logo: ImageUrl;
  /** Where merchants sign up (URL). */
  merchant_link: string;
  /** Customer service (URL). */
  custom_service: string;
};
export type PlatformEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: Platform;
};
export type Keyword = {
  /** A popular search keyword. */
  keyword: string;
};
export type TopKeywords = Keyword[];
export type TopKeywordsEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: TopKeywords;
};
export type ProductSearchResult = {
  /** Total number of matching products. */
  total: number;
  list: ProductCard[];
  /** Extension ('did you mean', for a search that found nothing; a family backend sends none):
    corrected whole queries, closest first, at most 3, each of which finds products. Present
    only when the search found nothing and a correction exists. */
  corrections?: string[];
};
export type ProductSearchResultEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: ProductSearchResult;
};
export type SuggestionMark = {
  /** Offset in `text`, in UTF-16 code units (as JavaScript strings count). */
  start: number;
  /** Length in UTF-16 code units. */
  length: number;
};
export type Suggestion = {
  /** The product title or shop name (plain text). */
  text: string;
  /** What the suggestion names. */
  kind: 'product' | 'shop';
  /** The product (kind product). */
  product_id?: number;
  /** The shop (kind shop), or the product's shop (kind product). */
  mer_id?: number;
  /** The matched parts of `text`, in order, not overlapping (may be empty). */
  marks: SuggestionMark[];
};
export type SuggestResult = {
  /** Best first; empty for an empty title or when nothing matches. */
  list: Suggestion[];
};
export type SuggestResultEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: SuggestResult;
};
export type ShopSearchResult = {
  /** Extension: total number of matching shops (the family's client reads only list here). */
  total?: number;
  list: ShopCard[];
};
export type ShopSearchResultEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: ShopSearchResult;
};
export type CommaUrls = string;
export type SpecGroup = {
  /** Specification name. */
  name: string;
  /** The values to choose from. */
  child: string[];
};
export type ProductGoods = {
  /** Product title. */
  title: string;
  sales_price: Money;
  market_price: Money;
  /** Units in stock. */
  stock: number;
  image: ImageUrl;
  /** Gallery: image URLs in one comma-separated string. */
  images: CommaUrls;
  /** Description as HTML (the client sanitizes it). */
  content: string;
  /** Specifications; the chosen values joined with '|' in their order form `spec`. */
  specList: SpecGroup[];
};
export type Score = number;
export type Review = {
  /** Reviewer's avatar URL or ''. */
  avatar: string;
  /** Reviewer's display name. */
  nickname: string;
  /** Extension: the product rating the reviewer gave. */
  product_score?: Score;
  /** Review text. */
  comment: string;
  /** Photos: image URLs in one comma-separated string ('' when none). */
  pics: CommaUrls;
  createtime: DateTime;
};
export type ProductDetail = {
  /** The shop's listing id. */
  id: number;
  /** Catalogue product id. */
  product_id: number;
  /** Shop id. */
  mer_id: number;
  /** 1 when the current user liked it; always 0 without a valid token. */
  is_like: 0 | 1;
  /** Units sold. */
  sales: number;
  goods: ProductGoods;
  /** The shop, with its total sales. */
  merchant: ShopCard & object;
  /** Latest reviews. */
  reply_list: Review[];
  /** Recommended products (best sellers of the same category, without this one; at most 8). */
  other: ProductCard[];
};
export type ProductDetailEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: ProductDetail;
};
export type LikeState = {
  /** 1 when now liked, 0 when no longer liked. */
  is_like: 0 | 1;
};
export type LikeStateEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  /** The new state (extension), or null as the backend family answers. */
  data: LikeState | null;
};
export type LikeRequest = {
  /** Shop id. */
  mer_id: Id;
  /** Catalogue product id. */
  product_id: Id;
  /** Extension, optional: the state wanted (1 liked, 0 not), so a retried request changes nothing
    more; without it the request toggles (the family's client). */
  is_like?: 0 | 1;
};
export type ShopDetail = {
  /** Extension: shop id. */
  mer_id?: number;
  /** Shop name. */
  mer_name: string;
  mer_avatar: ImageUrl;
  /** Followers (fans). */
  follow_count: number;
  /** Extension: favorable rate in percent. */
  good_rate?: number | string;
  /** Extension: total sales (turnover). */
  total_price?: Money;
  /** Extension: units sold by the shop. */
  sales?: number;
  /** 1 when the current user follows the shop; always 0 without a valid token. */
  is_follow: 0 | 1;
  /** Shop banners: image URLs in one comma-separated string. */
  banner: CommaUrls;
  product_list: ProductCardList;
};
export type ShopDetailEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: ShopDetail;
};
export type FollowState = {
  /** 1 when now followed, 0 when no longer followed. */
  is_follow: 0 | 1;
};
export type FollowStateEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  /** The new state (extension), or null as the backend family answers. */
  data: FollowState | null;
};
export type FollowRequest = {
  /** Shop id. */
  mer_id: Id;
  /** Extension, optional: the state wanted (1 followed, 0 not), so a retried request changes
    nothing more; without it the request toggles (the family's client). */
  is_follow?: 0 | 1;
};
export type ShopServiceUrl = string;
export type ShopServiceEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: ShopServiceUrl;
};
export type CartGoods = {
  image: ImageUrl;
  /** Product title. */
  title: string;
  /** Unit price. */
  sales_price: Money;
  /** Specification text shown under the title (the reference server: the line's chosen values, as `spec`). */
  spec: string;
  /** Extension: units in stock (the bag caps the quantity). */
  stock?: number;
};
export type CartLine = {
  /** Cart line id. */
  cart_id: number;
  /** Quantity. */
  cart_num: number;
  /** Chosen specification values joined with '|' ('' when none). */
  spec: string;
  /** sales_price x cart_num, computed by the server. */
  total_price: Money;
  /** Extension: shop id (the bag groups its lines per shop; without it, one group). */
  mer_id?: number;
  /** Extension: shop name (the bag heads each shop's lines with it, without a request per shop). */
  mer_name?: string;
  /** Extension: shop avatar. */
  mer_avatar?: ImageUrl;
  /** Extension: catalogue product id (lets the bag link to the product). */
  product_id?: number;
  goods: CartGoods;
};
export type Cart = {
  carts: CartLine[];
};
export type CartEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: Cart;
};
export type AddToCartRequest = {
  /** Shop id. */
  mer_id: Id;
  /** Catalogue product id. */
  product_id: Id;
  /** Quantity to add (added to an existing line with the same spec). */
  num: number | string;
  /** Chosen specification values joined with '|' in specList order ('' or absent when the product has none). */
  spec?: string;
  /** The shop's listing id (getProductDetail's id). */
  id?: Id;
};
export type SetCartQuantityRequest = {
  /** Cart line id. */
  cart_id: Id;
  /** New quantity (set, not added: sending it twice changes nothing). */
  num: number | string;
};
export type IdOrCommaIds = number | string;
export type DeleteCartLinesRequest = {
  /** Cart line ids, comma list (or one id). */
  cart_ids: IdOrCommaIds;
};
export type PreviewLine = {
  /** Cart line id, null for buy now. */
  cart_id: number | null;
  /** Catalogue product id. */
  product_id: number;
  /** Shop id. */
  mer_id: number;
  /** Quantity. */
  number: number;
  /** Chosen spec. */
  spec: string;
  /** Unit price. */
  sales_price: Money;
  image: ImageUrl;
  /** Product title. */
  title: string;
  /** Extension: shop name (checkout shows the lines per shop, as they become one order each). */
  mer_name?: string;
  /** Extension: shop avatar. */
  mer_avatar?: ImageUrl;
  /** Extension: sales_price x number. */
  total_price?: Money;
};
export type PreviewAddress = {
  /** Address id. */
  address_id: number;
  /** Addressee. */
  name: string;
  /** The area. */
  country: string;
  /** Label such as Home or Office. */
  tag: string;
  /** Extension: mobile number. */
  mobile?: string;
  /** Extension: calling code digits without '+'. */
  quhao?: string;
  /** Extension: street address. */
  detail?: string;
  /** Extension: 1 for the default address. */
  is_default?: 0 | 1;
};
export type OrderPreview = {
  /** The lines being bought. */
  product: PreviewLine[];
  /** Freight, computed by the server. */
  delivery: Money;
  /** The chosen (address_id) or default address; null when the user has none. */
  address: PreviewAddress | null;
  /** The backend's own id for this checkout, which the family's client sends back to submitOrder (the reference server sends 0 and ignores it). */
  chu_id: number | string;
  /** Extension: number of items. */
  total_num?: number;
  /** Extension: sum of the lines. */
  goods_price?: Money;
  /** Extension: promo discount, '0.00' without a code. */
  discount?: Money;
  /** Extension: goods_price + delivery - discount: what submitOrder will charge. */
  total_price?: Money;
};
export type OrderPreviewEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: OrderPreview;
};
export type PreviewOrderRequest = {
  /** Bag checkout: comma list of cart line ids. Either this or product_id + number + mer_id. */
  cart_id?: IdOrCommaIds;
  /** Buy now: catalogue product id. */
  product_id?: Id;
  /** Buy now: quantity. */
  number?: number | string;
  /** Buy now: shop id. */
  mer_id?: Id;
  /** Buy now: chosen spec values joined with '|'. */
  spec?: string;
  /** Buy now: the shop's listing id. */
  id?: Id;
  /** Extension: address to price freight for; the default address when omitted. */
  address_id?: Id;
  /** Extension: promo code to preview; an unknown code answers code 0. */
  promo_code?: string;
};
export type SubmittedOrder = {
  /** Payment number of the new order(s); pass it to payNewOrder and getPaymentInfo. */
  out_trade_no: string;
  /** Amount to pay, computed by the server. */
  total_price: Money;
  /** Extension: the orders created, one per shop, in creation order (with one order the client can open its detail after paying). */
  order_ids?: number[];
};
export type SubmittedOrderEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: SubmittedOrder;
};
export type SubmitOrderRequest = {
  /** Delivery address (must be one of the caller's). */
  address_id: Id;
  /** Bag checkout: comma list of cart line ids (removed from the bag on success). Either this or product_id + number + mer_id. */
  cart_ids?: IdOrCommaIds;
  /** Buy now: catalogue product id (a comma list buys several, with number and mer_id in the same order). */
  product_id?: IdOrCommaIds;
  /** Buy now: quantity (comma list like product_id). */
  number?: IdOrCommaIds;
  /** Buy now: shop id (comma list like product_id). */
  mer_id?: IdOrCommaIds;
  /** Buy now: chosen spec values joined with '|' (with several products, one per product, comma-separated). Ignored for a bag checkout. */
  spec?: string;
  /** Extension: buy now: the shop's listing id. */
  id?: Id;
  /** previewOrder's chu_id, sent back by the family's client (accepted and ignored here). */
  chu_id?: number | string | null;
  /** Extension: promo code. */
  promo_code?: string;
};
export type PayNewOrderRequest = {
  /** From submitOrder. */
  out_trade_no: string;
  /** The amount the family's client shows; accepted and ignored (the server charges its own total). */
  total_price?: string | number;
};
export type OrderIdRequest = {
  /** Order id. */
  order_id: Id;
};
export type PaymentStatus = 0 | 1 | -1;
export type PaymentInfoOrder = {
  /** Order id (getOrderDetail). */
  order_id: number;
  /** Order number. */
  order_sn: string;
  /** Amount of this order, freight included, discount taken off. */
  total_price: Money;
  status: OrderStatus;
};
export type PaymentInfo = {
  /** The payment number asked for. */
  out_trade_no: string;
  /** While status is 0 the sum of the unpaid orders (what payNewOrder debits); at 1 the sum of the paid
    orders; at -1 the sum of all of them. */
  total_price: Money;
  status: PaymentStatus;
  /** The orders of the payment number, one per shop, in creation order. */
  orders: PaymentInfoOrder[];
  expires_in?: ExpiresIn;
  /** Extension: while unpaid (status 0), the deadline to pay (see expires_in); absent otherwise. */
  expire_time?: DateTime;
  expired?: Expired;
};
export type PaymentInfoEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: PaymentInfo;
};
export type DeliveryEvent = {
  /** Tracking number. */
  delivery_no: string;
  /** What happened. */
  mark: string;
  updatetime: DateTime;
};
export type OrderLine = {
  /** Order line id (used by applyRefund). */
  order_product_id: number;
  /** Catalogue product id. */
  product_id: number;
  image: ImageUrl;
  /** Product title. */
  title: string;
  /** Chosen spec. */
  spec: string;
  /** Quantity. */
  product_num: number;
  /** Unit price. */
  product_price: Money;
  /** product_price x product_num. */
  total_price: Money;
  /** 1 once this product of the order has been reviewed. */
  is_reply: 0 | 1;
};
export type OrderRefund = {
  /** Amount asked for. */
  amount: Money;
  /** 0 waiting for the operator, 1 passed (refunded to the balance), 2 refused. */
  status: AuditStatus;
  /** The operator's reason when refused; '' otherwise. */
  admin_msg: string;
  /** When the shopper applied. */
  createtime: DateTime;
};
export type OrderDetail = {
  /** Order id. */
  order_id: number;
  /** Order number. */
  order_sn: string;
  /** Extension: shop id (links to the shop and its customer service). */
  mer_id?: number;
  status: OrderStatus;
  refund_status: RefundStatus;
  /** Amount to pay / paid, freight included (the refund ceiling). */
  total_price: Money;
  /** Extension: the freight of this order. */
  freight?: Money;
  /** Delivery address as one text. */
  user_address: string;
  /** Addressee. */
  real_name: string;
  /** Addressee phone. */
  user_phone: string;
  /** Extension: when the order was placed. */
  createtime?: DateTime;
  /** Logistics events, newest first; empty before shipping. */
  delivery: DeliveryEvent[];
  products: OrderLine[];
  /** Extension: promo discount of this order, '0.00' without a code. */
  discount?: Money;
  /** Extension: the latest refund request of this order, null when none. After a refusal refund_status is 0 again and this shows status 2 with the operator's reason. */
  refund?: OrderRefund | null;
  expires_in?: ExpiresIn;
  /** Extension: while unpaid (status 0), the deadline to pay (see expires_in); absent otherwise. */
  expire_time?: DateTime;
  expired?: Expired;
  /** The shipment the order left with: its waybill (tracking) number, '' before shipping. */
  delivery_id: string | number;
};
export type OrderDetailEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: OrderDetail;
};
export type ApplyRefundRequest = {
  /** Order id. */
  order_id: Id;
  /** Order number (order_sn). */
  sn: string;
  /** Refund amount: > 0 and <= what was paid for the order. */
  amount: AmountInput;
  /** 0 refund only (no return), 1 return and refund. */
  service_type: 0 | 1 | '0' | '1';
  /** 0 goods not received, 1 received. */
  receiving_status: 0 | 1 | '0' | '1';
  /** Reason key chosen by the shopper (the SPA translates its keys), e.g. quality, not_as_described,
    wrong_item, damaged, no_longer_needed, other. */
  reason_type: string;
  /** Explanation. */
  refund_explain: string;
  /** Proof images (from uploadImage), comma list; at least one. */
  images: CommaUrls;
  /** Order lines concerned, comma list (or one id). */
  order_product_id: IdOrCommaIds;
  /** The chosen service type as text, sent by the family's client (accepted and ignored). */
  typeName?: string;
  /** The chosen goods status as text, sent by the family's client (accepted and ignored). */
  statusName?: string;
};
export type ReviewRequest = {
  /** Order id. */
  order_id: Id;
  /** Catalogue product id of the line reviewed. */
  product_id: Id;
  product_score: Score;
  service_score: Score;
  postage_score: Score;
  /** Review text; must not be empty. */
  comment: string;
  /** Photos (from uploadImage), comma list; '' when none. */
  pics?: CommaUrls;
};
export type UploadedFile = {
  /** Absolute URL of the stored image, to send back in other calls. */
  fullurl: string;
};
export type UploadedFileEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: UploadedFile;
};
export type UploadRequest = {
  /** The image: JPEG, PNG, GIF, WebP or AVIF (read from the bytes), at most 20 MB; stored re-encoded. */
  file: Blob;
};
export type SendCodeRequest = {
  /** National mobile number of the account. */
  mobile: string;
  /** Calling code digits without '+' (extension, optional). */
  quhao?: string;
};
export type NotificationSettings = {
  /** Notify about order status changes. */
  order_updates: boolean;
  /** Notify about promotions. */
  promotions: boolean;
  /** Notify about recharges, withdrawals and refunds. */
  wallet_updates: boolean;
};
export type NotificationSettingsEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: NotificationSettings;
};
export type UpdateNotificationSettingsRequest = {
  /** Notify about order status changes. */
  order_updates?: boolean;
  /** Notify about promotions. */
  promotions?: boolean;
  /** Notify about recharges, withdrawals and refunds. */
  wallet_updates?: boolean;
};
export const {
  useLoginMutation,
  useGetUserInfoQuery,
  useLazyGetUserInfoQuery,
  useLogoutMutation,
  useRegisterMutation,
  useListOrdersQuery,
  useLazyListOrdersQuery,
  useUpdateProfileMutation,
  useResetPasswordMutation,
  useResetPayPasswordMutation,
  useListBlockchainsQuery,
  useLazyListBlockchainsQuery,
  useCreateRechargeMutation,
  useCreateExtractMutation,
  useGetExtractInfoQuery,
  useLazyGetExtractInfoQuery,
  useListAddressesQuery,
  useLazyListAddressesQuery,
  useSaveAddressMutation,
  useGetAddressQuery,
  useLazyGetAddressQuery,
  useSetDefaultAddressMutation,
  useDeleteAddressMutation,
  useListLanguagesQuery,
  useLazyListLanguagesQuery,
  useSetLanguageMutation,
  useListBillsQuery,
  useLazyListBillsQuery,
  useGetHelpSupportQuery,
  useLazyGetHelpSupportQuery,
  useGetLawQuery,
  useLazyGetLawQuery,
  useVerifyPayPasswordMutation,
  useListRechargesQuery,
  useLazyListRechargesQuery,
  useListExtractsQuery,
  useLazyListExtractsQuery,
  useListBannersQuery,
  useLazyListBannersQuery,
  useListCategoriesQuery,
  useLazyListCategoriesQuery,
  useListCategoryProductsQuery,
  useLazyListCategoryProductsQuery,
  useListHotProductsQuery,
  useLazyListHotProductsQuery,
  useListHotShopsQuery,
  useLazyListHotShopsQuery,
  useGetPlatformQuery,
  useLazyGetPlatformQuery,
  useListTopKeywordsQuery,
  useLazyListTopKeywordsQuery,
  useSearchProductsQuery,
  useLazySearchProductsQuery,
  useSuggestSearchQuery,
  useLazySuggestSearchQuery,
  useSearchShopsQuery,
  useLazySearchShopsQuery,
  useListRecommendedProductsQuery,
  useLazyListRecommendedProductsQuery,
  useGetProductDetailQuery,
  useLazyGetProductDetailQuery,
  useToggleProductLikeMutation,
  useListLikedProductsQuery,
  useLazyListLikedProductsQuery,
  useListFollowedShopsQuery,
  useLazyListFollowedShopsQuery,
  useGetShopDetailQuery,
  useLazyGetShopDetailQuery,
  useToggleShopFollowMutation,
  useGetShopServiceQuery,
  useLazyGetShopServiceQuery,
  useGetCartQuery,
  useLazyGetCartQuery,
  useAddToCartMutation,
  useSetCartQuantityMutation,
  useDeleteCartLinesMutation,
  usePreviewOrderQuery,
  useLazyPreviewOrderQuery,
  useSubmitOrderMutation,
  usePayNewOrderMutation,
  usePayOrderMutation,
  useGetPaymentInfoQuery,
  useLazyGetPaymentInfoQuery,
  useGetOrderDetailQuery,
  useLazyGetOrderDetailQuery,
  useCancelOrderMutation,
  useConfirmOrderReceivedMutation,
  useDeleteOrderMutation,
  useApplyRefundMutation,
  useReviewOrderProductMutation,
  useUploadImageMutation,
  useSendVerificationCodeMutation,
  useGetNotificationSettingsQuery,
  useLazyGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
} = injectedRtkApi;
