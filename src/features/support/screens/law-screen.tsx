import { FormattedMessage, useIntl } from 'react-intl';
import { useGetLawQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { RichText } from '../components/rich-text';

/** /law: the terms and privacy text, sanitized, as a readable page. */
export default function LawScreen() {
  const intl = useIntl();
  const query = useGetLawQuery();
  const document = query.data?.code === 1 ? query.data.data : undefined;

  let content;
  if (query.isError) content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!document) content = <LoadingState />;
  else if (!document.content.trim()) content = <EmptyState title={<FormattedMessage id="support.law.empty" />} />;
  else {
    content = (
      <article className="law" aria-label={intl.formatMessage({ id: 'route.law' })}>
        <RichText html={document.content} />
      </article>
    );
  }

  return (
    <Page title={intl.formatMessage({ id: 'route.law' })} fallback={paths.me}>
      {content}
    </Page>
  );
}
