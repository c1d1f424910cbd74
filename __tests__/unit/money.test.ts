import { formatMoney, toDecimal } from '../../src/shared/lib/money';

describe('formatMoney', () => {
  it('shows the API money string in dollars with two decimals', () => {
    expect(formatMoney('1000.00')).toBe('$1,000.00');
    expect(formatMoney('0.5')).toBe('$0.50');
    expect(formatMoney(12)).toBe('$12.00');
  });

  it('rounds half up on the decimal value, not on a float', () => {
    // As floats, 0.105 and 2.675 lie just below the half and would round down.
    expect(formatMoney('0.105')).toBe('$0.11');
    expect(formatMoney('2.675')).toBe('$2.68');
  });

  it('keeps amounts beyond float precision exact', () => {
    expect(formatMoney('9007199254740993.01')).toBe('$9,007,199,254,740,993.01');
  });

  it('shows negative amounts with a minus sign', () => {
    expect(formatMoney('-5')).toBe('-$5.00');
  });

  it('shows $0.00 for a missing or unreadable amount', () => {
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney('')).toBe('$0.00');
    expect(formatMoney('abc')).toBe('$0.00');
  });

  it("formats for the shopper's language", () => {
    expect(formatMoney('1000', 'th')).toBe('US$1,000.00');
    expect(formatMoney('1000', 'ja')).toBe('$1,000.00');
  });
});

describe('toDecimal', () => {
  it('adds exactly where floats do not', () => {
    expect(toDecimal('0.1').plus('0.2').toFixed(2)).toBe('0.30');
    expect(toDecimal('0.1').plus('0.2').eq('0.3')).toBe(true);
  });
});
