import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { applyUpdate, isUpdateWaiting, subscribeToUpdates } from './service-worker';
import './update-prompt.css';

/**
 * 'New version available - Reload' while a new deployment's service worker waits. A status region
 * (announced politely) with a real button; the shopper reloads when it suits them.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdates, isUpdateWaiting, () => false);
  return (
    <div role="status" className="update-prompt-region">
      {waiting && (
        <div className="update-prompt">
          <span className="update-prompt__text">
            <FormattedMessage id="app.update.available" />
          </span>
          <button type="button" className="update-prompt__action" onClick={applyUpdate}>
            <FormattedMessage id="app.update.reload" />
          </button>
        </div>
      )}
    </div>
  );
}
