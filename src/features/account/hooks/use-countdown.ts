import { useCallback, useState } from 'react';
import { useTimeLeft } from '../../../shared/lib/use-time-left';

/**
 * Seconds left until a deadline started here, ticking once a second; 0 when none is running. The
 * deadline is a clock time, so a tab put to sleep shows the right number when it wakes.
 */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [span, setSpan] = useState<{ seconds: number; at: number } | null>(null);
  const start = useCallback((seconds: number) => setSpan({ seconds, at: Date.now() }), []);
  return { secondsLeft: useTimeLeft(span?.seconds, span?.at) ?? 0, start };
}
