import { useIntl } from 'react-intl';
import { useListHotProductsQuery, type ListHotProductsApiArg } from '../../../api';
import { Page } from '../../../shared/ui/page';
import { ProductGrid } from '../components/product-grid';
import '../discovery.css';

type HotArgs = Omit<ListHotProductsApiArg, 'page' | 'limit'>;

/** /popular: every product on sale, best sellers first (the hot list), with load-more. */
export default function PopularScreen() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: 'route.popular' })} className="discovery">
      <p className="discovery-intro">{intl.formatMessage({ id: 'catalog.popular.intro' })}</p>
      <ProductGrid<HotArgs>
        useListQuery={useListHotProductsQuery}
        args={{}}
        label={intl.formatMessage({ id: 'route.popular' })}
      />
    </Page>
  );
}
