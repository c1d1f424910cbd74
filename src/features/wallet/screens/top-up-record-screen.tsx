import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useListRechargesQuery, type Recharge } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatDateTime } from '../../../shared/lib/dates';
import { formatMoney } from '../../../shared/lib/money';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { EmptyState } from '../../../shared/ui/states';
import { AuditBadge, auditFilters, type AuditFilter } from '../components/audit-status';
import { ChoiceChips } from '../components/choice-chips';
import { RecordItem } from '../components/record-item';

/** /topUpRecord: the shopper's recharges with the audit filter (SPEC.md section 4), 10 a page. */
export default function TopUpRecordScreen() {
  const intl = useIntl();
  const [status, setStatus] = useState<AuditFilter>('all');
  return (
    <Page title={intl.formatMessage({ id: 'route.topUpRecord' })} fallback={paths.topUp}>
      <ChoiceChips
        className="record-filter"
        label={intl.formatMessage({ id: 'wallet.record.filter' })}
        hideLabel
        choices={auditFilters.map((filter) => ({
          value: filter.value,
          label: <FormattedMessage id={filter.labelId} />,
        }))}
        value={status}
        onChange={setStatus}
      />
      <PullList
        useListQuery={useListRechargesQuery}
        args={{ status }}
        limit={10}
        label={intl.formatMessage({ id: 'wallet.record.topUpList' })}
        itemKey={(item: Recharge) => item.id}
        empty={<EmptyState title={<FormattedMessage id="wallet.record.empty" />} />}
        renderItem={(item: Recharge) => (
          <RecordItem
            title={<FormattedMessage id="wallet.record.topUpTitle" values={{ network: item.network }} />}
            amount={formatMoney(item.price, intl.locale)}
            badge={<AuditBadge status={item.status} />}
            details={
              item.status === 2 && item.admin_msg ? (
                <p className="record__reason">
                  <FormattedMessage id="wallet.record.reason" values={{ reason: item.admin_msg }} />
                </p>
              ) : undefined
            }
            date={formatDateTime(item.createtime, intl.locale)}
            dateTime={new Date(item.createtime * 1000).toISOString()}
          />
        )}
      />
    </Page>
  );
}
