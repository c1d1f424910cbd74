import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { EmptyState, ErrorState } from '../../../shared/ui/states';

/** Nothing to check out (no selection in backData): back to the bag. */
export function CheckoutMissing() {
  return (
    <div className="checkout-missing">
      <EmptyState
        title={<FormattedMessage id="checkout.missing.title" />}
        description={<FormattedMessage id="checkout.missing.description" />}
      />
      <Link to={paths.bag} replace className="button checkout-missing__action">
        <FormattedMessage id="checkout.missing.action" />
      </Link>
    </div>
  );
}

/**
 * The server could not price the order: its reason with a retry, another address when one was
 * picked (it may have been deleted since: 'Address not found'), and the way back to the bag.
 */
export function PreviewFailed({
  error,
  onRetry,
  onPickAnother,
}: {
  error: unknown;
  onRetry: () => void;
  /** Given when an address was picked. */
  onPickAnother?: () => void;
}) {
  return (
    <div className="checkout-missing">
      <ErrorState error={error} onRetry={onRetry} />
      {onPickAnother && (
        <button type="button" className="button button--outline checkout-missing__action" onClick={onPickAnother}>
          <FormattedMessage id="checkout.address.pickAnother" />
        </button>
      )}
      <Link to={paths.bag} replace className="button button--outline checkout-missing__action">
        <FormattedMessage id="checkout.missing.action" />
      </Link>
    </div>
  );
}
