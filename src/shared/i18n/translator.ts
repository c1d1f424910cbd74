import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { englishMessages, type Messages } from './messages';

const cache = createIntlCache();
let active: IntlShape = createIntl({ locale: 'en', messages: englishMessages }, cache);

/** Called by the app's language provider whenever the interface language changes. */
export function setActiveLanguage(locale: string, messages: Messages): void {
  active = createIntl({ locale, messages, defaultLocale: 'en', onError: () => undefined }, cache);
}

/**
 * Translates outside React (the request layer's toasts, page titles). Inside components use
 * react-intl's useIntl / FormattedMessage.
 */
export function translate(id: string, values?: Record<string, string | number>): string {
  return active.formatMessage({ id }, values);
}

export function activeLocale(): string {
  return active.locale;
}
