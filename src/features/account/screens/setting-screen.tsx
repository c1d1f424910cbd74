import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { useAppSelector } from '../../../store/hooks';
import { selectLanguage } from '../../../store/language.slice';
import { selectUserInfo } from '../../../store/session.slice';
import { useLogout } from '../hooks/use-logout';

interface SettingEntry {
  to: string;
  labelId: string;
}

const sections: { titleId: string; entries: SettingEntry[] }[] = [
  {
    titleId: 'account.setting.section.account',
    entries: [
      { to: paths.security, labelId: 'route.security' },
      { to: paths.passwords, labelId: 'route.passwords' },
      { to: paths.changePayPwd, labelId: 'route.changePayPwd' },
      { to: paths.address, labelId: 'route.address' },
    ],
  },
  {
    titleId: 'account.setting.section.preferences',
    entries: [
      { to: paths.language, labelId: 'route.language' },
      { to: paths.notification, labelId: 'route.notification' },
    ],
  },
  {
    titleId: 'account.setting.section.about',
    entries: [
      { to: paths.helpAndSupport, labelId: 'route.helpAndSupport' },
      { to: paths.law, labelId: 'route.law' },
      { to: paths.platform, labelId: 'route.platform' },
    ],
  },
];

/** /setting: every account setting in one menu, and logging out (the same as on the Me tab). */
export default function SettingScreen() {
  const intl = useIntl();
  const language = useAppSelector(selectLanguage);
  const havePay = useAppSelector(selectUserInfo)?.have_pay;
  const { confirmLogout, loggingOut } = useLogout();

  const valueOf = (to: string): ReactNode => {
    if (to === paths.language) return <span className="menu__value">{language.language_name}</span>;
    if (to === paths.changePayPwd && havePay !== undefined) {
      return (
        <span className={`menu__value${havePay === 1 ? '' : ' menu__value--attention'}`}>
          <FormattedMessage id={havePay === 1 ? 'account.passwords.set' : 'account.passwords.notSet'} />
        </span>
      );
    }
    return null;
  };

  return (
    <Page title={intl.formatMessage({ id: 'route.setting' })} fallback={paths.me} className="setting">
      {sections.map((section) => (
        <section className="card" key={section.titleId} aria-labelledby={section.titleId}>
          <h2 id={section.titleId} className="card__title">
            <FormattedMessage id={section.titleId} />
          </h2>
          <ul className="menu">
            {section.entries.map((entry) => (
              <li className="menu__item" key={entry.to}>
                <Link to={entry.to}>
                  <span className="menu__label">
                    <FormattedMessage id={entry.labelId} />
                  </span>
                  {valueOf(entry.to)}
                  <RightOutline aria-hidden className="menu__chevron" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="setting-logout">
        <button
          type="button"
          className="button button--danger-outline"
          onClick={() => void confirmLogout()}
          disabled={loggingOut}
          aria-busy={loggingOut}
        >
          <FormattedMessage id="me.logout.action" />
        </button>
      </div>
    </Page>
  );
}
