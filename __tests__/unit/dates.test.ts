import { formatDateTime, momentValue, toMoment } from '../../src/shared/lib/dates';

// 2024-11-22 18:26:40 UTC
const MOMENT = 1732300000;

describe('formatDateTime', () => {
  it("shows Unix seconds as date and time in the shopper's language", () => {
    expect(formatDateTime(MOMENT, 'en', 'UTC')).toBe('Nov 22, 2024, 6:26 PM');
    expect(formatDateTime(MOMENT, 'zh-CN', 'UTC')).toBe('2024年11月22日 18:26');
    expect(formatDateTime(MOMENT, 'ja', 'UTC')).toBe('2024/11/22 18:26');
    // The day-period word depends on the ICU data Node was built with (오후 or PM): check the order.
    expect(formatDateTime(MOMENT, 'ko', 'UTC')).toMatch(/^2024\. 11\. 22\. /);
    expect(formatDateTime(MOMENT, 'th', 'UTC')).toMatch(/2567/); // Thai Buddhist calendar year
  });

  it('reads seconds, not milliseconds', () => {
    expect(formatDateTime(0, 'en', 'UTC')).toBe('Jan 1, 1970, 12:00 AM');
  });

  it('shows the time in the given time zone', () => {
    expect(formatDateTime(MOMENT, 'en', 'Asia/Bangkok')).toBe('Nov 23, 2024, 1:26 AM');
  });

  it('shows nothing for a missing moment', () => {
    expect(formatDateTime(Number.NaN, 'en')).toBe('');
  });
});

describe('toMoment and the two date forms', () => {
  it("reads the backend family's display text as its own wall-clock time", () => {
    expect(toMoment('2024-05-01 14:03:22')).toBe('2024-05-01T14:03:22');
    expect(toMoment('2024-05-01T14:03')).toBe('2024-05-01T14:03:00');
    expect(toMoment(' 2024-05-01 14:03:22 ')).toBe('2024-05-01T14:03:22');
  });

  it('reads Unix seconds, as a number or as digits, as an instant', () => {
    expect(toMoment(MOMENT)).toBe('2024-11-22T18:26:40.000Z');
    expect(toMoment(String(MOMENT))).toBe('2024-11-22T18:26:40.000Z');
  });

  it('has no moment for what is not a date', () => {
    expect(toMoment('2024-02-30 10:00:00')).toBeUndefined();
    expect(toMoment('yesterday')).toBeUndefined();
    expect(toMoment('')).toBeUndefined();
    expect(toMoment(null)).toBeUndefined();
    expect(toMoment(-5)).toBeUndefined();
  });

  it('shows display text at its own time whatever the shopper’s zone, in their language', () => {
    const moment = toMoment('2024-05-01 14:03:22');
    expect(formatDateTime(moment, 'en', 'Asia/Bangkok')).toBe('May 1, 2024, 2:03 PM');
    expect(formatDateTime(moment, 'en', 'America/New_York')).toBe('May 1, 2024, 2:03 PM');
    expect(formatDateTime(moment, 'zh-CN')).toBe('2024年5月1日 14:03');
    expect(formatDateTime(moment, 'ja')).toBe('2024/05/01 14:03');
  });

  it("shows Unix seconds in the shopper's zone", () => {
    const moment = toMoment(MOMENT);
    expect(formatDateTime(moment, 'en', 'UTC')).toBe('Nov 22, 2024, 6:26 PM');
    expect(formatDateTime(moment, 'en', 'Asia/Bangkok')).toBe('Nov 23, 2024, 1:26 AM');
  });

  it('gives both forms a valid <time dateTime> value and an order', () => {
    const wallClock = toMoment('2024-05-01 14:03:22')!;
    expect(Number.isNaN(Date.parse(wallClock))).toBe(false);
    expect(momentValue(wallClock)).toBe(Date.UTC(2024, 4, 1, 14, 3, 22));
    expect(momentValue(toMoment(MOMENT))).toBe(MOMENT * 1000);
    expect(formatDateTime(undefined, 'en')).toBe('');
  });
});
