import { FormattedMessage, useIntl } from 'react-intl';
import { paths } from '../shared/config/paths';
import { Page } from '../shared/ui/page';
import { EmptyStateLink } from '../shared/ui/states';

/** A path no route of SPEC.md section 2 answers: says so, with the way back to Home. */
export function NotFoundScreen() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: 'route.notFound' })} fallback={paths.home}>
      <EmptyStateLink
        title={<FormattedMessage id="route.notFound" />}
        description={<FormattedMessage id="app.notFound.description" />}
        to={paths.home}
        action={<FormattedMessage id="app.notFound.action" />}
        replace
        primary
      />
    </Page>
  );
}
