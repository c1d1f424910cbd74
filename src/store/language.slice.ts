import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { builtInLanguages, resolveLocale, type LanguageRef, type LocaleKey } from '../shared/i18n/locales';
import { localeChanged, userInfoLoaded } from './events';

export interface LanguageState {
  /** The language the shopper chose (persisted in the language cookie), or null for the default. */
  selected: LanguageRef | null;
}

export const initialLanguageState: LanguageState = { selected: null };

export { localeChanged };

export const languageSlice = createSlice({
  name: 'language',
  initialState: initialLanguageState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(localeChanged, (state, action: PayloadAction<LanguageRef>) => {
        state.selected = pickRef(action.payload);
      })
      // SPEC.md section 4: a language in user info that differs from the interface locale updates it.
      .addCase(userInfoLoaded, (state, action) => {
        const lang = action.payload.lang;
        if (lang?.file_name && lang.file_name !== state.selected?.file_name) state.selected = pickRef(lang);
      });
  },
});

function pickRef(ref: LanguageRef): LanguageRef {
  return { language_name: ref.language_name, chinese_name: ref.chinese_name, file_name: ref.file_name };
}

interface WithLanguage {
  language: LanguageState;
}

export const selectLocale = (state: WithLanguage): LocaleKey =>
  resolveLocale(state.language.selected?.file_name, typeof navigator === 'undefined' ? [] : navigator.languages);

export const selectLanguage = (state: WithLanguage): LanguageRef =>
  state.language.selected ?? builtInLanguages[selectLocale(state)];
