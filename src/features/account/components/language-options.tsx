import { FormattedMessage, useIntl } from 'react-intl';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { useListLanguagesQuery } from '../../../api';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { useAppSelector } from '../../../store/hooks';
import { selectLocale } from '../../../store/language.slice';
import { useChooseLanguage } from '../hooks/use-choose-language';

/** The server's languages as a radio group; choosing one applies it at once. */
export function LanguageOptions({ onChosen }: { onChosen?: () => void }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { data, isLoading, isError, error, refetch } = useListLanguagesQuery({ page: 1, limit: 50 });
  const { choose, saving } = useChooseLanguage();
  if (isLoading) return <LoadingState />;
  if (isError || !data?.data) return <ErrorState error={error} onRetry={refetch} />;
  return (
    <fieldset className="choice-list" disabled={saving}>
      <legend className="visually-hidden">{intl.formatMessage({ id: 'account.language.label' })}</legend>
      {data.data.list.map((language) => {
        const checked = language.file_name === locale;
        return (
          <label
            key={language.id}
            className={`choice${checked ? ' choice--checked' : ''}`}
            lang={language.file_name === 'en' ? 'en' : undefined}
          >
            <input
              type="radio"
              name="language"
              value={language.file_name}
              checked={checked}
              onChange={() => {
                void choose(language).then(onChosen);
              }}
            />
            <span className="choice__text">
              <span className="choice__title">{language.language_name}</span>
              <span className="choice__subtitle">{language.chinese_name}</span>
            </span>
            {checked && <CheckOutline aria-hidden className="choice__check" />}
          </label>
        );
      })}
      {saving && (
        <p className="visually-hidden" role="status">
          <FormattedMessage id="common.saving" />
        </p>
      )}
    </fieldset>
  );
}
