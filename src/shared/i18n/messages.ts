import type { MessageFormatElement } from 'react-intl';
import englishShell from '../../../translations/en.json?part=shell';
import type { LocaleKey } from './locales';

/**
 * Messages by id. In the built SPA each message is already its ICU AST (webpack compiles
 * translations/*.json with scripts/icu-ast-loader.mjs, so react-intl ships without its parser);
 * under jest they are the ICU strings of the files.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * English ships in the first load as the fallback, but only the shell's texts (the frame, the tabs,
 * request errors: scripts/icu-ast-loader.mjs SHELL_SECTIONS); the texts of the screens load with the
 * first of them (shared/config/route.ts) in three parts: 'catalog' (/home, a product, search),
 * 'signin' (all that /login needs: scripts/icu-ast-loader.mjs SIGNIN_IDS) and 'screens' (the
 * rest). The other languages are separate chunks, whole. Under jest every part is the whole file.
 */
export const englishMessages: Messages = englishShell;

let english: Messages = englishMessages;
const englishListeners = new Set<() => void>();

/** English with every text loaded so far. */
export const currentEnglish = (): Messages => english;

export function subscribeToEnglish(listener: () => void): () => void {
  englishListeners.add(listener);
  return () => englishListeners.delete(listener);
}

export type EnglishPart = 'catalog' | 'signin' | 'screens';

const englishParts: Record<EnglishPart, () => Promise<{ default: Messages }>> = {
  catalog: () => import(/* webpackChunkName: "i18n-en-catalog" */ '../../../translations/en.json?part=catalog'),
  signin: () => import(/* webpackChunkName: "i18n-en-signin" */ '../../../translations/en.json?part=signin'),
  screens: () => import(/* webpackChunkName: "i18n-en-screens" */ '../../../translations/en.json?part=screens'),
};
const englishLoading = new Map<EnglishPart, Promise<void>>();

/** Loads a part of the English texts beyond the shell (once). */
export function loadEnglish(part: EnglishPart): Promise<void> {
  let loading = englishLoading.get(part);
  if (!loading) {
    loading = englishParts[part]().then(({ default: texts }) => {
      english = { ...english, ...texts } as Messages;
      for (const listener of englishListeners) listener();
    });
    loading.catch(() => englishLoading.delete(part));
    englishLoading.set(part, loading);
  }
  return loading;
}

const loaders: Record<Exclude<LocaleKey, 'en'>, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import(/* webpackChunkName: "i18n-zh-CN" */ '../../../translations/zh-CN.json'),
  ri: () => import(/* webpackChunkName: "i18n-ri" */ '../../../translations/ri.json'),
  han: () => import(/* webpackChunkName: "i18n-han" */ '../../../translations/han.json'),
  tai: () => import(/* webpackChunkName: "i18n-tai" */ '../../../translations/tai.json'),
};

/** Loads a language's messages over English, so a missing key falls back to English, never to an id. */
export async function loadMessages(locale: LocaleKey): Promise<Messages> {
  if (locale === 'en') return english;
  const module = await loaders[locale]();
  return { ...english, ...module.default } as Messages;
}
