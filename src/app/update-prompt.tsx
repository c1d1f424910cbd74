import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isUpdateWaiting, subscribeToUpdates } from './service-worker';

const UpdateBanner = lazy(() => import(/* webpackChunkName: "update-banner" */ './update-banner'));

/**
 * 'New version available - Reload' while a new deployment's service worker waits. A status region
 * (announced politely, present from the start so the prompt is heard when it appears) with a real
 * button; the shopper reloads when it suits them.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdates, isUpdateWaiting, () => false);
  return (
    <div role="status" className="update-prompt-region">
      {waiting && (
        <Suspense fallback={null}>
          <UpdateBanner />
        </Suspense>
      )}
    </div>
  );
}
