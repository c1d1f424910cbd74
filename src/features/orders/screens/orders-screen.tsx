import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router-dom';
import { useListOrdersQuery, type OrderListItem } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { EmptyState } from '../../../shared/ui/states';
import { OrderCard } from '../components/order-card';
import { OrderTabs, tabIdOf, useTabsId } from '../components/order-tabs';
import { useOrderActions } from '../hooks/use-order-actions';
import { filterFromParam, type OrderFilter } from '../lib/order-status';
import '../orders.css';

/** Orders per page (DESIGN.md section 3: 10 unless named). */
const PAGE_SIZE = 10;

/**
 * /order, the orders hub, and /myPurchases/{status}, the same list opened at a status (DESIGN.md
 * section 4): status tabs over a pull-to-refresh list of order cards with their quick actions. The tab
 * is screen state: Back from an order's detail returns to the kept screen at the same tab.
 */
export default function OrdersScreen() {
  const intl = useIntl();
  const { status } = useParams();
  const { pathname } = useLocation();
  const [filter, setFilter] = useState<OrderFilter>(() => filterFromParam(status));
  const { busyId, run, pay } = useOrderActions();
  const baseId = useTabsId();
  const panelId = `${baseId}-panel`;
  const titleId = pathname.startsWith(paths.myPurchases()) ? 'route.myPurchases' : 'route.order';

  return (
    <Page title={intl.formatMessage({ id: titleId })} fallback={paths.me} className="orders">
      <OrderTabs value={filter} onChange={setFilter} panelId={panelId} baseId={baseId} />
      <div id={panelId} role="tabpanel" aria-labelledby={tabIdOf(baseId, filter)} className="orders__panel">
        <PullList
          useListQuery={useListOrdersQuery}
          args={{ status: filter }}
          limit={PAGE_SIZE}
          label={intl.formatMessage({ id: 'orders.list' })}
          itemKey={(order: OrderListItem) => order.order_id}
          empty={<EmptyState title={<FormattedMessage id="orders.empty" />} />}
          renderItem={(order: OrderListItem) => (
            <OrderCard
              order={order}
              busy={busyId === order.order_id}
              onAction={(action, item) => void run(action, item.order_id, item.order_sn)}
              onPay={(item) => pay(item.order_id)}
            />
          )}
        />
      </div>
    </Page>
  );
}
