import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Picture } from '../../../shared/ui/picture';

/** Which picture a horizontal scroll-snap track shows, from its scroll position. */
export function slideIndex(track: HTMLElement | null, count: number): number {
  if (!track || !track.clientWidth) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));
}

/**
 * Pictures enlarged to the whole screen: a modal dialog with a swipeable (scroll-snap) track, the
 * position as "2 / 5", previous / next buttons, Close and Escape; focus stays inside while open and
 * returns to what opened it. Hand-made instead of antd-mobile's ImageViewer: that one has no close
 * button or keyboard use, and brings its gesture and animation libraries.
 */
export function ImageViewer({
  images,
  startIndex,
  label,
  onClose,
}: {
  images: string[];
  startIndex: number;
  /** Accessible name of the dialog, e.g. the product title. */
  label: string;
  onClose: (index: number) => void;
}) {
  const intl = useIntl();
  const track = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [index, setIndex] = useState(startIndex);
  const count = images.length;

  useLayoutEffect(() => {
    const element = track.current;
    if (element && element.clientWidth) element.scrollLeft = startIndex * element.clientWidth;
  }, [startIndex]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    return () => opener?.focus();
  }, []);

  const go = (next: number) => {
    const target = Math.min(count - 1, Math.max(0, next));
    setIndex(target);
    const element = track.current;
    element?.scrollTo?.({ left: target * element.clientWidth, behavior: 'smooth' });
  };

  // Keys while open: Escape closes, arrows change picture, Tab stays inside (the page is covered).
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose(index);
      } else if (event.key === 'ArrowRight') go(index + 1);
      else if (event.key === 'ArrowLeft') go(index - 1);
      else if (event.key === 'Tab') {
        const focusable = Array.from(dialog.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? []);
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        const inside = dialog.current?.contains(document.activeElement) ?? false;
        if (event.shiftKey && (document.activeElement === first || !inside)) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  });

  return (
    <div className="image-viewer" role="dialog" aria-modal="true" aria-label={label} ref={dialog}>
      <div className="image-viewer__bar">
        <span className="image-viewer__count" aria-live="polite">
          <FormattedMessage id="catalog.detail.imageIndex" values={{ index: index + 1, count }} />
        </span>
        <button
          type="button"
          className="icon-button image-viewer__close"
          ref={closeButton}
          onClick={() => onClose(index)}
          aria-label={intl.formatMessage({ id: 'catalog.detail.closeViewer' })}
        >
          <CloseOutline aria-hidden fontSize={24} />
        </button>
      </div>
      <div className="image-viewer__track" ref={track} onScroll={() => setIndex(slideIndex(track.current, count))}>
        {images.map((image, position) => (
          <div className="image-viewer__slide" key={`${image}#${position}`}>
            <Picture
              drawn="full"
              className="image-viewer__image"
              src={image}
              alt={intl.formatMessage({ id: 'catalog.detail.imageAlt' }, { index: position + 1, count })}
              decoding="async"
            />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="image-viewer__nav">
          <button
            type="button"
            className="icon-button image-viewer__step"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label={intl.formatMessage({ id: 'catalog.detail.previousImage' })}
          >
            <LeftOutline aria-hidden fontSize={22} />
          </button>
          <button
            type="button"
            className="icon-button image-viewer__step"
            onClick={() => go(index + 1)}
            disabled={index === count - 1}
            aria-label={intl.formatMessage({ id: 'catalog.detail.nextImage' })}
          >
            <RightOutline aria-hidden fontSize={22} />
          </button>
        </div>
      )}
    </div>
  );
}
