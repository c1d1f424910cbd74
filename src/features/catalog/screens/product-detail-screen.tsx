import { useDeferredValue, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import HeartFill from 'antd-mobile-icons/es/HeartFill';
import HeartOutline from 'antd-mobile-icons/es/HeartOutline';
import {
  api,
  useAddToCartMutation,
  useGetProductDetailQuery,
  type ApiError,
  type ProductDetail,
  isRefusal,
} from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney, toCents } from '../../../../common/money-format';
import { firstPictureFor } from '../../../shared/lib/first-picture';
import { isUnknownOutcome, useIntentKey } from '../../../shared/lib/use-intent-key';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch } from '../../../store/hooks';
import { backDataMerged } from '../../../store/session.slice';
import { backDataKeys, type BuyNowSelection } from '../../../shared/config/back-data';
import { ImageGallery } from '../components/image-gallery';
import { NotFound } from '../components/not-found';
import { ProductCard } from '../components/product-card';
import { ProductDescription } from '../components/product-description';
import { clampQuantity, QuantityStepper } from '../../../shared/ui/quantity-stepper';
import { ReviewList } from '../components/review-list';
import { ShopSummary } from '../components/shop-summary';
import { defaultSpec, SpecChooser, specText } from '../components/spec-chooser';
import { useRequireLogin } from '../components/use-require-login';
import { useToggleLike } from '../components/use-favourites';
import '../detail.css';

/** A route parameter that must be a positive integer id. */
function positiveId(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

function DetailContent({ detail }: { detail: ProductDetail }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const requireLogin = useRequireLogin();
  const { goods } = detail;
  const [chosen, setChosen] = useState(() => defaultSpec(goods.specList));
  const [quantity, setQuantity] = useState(1);
  const [addToCart, adding] = useAddToCartMutation();
  const intent = useIntentKey();
  const like = useToggleLike();

  // A backend may not send the stock: then nothing here caps the quantity (the server refuses more).
  const stock = goods.stock;
  const soldOut = stock !== undefined && stock < 1;
  const number = clampQuantity(quantity, stock);
  const market = toCents(goods.market_price);
  const price = toCents(goods.sales_price);
  const discounted = market !== null && price !== null && market > price;
  const liked = like.likedOf(detail.product_id, detail.is_like) === 1;

  /**
   * After a lost or late answer: what the bag holds of this product now, read from the server, so the
   * shopper is told what is true (it may have been added, only the answer was lost).
   */
  const tellWhatTheBagHolds = async (spec: string) => {
    // Subscribed while it reads: without a subscriber RTK Query may answer from an entry it has
    // already dropped (no data), which would say 'could not be checked' of a bag it did read.
    const reading = dispatch(api.endpoints.getCart.initiate(undefined, { forceRefetch: true }));
    try {
      const bag = await reading.unwrap();
      const line = bag.data?.carts.find((item) => item.product_id === detail.product_id && item.spec === spec);
      if (line) toast.show(intl.formatMessage({ id: 'catalog.detail.addUnconfirmed' }, { count: line.cart_num }));
      else toast.fail(intl.formatMessage({ id: 'catalog.detail.notAdded' }));
    } catch {
      toast.fail(intl.formatMessage({ id: 'catalog.detail.addUnknown' }));
    } finally {
      reading.unsubscribe();
    }
  };

  const addToBag = async () => {
    if (!requireLogin()) return;
    const request = {
      mer_id: detail.mer_id,
      product_id: detail.product_id,
      num: number,
      spec: specText(chosen),
      id: detail.id,
    };
    try {
      // One key per intended add (contract, addToCart): a retry after a lost answer adds nothing more.
      await addToCart({ 'Idempotency-Key': intent.keyFor(request), addToCartRequest: request }).unwrap();
      intent.settled();
      toast.success(intl.formatMessage({ id: 'catalog.detail.added' }));
    } catch (error) {
      // A refusal was shown by the request layer (e.g. not enough stock); the choice stays. After a
      // lost answer the key stays too, so tapping again cannot add twice.
      intent.settled(error);
      if (isUnknownOutcome(error)) await tellWhatTheBagHolds(request.spec);
    }
  };

  const buyNow = () => {
    if (!requireLogin()) return;
    const selection: BuyNowSelection = {
      product_id: detail.product_id,
      mer_id: detail.mer_id,
      spec: specText(chosen),
      number,
      id: detail.id,
    };
    dispatch(backDataMerged({ [backDataKeys.buyNow]: selection }));
    navigate(paths.checkout);
  };

  const actionBar = (
    <div className="detail-actions">
      <Link className="detail-actions__icon" to={paths.shop(detail.mer_id)}>
        <AppstoreOutline aria-hidden fontSize={22} />
        <span>
          <FormattedMessage id="catalog.detail.shop" />
        </span>
      </Link>
      <button
        type="button"
        className={`detail-actions__icon${liked ? ' detail-actions__icon--on' : ''}`}
        aria-pressed={liked}
        onClick={() => void like.toggle(detail, liked ? 1 : 0)}
      >
        {liked ? <HeartFill aria-hidden fontSize={22} /> : <HeartOutline aria-hidden fontSize={22} />}
        <span>
          <FormattedMessage id="catalog.detail.like" />
        </span>
      </button>
      <button
        type="button"
        className="detail-actions__button detail-actions__button--bag"
        onClick={() => void addToBag()}
        disabled={soldOut || adding.isLoading}
        aria-busy={adding.isLoading}
      >
        <FormattedMessage id="catalog.detail.addToBag" />
      </button>
      <button
        type="button"
        className="detail-actions__button detail-actions__button--buy"
        onClick={buyNow}
        disabled={soldOut}
      >
        <FormattedMessage id="catalog.detail.buyNow" />
      </button>
    </div>
  );

  return (
    <Page title={intl.formatMessage({ id: 'route.detail' })} className="detail" footer={actionBar}>
      <ImageGallery
        images={goods.images}
        label={intl.formatMessage({ id: 'catalog.detail.pictures' }, { title: goods.title })}
      />

      <section className="detail-card detail-summary" aria-labelledby="detail-title">
        <p className="detail-summary__prices">
          <span className="detail-summary__price">{formatMoney(goods.sales_price, intl.locale)}</span>
          {discounted && (
            <s className="detail-summary__market">
              <span className="visually-hidden">
                <FormattedMessage
                  id="catalog.product.marketPrice"
                  values={{ price: formatMoney(goods.market_price, intl.locale) }}
                />
              </span>
              <span aria-hidden>{formatMoney(goods.market_price, intl.locale)}</span>
            </s>
          )}
        </p>
        <h2 className="detail-summary__title" id="detail-title">
          {goods.title}
        </h2>
        <p className="detail-summary__facts">
          {stock !== undefined && (
            <span className={soldOut ? 'detail-summary__sold-out' : undefined}>
              {soldOut ? (
                <FormattedMessage id="catalog.detail.soldOut" />
              ) : (
                <FormattedMessage id="catalog.detail.stock" values={{ count: stock }} />
              )}
            </span>
          )}
          {detail.sales !== undefined && (
            <span>
              <FormattedMessage id="catalog.product.sales" values={{ count: detail.sales }} />
            </span>
          )}
        </p>
      </section>

      <section className="detail-card detail-options" aria-labelledby="detail-options">
        <h2 className="detail-card__title" id="detail-options">
          <FormattedMessage id="catalog.detail.options" />
        </h2>
        {goods.specList.length > 0 && <SpecChooser groups={goods.specList} chosen={chosen} onChange={setChosen} />}
        <div className="detail-options__quantity">
          <span className="detail-options__label" aria-hidden>
            <FormattedMessage id="catalog.detail.quantity" />
          </span>
          <QuantityStepper
            value={number}
            max={stock}
            onChange={setQuantity}
            disabled={soldOut}
            size="large"
            labels={{
              group: intl.formatMessage({ id: 'catalog.detail.quantity' }),
              input: intl.formatMessage({ id: 'catalog.detail.quantity' }),
              decrease: intl.formatMessage({ id: 'catalog.detail.decrease' }),
              increase: intl.formatMessage({ id: 'catalog.detail.increase' }),
            }}
          />
        </div>
      </section>

      <ShopSummary shop={detail.merchant} />

      <section className="detail-card" aria-labelledby="detail-description">
        <h2 className="detail-card__title" id="detail-description">
          <FormattedMessage id="catalog.detail.description" />
        </h2>
        <ProductDescription html={goods.content} />
      </section>

      <section className="detail-card" aria-labelledby="detail-reviews">
        <h2 className="detail-card__title" id="detail-reviews">
          <FormattedMessage id="catalog.detail.reviews" values={{ count: detail.reply_list.length }} />
        </h2>
        <ReviewList reviews={detail.reply_list} />
      </section>

      {detail.other.length > 0 && (
        <section className="detail-other" aria-labelledby="detail-other">
          <h2 className="detail-other__title" id="detail-other">
            <FormattedMessage id="catalog.detail.other" />
          </h2>
          <ul className="detail-grid">
            {detail.other.map((product) => (
              <li key={product.key}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </Page>
  );
}

/** /detail/{product}/{mer}: a product of a shop (never kept alive: it always shows fresh stock). */
export default function ProductDetailScreen() {
  const intl = useIntl();
  const params = useParams();
  const location = useLocation();
  const productId = positiveId(params.product);
  const merId = positiveId(params.mer);
  const known = productId !== undefined && merId !== undefined;
  const query = useGetProductDetailQuery({ productId: productId ?? 0, merId: merId ?? 0 }, { skip: !known });
  // Drawn in a deferred render, which yields to the browser every few milliseconds: the store's
  // update alone would draw the whole product in one block (useSyncExternalStore).
  const detail = useDeferredValue(query.data?.code === 1 ? query.data.data : undefined);
  const error = query.error as ApiError | undefined;

  if (detail) return <DetailContent key={`${detail.product_id}/${detail.mer_id}`} detail={detail} />;

  let content;
  if (!known || (query.isError && isRefusal(error))) {
    content = <NotFound titleId="catalog.detail.notFound" textId="catalog.detail.notFoundText" />;
  } else if (query.isError) content = <ErrorState error={error} onRetry={() => void query.refetch()} />;
  else {
    // The product's first picture, when the server already drew it in the app frame, stays in the
    // gallery's place while the product loads.
    const picture = firstPictureFor(location.pathname);
    content = (
      <>
        {picture && (
          <div className="gallery" aria-hidden>
            <div className="gallery__track">
              <img className="gallery__image" src={picture} alt="" width={750} height={750} />
            </div>
          </div>
        )}
        <LoadingState />
      </>
    );
  }
  return (
    <Page title={intl.formatMessage({ id: 'route.detail' })} className="detail">
      {content}
    </Page>
  );
}
