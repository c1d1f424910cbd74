import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isThemeChoice, type ThemeChoice } from '../shared/lib/theme';

export { themeChoices, type ThemeChoice } from '../shared/lib/theme';

export interface AppearanceState {
  /** Kept like the language: in the `theme` cookie (store/persistence.ts), which the server reads too. */
  theme: ThemeChoice;
}

export const initialAppearanceState: AppearanceState = { theme: 'system' };

export const appearanceSlice = createSlice({
  name: 'appearance',
  initialState: initialAppearanceState,
  reducers: {
    themeChosen(state, action: PayloadAction<ThemeChoice>) {
      if (isThemeChoice(action.payload)) state.theme = action.payload;
    },
  },
});

export const { themeChosen } = appearanceSlice.actions;

export const selectThemeChoice = (state: { appearance: AppearanceState }): ThemeChoice => state.appearance.theme;
