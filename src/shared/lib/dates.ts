/**
 * A moment of the API (integer Unix seconds, openapi UnixTime) as date and time in the shopper's
 * language, e.g. "Nov 22, 2024, 6:26 PM" (en) or "2024/11/22 18:26" (ja). `timeZone` is for tests;
 * the shopper sees their own time zone.
 */
export function formatDateTime(unixSeconds: number, locale = 'en', timeZone?: string): string {
  if (!Number.isFinite(unixSeconds)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(unixSeconds * 1000),
  );
}
