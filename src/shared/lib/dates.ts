/**
 * A moment as the SPA keeps it: ISO 8601 text, either an instant with its zone ("2024-11-22T18:26:40.000Z",
 * from Unix seconds) or a wall-clock time without a zone ("2024-05-01T14:03:22", the display text a
 * backend of the family sends in its own time zone). Both are valid `<time dateTime>` values. Plain
 * text, so it sits in the RTK Query cache like any other answer (serializable).
 */
export type Moment = string;

/** The backend family's display text (openapi DateTime): `YYYY-MM-DD HH:mm[:ss]`, or with a `T`. */
const DISPLAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const UNIX_SECONDS = /^\d{1,12}$/;
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * Reads a moment of the API (openapi DateTime): display text `2024-05-01 14:03:22` becomes the
 * wall-clock Moment `2024-05-01T14:03:22`; Unix seconds (a number or a digit string) become an
 * instant. Anything else (missing, empty, an impossible date such as 2024-02-30) is undefined.
 */
export function toMoment(value: unknown): Moment | undefined {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 ? new Date(value * 1000).toISOString() : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (UNIX_SECONDS.test(text)) return new Date(Number(text) * 1000).toISOString();
  const parts = DISPLAY_TEXT.exec(text);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0)) as number[];
  const check = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second));
  const valid =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month! - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute &&
    check.getUTCSeconds() === second;
  if (!valid) return undefined;
  return `${pad(year!, 4)}-${pad(month!)}-${pad(day!)}T${pad(hour!)}:${pad(minute!)}:${pad(second)}`;
}

/** True for a wall-clock Moment (the backend's display text, no zone). */
function isWallClock(moment: Moment): boolean {
  return WALL_CLOCK.test(moment);
}

/**
 * Milliseconds to order moments by (newest first, ...). A wall-clock time counts as if it were UTC:
 * consistent among the moments of one backend, which sends one form.
 */
export function momentValue(moment: Moment | undefined): number {
  if (!moment) return Number.NaN;
  return Date.parse(isWallClock(moment) ? `${moment}Z` : moment);
}

/**
 * A moment as date and time in the shopper's language, e.g. "Nov 22, 2024, 6:26 PM" (en) or
 * "2024/11/22 18:26" (ja). An instant (Unix seconds, given as a number or as a Moment) is shown in the
 * shopper's time zone (`timeZone` is for tests); a wall-clock Moment shows its own time, exactly as
 * the backend wrote it, whatever the shopper's zone. Nothing for a missing or unreadable moment.
 */
export function formatDateTime(moment: Moment | number | undefined, locale = 'en', timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  if (typeof moment === 'number') {
    if (!Number.isFinite(moment)) return '';
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(new Date(moment * 1000));
  }
  const value = momentValue(moment);
  if (!Number.isFinite(value)) return '';
  const wallClock = isWallClock(moment!);
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: wallClock ? 'UTC' : timeZone }).format(
    new Date(value),
  );
}
