import { FormattedMessage } from 'react-intl';
import type { AuditStatus } from '../../../api';

const labels: Record<AuditStatus, { id: string; tone: string }> = {
  0: { id: 'wallet.status.auditing', tone: 'pending' },
  1: { id: 'wallet.status.passed', tone: 'ok' },
  2: { id: 'wallet.status.refused', tone: 'bad' },
};

/** The audit status of a recharge or withdrawal (DESIGN.md section 3.3) as a badge: words, not only colour. */
export function AuditBadge({ status }: { status: AuditStatus }) {
  const { id, tone } = labels[status] ?? labels[0];
  return (
    <span className={`badge badge--${tone}`}>
      <FormattedMessage id={id} />
    </span>
  );
}

/** The audit filter of the record screens (SPEC.md section 4): all, 0 auditing, 1 passed, 2 refused. */
export const auditFilters = [
  { value: 'all', labelId: 'wallet.status.all' },
  { value: '0', labelId: 'wallet.status.auditing' },
  { value: '1', labelId: 'wallet.status.passed' },
  { value: '2', labelId: 'wallet.status.refused' },
] as const;

export type AuditFilter = (typeof auditFilters)[number]['value'];
