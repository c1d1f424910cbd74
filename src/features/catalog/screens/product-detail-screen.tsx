import { useDeferredValue } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router-dom';
import { useGetProductDetailQuery, type ApiError, type ProductDetail, isRefusal } from '../../../api';
import { firstPictureFor } from '../../../shared/lib/first-picture';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { DetailActionBar } from '../components/detail-action-bar';
import { ImageGallery } from '../components/image-gallery';
import { NotFound } from '../components/not-found';
import { ProductCard } from '../components/product-card';
import { ProductDescription } from '../components/product-description';
import { ProductSummary } from '../components/product-summary';
import { QuantityStepper } from '../../../shared/ui/quantity-stepper';
import { ReviewList } from '../components/review-list';
import { ShopSummary } from '../components/shop-summary';
import { SpecChooser } from '../components/spec-chooser';
import { useProductPurchase } from '../hooks/use-product-purchase';
import '../detail.css';
import { Picture } from '../../../shared/ui/picture';

/** A route parameter that must be a positive integer id. */
function positiveId(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

function DetailContent({ detail }: { detail: ProductDetail }) {
  const intl = useIntl();
  const { goods } = detail;
  const purchase = useProductPurchase(detail);
  const { stock, soldOut } = purchase;

  const actionBar = (
    <DetailActionBar
      detail={detail}
      soldOut={soldOut}
      adding={purchase.adding}
      onAdd={() => void purchase.addToBag()}
      onBuy={purchase.buyNow}
    />
  );

  return (
    <Page title={intl.formatMessage({ id: 'route.detail' })} className="detail" footer={actionBar}>
      <ImageGallery
        images={goods.images}
        label={intl.formatMessage({ id: 'catalog.detail.pictures' }, { title: goods.title })}
      />

      <ProductSummary detail={detail} soldOut={soldOut} />

      <section className="detail-card detail-options" aria-labelledby="detail-options">
        <h2 className="detail-card__title" id="detail-options">
          <FormattedMessage id="catalog.detail.options" />
        </h2>
        {goods.specList.length > 0 && (
          <SpecChooser groups={goods.specList} chosen={purchase.chosen} onChange={purchase.choose} />
        )}
        <div className="detail-options__quantity">
          <span className="detail-options__label" aria-hidden>
            <FormattedMessage id="catalog.detail.quantity" />
          </span>
          <QuantityStepper
            value={purchase.number}
            max={stock}
            onChange={purchase.setQuantity}
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
              <Picture drawn="gallery" className="gallery__image" src={picture} alt="" width={750} height={750} />
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
