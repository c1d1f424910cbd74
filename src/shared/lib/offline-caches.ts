/**
 * The service worker's runtime caches (src/sw/sw.ts): catalog answers, which
 * carry the shopper's likes because every call sends their token, and the images they looked at.
 * They belong to the session: deleted at logout and when the server ends the session (401), so the
 * next person on the device finds nothing of the previous shopper in Cache Storage. The precache
 * (the app's own files, the same for everybody) is kept.
 */
/** Every cache the service worker names starts with it (Workbox's cacheId, src/sw/sw.ts). */
export const CACHE_PREFIX = 'orbit';
export const RUNTIME_CACHE_PREFIX = `${CACHE_PREFIX}-runtime-`;

/** Deletes every runtime cache; resolves with the names deleted (none where Cache Storage is absent). */
export async function clearSessionCaches(storage: CacheStorage | undefined = globalThis.caches): Promise<string[]> {
  if (!storage) return [];
  try {
    const names = (await storage.keys()).filter((name) => name.startsWith(RUNTIME_CACHE_PREFIX));
    await Promise.all(names.map((name) => storage.delete(name)));
    return names;
  } catch {
    // Cache Storage refused (e.g. a private window that disallows it): there is nothing to clear.
    return [];
  }
}
