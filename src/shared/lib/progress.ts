import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

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
