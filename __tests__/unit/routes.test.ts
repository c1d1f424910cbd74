import { routes } from '../../src/app/routes';

// SPEC.md section 2: every path of the route table has a screen (the 'coming soon' placeholder is gone).
const specPaths = [
  '/home',
  '/explore',
  '/bag',
  '/filter',
  '/order',
  '/orderInfo/:id?',
  '/myPurchases/:status?',
  '/comment',
  '/refund/:id?/:sn?/:product_ids?/:amount?',
  '/checkout',
  '/payment',
  '/language',
  '/notification',
  '/profile',
  '/setting',
  '/security',
  '/forgotPassword',
  '/changePassword',
  '/changePayPwd',
  '/passwords',
  '/helpAndSupport',
  '/law',
  '/platform',
  '/withDraw',
  '/depositRecord',
  '/topUp',
  '/walletTopUp',
  '/cardTopUp',
  '/topUpRecord',
  '/capitalRecord',
  '/myFavourite',
  '/heart',
  '/search',
  '/searchs',
  '/popular',
  '/detail/:product?/:mer?',
  '/shop/:id?',
  '/products',
  '/login',
  '/register',
  '/address',
  '/addressForm/:id?',
  '/service',
  '/services',
];

describe('the route table', () => {
  it('has a screen for every path of SPEC.md section 2, once each', () => {
    const paths = routes.map((route) => route.path);
    expect([...paths].sort()).toEqual([...specPaths].sort());
    for (const route of routes) expect(route.Screen).toBeDefined();
  });
});
