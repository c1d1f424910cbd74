import { Fragment } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { useAppSelector } from '../../../store/hooks';
import { selectLanguage } from '../../../store/language.slice';
import { selectUserInfo } from '../../../store/session.slice';
import { MenuSection, type MenuEntry } from '../components/menu-section';
import { ThemeOptions } from '../components/theme-options';
import { useLogout } from '../hooks/use-logout';

const sections: { titleId: string; entries: MenuEntry[] }[] = [
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

  const withValue = (entry: MenuEntry): MenuEntry => {
    if (entry.to === paths.language) return { ...entry, value: language.language_name };
    if (entry.to === paths.changePayPwd && havePay !== undefined) {
      return {
        ...entry,
        value: <FormattedMessage id={havePay === 1 ? 'account.passwords.set' : 'account.passwords.notSet'} />,
        attention: havePay !== 1,
      };
    }
    return entry;
  };

  return (
    <Page title={intl.formatMessage({ id: 'route.setting' })} fallback={paths.me} className="setting">
      {sections.map((section) => (
        <Fragment key={section.titleId}>
          <MenuSection titleId={section.titleId} entries={section.entries.map(withValue)} />
          {/* The theme beside the language, among the preferences. */}
          {section.titleId === 'account.setting.section.preferences' && <ThemeOptions />}
        </Fragment>
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
