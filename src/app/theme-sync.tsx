import { useEffect } from 'react';
import { applyTheme } from '../shared/lib/theme';
import { useAppSelector } from '../store/hooks';
import { selectThemeChoice } from '../store/appearance.slice';

/** Keeps the document in the theme the shopper chose in Settings (or the phone's, by default). */
export function ThemeSync() {
  const choice = useAppSelector(selectThemeChoice);
  useEffect(() => applyTheme(choice), [choice]);
  return null;
}
