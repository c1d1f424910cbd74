import { useRef } from 'react';
import { Form, Formik, type FormikProps } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { useGetOrderDetailQuery, type OrderDetail, isRefusal } from '../../../api';
import { useImageUpload } from '../../../api/upload';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../../common/money-format';
import { idFrom } from '../../../shared/lib/query-string';
import { FocusFirstError, REFUSED_FIELD } from '../../../shared/ui/focus-first-error';
import { FormField } from '../../../shared/ui/form-field';
import { ImageListField } from '../../../shared/ui/image-list-field';
import { Page } from '../../../shared/ui/page';
import { EmptyStateLink, ErrorState, LoadingState } from '../../../shared/ui/states';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { FormKeeper } from '../../../store/use-form-keeper';
import { RadioChips, REFUSED_RADIO_CHIPS } from '../components/radio-chips';
import { ReasonField } from '../components/reason-field';
import { RefundLines } from '../components/refund-lines';
import { useRefundRequest } from '../hooks/use-refund-request';
import { refundTarget, type RefundTarget } from '../lib/refund-target';
import { EXPLAIN_MAX, MAX_PROOFS, type RefundValues } from '../schemas/refund.schema';
import '../refund.css';

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
  const { formId, initialValues, validate, submit } = useRefundRequest(order, target);
  const formRef = useRef<HTMLFormElement>(null);
  const upload = useImageUpload();
  const money = (value: string) => formatMoney(value, intl.locale);

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
      <RefundLines orderSn={order.order_sn} lines={target.lines} />

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
