import { useEffect, useRef, useState } from 'react';
import { yupToFormErrors, type FormikErrors } from 'formik';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { confirmDialog, warmConfirmDialog } from '../../../shared/ui/confirm-dialog';
import {
  useCreateExtractMutation,
  useGetExtractInfoQuery,
  useGetUserInfoQuery,
  useListBlockchainsQuery,
  useVerifyPayPasswordMutation,
  withdrawalNetwork,
  type ApiError,
  type CreateExtractRequest,
} from '../../../api';
import { canPayWithPasskey, usePasskeyConfirmation } from '../../../api/passkeys';
import { useNewRecordCheck } from '../../../api/recheck';
import { paths } from '../../../shared/config/paths';
import { toDecimal } from '../../../shared/lib/money';
import { payProblemMessageId } from '../../../shared/lib/passkey';
import { useIntentKey } from '../../../shared/lib/use-intent-key';
import { useVerifiedAction } from '../../../shared/lib/use-verified-action';
import { toast } from '../../../shared/ui/toast';
import { useAppSelector } from '../../../store/hooks';
import { selectUserInfo } from '../../../store/session.slice';
import {
  normalizeBankCard,
  withdrawSchema,
  type WithdrawContext,
  type WithdrawValues,
} from '../schemas/withdraw.schema';

/** What the server is asked for, from valid form values. */
function toRequest(values: WithdrawValues): CreateExtractRequest {
  const price = toDecimal(values.amount.trim()).toFixed(2);
  return values.type === 'bank'
    ? {
        extract_type: 0,
        price,
        bank_card: normalizeBankCard(values.bankCard),
        bank_name: values.bankName.trim(),
        real_name: values.realName.trim(),
      }
    : { extract_type: 1, price, network: withdrawalNetwork(values.network), blockchain: values.address.trim() };
}

/**
 * /withDraw's flow (SPEC.md sections 4 and 5; DESIGN.md section 3.4): the balance, the service-charge
 * rate, the platform's minimum, saved cards and networks from the server; the amount checked against
 * them; no payment code yet offers to set one; otherwise the code sheet (a fresh verify_pay per
 * withdrawal) or, where this device has one, a passkey confirming exactly this withdrawal, then
 * createExtract with an Idempotency-Key, and after a lost answer the records read again before
 * anything is said.
 */
export function useWithdrawal() {
  // Without a payment code a withdrawal asks first: the dialog's code loads once the form has drawn.
  useEffect(warmConfirmDialog, []);
  const intl = useIntl();
  const navigate = useNavigate();
  const info = useGetExtractInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const chains = useListBlockchainsQuery();
  const stored = useAppSelector(selectUserInfo);
  const { data: userData } = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = userData?.data ?? stored;
  const [verifyPay] = useVerifyPayPasswordMutation();
  const [createExtract] = useCreateExtractMutation();
  const intent = useIntentKey();
  const verified = useVerifiedAction();
  const records = useNewRecordCheck('extracts');
  const [pending, setPending] = useState<CreateExtractRequest | null>(null);
  const passkey = usePasskeyConfirmation(user);

  const balance = info.data?.data?.balance ?? '0.00';
  const rate = info.data?.data?.service_charge ?? '0';
  // The platform's smallest withdrawal (an extension of ours; without it the server alone refuses).
  const minimum = info.data?.data?.min_price;

  /** The form's check: SPEC.md section 5's amount rules against this balance and minimum, and the fields. */
  const validate = (values: WithdrawValues): Promise<FormikErrors<WithdrawValues>> =>
    withdrawSchema
      .validate(values, { abortEarly: false, context: { balance, minimum } satisfies WithdrawContext })
      .then(
        () => ({}),
        (error: unknown) => yupToFormErrors<WithdrawValues>(error),
      );

  /** The form's submit: the code sheet opens for these values, or setting a code is offered first. */
  const askForCode = async (values: WithdrawValues) => {
    if (user && user.have_pay === 0) {
      // SPEC.md section 5: no payment code yet -> offer to set one.
      const go = await confirmDialog({
        title: intl.formatMessage({ id: 'wallet.withdraw.noPayCodeTitle' }),
        content: intl.formatMessage({ id: 'wallet.withdraw.noPayCodeBody' }),
        confirmText: intl.formatMessage({ id: 'wallet.withdraw.noPayCodeAction' }),
        cancelText: intl.formatMessage({ id: 'common.cancel' }),
      });
      if (go) navigate(paths.changePayPwd);
      return;
    }
    setPending(toRequest(values));
  };

  /** The code sheet's onComplete: the wrong-code message, or undefined once the withdrawal was tried. */
  const confirmWithCode = async (code: string): Promise<string | undefined> => {
    if (!pending) return undefined;
    try {
      await verifyPay({ verifyPayRequest: { password_pay: code } }).unwrap();
    } catch (error) {
      // The wrong-code message under the cells; the sheet stays open for another try.
      return (error as ApiError).message;
    }
    await send(pending);
    return undefined;
  };

  /**
   * The form's submit with a passkey where this device has one: the passkey confirms exactly this
   * withdrawal (its type, amount and destination: the server's challenge names them), then it is sent
   * as after the code. Cancelled or refused, the form keeps what was typed and the code stays offered.
   */
  const confirmWithPasskey = async (values: WithdrawValues) => {
    const sent = toRequest(values);
    const confirmation = await passkey.confirm({ action: 'extract', ...sent }, sent.price);
    if (!confirmation.ok) {
      const messageId = payProblemMessageId(confirmation.problem);
      if (messageId) toast.fail(intl.formatMessage({ id: messageId }));
      return;
    }
    await send(sent);
  };

  /** Sends a confirmed withdrawal once per intent, and says what happened (a lost answer is read back). */
  const send = async (sent: CreateExtractRequest): Promise<void> => {
    const key = intent.keyFor(sent);
    // The newest withdrawals before this one's first attempt: after a lost answer, a new one shows it was made.
    if (!(await records.before(key))) {
      // The session ended (a 401): the app goes to /login and the form comes back after it.
      setPending(null);
      return;
    }
    const done = await verified({
      send: () => createExtract({ 'Idempotency-Key': key, createExtractRequest: sent }).unwrap(),
      recheck: () =>
        records.found(
          (record) =>
            (record.extract_type === undefined || record.extract_type === sent.extract_type) &&
            toDecimal(record.extract_price).eq(sent.price),
        ),
      notDone: 'wallet.withdraw.notSent',
      unknown: 'wallet.withdraw.sendUnknown',
      intent,
    });
    setPending(null);
    // Not done: the request layer (e.g. over balance) or the check said why. The form keeps what was
    // typed; the same values reuse the same key, so a retry cannot withdraw twice.
    if (!done) return;
    toast.success(intl.formatMessage({ id: 'common.drawSuccess' }));
    // The filled form leaves the history, so Back cannot send the same withdrawal again.
    navigate(paths.depositRecord, { replace: true });
  };

  /** Which way the form's submit confirms: set by the button tapped, before Formik submits. */
  const method = useRef<'passkey' | 'code'>('code');
  const passkeyHere = canPayWithPasskey(user);

  return {
    /** getExtractInfo: loading, its error and retry. */
    info,
    balance,
    /** The service charge, a fraction (0.03). */
    rate,
    minimum,
    cards: info.data?.data?.card_list ?? [],
    networks: chains.data?.data ?? [],
    validate,
    askForCode,
    /** The form's submit: with a passkey when its button was tapped, else the code sheet (askForCode). */
    submit: (values: WithdrawValues) =>
      passkeyHere && method.current === 'passkey' ? confirmWithPasskey(values) : askForCode(values),
    /** This device can confirm with a passkey (the code stays the other way). */
    passkeyHere,
    /** A passkey confirmation is under way. */
    confirmingWithPasskey: passkey.confirming,
    /** The button about to submit the form names the way it confirms. */
    chooseMethod: (chosen: 'passkey' | 'code') => {
      method.current = chosen;
    },
    /** The withdrawal waiting for the payment code (the sheet is open), or null. */
    pending,
    confirmWithCode,
    /** Closes the code sheet; the form keeps what was typed. */
    dismiss: () => setPending(null),
    /** 'Forgot the code': the sheet closes and the payment-code screen opens. */
    setPayCode: () => {
      setPending(null);
      navigate(paths.changePayPwd);
    },
  };
}
