import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { EmptyState } from '../../../shared/ui/states';

/** A product or shop the server does not know (or no longer sells): said plainly, with a way on. */
export function NotFound({ titleId, textId }: { titleId: string; textId: string }) {
  return (
    <div className="detail-not-found">
      <EmptyState title={<FormattedMessage id={titleId} />} description={<FormattedMessage id={textId} />} />
      <Link className="button detail-not-found__link" to={paths.home}>
        <FormattedMessage id="catalog.notFound.browse" />
      </Link>
    </div>
  );
}
