import { readFileSync, statSync } from 'node:fs';

/**
 * A file the SPA's build writes into dist/ for this server (index.html, the route manifest, the
 * frame's texts), read through `parse` and read again only when a new build replaced it. A missing
 * or unreadable file gives `fallback`: the document is then served without what the file would add.
 */
export function buildFile<T>(file: string, parse: (text: string) => T, fallback: T): () => T {
  let cache: { mtimeMs: number; value: T } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return fallback;
    }
    if (cache?.mtimeMs !== mtimeMs) {
      let value = fallback;
      try {
        value = parse(readFileSync(file, 'utf8'));
      } catch {
        value = fallback;
      }
      cache = { mtimeMs, value };
    }
    return cache.value;
  };
}
