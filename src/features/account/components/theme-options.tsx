import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { FormattedMessage, useIntl } from 'react-intl';
import { announce } from '../../../shared/ui/live-region';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectThemeChoice, themeChoices, themeChosen } from '../../../store/appearance.slice';

/**
 * The theme choice on /setting: follow the phone (the default), light or dark. Applied at once and
 * kept like the language, in a cookie the server reads to draw the next first paint in that theme.
 */
export function ThemeOptions() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const chosen = useAppSelector(selectThemeChoice);
  return (
    <section className="card">
      <h2 id="setting-theme-title" className="card__title">
        <FormattedMessage id="account.setting.theme.title" />
      </h2>
      <fieldset className="choice-list" aria-labelledby="setting-theme-title">
        {themeChoices.map((choice) => {
          const checked = choice === chosen;
          return (
            <label key={choice} className={`choice${checked ? ' choice--checked' : ''}`}>
              <input
                type="radio"
                name="theme"
                value={choice}
                checked={checked}
                onChange={() => {
                  dispatch(themeChosen(choice));
                  announce(intl.formatMessage({ id: 'common.settingSuccess' }));
                }}
              />
              <span className="choice__text">
                <span className="choice__title">
                  <FormattedMessage id={`account.setting.theme.${choice}`} />
                </span>
                {choice === 'system' && (
                  <span className="choice__subtitle">
                    <FormattedMessage id="account.setting.theme.systemHint" />
                  </span>
                )}
              </span>
              {checked && <CheckOutline aria-hidden className="choice__check" />}
            </label>
          );
        })}
      </fieldset>
    </section>
  );
}
