import { FormattedMessage, useIntl } from 'react-intl';
import { useListFollowedShopsQuery, type ListFollowedShopsApiArg, type ShopCard } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { EmptyStateLink } from '../../../shared/ui/states';
import { ShopRow } from '../components/shop-row';
import '../detail.css';

const NO_ARGS = {};

/** /heart: the shops the shopper follows, newest first, each with Unfollow. */
export default function HeartScreen() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: 'route.heart' })} fallback={paths.me} className="favourites">
      <PullList<Omit<ListFollowedShopsApiArg, 'page' | 'limit'>, ShopCard>
        useListQuery={useListFollowedShopsQuery}
        args={NO_ARGS}
        itemKey={(shop) => shop.mer_id}
        renderItem={(shop) => <ShopRow shop={shop} />}
        label={intl.formatMessage({ id: 'route.heart' })}
        empty={
          <EmptyStateLink
            title={<FormattedMessage id="catalog.heart.empty" />}
            description={<FormattedMessage id="catalog.heart.emptyText" />}
            to={paths.home}
            action={<FormattedMessage id="catalog.heart.browse" />}
            primary
          />
        }
      />
    </Page>
  );
}
