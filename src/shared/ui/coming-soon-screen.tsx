import { FormattedMessage, useIntl } from 'react-intl';
import { Page } from './page';
import { StateBlock } from './states';

export default function ComingSoonScreen({ titleId }: { titleId: string }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: titleId })}>
      <StateBlock
        kind="empty"
        title={<FormattedMessage id="common.comingSoon" />}
        description={<FormattedMessage id="common.comingSoonDescription" />}
      />
    </Page>
  );
}
