import type { NProgress as NProgressApi } from 'nprogress';

/** Waits shorter than this show no bar: an instant navigation should not flash one. */
const SHOW_AFTER_MS = 120;

let bar: NProgressApi | null = null;
let loading: Promise<NProgressApi> | null = null;

// nprogress (and its stylesheet) loads the first time a wait lasts long enough to show the bar:
// most first screens never need it, so it stays out of the first visit's code. theme.css colours
// the bar with selectors that outrank nprogress.css, whenever that arrives.
const loadBar = () =>
  (loading ??= Promise.all([
    import(/* webpackChunkName: "nprogress" */ 'nprogress'),
    import(/* webpackChunkName: "nprogress" */ 'nprogress/nprogress.css'),
  ]).then(([{ default: NProgress }]) => {
    // nprogress's own template marks the bar role="bar", which is no ARIA role (axe aria-roles): the
    // bar is decorative (loading is said by each screen), so it is found by its class and hidden from AT.
    NProgress.configure({
      showSpinner: false,
      trickleSpeed: 120,
      minimum: 0.15,
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    bar = NProgress;
    return NProgress;
  }));

let pending = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * The top navigation progress bar (SPEC.md section 2: no spinner). Reference-counted, so a route's
 * code chunk and the session check can both hold it open; shown once a wait passes 120 ms.
 */
export const progress = {
  begin(): void {
    pending += 1;
    if (pending !== 1) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void loadBar().then((loaded) => {
        if (pending > 0) loaded.start();
      });
    }, SHOW_AFTER_MS);
  },
  end(): void {
    pending = Math.max(0, pending - 1);
    if (pending !== 0) return;
    clearTimeout(timer);
    bar?.done();
  },
};
