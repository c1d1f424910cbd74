import { useEffect, useState } from 'react';

/**
 * Seconds left of a server-given span, ticking once a second: `seconds` as the server counted them
 * when its answer was received at `receivedAt` (ms, e.g. RTK Query's fulfilledTimeStamp). Counting
 * from the moment of receipt, not from a clock time the server names, keeps the count right whatever
 * the error of this device's clock. undefined when there is no span; 0 once it has run out.
 */
export function useTimeLeft(seconds: number | undefined, receivedAt: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  const deadline = seconds === undefined || receivedAt === undefined ? undefined : receivedAt + seconds * 1000;

  useEffect(() => {
    if (deadline === undefined) return undefined;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  if (deadline === undefined || receivedAt === undefined) return undefined;
  // Until the first tick `now` may predate the answer; the answer's own moment is the later one.
  return Math.max(0, Math.ceil((deadline - Math.max(now, receivedAt)) / 1000));
}

/** 90 -> '01:30'; from an hour on '1:00:00' (minutes and seconds always two digits). */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}
