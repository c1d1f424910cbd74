import { FormattedMessage, useIntl } from 'react-intl';
import { useListExtractsQuery, type Extract } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../shared/lib/money';
import { Page } from '../../../shared/ui/page';
import { AuditRecordList } from '../components/audit-record-list';

/** /depositRecord: the shopper's withdrawals with the audit filter, fee and actual arrival, 10 a page. */
export default function DepositRecordScreen() {
  const intl = useIntl();
  const money = (value: string) => formatMoney(value, intl.locale);
  return (
    <Page title={intl.formatMessage({ id: 'route.depositRecord' })} fallback={paths.withDraw}>
      <AuditRecordList
        useListQuery={useListExtractsQuery}
        labelId="wallet.record.withdrawList"
        title={(item: Extract) =>
          // The backend's own title line (mark), else the method when it says it, else 'Withdrawal'.
          item.mark ??
          (item.extract_type === undefined ? (
            <FormattedMessage id="wallet.bill.extract" />
          ) : (
            <FormattedMessage
              id="wallet.record.withdrawTitle"
              values={{
                method: intl.formatMessage({
                  id: item.extract_type === 1 ? 'wallet.withdraw.chain' : 'wallet.withdraw.bank',
                }),
              }}
            />
          ))
        }
        amount={(item: Extract) => money(item.extract_price)}
        figures={(item: Extract) => (
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
        )}
      />
    </Page>
  );
}
