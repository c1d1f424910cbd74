import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { announce } from './live-region';

/** Seconds left at which a screen reader is told how long remains to pay (5 minutes, then 1). */
export const PAY_WARNINGS_AT = [300, 60] as const;

/**
 * Tells screen readers, once each, when the time left to pay falls to 5 minutes and to 1 minute: the
 * countdown itself is a timer whose text changes every second and is never announced (aria-live
 * off), so a shopper who cannot see it would otherwise only hear that the order expired.
 */
export function useTimeLeftAnnouncements(secondsLeft: number | undefined): void {
  const intl = useIntl();
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = secondsLeft;
    if (secondsLeft === undefined || before === undefined || secondsLeft === 0) return;
    // Once per step down, however many marks a tick passed (a phone that slept, a kept screen shown
    // again), saying the minutes that are really left.
    if (PAY_WARNINGS_AT.some((mark) => before > mark && secondsLeft <= mark)) {
      announce(intl.formatMessage({ id: 'common.timeLeftToPay' }, { minutes: Math.ceil(secondsLeft / 60) }));
    }
  }, [secondsLeft, intl]);
}
