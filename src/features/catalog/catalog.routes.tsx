import { lazyScreen, type AppRoute } from '../../shared/config/route';

export const catalogRoutes: AppRoute[] = [
  {
    path: '/home',
    titleId: 'route.home',
    Screen: lazyScreen(() => import('./screens/home-screen'), { needs: 'catalog' }),
  },
  // Explore, the two searches, popular and all products share one chunk: the same grid, search box,
  // sort bar and discovery.css, which would otherwise be copied into five chunks.
  {
    path: '/explore',
    titleId: 'route.explore',
    Screen: lazyScreen(() => import(/* webpackChunkName: "catalog-discovery" */ './screens/explore-screen')),
  },
  {
    path: '/search',
    titleId: 'route.search',
    Screen: lazyScreen(() => import(/* webpackChunkName: "catalog-discovery" */ './screens/search-screen')),
  },
  {
    path: '/searchs',
    titleId: 'route.searchs',
    Screen: lazyScreen(() => import(/* webpackChunkName: "catalog-discovery" */ './screens/search-shops-screen')),
  },
  {
    path: '/popular',
    titleId: 'route.popular',
    Screen: lazyScreen(() => import(/* webpackChunkName: "catalog-discovery" */ './screens/popular-screen')),
  },
  {
    path: '/products',
    titleId: 'route.products',
    Screen: lazyScreen(() => import(/* webpackChunkName: "catalog-discovery" */ './screens/products-screen')),
  },
  // Product detail is never kept alive (SPEC.md section 2): it always shows fresh stock and price.
  // Detail, shop and the two favourites lists share one chunk: they share most of their code and
  // detail.css, which would otherwise be copied into four chunks.
  {
    path: '/detail/:product?/:mer?',
    titleId: 'route.detail',
    Screen: lazyScreen(() => import(/* webpackChunkName: "catalog-detail" */ './screens/product-detail-screen')),
    keepAlive: false,
  },
  {
    path: '/shop/:id?',
    titleId: 'route.shop',
    Screen: lazyScreen(() => import(/* webpackChunkName: "catalog-detail" */ './screens/shop-screen')),
  },
  {
    path: '/myFavourite',
    titleId: 'route.myFavourite',
    Screen: lazyScreen(() => import(/* webpackChunkName: "catalog-detail" */ './screens/my-favourite-screen')),
  },
  {
    path: '/heart',
    titleId: 'route.heart',
    Screen: lazyScreen(() => import(/* webpackChunkName: "catalog-detail" */ './screens/heart-screen')),
  },
];
