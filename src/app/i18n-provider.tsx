import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import { bcp47, type LocaleKey } from '../shared/i18n/locales';
import {
  currentEnglish,
  englishMessages,
  loadMessages,
  subscribeToEnglish,
  type Messages,
} from '../shared/i18n/messages';
import { setActiveLanguage } from '../shared/i18n/translator';
import { useAppSelector } from '../store/hooks';
import { selectLocale } from '../store/language.slice';

type AntdLocale = typeof enUS;

const antdLocales: Record<Exclude<LocaleKey, 'en'>, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import(/* webpackChunkName: "adm-zh-CN" */ 'antd-mobile/es/locales/zh-CN'),
  ri: () => import(/* webpackChunkName: "adm-ja" */ 'antd-mobile/es/locales/ja-JP'),
  han: () => import(/* webpackChunkName: "adm-ko" */ 'antd-mobile/es/locales/ko-KR'),
  tai: () => import(/* webpackChunkName: "adm-th" */ 'antd-mobile/es/locales/th-TH'),
};

interface Loaded {
  locale: LocaleKey;
  messages: Messages;
  antd: AntdLocale;
}

const ENGLISH: Loaded = { locale: 'en', messages: englishMessages, antd: enUS };
/** Languages loaded whole, by loadLanguage: the provider starts in one that is already here. */
const languages = new Map<LocaleKey, Loaded>([['en', ENGLISH]]);

/**
 * Loads a language's messages and antd-mobile's texts. The app's start (src/main.tsx) waits for the
 * shopper's language before its first render, so a first screen in Thai is drawn in Thai, as the
 * server's frame was, instead of in English for a moment.
 */
export function loadLanguage(locale: LocaleKey): Promise<Loaded> {
  const known = languages.get(locale);
  if (known) return Promise.resolve(known);
  const antd = locale === 'en' ? Promise.resolve(enUS) : antdLocales[locale]().then((module) => module.default);
  return Promise.all([loadMessages(locale), antd]).then(([messages, antdLocale]) => {
    const loaded = { locale, messages, antd: antdLocale };
    languages.set(locale, loaded);
    return loaded;
  });
}

/**
 * react-intl and antd-mobile in the shopper's language. A new language loads in the background and
 * replaces the old one in place: no page reload, and no flash of message ids.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useAppSelector(selectLocale);
  const [loaded, setLoaded] = useState<Loaded>(() => languages.get(locale) ?? ENGLISH);

  useEffect(() => {
    let current = true;
    void loadLanguage(locale).then((language) => {
      if (current) setLoaded(language);
    });
    return () => {
      current = false;
    };
  }, [locale]);

  // English grows when the screens' texts arrive; the other languages load whole.
  const english = useSyncExternalStore(subscribeToEnglish, currentEnglish, currentEnglish);
  const messages = loaded.locale === 'en' ? english : loaded.messages;
  const tag = bcp47[loaded.locale];
  setActiveLanguage(tag, messages);
  useEffect(() => {
    document.documentElement.lang = tag;
  }, [tag]);

  return (
    <IntlProvider locale={tag} messages={messages} defaultLocale="en">
      <ConfigProvider locale={loaded.antd}>{children}</ConfigProvider>
    </IntlProvider>
  );
}
