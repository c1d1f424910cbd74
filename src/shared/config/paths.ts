/**
 * Every route path of the app (SPEC.md section 2), with builders for the ones that take parameters.
 * Screens import paths from here; no string URLs elsewhere.
 */
export const paths = {
  root: '/',
  home: '/home',
  explore: '/explore',
  bag: '/bag',
  me: '/filter',
  order: '/order',
  orderInfo: (id?: number | string) => (id === undefined ? '/orderInfo' : `/orderInfo/${id}`),
  myPurchases: (status?: number | string) => (status === undefined ? '/myPurchases' : `/myPurchases/${status}`),
  comment: '/comment',
  refund: '/refund',
  /** The refund form of an order: /refund/{id}/{sn}/{product_ids}/{amount} (SPEC.md section 2). */
  refundFor: (id: number | string, sn: string, productIds: readonly (number | string)[], amount: string) =>
    `/refund/${id}/${encodeURIComponent(sn)}/${productIds.join(',')}/${encodeURIComponent(amount)}`,
  checkout: '/checkout',
  payment: '/payment',
  language: '/language',
  notification: '/notification',
  profile: '/profile',
  setting: '/setting',
  security: '/security',
  forgotPassword: '/forgotPassword',
  changePassword: '/changePassword',
  changePayPwd: '/changePayPwd',
  passwords: '/passwords',
  helpAndSupport: '/helpAndSupport',
  law: '/law',
  platform: '/platform',
  withDraw: '/withDraw',
  depositRecord: '/depositRecord',
  topUp: '/topUp',
  walletTopUp: '/walletTopUp',
  cardTopUp: '/cardTopUp',
  topUpRecord: '/topUpRecord',
  capitalRecord: '/capitalRecord',
  myFavourite: '/myFavourite',
  heart: '/heart',
  search: '/search',
  searchs: '/searchs',
  popular: '/popular',
  detail: (product?: number | string, mer?: number | string) =>
    ['/detail', product, mer].filter((part) => part !== undefined).join('/'),
  shop: (id?: number | string) => (id === undefined ? '/shop' : `/shop/${id}`),
  products: '/products',
  login: '/login',
  register: '/register',
  address: '/address',
  addressForm: (id?: number | string) => (id === undefined ? '/addressForm' : `/addressForm/${id}`),
  service: '/service',
  services: '/services',
} as const;

/** Paths a visitor may open without logging in (SPEC.md section 2, DESIGN.md section 4). */
export const publicPaths: readonly string[] = [
  paths.login,
  paths.register,
  paths.home,
  paths.shop(),
  paths.explore,
  paths.detail(),
  paths.search,
  paths.forgotPassword,
  paths.changePassword,
];

/** The four bottom-tab screens, always kept alive (DESIGN.md section 4). */
export const tabPaths: readonly string[] = [paths.home, paths.explore, paths.bag, paths.me];
