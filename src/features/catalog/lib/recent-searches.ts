/**
 * The shopper's recent product searches, kept on this device only (localStorage), most recent first,
 * without duplicates and at most MAX_RECENT_SEARCHES. Pure list logic plus a tiny store that screens
 * subscribe to (hooks/use-recent-searches.ts), so every kept-alive search screen shows the same list.
 */

/** The localStorage key (versioned: a later format can move on without reading this one wrongly). */
export const RECENT_SEARCHES_KEY = 'recent-searches:v1';
export const MAX_RECENT_SEARCHES = 10;
/** Longer texts are not worth keeping as a one-tap search. */
const MAX_TERM_LENGTH = 100;

/** A search text as the server reads it: trimmed, inner whitespace collapsed to one space. */
export function normalizeSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

const sameTerm = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * The list with `term` put first. An earlier search of the same words (in any letter case) moves up
 * instead of appearing twice, spelled as typed last; empty texts change nothing.
 */
export function addRecentSearch(list: readonly string[], term: string, max = MAX_RECENT_SEARCHES): string[] {
  const text = normalizeSearch(term).slice(0, MAX_TERM_LENGTH);
  if (!text) return [...list];
  return [text, ...list.filter((item) => !sameTerm(item, text))].slice(0, max);
}

/** The list without `term` (any letter case). */
export function removeRecentSearch(list: readonly string[], term: string): string[] {
  return list.filter((item) => !sameTerm(item, normalizeSearch(term)));
}

/**
 * Reads what was stored. Anything unexpected (another format, hand edits, a broken write) gives a
 * clean list rather than an error: recent searches are a convenience, never worth a crash.
 */
export function parseRecentSearches(raw: string | null, max = MAX_RECENT_SEARCHES): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is string => typeof item === 'string')
    .reverse()
    .reduce<string[]>((list, item) => addRecentSearch(list, item, max), []);
}

// ---- the store: localStorage + subscribers ---------------------------------------------------------

type Listener = () => void;
const listeners = new Set<Listener>();
const EMPTY: string[] = [];
let cache: { raw: string | null; list: string[] } = { raw: null, list: EMPTY };

/** Storage can be missing or refuse access (privacy modes, quota): then nothing is kept. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(RECENT_SEARCHES_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The stored list; the same array as long as the stored text is the same (for useSyncExternalStore). */
export function getRecentSearches(): string[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, list: raw ? parseRecentSearches(raw) : EMPTY };
  return cache.list;
}

function write(list: string[]): void {
  try {
    if (list.length) storage()?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
    else storage()?.removeItem(RECENT_SEARCHES_KEY);
  } catch {
    // Full or refused storage: the search itself still works.
  }
  listeners.forEach((listener) => listener());
}

/** Remembers a search the shopper made. */
export function rememberSearch(term: string): void {
  const next = addRecentSearch(getRecentSearches(), term);
  if (JSON.stringify(next) !== JSON.stringify(getRecentSearches())) write(next);
}

/** Forgets one search. */
export function forgetSearch(term: string): void {
  write(removeRecentSearch(getRecentSearches(), term));
}

/** Forgets every recent search. */
export function clearRecentSearches(): void {
  write([]);
}

/** Calls `listener` when the list changes here or in another tab of the shop. */
export function subscribeRecentSearches(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENT_SEARCHES_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
