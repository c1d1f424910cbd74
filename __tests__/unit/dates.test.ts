import { formatDateTime } from '../../src/shared/lib/dates';

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
