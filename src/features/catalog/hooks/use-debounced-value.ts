import { useCallback, useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs` (search as you type: one request per pause, not
 * per key), and `flush` to take the current value (or `next`) at once: Enter, or a cleared field.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [debounced: T, flush: (next?: T) => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  const flush = useCallback((next: T = value) => setDebounced(() => next), [value]);
  return [debounced, flush];
}
