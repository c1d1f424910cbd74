import { getCountries, getCountryCallingCode, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';

export type { CountryCode };

export interface CallingCodeOption {
  country: CountryCode;
  callingCode: string;
  name: string;
}

/** Every country with its calling code and its name in the shopper's language, sorted by name. */
export function callingCodeOptions(locale: string): CallingCodeOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  return getCountries()
    .map((country) => ({
      country,
      callingCode: getCountryCallingCode(country),
      name: names?.of(country) ?? country,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

export function callingCodeOf(country: CountryCode): string {
  return getCountryCallingCode(country);
}

/** DESIGN.md section 4: phone numbers are checked for the chosen country, not one pattern. */
export function isValidMobile(mobile: string, country: CountryCode): boolean {
  const digits = mobile.replace(/[\s-]/g, '');
  if (!/^\+?\d{4,17}$/.test(digits)) return false;
  try {
    return isValidPhoneNumber(digits, country);
  } catch {
    return false;
  }
}

const countryByLocale: Record<string, CountryCode> = { en: 'US', 'zh-CN': 'CN', ri: 'JP', han: 'KR', tai: 'TH' };

/** A sensible first country: the browser's region, else the interface language's country. */
export function defaultCountry(localeKey: string, browserTags: readonly string[] = []): CountryCode {
  const countries = new Set<string>(getCountries());
  for (const tag of browserTags) {
    const region = tag.split('-').find((part, index) => index > 0 && /^[A-Z]{2}$/.test(part));
    if (region && countries.has(region)) return region as CountryCode;
  }
  return countryByLocale[localeKey] ?? 'US';
}
