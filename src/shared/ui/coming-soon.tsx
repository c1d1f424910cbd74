import { lazy, Suspense } from 'react';

const ComingSoonScreen = lazy(() => import(/* webpackChunkName: "coming-soon" */ './coming-soon-screen'));

/**
 * The one placeholder allowed: a translated 'coming soon' page for a route whose issue has not landed.
 */
export function comingSoon(titleId: string) {
  function ComingSoon() {
    return (
      <Suspense fallback={null}>
        <ComingSoonScreen titleId={titleId} />
      </Suspense>
    );
  }
  return ComingSoon;
}
