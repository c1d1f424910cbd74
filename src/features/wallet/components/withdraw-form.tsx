import { Form, useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BankCard, BlockchainAddress } from '../../../api';
import { formatMoney, isPositiveAmount, toDecimal, withdrawalFee, withdrawalNet } from '../../../shared/lib/money';
import { FormField } from '../../../shared/ui/form-field';
import { announce } from '../../../shared/ui/live-region';
import { PasskeyMark } from '../../../shared/ui/passkey-mark';
import { FormKeeper } from '../../../store/use-form-keeper';
import { normalizeBankCard, type WithdrawType, type WithdrawValues } from '../schemas/withdraw.schema';
import { ChoiceChips } from './choice-chips';

const lastDigits = (card: string) => normalizeBankCard(card).slice(-4);

/** How long typing must pause before the preview is said: once per amount, not once per keystroke. */
const PREVIEW_SAID_AFTER_MS = 1000;

/**
 * The fee and the actual arrival of the amount typed, at the server's rate. Said to screen readers
 * once the shopper stops typing (a live region on the list would say it at every digit).
 */
function WithdrawPreview({ amount, rate }: { amount: string; rate: string }) {
  const intl = useIntl();
  const money = (value: string) => formatMoney(value, intl.locale);
  const amountReady = isPositiveAmount(amount);
  const fee = amountReady ? withdrawalFee(amount.trim(), rate) : '0.00';
  const net = amountReady ? withdrawalNet(amount.trim(), rate) : '0.00';
  const spoken = amountReady
    ? intl.formatMessage({ id: 'wallet.withdraw.previewSpoken' }, { fee: money(fee), net: money(net) })
    : '';
  // What was said last: a kept screen shown again runs its effects again, and has nothing new to say.
  const said = useRef('');
  useEffect(() => {
    if (!spoken || spoken === said.current) return undefined;
    const timer = setTimeout(() => {
      said.current = spoken;
      announce(spoken);
    }, PREVIEW_SAID_AFTER_MS);
    return () => clearTimeout(timer);
  }, [spoken]);
  return (
    <dl className="withdraw-preview">
      <div>
        <dt>
          <FormattedMessage id="wallet.withdraw.fee" />
        </dt>
        <dd>{money(fee)}</dd>
      </div>
      <div className="withdraw-preview__net">
        <dt>
          <FormattedMessage id="wallet.withdraw.arrival" />
        </dt>
        <dd>{money(net)}</dd>
      </div>
    </dl>
  );
}

/** A bank card withdrawal: the saved cards (one tap fills the three fields), then the fields. */
function BankFields({ cards }: { cards: readonly BankCard[] }) {
  const intl = useIntl();
  const { values, setValues } = useFormikContext<WithdrawValues>();
  const chosenCard = (card: BankCard) =>
    normalizeBankCard(values.bankCard) === normalizeBankCard(card.bank_card) &&
    values.bankName.trim() === card.bank_name &&
    values.realName.trim() === card.real_name;
  return (
    <>
      {cards.length > 0 && (
        <ChoiceChips
          label={intl.formatMessage({ id: 'wallet.withdraw.savedCards' })}
          choices={cards.map((card) => ({
            value: normalizeBankCard(card.bank_card),
            label: (
              <FormattedMessage
                id="wallet.withdraw.cardEnding"
                values={{ bank: card.bank_name, last4: lastDigits(card.bank_card) }}
              />
            ),
          }))}
          value={cards.find(chosenCard) ? normalizeBankCard(values.bankCard) : ''}
          onChange={(number) => {
            const card = cards.find((item) => normalizeBankCard(item.bank_card) === number);
            if (!card) return;
            void setValues(
              { ...values, bankCard: card.bank_card, bankName: card.bank_name, realName: card.real_name },
              true,
            );
          }}
        />
      )}
      <FormField
        name="bankCard"
        label="wallet.withdraw.bankCard"
        inputMode="numeric"
        autoComplete="off"
        maxLength={23}
      />
      <FormField name="bankName" label="wallet.withdraw.bankName" autoComplete="off" maxLength={60} />
      <FormField name="realName" label="wallet.withdraw.realName" autoComplete="name" maxLength={60} />
    </>
  );
}

/** An on-chain withdrawal: the network (one of the platform's) and the address. */
function ChainFields({ networks }: { networks: readonly BlockchainAddress[] }) {
  const intl = useIntl();
  const { values, errors, touched, setFieldValue } = useFormikContext<WithdrawValues>();
  return (
    <>
      <ChoiceChips
        label={intl.formatMessage({ id: 'wallet.withdraw.network' })}
        choices={networks.map((chain) => ({ value: chain.network, label: chain.network }))}
        value={values.network}
        onChange={(network) => void setFieldValue('network', network, touched.network)}
        error={touched.network ? errors.network : undefined}
      />
      <FormField
        name="address"
        label="wallet.withdraw.address"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
    </>
  );
}

/**
 * The withdrawal form inside its Formik (useWithdrawal holds the flow): the method, the amount with
 * 'withdraw all', the live fee and arrival, the method's fields, and the submit, which stays disabled
 * while the code sheet is open (`waiting`).
 */
export function WithdrawForm({
  balance,
  rate,
  minimum,
  cards,
  networks,
  waiting,
  passkey,
}: {
  balance: string;
  rate: string;
  minimum: string | undefined;
  cards: readonly BankCard[];
  networks: readonly BlockchainAddress[];
  waiting: boolean;
  /**
   * Where this device has a passkey: its button confirms with it, and the payment code's is the
   * other way; `choose` names the way before the form submits.
   */
  passkey?: { busy: boolean; choose: (method: 'passkey' | 'code') => void };
}) {
  const intl = useIntl();
  const { values, isSubmitting, setFieldValue, setFieldTouched } = useFormikContext<WithdrawValues>();
  return (
    <Form className="form" noValidate>
      {/* Kept through a 401 in memory only: amounts and addresses never go to storage. */}
      <FormKeeper formId="withdraw" />
      <ChoiceChips<WithdrawType>
        label={intl.formatMessage({ id: 'wallet.withdraw.method' })}
        choices={[
          { value: 'bank', label: <FormattedMessage id="wallet.withdraw.bank" /> },
          { value: 'chain', label: <FormattedMessage id="wallet.withdraw.chain" /> },
        ]}
        value={values.type}
        onChange={(type) => void setFieldValue('type', type, false)}
      />

      <div className="withdraw-amount">
        <FormField
          name="amount"
          label="wallet.withdraw.amount"
          inputMode="decimal"
          autoComplete="off"
          errorValues={minimum === undefined ? undefined : { min: formatMoney(minimum, intl.locale) }}
        />
        <button
          type="button"
          className="button button--ghost withdraw-amount__all"
          onClick={() => {
            void setFieldValue('amount', toDecimal(balance).toFixed(2), true);
            void setFieldTouched('amount', true, false);
          }}
        >
          <FormattedMessage id="wallet.withdraw.drawAll" />
        </button>
      </div>

      <WithdrawPreview amount={values.amount} rate={rate} />

      {values.type === 'bank' ? <BankFields cards={cards} /> : <ChainFields networks={networks} />}

      <p className="wallet-note">
        <FormattedMessage id="wallet.withdraw.hold" />
      </p>
      {passkey ? (
        <>
          <button
            type="submit"
            className="button passkey-button"
            disabled={isSubmitting || waiting}
            aria-busy={passkey.busy}
            onClick={() => passkey.choose('passkey')}
          >
            <PasskeyMark />
            <FormattedMessage id={passkey.busy ? 'passkey.confirming' : 'wallet.withdraw.withPasskey'} />
          </button>
          <button
            type="submit"
            className="button button--ghost"
            disabled={isSubmitting || waiting}
            onClick={() => passkey.choose('code')}
          >
            <FormattedMessage id="passkey.useCode" />
          </button>
        </>
      ) : (
        <button type="submit" className="button" disabled={isSubmitting || waiting} aria-busy={isSubmitting}>
          <FormattedMessage id={isSubmitting ? 'wallet.withdraw.submitting' : 'wallet.withdraw.submit'} />
        </button>
      )}
    </Form>
  );
}
