import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useGetShopServiceQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { ServiceFrame } from '../components/service-frame';

/** The shop comes as `?mer_id=ID` or in the navigation state ({ mer_id }). */
function useShopId(): number | undefined {
  const [params] = useSearchParams();
  const state = useLocation().state as { mer_id?: number | string } | null;
  const raw = params.get('mer_id') ?? state?.mer_id;
  const id = Number(raw);
  return raw !== undefined && raw !== null && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** /services: a shop's customer service (get_shops_kf) inside the app. */
export default function ServicesScreen() {
  const intl = useIntl();
  const shopId = useShopId();
  const query = useGetShopServiceQuery({ pid: shopId ?? 0 }, { skip: shopId === undefined });
  const service = query.data?.code === 1 ? query.data.data : undefined;

  let content;
  if (shopId === undefined) content = <EmptyState title={<FormattedMessage id="support.services.noShop" />} />;
  else if (query.isError) content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!service) content = <LoadingState />;
  else {
    content = <ServiceFrame url={service.url} title={intl.formatMessage({ id: 'support.services.frameTitle' })} />;
  }

  return (
    <Page
      title={intl.formatMessage({ id: 'route.services' })}
      fallback={shopId === undefined ? paths.home : paths.shop(shopId)}
      className="service-page"
    >
      {content}
    </Page>
  );
}
