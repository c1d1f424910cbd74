import { lazyScreen } from '../shared/config/route';

/**
 * The tab bar's code (its four icons are some 2 KB of a first visit) loads with the first tab that
 * shows it: a first visit of /login or a product page does not download it. main.tsx preloads it
 * before the first render when the app opens on a tab, and the server's document names its chunk
 * for the tab routes (scripts/lib/route-chunks.cjs), so a tab's first render never waits for it.
 */
export const TabBar = lazyScreen(
  () => import(/* webpackChunkName: "tab-bar" */ './tab-bar').then((module) => ({ default: module.TabBar })),
  { needs: 'shell' },
);
