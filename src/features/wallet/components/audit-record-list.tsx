import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuditStatus } from '../../../api';
import { formatDateTime, type Moment } from '../../../shared/lib/dates';
import { PullList, type ListQueryHook } from '../../../shared/ui/pull-list';
import { EmptyState } from '../../../shared/ui/states';
import { AuditBadge, auditFilters, type AuditFilter } from './audit-status';
import { ChoiceChips } from './choice-chips';
import { RecordItem } from './record-item';

/** What every audited record (recharge or withdrawal) has. */
export interface AuditRecord {
  /** Unique in the list (api/views.ts). */
  key: string;
  /** The audit status, when the backend sends it (the family's withdrawal rows may not). */
  status?: AuditStatus;
  /** Operator's note; the reason when refused, else ''. */
  admin_msg: string;
  createtime?: Moment;
}

interface AuditRecordListProps<T extends AuditRecord> {
  useListQuery: ListQueryHook<{ status: AuditFilter }, T>;
  /** Translation id of the list's accessible name. */
  labelId: string;
  title: (item: T) => ReactNode;
  /** The amount, already formatted. */
  amount: (item: T) => ReactNode;
  /** Lines shown before the refusal reason (e.g. fee and arrival). */
  figures?: (item: T) => ReactNode;
}

/**
 * A record screen's body (SPEC.md section 4): the audit filter (all, auditing, passed, refused) above the
 * pull-to-refresh list, 10 a page, each row with its audit badge, refusal reason and date.
 */
export function AuditRecordList<T extends AuditRecord>({
  useListQuery,
  labelId,
  title,
  amount,
  figures,
}: AuditRecordListProps<T>) {
  const intl = useIntl();
  const [status, setStatus] = useState<AuditFilter>('all');
  return (
    <>
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
        useListQuery={useListQuery}
        args={{ status }}
        limit={10}
        label={intl.formatMessage({ id: labelId })}
        itemKey={(item: T) => item.key}
        empty={<EmptyState title={<FormattedMessage id="wallet.record.empty" />} />}
        renderItem={(item: T) => {
          const extra = figures?.(item);
          const reason = item.status === 2 && item.admin_msg && (
            <p className="record__reason">
              <FormattedMessage id="wallet.record.reason" values={{ reason: item.admin_msg }} />
            </p>
          );
          return (
            <RecordItem
              title={title(item)}
              amount={amount(item)}
              badge={item.status !== undefined && <AuditBadge status={item.status} />}
              details={
                extra || reason ? (
                  <>
                    {extra}
                    {reason}
                  </>
                ) : undefined
              }
              date={formatDateTime(item.createtime, intl.locale)}
              dateTime={item.createtime}
            />
          );
        }}
      />
    </>
  );
}
