import { useIntl } from 'react-intl';
import { useGetPlatformQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { ServiceFrame } from '../components/service-frame';

/** /service: the platform's customer service (getPlatform's custom_service) inside the app. */
export default function ServiceScreen() {
  const intl = useIntl();
  const query = useGetPlatformQuery();
  const platform = query.data?.code === 1 ? query.data.data : undefined;

  let content;
  if (query.isError) content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!platform) content = <LoadingState />;
  else {
    content = (
      <ServiceFrame
        url={platform.custom_service}
        title={intl.formatMessage({ id: 'support.service.frameTitle' }, { name: platform.name })}
      />
    );
  }

  return (
    <Page title={intl.formatMessage({ id: 'route.service' })} fallback={paths.me} className="service-page">
      {content}
    </Page>
  );
}
