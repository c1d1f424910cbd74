import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Picture } from '../../../shared/ui/picture';

const AUTOPLAY_MS = 4000;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The home banners: a native CSS scroll-snap carousel (swipe is the browser's own scrolling, so no
 * gesture library reaches the first visit), autoplaying every 4 s and wrapping to the first banner
 * after the last. Autoplay pauses while a finger, the pointer or the keyboard focus is on it, while
 * the page is hidden, and never runs for people who asked for reduced motion. The 5:2 frame is
 * reserved by CSS, so nothing shifts when the images arrive.
 */
export function BannerCarousel({ banners }: { banners: string[] }) {
  const intl = useIntl();
  const track = useRef<HTMLElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  // The current slide follows the scroll position (swipes included), read once per frame at most.
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const width = element.clientWidth;
        if (width > 0) setCurrent(Math.min(count - 1, Math.max(0, Math.round(element.scrollLeft / width))));
      });
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', onScroll);
    };
  }, [count]);

  useEffect(() => {
    const element = track.current;
    if (!element || count < 2 || paused || prefersReducedMotion()) return;
    const timer = window.setInterval(() => {
      if (document.hidden) return;
      const width = element.clientWidth;
      const next = (Math.round(element.scrollLeft / width) + 1) % count;
      element.scrollTo({ left: next * width, behavior: 'smooth' });
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  const pause = () => setPaused(true);
  const resume = () => setPaused(false);

  return (
    <div
      className="banner-carousel"
      onPointerEnter={pause}
      onPointerLeave={resume}
      onTouchStart={pause}
      onTouchEnd={resume}
      onFocus={pause}
      onBlur={resume}
    >
      {/* The scrolling track is the named carousel region and a tab stop (WCAG 2.1.1): a keyboard
          reaches it and scrolls it with the arrow keys, the browser's own scrolling with snapping. */}
      <section
        className="banner-carousel__track"
        ref={track}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs a tab stop to be scrolled from the keyboard
        tabIndex={0}
        aria-roledescription={intl.formatMessage({ id: 'catalog.home.carousel' })}
        aria-label={intl.formatMessage({ id: 'catalog.home.banners' })}
      >
        <ul className="banner-carousel__slides">
          {banners.map((image, index) => (
            <li
              className="banner-carousel__slide"
              key={image}
              aria-roledescription={intl.formatMessage({ id: 'catalog.home.slide' })}
            >
              <Picture
                drawn="banner"
                className="banner-carousel__image"
                src={image}
                alt={intl.formatMessage({ id: 'catalog.home.banner' }, { index: index + 1, count })}
                width={750}
                height={300}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
              />
            </li>
          ))}
        </ul>
      </section>
      {count > 1 ? (
        <div className="banner-carousel__dots" aria-hidden="true">
          {banners.map((image, index) => (
            <span
              key={image}
              className={`banner-carousel__dot${index === current ? ' banner-carousel__dot--active' : ''}`}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
