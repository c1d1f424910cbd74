import { FormattedMessage, useIntl } from 'react-intl';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { Page } from './page';

export default function ComingSoonScreen({ titleId }: { titleId: string }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: titleId })}>
      <ErrorBlock
        status="empty"
        title={<FormattedMessage id="common.comingSoon" />}
        description={<FormattedMessage id="common.comingSoonDescription" />}
      />
    </Page>
  );
}
