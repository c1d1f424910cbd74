import { FormattedMessage } from 'react-intl';
import { paths } from '../../../shared/config/paths';
import { EmptyStateLink } from '../../../shared/ui/states';

/** A product or shop the server does not know (or no longer sells): said plainly, with a way on. */
export function NotFound({ titleId, textId }: { titleId: string; textId: string }) {
  return (
    <EmptyStateLink
      title={<FormattedMessage id={titleId} />}
      description={<FormattedMessage id={textId} />}
      to={paths.home}
      action={<FormattedMessage id="catalog.notFound.browse" />}
      primary
    />
  );
}
