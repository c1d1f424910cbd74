import {
  AMOUNT_PATTERN,
  formatMoney,
  formatRate,
  formatSignedMoney,
  isPositiveAmount,
  toDecimal,
  withdrawalFee,
  withdrawalNet,
} from '../../src/shared/lib/money';

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

describe('withdrawalFee and withdrawalNet', () => {
  it('rounds the fee half up to the cent on the exact product: 0.03 x 33.33 = 0.9999 -> 1.00', () => {
    expect(withdrawalFee('33.33', '0.03')).toBe('1.00');
    expect(withdrawalNet('33.33', '0.03')).toBe('32.33');
  });

  it('never gives a zero fee for a rate above 0: 0.03 x 0.16 = 0.0048 -> 0.01, as the server charges', () => {
    expect(withdrawalFee('0.16', '0.03')).toBe('0.01');
    expect(withdrawalFee('0.01', '0.03')).toBe('0.01');
    expect(withdrawalNet('0.01', '0.03')).toBe('0.00');
  });

  it('gives a zero fee only for a zero rate or amount', () => {
    expect(withdrawalFee('0.16', '0')).toBe('0.00');
    expect(withdrawalFee('0', '0.03')).toBe('0.00');
  });

  it('rounds an exact half cent up: 0.03 x 0.50 = 0.015 -> 0.02', () => {
    expect(withdrawalFee('0.50', '0.03')).toBe('0.02');
    expect(withdrawalNet('0.50', '0.03')).toBe('0.48');
  });

  it('rounds just below a half cent down: 0.03 x 0.49 = 0.0147 -> 0.01', () => {
    expect(withdrawalFee('0.49', '0.03')).toBe('0.01');
  });

  it('is exact where a float is not: 0.03 x 33.50 = 1.005 -> 1.01 (floats say 1.00)', () => {
    expect((0.03 * 33.5).toFixed(2)).toBe('1.00');
    expect(withdrawalFee('33.50', '0.03')).toBe('1.01');
    expect(withdrawalNet('33.50', '0.03')).toBe('32.49');
  });

  it('computes whole amounts and the whole balance', () => {
    expect(withdrawalFee('100', '0.03')).toBe('3.00');
    expect(withdrawalNet('100', '0.03')).toBe('97.00');
    expect(withdrawalFee('1000.00', '0.03')).toBe('30.00');
    expect(withdrawalNet('1000.00', '0.03')).toBe('970.00');
  });

  it('keeps large amounts exact', () => {
    expect(withdrawalFee('9007199254740993.33', '0.03')).toBe('270215977642229.80');
    expect(withdrawalNet('9007199254740993.33', '0.03')).toBe('8736983277098763.53');
  });

  it('takes no fee at a zero rate and with a rate of basis points', () => {
    expect(withdrawalFee('123.45', '0')).toBe('0.00');
    expect(withdrawalNet('123.45', '0')).toBe('123.45');
    expect(withdrawalFee('123.45', '0.0125')).toBe('1.54'); // 1.543125
  });

  it('counts an unreadable amount or rate as zero', () => {
    expect(withdrawalFee('', '0.03')).toBe('0.00');
    expect(withdrawalFee('abc', '0.03')).toBe('0.00');
    expect(withdrawalFee('10', undefined)).toBe('0.00');
    expect(withdrawalNet('', '0.03')).toBe('0.00');
  });
});

describe('AMOUNT_PATTERN and isPositiveAmount', () => {
  it.each(['1', '0.5', '10.25', '1000.00', '007'])('accepts %s as an amount', (value) => {
    expect(AMOUNT_PATTERN.test(value)).toBe(true);
  });

  it.each(['', '1.234', '-1', '+1', '1e3', '0x10', '1,000', '.5', '5.', ' 1', 'abc'])(
    'refuses %p as an amount',
    (value) => {
      expect(AMOUNT_PATTERN.test(value)).toBe(false);
    },
  );

  it('wants more than zero', () => {
    expect(isPositiveAmount('0.01')).toBe(true);
    expect(isPositiveAmount(' 12.5 ')).toBe(true);
    expect(isPositiveAmount('0')).toBe(false);
    expect(isPositiveAmount('0.00')).toBe(false);
    expect(isPositiveAmount('1.001')).toBe(false);
    expect(isPositiveAmount(undefined)).toBe(false);
  });
});

describe('formatSignedMoney', () => {
  it('always shows the sign', () => {
    expect(formatSignedMoney('50.00')).toBe('+$50.00');
    expect(formatSignedMoney('-120.00')).toBe('-$120.00');
    expect(formatSignedMoney('0')).toBe('+$0.00');
  });

  it('is exact and localized', () => {
    expect(formatSignedMoney('-0.105')).toBe('-$0.11');
    expect(formatSignedMoney('1000', 'th')).toBe('+US$1,000.00');
  });
});

describe('formatRate', () => {
  it('shows a fraction as a percentage', () => {
    expect(formatRate('0.03')).toBe('3%');
    expect(formatRate('0.0125')).toBe('1.25%');
    expect(formatRate('0')).toBe('0%');
  });
});
