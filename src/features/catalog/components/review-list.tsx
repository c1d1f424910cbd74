import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import StarFill from 'antd-mobile-icons/es/StarFill';
import type { Review } from '../../../api';
import { formatDateTime } from '../../../shared/lib/dates';
import { ImageViewer } from './image-viewer';
import { Picture } from '../../../shared/ui/picture';

const STARS = 5;

/** A score (1-5 in halves) as five stars; the score is said in words, the stars are decoration. */
export function Stars({ score }: { score: number }) {
  const intl = useIntl();
  const text = intl.formatMessage(
    { id: 'catalog.detail.rating' },
    { score: intl.formatNumber(score, { maximumFractionDigits: 1 }), max: STARS },
  );
  return (
    <span className="stars" role="img" aria-label={text}>
      {Array.from({ length: STARS }, (_, index) => {
        const fill = Math.min(1, Math.max(0, score - index));
        return (
          <span className="stars__star" key={index} aria-hidden>
            <StarFill className="stars__empty" />
            <span className="stars__fill" style={{ width: `${fill * 100}%` }}>
              <StarFill />
            </span>
          </span>
        );
      })}
    </span>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const intl = useIntl();
  const [viewing, setViewing] = useState<number | null>(null);
  const count = review.pics.length;
  return (
    <li className="review">
      <div className="review__head">
        {review.avatar ? (
          <Picture
            drawn={36}
            className="review__avatar"
            src={review.avatar}
            alt=""
            width={36}
            height={36}
            loading="lazy"
          />
        ) : (
          <span className="review__avatar review__avatar--none" aria-hidden>
            {review.nickname.slice(0, 1)}
          </span>
        )}
        <span className="review__who">
          <span className="review__name">{review.nickname}</span>
          {review.createtime && (
            <time className="review__date" dateTime={review.createtime}>
              {formatDateTime(review.createtime, intl.locale)}
            </time>
          )}
        </span>
        {review.product_score !== undefined && <Stars score={review.product_score} />}
      </div>
      {review.comment && <p className="review__comment">{review.comment}</p>}
      {count > 0 && (
        <ul className="review__pics">
          {review.pics.map((pic, index) => (
            <li key={`${pic}#${index}`}>
              <button
                type="button"
                className="review__pic"
                onClick={() => setViewing(index)}
                aria-label={intl.formatMessage(
                  { id: 'catalog.detail.reviewPicture' },
                  { name: review.nickname, index: index + 1, count },
                )}
              >
                <Picture drawn={72} src={pic} alt="" width={72} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && (
        <ImageViewer
          images={review.pics}
          startIndex={viewing}
          label={intl.formatMessage({ id: 'catalog.detail.reviewPictures' }, { name: review.nickname })}
          onClose={() => setViewing(null)}
        />
      )}
    </li>
  );
}

/** The latest reviews of a product, or a short "no reviews yet". */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) {
    return (
      <p className="detail-muted">
        <FormattedMessage id="catalog.detail.noReviews" />
      </p>
    );
  }
  return (
    <ul className="review-list">
      {reviews.map((review, index) => (
        <ReviewItem key={`${review.createtime}#${index}`} review={review} />
      ))}
    </ul>
  );
}
