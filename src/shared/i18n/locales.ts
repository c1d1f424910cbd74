import tags from './bcp47.json';

/** A language as the server and the language cookie describe it (SPEC.md section 3). */
export interface LanguageRef {
  language_name: string;
  chinese_name: string;
  file_name: string;
}

/** The interface languages' file names (SPEC.md section 3: en, zh-CN, ri, han, tai). */
export const localeKeys = ['en', 'zh-CN', 'ri', 'han', 'tai'] as const;
export type LocaleKey = (typeof localeKeys)[number];

export const defaultLocale: LocaleKey = 'en';

/**
 * BCP 47 tags for react-intl, Intl formatting and <html lang>. In a JSON file of their own: the build
 * writes them beside the frame's texts (scripts/lib/frame-texts.cjs), so the server formats the
 * frame's prices as the screen will.
 */
export const bcp47: Record<LocaleKey, string> = tags satisfies Record<LocaleKey, string>;

/** The built-in description of each language, used before the server's language list has loaded. */
export const builtInLanguages: { [K in LocaleKey]: LanguageRef & { file_name: K } } = {
  en: { language_name: 'English', chinese_name: '英语', file_name: 'en' },
  'zh-CN': { language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-CN' },
  ri: { language_name: '日本語', chinese_name: '日语', file_name: 'ri' },
  han: { language_name: '한국어', chinese_name: '韩语', file_name: 'han' },
  tai: { language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' },
};

export function isLocaleKey(value: unknown): value is LocaleKey {
  return typeof value === 'string' && (localeKeys as readonly string[]).includes(value);
}

/** Maps a browser language tag (ja-JP, th, zh-Hans-CN...) to one of our locale keys. */
export function localeFromBrowserTag(tag: string): LocaleKey | undefined {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  const primary = lower.split('-')[0];
  const found = (Object.entries(bcp47) as [LocaleKey, string][]).find(([, value]) => value === primary);
  return found?.[0];
}

/**
 * SPEC.md section 9: the saved language, else English, else the browser's; fallback English.
 * English always ships, so the browser's language only matters when English is unavailable.
 */
export function resolveLocale(
  saved: string | undefined | null,
  browserTags: readonly string[],
  available: readonly string[] = localeKeys,
): LocaleKey {
  const candidates: (string | undefined)[] = [
    saved ?? undefined,
    defaultLocale,
    ...browserTags.map(localeFromBrowserTag),
  ];
  const found = candidates.find((candidate) => candidate !== undefined && available.includes(candidate));
  return isLocaleKey(found) ? found : defaultLocale;
}
