import { useRef } from 'react';
import { Form, Formik, yupToFormErrors, type FormikErrors, type FormikProps } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  useApplyRefundMutation,
  useGetOrderDetailQuery,
  type ApplyRefundRequest,
  type OrderDetail,
  isRefusal,
} from '../../../api';
import { useRecheck } from '../../../api/recheck';
import { useImageUpload } from '../../../api/upload';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../../common/money-format';
import { toDecimal } from '../../../shared/lib/money';
import { idFrom } from '../../../shared/lib/query-string';
import { FocusFirstError, REFUSED_FIELD } from '../../../shared/ui/focus-first-error';
import { FormField } from '../../../shared/ui/form-field';
import { ImageListField } from '../../../shared/ui/image-list-field';
import { Page } from '../../../shared/ui/page';
import { EmptyStateLink, ErrorState, LoadingState } from '../../../shared/ui/states';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { toast } from '../../../shared/ui/toast';
import { discardDraft } from '../../../store/kept-forms.slice';
import { FormKeeper } from '../../../store/use-form-keeper';
import { RadioChips, REFUSED_RADIO_CHIPS } from '../components/radio-chips';
import { refundTarget, type RefundTarget } from '../lib/refund-target';
import {
  EXPLAIN_MAX,
  MAX_PROOFS,
  REFUND_REASONS,
  refundSchema,
  type RefundContext,
  type RefundValues,
} from '../schemas/refund.schema';
import '../refund.css';
import { useIntentKey } from '../../../shared/lib/use-intent-key';
import { useVerifiedAction } from '../../../shared/lib/use-verified-action';

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

/** A state instead of the form, with the way back to the order. */
function Notice({ titleId, descriptionId, orderId }: { titleId: string; descriptionId?: string; orderId?: number }) {
  return (
    <EmptyStateLink
      title={<FormattedMessage id={titleId} />}
      description={descriptionId ? <FormattedMessage id={descriptionId} /> : undefined}
      to={orderId ? paths.orderInfo(orderId) : paths.order}
      action={<FormattedMessage id={orderId ? 'refund.backToOrder' : 'refund.toOrders'} />}
      replace
    />
  );
}

function RefundForm({ order, target }: { order: OrderDetail; target: RefundTarget }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [applyRefund] = useApplyRefundMutation();
  const intent = useIntentKey();
  const verified = useVerifiedAction();
  const recheck = useRecheck();
  const formRef = useRef<HTMLFormElement>(null);
  const upload = useImageUpload();
  const money = (value: string) => formatMoney(value, intl.locale);
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

  const renderForm = ({
    values,
    errors,
    touched,
    isSubmitting,
    setFieldValue,
    setFieldTouched,
  }: FormikProps<RefundValues>) => (
    <Form className="form refund-form" noValidate ref={formRef}>
      <FocusFirstError form={formRef} selector={`${REFUSED_FIELD}, ${REFUSED_RADIO_CHIPS}`} />
      {/* Reasons, text and proof images survive a 401 and a reload (sessionStorage draft). */}
      <FormKeeper formId={formId} draft />
      {order.refund?.status === 2 && (
        <p className="refund-refused" role="note">
          <FormattedMessage
            id="refund.previousRefused"
            values={{ reason: order.refund.admin_msg || intl.formatMessage({ id: 'refund.noReason' }) }}
          />
        </p>
      )}
      <section className="refund-order" aria-labelledby="refund-order-title">
        <h2 className="refund-order__title" id="refund-order-title">
          <FormattedMessage id="refund.order" values={{ sn: order.order_sn }} />
        </h2>
        <ul className="refund-lines">
          {target.lines.map((line) => (
            <li key={line.order_product_id} className="refund-line">
              <img className="refund-line__image" src={line.image} alt="" width={48} height={48} loading="lazy" />
              <span className="refund-line__title">{line.title}</span>
              <span className="refund-line__qty">
                <FormattedMessage id="refund.quantity" values={{ count: line.product_num }} />
              </span>
            </li>
          ))}
        </ul>
      </section>

      <RadioChips
        name="serviceType"
        legend={intl.formatMessage({ id: 'refund.type' })}
        choices={[
          { value: '0', label: <FormattedMessage id="refund.type.refundOnly" /> },
          { value: '1', label: <FormattedMessage id="refund.type.returnAndRefund" /> },
        ]}
        value={values.serviceType}
        onChange={(value) => void setFieldValue('serviceType', value, true)}
        error={touched.serviceType ? errors.serviceType : undefined}
      />
      <RadioChips
        name="receivingStatus"
        legend={intl.formatMessage({ id: 'refund.productStatus' })}
        choices={[
          { value: '0', label: <FormattedMessage id="refund.productStatus.notReceived" /> },
          { value: '1', label: <FormattedMessage id="refund.productStatus.received" /> },
        ]}
        value={values.receivingStatus}
        onChange={(value) => void setFieldValue('receivingStatus', value, true)}
        error={touched.receivingStatus ? errors.receivingStatus : undefined}
      />
      <FormField
        name="amount"
        label="refund.amount"
        inputMode="decimal"
        autoComplete="off"
        hint={<FormattedMessage id="refund.amountHint" values={{ max: money(target.maxAmount) }} />}
      />
      <ReasonField
        value={values.reason}
        onChange={(reason) => void setFieldValue('reason', reason, true)}
        onBlur={() => void setFieldTouched('reason', true)}
        error={touched.reason ? errors.reason : undefined}
      />
      <TextAreaField
        name="explain"
        labelId="refund.explain"
        placeholderId="refund.explainPlaceholder"
        maxLength={EXPLAIN_MAX}
        countId="refund.characters"
      />
      <div className="refund-proofs">
        <p className="form-field__label">
          <FormattedMessage id="refund.proofs" values={{ max: MAX_PROOFS }} />
        </p>
        <ImageListField
          value={values.images}
          onChange={(images) => void setFieldValue('images', images, true)}
          onBlur={() => void setFieldTouched('images', true, false)}
          upload={upload}
          max={MAX_PROOFS}
          itemLabel="refund.proof"
          error={touched.images && typeof errors.images === 'string' ? errors.images : undefined}
        />
      </div>
      <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
        <FormattedMessage id={isSubmitting ? 'refund.submitting' : 'refund.submit'} />
      </button>
    </Form>
  );

  return (
    <Formik<RefundValues> initialValues={initialValues} validate={validate} onSubmit={submit}>
      {renderForm}
    </Formik>
  );
}

function ReasonField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: RefundValues['reason'];
  onChange: (reason: RefundValues['reason']) => void;
  onBlur: () => void;
  error?: string;
}) {
  const intl = useIntl();
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor="refund-reason">
        <FormattedMessage id="refund.reason" />
      </label>
      <div className="form-field__control">
        <select
          id="refund-reason"
          className="form-field__input refund-select"
          value={value}
          onChange={(event) => onChange(event.target.value as RefundValues['reason'])}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'refund-reason-error' : undefined}
        >
          <option value="">{intl.formatMessage({ id: 'refund.reason.choose' })}</option>
          {REFUND_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {intl.formatMessage({ id: `refund.reason.${reason}` })}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <div className="form-field__error" id="refund-reason-error">
          {intl.formatMessage({ id: error })}
        </div>
      )}
    </div>
  );
}

/**
 * /refund/{id}/{sn}/{product_ids}/{amount}: a refund request for a paid order (SPEC.md sections 3
 * and 5): type, product status, amount (at most what was paid, checked against the server's order),
 * reason, explanation and proof images. One refund per order: once asked, the screen says so.
 */
export default function RefundScreen() {
  const intl = useIntl();
  const params = useParams();
  const orderId = idFrom(params.id);
  const query = useGetOrderDetailQuery({ orderId: orderId ?? 0 }, { skip: orderId === null });
  const order = query.data?.data;
  const notFound = orderId === null || (query.isError && isRefusal(query.error));

  let body: React.ReactNode;
  if (notFound) body = <Notice titleId="refund.notFound" />;
  // A read again that failed (after a lost answer, say) keeps the form and what was typed in it.
  else if (query.isError && !order) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!order) body = <LoadingState />;
  else if (order.refund_status > 0)
    body = <Notice titleId="common.refundExists" descriptionId="refund.existsDetail" orderId={order.order_id} />;
  else if (order.status < 1 || order.status > 4)
    body = <Notice titleId="refund.notAllowed" descriptionId="refund.notAllowedDetail" orderId={order.order_id} />;
  else body = <RefundForm order={order} target={refundTarget(order, params.product_ids, params.amount)} />;

  return (
    <Page
      title={intl.formatMessage({ id: 'route.refund' })}
      fallback={orderId ? paths.orderInfo(orderId) : paths.order}
      className="refund"
    >
      {body}
    </Page>
  );
}
