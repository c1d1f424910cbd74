import { useIntl } from 'react-intl';
import Swiper from 'antd-mobile/es/components/swiper';

/** The home banners: an autoplaying, looping carousel with an indicator; the 5:2 frame is reserved. */
export function BannerCarousel({ banners }: { banners: string[] }) {
  const intl = useIntl();
  return (
    <section className="banner-carousel" aria-label={intl.formatMessage({ id: 'catalog.home.banners' })}>
      <Swiper autoplay={banners.length > 1} loop={banners.length > 1} autoplayInterval={4000}>
        {banners.map((image, index) => (
          <Swiper.Item key={image}>
            <img
              className="banner-carousel__image"
              src={image}
              alt={intl.formatMessage({ id: 'catalog.home.banner' }, { index: index + 1, count: banners.length })}
              width={750}
              height={300}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}
