import { getCountries } from 'libphonenumber-js/min';
import { formatArea, localizeArea, parseArea } from '../../src/features/address/lib/area';
import { phoneCountryOf } from '../../src/features/address/lib/phone-country';
import { addressSchema, type AddressValues } from '../../src/features/address/schemas/address.schema';
import { errorsOf } from '../support/schemas';

const valid: AddressValues = {
  name: 'Demo Shopper',
  phoneCountry: 'US',
  mobile: '2015550123',
  areaCountry: 'US',
  region: 'New York, New York',
  detail: '350 Fifth Avenue',
  tag: 'Home',
  isDefault: false,
};

/** The message of each refused field for a valid address changed by `values`. */
const errors = (values: Partial<AddressValues>) => errorsOf(addressSchema, { ...valid, ...values });

describe('addressSchema', () => {
  it('accepts a complete address', async () => {
    expect(await errors({})).toEqual({});
  });

  it('accepts an address without province or city', async () => {
    expect(await errors({ region: '' })).toEqual({});
  });

  it('asks for each required field with its own message', async () => {
    expect(await errors({ name: ' ', mobile: '', areaCountry: '', detail: '', tag: '' })).toEqual({
      name: 'validation.addresseeRequired',
      mobile: 'validation.addressMobileRequired',
      areaCountry: 'validation.areaRequired',
      detail: 'validation.detailRequired',
      tag: 'validation.tagRequired',
    });
  });

  it('checks the mobile number for the chosen country', async () => {
    expect(await errors({ phoneCountry: 'TH', mobile: '2015550123' })).toEqual({ mobile: 'validation.mobile' });
    expect(await errors({ phoneCountry: 'TH', mobile: '812345678' })).toEqual({});
    expect(await errors({ phoneCountry: 'KR', mobile: '010-1234-5678' })).toEqual({});
    expect(await errors({ mobile: '12ab' })).toEqual({ mobile: 'validation.mobile' });
  });

  it('keeps to the contract lengths', async () => {
    expect(await errors({ name: 'x'.repeat(51) })).toEqual({ name: 'validation.addresseeLength' });
    expect(await errors({ detail: 'x'.repeat(201) })).toEqual({ detail: 'validation.detailLength' });
    expect(await errors({ tag: 'x'.repeat(21) })).toEqual({ tag: 'validation.tagLength' });
    expect(await errors({ region: 'x'.repeat(141) })).toEqual({ region: 'validation.regionLength' });
  });
});

describe('area text', () => {
  it('stores the country by its English name, followed by province and city', () => {
    expect(formatArea('US', ' New York, New York ')).toBe('United States, New York, New York');
    expect(formatArea('TH', '')).toBe('Thailand');
    expect(formatArea('KR', 'Seoul')).toBe('South Korea, Seoul');
  });

  it('fits the contract for the longest country name and the longest region', () => {
    const longest = Math.max(...getCountries().map((country) => formatArea(country, 'x'.repeat(140)).length));
    expect(longest).toBeLessThanOrEqual(200);
  });

  it('reads a stored area back into country and region', () => {
    expect(parseArea('United States, New York, New York')).toEqual({ country: 'US', region: 'New York, New York' });
    expect(parseArea('United States')).toEqual({ country: 'US', region: '' });
    expect(parseArea('TH, Bangkok')).toEqual({ country: 'TH', region: 'Bangkok' });
    expect(parseArea('대한민국, 서울', 'ko')).toEqual({ country: 'KR', region: '서울' });
    expect(parseArea('Atlantis, Poseidonia')).toEqual({ country: '', region: 'Atlantis, Poseidonia' });
    expect(parseArea('  ')).toEqual({ country: '', region: '' });
  });

  it("shows the country in the shopper's language and the rest as typed", () => {
    expect(localizeArea('United States, New York', 'zh-CN')).toBe('美国, New York');
    expect(localizeArea('Thailand', 'th')).toBe('ไทย');
    expect(localizeArea('Atlantis, Poseidonia', 'ko')).toBe('Atlantis, Poseidonia');
  });
});

describe('phoneCountryOf', () => {
  it('finds the country of a stored number from its calling code and number', () => {
    expect(phoneCountryOf('1', '2015550123', 'TH')).toBe('US');
    expect(phoneCountryOf('1', '4165550123', 'US')).toBe('CA');
    expect(phoneCountryOf('66', '812345678', 'US')).toBe('TH');
  });

  it('falls back when the calling code is missing or the number unknown', () => {
    expect(phoneCountryOf('', '2015550123', 'JP')).toBe('JP');
    expect(phoneCountryOf('44', '1', 'US')).toBe('GB');
  });
});
