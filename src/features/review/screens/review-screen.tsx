import { useRef } from 'react';
import { Form, Formik, type FormikProps } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  useGetOrderDetailQuery,
  useReviewOrderProductMutation,
  type OrderDetail,
  type OrderLine,
  isRefusal,
} from '../../../api';
import { useRecheck } from '../../../api/recheck';
import { useImageUpload } from '../../../api/upload';
import { paths } from '../../../shared/config/paths';
import { idFrom } from '../../../shared/lib/query-string';
import { FocusFirstError } from '../../../shared/ui/focus-first-error';
import { ImageListField } from '../../../shared/ui/image-list-field';
import { Page } from '../../../shared/ui/page';
import { EmptyStateLink, ErrorState, LoadingState } from '../../../shared/ui/states';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { toast } from '../../../shared/ui/toast';
import { discardDraft } from '../../../store/kept-forms.slice';
import { FormKeeper } from '../../../store/use-form-keeper';
import { ScoreField } from '../components/score-field';
import { COMMENT_MAX, MAX_PICS, reviewSchema, type ReviewValues } from '../schemas/review.schema';
import '../review.css';
import { useIntentKey } from '../../../shared/lib/use-intent-key';
import { useVerifiedAction } from '../../../shared/lib/use-verified-action';
import { Picture } from '../../../shared/ui/picture';

/** The order screen opened this one (Back returns to it) or not (a deep link). */
interface FromState {
  from?: string;
}

const initialValues: ReviewValues = { productScore: 5, serviceScore: 5, postageScore: 5, comment: '', pics: [] };

/** A state instead of the form, with the way back to the order. */
function Notice({ titleId, orderId }: { titleId: string; orderId?: number }) {
  return (
    <EmptyStateLink
      title={<FormattedMessage id={titleId} />}
      to={orderId ? paths.orderInfo(orderId) : paths.order}
      action={<FormattedMessage id={orderId ? 'review.backToOrder' : 'review.toOrders'} />}
      replace
    />
  );
}

function ReviewForm({ order, line }: { order: OrderDetail; line: OrderLine }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [review] = useReviewOrderProductMutation();
  const intent = useIntentKey();
  const verified = useVerifiedAction();
  const recheck = useRecheck();
  const formRef = useRef<HTMLFormElement>(null);
  const upload = useImageUpload();
  const formId = `review:${order.order_id}:${line.product_id}`;

  const submit = async (values: ReviewValues) => {
    const request = {
      order_id: order.order_id,
      product_id: line.product_id,
      product_score: values.productScore,
      service_score: values.serviceScore,
      postage_score: values.postageScore,
      comment: values.comment.trim(),
      pics: values.pics.join(','),
    };
    const done = await verified({
      // A retry after a lost answer gets the first answer, not 'already reviewed' (contract).
      send: () => review({ 'Idempotency-Key': intent.keyFor(request), reviewRequest: request }).unwrap(),
      // After a lost or late answer: the order, read again, shows whether this product is reviewed.
      recheck: async () => {
        const fresh = await recheck.order(order.order_id);
        if (fresh === 'gone') return 'unknown';
        const reviewed = fresh.products.find((item) => item.product_id === line.product_id);
        return reviewed ? reviewed.is_reply === 1 : 'unknown';
      },
      notDone: 'review.notSent',
      unknown: 'review.sendUnknown',
      intent,
    });
    // Not done: the request layer or the check said why; everything written stays.
    if (!done) return;
    discardDraft(formId);
    toast.success(intl.formatMessage({ id: 'review.success' }));
    // Back to the order, where this product now shows as reviewed; the form leaves the history.
    if ((location.state as FromState | null)?.from === 'order') navigate(-1);
    else navigate(paths.orderInfo(order.order_id), { replace: true });
  };

  const renderForm = ({ values, errors, isSubmitting, setFieldValue, setFieldTouched }: FormikProps<ReviewValues>) => (
    <Form className="form review-form" noValidate ref={formRef}>
      <FocusFirstError form={formRef} />
      {/* A review takes a while to write: a reload or a 401 does not lose it (sessionStorage draft). */}
      <FormKeeper formId={formId} draft />
      <section className="review-product" aria-labelledby="review-product-title">
        <Picture drawn={64} className="review-product__image" src={line.image} alt="" width={64} height={64} />
        <div>
          <h2 className="review-product__title" id="review-product-title">
            {line.title}
          </h2>
          {line.spec && <p className="review-product__spec">{line.spec.split('|').join(' · ')}</p>}
        </div>
      </section>
      <fieldset className="review-scores">
        <legend className="form-field__label">
          <FormattedMessage id="review.scores" />
        </legend>
        <ScoreField
          labelId="review.score.product"
          value={values.productScore}
          onChange={(value) => void setFieldValue('productScore', value, true)}
          error={errors.productScore}
        />
        <ScoreField
          labelId="review.score.service"
          value={values.serviceScore}
          onChange={(value) => void setFieldValue('serviceScore', value, true)}
          error={errors.serviceScore}
        />
        <ScoreField
          labelId="review.score.postage"
          value={values.postageScore}
          onChange={(value) => void setFieldValue('postageScore', value, true)}
          error={errors.postageScore}
        />
      </fieldset>
      <TextAreaField
        name="comment"
        labelId="review.comment"
        placeholderId="review.commentPlaceholder"
        maxLength={COMMENT_MAX}
        rows={5}
        countId="review.characters"
      />
      <div className="review-pics">
        <p className="form-field__label">
          <FormattedMessage id="review.pics" values={{ max: MAX_PICS }} />
        </p>
        <ImageListField
          value={values.pics}
          onChange={(pics) => void setFieldValue('pics', pics, false)}
          onBlur={() => void setFieldTouched('pics', true, false)}
          upload={upload}
          max={MAX_PICS}
          itemLabel="review.pic"
        />
      </div>
      <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
        <FormattedMessage id={isSubmitting ? 'review.submitting' : 'review.submit'} />
      </button>
    </Form>
  );

  return (
    <Formik<ReviewValues> initialValues={initialValues} validationSchema={reviewSchema} onSubmit={submit}>
      {renderForm}
    </Formik>
  );
}

/**
 * /comment?order_id=&product_id=: a review of one product of a received order (SPEC.md sections 3
 * and 5): product, service and shipping ratings in halves, text (required) and optional photos. The
 * query string says which order and product; what is shown comes from the server's order.
 */
export default function ReviewScreen() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const orderId = idFrom(search.get('order_id'));
  const productId = idFrom(search.get('product_id'));
  const query = useGetOrderDetailQuery({ orderId: orderId ?? 0 }, { skip: orderId === null });
  const order = query.data?.data;
  const line = order?.products.find((item) => item.product_id === productId);
  const notFound =
    orderId === null ||
    productId === null ||
    (query.isError && isRefusal(query.error)) ||
    (order && !query.isError && !line);

  let body: React.ReactNode;
  if (notFound) body = <Notice titleId="review.notFound" orderId={order ? order.order_id : undefined} />;
  // A read again that failed (after a lost answer, say) keeps the form and what was typed in it.
  else if (query.isError && !order) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!order || !line) body = <LoadingState />;
  else if (line.is_reply === 1) body = <Notice titleId="review.already" orderId={order.order_id} />;
  else if (order.status !== 3 && order.status !== 4) body = <Notice titleId="review.notYet" orderId={order.order_id} />;
  else body = <ReviewForm order={order} line={line} />;

  return (
    <Page
      title={intl.formatMessage({ id: 'route.comment' })}
      fallback={orderId ? paths.orderInfo(orderId) : paths.order}
      className="review"
    >
      {body}
    </Page>
  );
}
