import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useListExtractsQuery, type Extract } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatDateTime } from '../../../shared/lib/dates';
import { formatMoney } from '../../../shared/lib/money';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { EmptyState } from '../../../shared/ui/states';
import { AuditBadge, auditFilters, type AuditFilter } from '../components/audit-status';
import { ChoiceChips } from '../components/choice-chips';
import { RecordItem } from '../components/record-item';

/** /depositRecord: the shopper's withdrawals with the audit filter, fee and actual arrival, 10 a page. */
export default function DepositRecordScreen() {
  const intl = useIntl();
  const [status, setStatus] = useState<AuditFilter>('all');
  const money = (value: string) => formatMoney(value, intl.locale);
  return (
    <Page title={intl.formatMessage({ id: 'route.depositRecord' })} fallback={paths.withDraw}>
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
        useListQuery={useListExtractsQuery}
        args={{ status }}
        limit={10}
        label={intl.formatMessage({ id: 'wallet.record.withdrawList' })}
        itemKey={(item: Extract) => item.id}
        empty={<EmptyState title={<FormattedMessage id="wallet.record.empty" />} />}
        renderItem={(item: Extract) => (
          <RecordItem
            title={
              <FormattedMessage
                id="wallet.record.withdrawTitle"
                values={{
                  method: intl.formatMessage({
                    id: item.extract_type === 1 ? 'wallet.withdraw.chain' : 'wallet.withdraw.bank',
                  }),
                }}
              />
            }
            amount={money(item.extract_price)}
            badge={<AuditBadge status={item.status} />}
            details={
              <>
                <dl className="record__figures">
                  <div>
                    <dt>
                      <FormattedMessage id="wallet.withdraw.fee" />
                    </dt>
                    <dd>{money(item.fee)}</dd>
                  </div>
                  <div>
                    <dt>
                      <FormattedMessage id="wallet.withdraw.arrival" />
                    </dt>
                    <dd>{money(item.real_price)}</dd>
                  </div>
                </dl>
                {item.status === 2 && item.admin_msg && (
                  <p className="record__reason">
                    <FormattedMessage id="wallet.record.reason" values={{ reason: item.admin_msg }} />
                  </p>
                )}
              </>
            }
            date={formatDateTime(item.createtime, intl.locale)}
            dateTime={new Date(item.createtime * 1000).toISOString()}
          />
        )}
      />
    </Page>
  );
}
