/**
 * The server's own message texts, localized by the `lang` request header (the SPA's interface
 * language file_name). They live in JSON catalogues, one per language, in ../messages/ (the same
 * format as the SPA's translations/, checked by the same scripts/check-translations.mjs: same keys
 * in the same order, nothing empty, nothing left in English, same placeholders; CONVENTIONS.md,
 * Server messages). The key is the English text, so English is also the fallback, and stored texts
 * (bill titles, logistics marks) written in English are localized when read.
 *
 * Placeholders: `{n}` (a number or amount), `{title}` (a product title), `{network}` (a network).
 */
import en from '../../messages/en.json';
import han from '../../messages/han.json';
import ri from '../../messages/ri.json';
import tai from '../../messages/tai.json';
import zhCN from '../../messages/zh-CN.json';

export const LOCALES = ['en', 'zh-CN', 'ri', 'han', 'tai'] as const;
export type Locale = (typeof LOCALES)[number];

export type MessageKey = keyof typeof en;

/** Every catalogue has every key of en.json (a missing one fails the type check, and the parity check). */
const catalogues: Record<Locale, Record<MessageKey, string>> = {
  en,
  'zh-CN': zhCN satisfies Record<MessageKey, string>,
  ri: ri satisfies Record<MessageKey, string>,
  han: han satisfies Record<MessageKey, string>,
  tai: tai satisfies Record<MessageKey, string>,
};

const aliases: Record<string, Locale> = {
  en: 'en',
  'en-us': 'en',
  'zh-cn': 'zh-CN',
  zh: 'zh-CN',
  'zh-hans': 'zh-CN',
  ri: 'ri',
  ja: 'ri',
  han: 'han',
  ko: 'han',
  tai: 'tai',
  th: 'tai',
};

/** Maps a `lang` header value (any case, a few ISO aliases) to a locale; default English. */
export function resolveLocale(value: unknown): Locale {
  if (typeof value !== 'string') return 'en';
  return aliases[value.trim().toLowerCase()] ?? 'en';
}

/** Values for a message's placeholders: a number or string fills `{n}`. */
export type MessageVars = string | number | Partial<Record<'n' | 'title' | 'network', string | number>>;

/** Translates a message, filling its placeholders. */
export function t(locale: Locale, key: MessageKey, vars?: MessageVars): string {
  let text = catalogues[locale][key];
  const values = typeof vars === 'object' ? vars : vars === undefined ? {} : { n: vars };
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) text = text.replace(`{${name}}`, String(value));
  }
  return text;
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** A stored text (bill title, logistics mark) in the request's language when it is a known key. */
export function localizeStored(locale: Locale, stored: string): string {
  return isMessageKey(stored) ? t(locale, stored) : stored;
}
