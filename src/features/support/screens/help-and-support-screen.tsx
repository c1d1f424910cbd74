import { FormattedMessage, useIntl } from 'react-intl';
import { useGetHelpSupportQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { RichText } from '../components/rich-text';
import { SupportLinks } from '../components/support-links';

/**
 * /helpAndSupport: the help topics as an accordion. Native <details>/<summary>: keyboard, screen
 * reader (expanded/collapsed) and find-in-page work without any script.
 */
export default function HelpAndSupportScreen() {
  const intl = useIntl();
  const query = useGetHelpSupportQuery();
  const topics = query.data?.code === 1 ? query.data.data : undefined;

  let content;
  if (query.isError) content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!topics) content = <LoadingState />;
  else if (topics.length === 0) content = <EmptyState title={<FormattedMessage id="support.help.empty" />} />;
  else {
    content = (
      <div className="help-list">
        {topics.map((topic, index) => (
          <details className="help-item" key={`${index}:${topic.title}`}>
            <summary className="help-item__title">{topic.title}</summary>
            <RichText html={topic.content} className="help-item__body" />
          </details>
        ))}
      </div>
    );
  }

  return (
    <Page title={intl.formatMessage({ id: 'route.helpAndSupport' })} fallback={paths.me}>
      <p className="support-lead">
        <FormattedMessage id="support.help.lead" />
      </p>
      {content}
      <SupportLinks current="help" />
    </Page>
  );
}
