import { FormattedMessage } from 'react-intl';
import { applyUpdate } from './service-worker';
import './update-prompt.css';

/** The prompt's text and Reload button (loaded only when a new version waits: most visits never). */
export default function UpdateBanner() {
  return (
    <div className="update-prompt">
      <span className="update-prompt__text">
        <FormattedMessage id="app.update.available" />
      </span>
      <button type="button" className="update-prompt__action" onClick={() => void applyUpdate()}>
        <FormattedMessage id="app.update.reload" />
      </button>
    </div>
  );
}
