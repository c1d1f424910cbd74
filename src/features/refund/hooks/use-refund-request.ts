import { yupToFormErrors, type FormikErrors } from 'formik';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { useApplyRefundMutation, type ApplyRefundRequest, type OrderDetail } from '../../../api';
import { useRecheck } from '../../../api/recheck';
import { paths } from '../../../shared/config/paths';
import { toDecimal } from '../../../shared/lib/money';
import { useIntentKey } from '../../../shared/lib/use-intent-key';
import { useVerifiedAction } from '../../../shared/lib/use-verified-action';
import { toast } from '../../../shared/ui/toast';
import { discardDraft } from '../../../store/kept-forms.slice';
import type { RefundTarget } from '../lib/refund-target';
import { refundSchema, type RefundContext, type RefundValues } from '../schemas/refund.schema';

/** The order screen opened this one (Back returns to it) or not (a deep link). */
interface FromState {
  from?: string;
}

/**
 * The request; typeName and statusName are the chosen options as the shopper read them, which the
 * family's client sends beside their codes (BACKEND-FAMILY.md, "Orders, refunds, reviews").
 */
function toRequest(
  order: OrderDetail,
  target: RefundTarget,
  values: RefundValues,
  label: (id: string) => string,
): ApplyRefundRequest {
  const returning = values.serviceType === '1';
  const received = values.receivingStatus === '1';
  return {
    order_id: order.order_id,
    sn: order.order_sn,
    amount: toDecimal(values.amount.trim()).toFixed(2),
    service_type: returning ? 1 : 0,
    typeName: label(returning ? 'refund.type.returnAndRefund' : 'refund.type.refundOnly'),
    receiving_status: received ? 1 : 0,
    statusName: label(received ? 'refund.productStatus.received' : 'refund.productStatus.notReceived'),
    reason_type: values.reason,
    refund_explain: values.explain.trim(),
    images: values.images.join(','),
    order_product_id: target.lines.map((line) => line.order_product_id).join(','),
  };
}

/**
 * The refund form's flow (SPEC.md sections 3 and 5; DESIGN.md section 3.4): starts at the most that may
 * be refunded, checks the amount against it, sends the request once per intent (an Idempotency-Key),
 * reads the order again after a lost answer, and on success drops the kept draft and returns to the
 * order. `formId` names the draft (FormKeeper) of this order's lines.
 */
export function useRefundRequest(order: OrderDetail, target: RefundTarget) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [applyRefund] = useApplyRefundMutation();
  const intent = useIntentKey();
  const verified = useVerifiedAction();
  const recheck = useRecheck();
  const formId = `refund:${order.order_id}:${target.lines.map((line) => line.order_product_id).join(',')}`;

  const initialValues: RefundValues = {
    serviceType: '',
    receivingStatus: '',
    amount: target.maxAmount,
    reason: '',
    explain: '',
    images: [],
  };
  const validate = (values: RefundValues): Promise<FormikErrors<RefundValues>> =>
    refundSchema
      .validate(values, { abortEarly: false, context: { maxAmount: target.maxAmount } satisfies RefundContext })
      .then(
        () => ({}),
        (error: unknown) => yupToFormErrors<RefundValues>(error),
      );

  const submit = async (values: RefundValues) => {
    const label = (id: string) => intl.formatMessage({ id });
    const request = toRequest(order, target, values, label);
    const done = await verified({
      // A retry after a lost answer gets the first answer, not 'already submitted' (contract).
      send: () => applyRefund({ 'Idempotency-Key': intent.keyFor(request), applyRefundRequest: request }).unwrap(),
      // After a lost or late answer: the order, read again, shows whether a refund was asked for.
      recheck: async () => {
        const fresh = await recheck.order(order.order_id);
        if (fresh === 'gone') return 'unknown';
        return fresh.refund_status > 0;
      },
      notDone: 'refund.notSent',
      unknown: 'refund.sendUnknown',
      intent,
    });
    // Not done: the request layer or the check said why; everything typed stays.
    if (!done) return;
    discardDraft(formId);
    toast.success(intl.formatMessage({ id: 'common.applicationSuccess' }));
    // Back to the order (it shows the refund label); the filled form leaves the history.
    if ((location.state as FromState | null)?.from === 'order') navigate(-1);
    else navigate(paths.orderInfo(order.order_id), { replace: true });
  };

  return { formId, initialValues, validate, submit };
}
