import { FormattedMessage } from 'react-intl';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';

/** Loading state of a screen or a block. */
export function LoadingState({ label }: { label?: string }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <span className="visually-hidden">{label ?? <FormattedMessage id="common.loading" />}</span>
    </div>
  );
}

/** Nothing to show. */
export function EmptyState({ title, description }: { title?: React.ReactNode; description?: React.ReactNode }) {
  return (
    <ErrorBlock
      status="empty"
      title={title ?? <FormattedMessage id="common.empty" />}
      description={description ?? ''}
    />
  );
}

/** A failed load, with the request layer's translated message and a retry. */
export function ErrorState({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const message = (error as { message?: string } | undefined)?.message;
  return (
    <div className="state state--error" role="alert">
      <ErrorBlock status="default" title={<FormattedMessage id="common.loadFailed" />} description={message ?? ''} />
      {onRetry && (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </button>
      )}
    </div>
  );
}
