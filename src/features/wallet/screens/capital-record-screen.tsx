import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useListBillsQuery, type Bill, type ListBillsApiArg } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatDateTime } from '../../../shared/lib/dates';
import { formatSignedMoney, toDecimal } from '../../../shared/lib/money';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { EmptyState } from '../../../shared/ui/states';
import { ChoiceChips } from '../components/choice-chips';
import { RecordItem } from '../components/record-item';

type BillFilter = NonNullable<ListBillsApiArg['type']>;

/** The contract's bill type enum (DESIGN.md section 3.1: all, recharge, extract, pay, refund). */
const billFilters: readonly BillFilter[] = ['all', 'recharge', 'extract', 'pay', 'refund'];

/** /capitalRecord: the ledger (bill) with its type filter; every change signed and coloured, 10 a page. */
export default function CapitalRecordScreen() {
  const intl = useIntl();
  const [type, setType] = useState<BillFilter>('all');
  return (
    <Page title={intl.formatMessage({ id: 'route.capitalRecord' })} fallback={paths.me}>
      <ChoiceChips
        className="record-filter"
        label={intl.formatMessage({ id: 'wallet.record.typeFilter' })}
        hideLabel
        choices={billFilters.map((value) => ({ value, label: <FormattedMessage id={`wallet.bill.${value}`} /> }))}
        value={type}
        onChange={setType}
      />
      <PullList
        useListQuery={useListBillsQuery}
        args={{ type }}
        limit={10}
        label={intl.formatMessage({ id: 'wallet.record.billList' })}
        itemKey={(item: Bill) => item.key}
        empty={<EmptyState title={<FormattedMessage id="wallet.record.empty" />} />}
        renderItem={(item: Bill) => (
          <RecordItem
            title={item.title}
            amount={formatSignedMoney(item.money, intl.locale)}
            amountTone={toDecimal(item.money).isNegative() ? 'minus' : 'plus'}
            badge={
              item.type && (
                <span className="badge badge--plain">
                  <FormattedMessage id={`wallet.bill.${item.type}`} />
                </span>
              )
            }
            date={formatDateTime(item.createtime, intl.locale)}
            dateTime={item.createtime}
          />
        )}
      />
    </Page>
  );
}
