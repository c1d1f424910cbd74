import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useGetPlatformQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { safeHttpUrl } from '../../../shared/lib/safe-url';
import { Picture } from '../../../shared/ui/picture';

/** /platform: who runs the shop, the merchant (seller) entry and customer service. */
export default function PlatformScreen() {
  const intl = useIntl();
  const query = useGetPlatformQuery();
  const platform = query.data?.code === 1 ? query.data.data : undefined;

  let content;
  if (query.isError) content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!platform) content = <LoadingState />;
  else {
    const logo = safeHttpUrl(platform.logo);
    const merchantLink = safeHttpUrl(platform.merchant_link);
    content = (
      <>
        <section className="platform-hero" aria-labelledby="platform-name">
          {logo && <Picture drawn={72} className="platform-hero__logo" src={logo} alt="" width={72} height={72} />}
          <h2 className="platform-hero__name" id="platform-name">
            {platform.name}
          </h2>
          <p className="platform-hero__lead">
            <FormattedMessage id="support.platform.description" values={{ name: platform.name }} />
          </p>
        </section>
        <ul className="card menu platform-links">
          <li className="menu__item">
            <Link to={paths.service}>
              <span className="menu__icon">
                <MessageOutline aria-hidden fontSize={20} />
              </span>
              <span className="menu__label platform-links__text">
                <span>
                  <FormattedMessage id="support.platform.service" />
                </span>
                <span className="platform-links__hint">
                  <FormattedMessage id="support.platform.serviceHint" />
                </span>
              </span>
              <RightOutline aria-hidden className="menu__chevron" />
            </Link>
          </li>
          {merchantLink && (
            <li className="menu__item">
              <a href={merchantLink} target="_blank" rel="noopener noreferrer">
                <span className="menu__icon">
                  <LinkOutline aria-hidden fontSize={20} />
                </span>
                <span className="menu__label platform-links__text">
                  <span>
                    <FormattedMessage id="support.platform.merchant" values={{ name: platform.name }} />
                  </span>
                  <span className="platform-links__hint">
                    <FormattedMessage id="support.platform.merchantHint" />
                  </span>
                </span>
                <span className="visually-hidden">
                  <FormattedMessage id="support.newTab" />
                </span>
                <RightOutline aria-hidden className="menu__chevron" />
              </a>
            </li>
          )}
          <li className="menu__item">
            <Link to={paths.helpAndSupport}>
              <span className="menu__icon">
                <QuestionCircleOutline aria-hidden fontSize={20} />
              </span>
              <span className="menu__label">
                <FormattedMessage id="route.helpAndSupport" />
              </span>
              <RightOutline aria-hidden className="menu__chevron" />
            </Link>
          </li>
          <li className="menu__item">
            <Link to={paths.law}>
              <span className="menu__icon">
                <FileOutline aria-hidden fontSize={20} />
              </span>
              <span className="menu__label">
                <FormattedMessage id="route.law" />
              </span>
              <RightOutline aria-hidden className="menu__chevron" />
            </Link>
          </li>
        </ul>
      </>
    );
  }

  return (
    <Page title={intl.formatMessage({ id: 'route.platform' })} fallback={paths.me}>
      {content}
    </Page>
  );
}
