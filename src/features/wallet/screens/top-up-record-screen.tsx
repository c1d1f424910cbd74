import { FormattedMessage, useIntl } from 'react-intl';
import { useListRechargesQuery, type Recharge } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../shared/lib/money';
import { Page } from '../../../shared/ui/page';
import { AuditRecordList } from '../components/audit-record-list';

/** /topUpRecord: the shopper's recharges with the audit filter (SPEC.md section 4), 10 a page. */
export default function TopUpRecordScreen() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: 'route.topUpRecord' })} fallback={paths.topUp}>
      <AuditRecordList
        useListQuery={useListRechargesQuery}
        labelId="wallet.record.topUpList"
        title={(item: Recharge) =>
          item.network ? (
            <FormattedMessage id="wallet.record.topUpTitle" values={{ network: item.network }} />
          ) : (
            <FormattedMessage id="wallet.bill.recharge" />
          )
        }
        amount={(item: Recharge) => formatMoney(item.price, intl.locale)}
        figures={(item: Recharge) =>
          item.method && (
            <p className="record__method">
              <FormattedMessage id={`wallet.record.method.${item.method}`} />
            </p>
          )
        }
      />
    </Page>
  );
}
