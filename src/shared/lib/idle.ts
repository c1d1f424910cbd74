/**
 * Runs `run` once the browser is idle, and at the latest after `timeout` ms; where there is no
 * requestIdleCallback (Safari, jsdom), after `fallback` ms. For work that must not compete with a
 * screen's first render (code fetched ahead of need, the service worker's registration).
 * Returns a function that cancels it.
 */
export function whenIdle(run: () => void, { timeout = 3000, fallback = 1500 } = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, fallback);
  return () => window.clearTimeout(handle);
}
