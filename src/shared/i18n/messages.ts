import type { MessageFormatElement } from 'react-intl';
import en from '../../../translations/en.json';
import type { LocaleKey } from './locales';

/**
 * Messages by id. In the built SPA each message is already its ICU AST (webpack compiles
 * translations/*.json with scripts/icu-ast-loader.mjs, so react-intl ships without its parser);
 * under jest they are the ICU strings of the files.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/** English ships in the first load as the fallback; the other languages are separate chunks. */
export const englishMessages: Messages = en;

const loaders: Record<Exclude<LocaleKey, 'en'>, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import(/* webpackChunkName: "i18n-zh-CN" */ '../../../translations/zh-CN.json'),
  ri: () => import(/* webpackChunkName: "i18n-ri" */ '../../../translations/ri.json'),
  han: () => import(/* webpackChunkName: "i18n-han" */ '../../../translations/han.json'),
  tai: () => import(/* webpackChunkName: "i18n-tai" */ '../../../translations/tai.json'),
};

/** Loads a language's messages over English, so a missing key falls back to English, never to an id. */
export async function loadMessages(locale: LocaleKey): Promise<Messages> {
  if (locale === 'en') return englishMessages;
  const module = await loaders[locale]();
  return { ...englishMessages, ...module.default } as Messages;
}
