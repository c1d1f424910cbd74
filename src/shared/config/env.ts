let apiOrigin: string | undefined;

/**
 * The absolute origin every API call goes to. In the browser it is the page's own origin (the dev server
 * and the reference server both serve /api there); tests point it at a reference server they started.
 */
export function getApiOrigin(): string {
  if (apiOrigin) return apiOrigin;
  if (typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null') {
    return window.location.origin;
  }
  return 'http://localhost:8080';
}

/** Points the request layer at another origin (tests, embedding). */
export function setApiOrigin(origin: string | undefined): void {
  apiOrigin = origin?.replace(/\/+$/, '');
}
