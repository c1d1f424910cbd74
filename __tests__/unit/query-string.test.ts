import { encodeQuery, idFrom } from '../../src/shared/lib/query-string';

describe('encodeQuery', () => {
  it('gives an empty string for no parameters', () => {
    expect(encodeQuery(undefined)).toBe('');
    expect(encodeQuery({})).toBe('');
  });

  it('encodes flat parameters in order, keeping 0 and false', () => {
    expect(encodeQuery({ page: 1, limit: 10, status: 0, all: false })).toBe('page=1&limit=10&status=0&all=false');
  });

  it('skips empty strings, null and undefined', () => {
    expect(encodeQuery({ a: '', b: null, c: undefined, d: 'x' })).toBe('d=x');
  });

  it('writes nested objects as key[sub], skipping their empty values too', () => {
    expect(decodeURIComponent(encodeQuery({ filter: { status: 1, keyword: '', range: { from: 2, to: null } } }))).toBe(
      'filter[status]=1&filter[range][from]=2',
    );
  });

  it('writes arrays as key[index]', () => {
    expect(decodeURIComponent(encodeQuery({ ids: [4, 5] }))).toBe('ids[0]=4&ids[1]=5');
  });

  it('percent-encodes keys and values', () => {
    expect(encodeQuery({ q: 'a&b=c d', 'k[x]': 'ไทย' })).toBe('q=a%26b%3Dc%20d&k%5Bx%5D=%E0%B9%84%E0%B8%97%E0%B8%A2');
    expect(encodeQuery({ filter: { name: 'x y' } })).toBe('filter%5Bname%5D=x%20y');
  });

  it('writes dates as ISO strings', () => {
    expect(encodeQuery({ from: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) })).toBe('from=2026-01-02T03%3A04%3A05.000Z');
  });
});

describe('idFrom', () => {
  it('reads positive integer ids only', () => {
    expect(idFrom('12')).toBe(12);
    expect(idFrom('0')).toBeNull();
    expect(idFrom('-3')).toBeNull();
    expect(idFrom('1.5')).toBeNull();
    expect(idFrom('abc')).toBeNull();
    expect(idFrom('1e3')).toBeNull();
    expect(idFrom('')).toBeNull();
    expect(idFrom(null)).toBeNull();
    expect(idFrom(undefined)).toBeNull();
  });
});
