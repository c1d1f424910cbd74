import { FormattedMessage, useIntl } from 'react-intl';
import { useGetPlatformQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { safeHttpUrl } from '../../../shared/lib/safe-url';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';

/** /cardTopUp: manual top-ups go through the platform's customer service (no form of our own). */
export default function CardTopUpScreen() {
  const intl = useIntl();
  const { data, isLoading, isError, error, refetch } = useGetPlatformQuery();
  const url = safeHttpUrl(data?.data?.custom_service);
  return (
    <Page title={intl.formatMessage({ id: 'route.cardTopUp' })} fallback={paths.topUp}>
      <section className="card wallet-manual" aria-labelledby="manual-title">
        <h2 className="card__title" id="manual-title">
          <FormattedMessage id="wallet.manual.title" />
        </h2>
        <p className="wallet-manual__body">
          <FormattedMessage id="wallet.manual.body" />
        </p>
        <p className="wallet-manual__body wallet-note">
          <FormattedMessage id="wallet.topUp.review" />
        </p>
        <div className="wallet-manual__action">
          {isLoading ? (
            <LoadingState />
          ) : isError ? (
            <ErrorState error={error} onRetry={() => void refetch()} />
          ) : url ? (
            <a className="button" href={url} target="_blank" rel="noopener noreferrer">
              <FormattedMessage id="wallet.manual.contact" />
              <span className="visually-hidden">
                {' '}
                <FormattedMessage id="wallet.manual.newWindow" />
              </span>
            </a>
          ) : (
            <p className="wallet-note">
              <FormattedMessage id="wallet.manual.unavailable" />
            </p>
          )}
        </div>
      </section>
    </Page>
  );
}
