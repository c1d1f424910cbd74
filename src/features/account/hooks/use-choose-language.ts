import { createIntl } from 'react-intl';
import { useSetLanguageMutation } from '../../../api';
import { bcp47, isLocaleKey, type LanguageRef } from '../../../shared/i18n/locales';
import { loadMessages } from '../../../shared/i18n/messages';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { localeChanged } from '../../../store/language.slice';
import { selectIsLoggedIn } from '../../../store/session.slice';

export interface LanguageOption extends LanguageRef {
  id: number;
}

/**
 * Switches the interface language at once (no reload) and, when logged in, saves it on the server
 * (set_language). The new language's messages load first, so the screen never flashes ids.
 */
export function useChooseLanguage() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [setLanguage, { isLoading }] = useSetLanguageMutation();

  const choose = async (language: LanguageOption) => {
    if (!isLocaleKey(language.file_name)) return;
    const messages = await loadMessages(language.file_name);
    dispatch(localeChanged(language));
    if (loggedIn) {
      try {
        await setLanguage({ langId: language.id, lang: language.file_name }).unwrap();
      } catch {
        return;
      }
    }
    // In the new language already; formatted, since the built SPA holds messages as compiled ASTs.
    const inNewLanguage = createIntl({ locale: bcp47[language.file_name], messages, onError: () => undefined });
    toast.success(inNewLanguage.formatMessage({ id: 'common.settingSuccess' }));
  };
  return { choose, saving: isLoading };
}
