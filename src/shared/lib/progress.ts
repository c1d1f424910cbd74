import NProgress from 'nprogress';

// nprogress's own template marks the bar role="bar", which is no ARIA role (axe aria-roles): the bar
// is decorative (loading is said by each screen), so it is found by its class and hidden from AT.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  minimum: 0.15,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

let pending = 0;

/**
 * The top navigation progress bar (SPEC.md section 2: no spinner). Reference-counted, so a route's
 * code chunk and the session check can both hold it open.
 */
export const progress = {
  begin(): void {
    pending += 1;
    if (pending === 1) NProgress.start();
  },
  end(): void {
    pending = Math.max(0, pending - 1);
    if (pending === 0) NProgress.done();
  },
};
