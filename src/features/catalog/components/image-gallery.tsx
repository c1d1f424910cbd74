import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ImageViewer, slideIndex } from './image-viewer';
import { Picture } from '../../../shared/ui/picture';

/**
 * The product pictures: a light swipeable strip (CSS scroll-snap, no carousel library) with the
 * position as "2 / 5"; tapping a picture enlarges it in the full-screen viewer. The square frame is
 * reserved, so nothing moves when the pictures arrive.
 */
export function ImageGallery({ images, label }: { images: string[]; label: string }) {
  const intl = useIntl();
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const count = images.length;

  const closeViewer = (last: number) => {
    setViewing(null);
    // Come back to the picture the shopper last looked at.
    const element = track.current;
    if (element?.clientWidth) element.scrollLeft = last * element.clientWidth;
    setIndex(last);
  };

  return (
    <section className="gallery" aria-label={label}>
      <ul className="gallery__track" ref={track} onScroll={() => setIndex(slideIndex(track.current, count))}>
        {images.map((image, position) => (
          <li className="gallery__slide" key={`${image}#${position}`}>
            <button
              type="button"
              className="gallery__open"
              onClick={() => setViewing(position)}
              aria-label={intl.formatMessage({ id: 'catalog.detail.enlargeImage' }, { index: position + 1, count })}
            >
              <Picture
                drawn="gallery"
                className="gallery__image"
                src={image}
                alt=""
                width={750}
                height={750}
                loading={position === 0 ? 'eager' : 'lazy'}
                // The first picture is the page's LCP element; the server announces the same URL in
                // the document (<link rel=preload fetchpriority=high>, server/src/web/preload.ts).
                fetchPriority={position === 0 ? 'high' : 'auto'}
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      {count > 1 && (
        <span className="gallery__count" aria-hidden>
          <FormattedMessage id="catalog.detail.imageIndex" values={{ index: index + 1, count }} />
        </span>
      )}
      {viewing !== null && <ImageViewer images={images} startIndex={viewing} label={label} onClose={closeViewer} />}
    </section>
  );
}
