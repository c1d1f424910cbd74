import { getCountries, type CountryCode } from 'libphonenumber-js/min';

/**
 * The contract's `country` field is the whole 'area' as one text: "country/region, province, city"
 * (openapi.yaml SaveAddressRequest, e.g. "United States, New York, New York"). The country part is
 * stored by its English name so the same address reads the same to the courier whatever language the
 * shopper used; screens show it in the shopper's language (localizeArea).
 */
const SEPARATOR = ', ';

function displayNames(locale: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    return undefined;
  }
}

let englishIndex: Map<string, CountryCode> | undefined;
const localIndexes = new Map<string, Map<string, CountryCode>>();

function index(locale: string): Map<string, CountryCode> {
  const cached = locale === 'en' ? englishIndex : localIndexes.get(locale);
  if (cached) return cached;
  const names = displayNames(locale);
  const map = new Map<string, CountryCode>();
  for (const country of getCountries()) {
    map.set(country.toLowerCase(), country);
    const name = names?.of(country);
    if (name) map.set(name.toLowerCase(), country);
  }
  if (locale === 'en') englishIndex = map;
  else localIndexes.set(locale, map);
  return map;
}

/** The country's name in `locale` (English when the runtime has no name for it). */
export function countryName(country: CountryCode, locale: string): string {
  return displayNames(locale)?.of(country) ?? country;
}

export interface AreaParts {
  /** The recognised country, or '' when the first part names no known country. */
  country: CountryCode | '';
  /** Province, city (what follows the country), or the whole text when no country was recognised. */
  region: string;
}

/** The text the contract stores for a country and an optional province/city. */
export function formatArea(country: CountryCode, region: string): string {
  const rest = region.trim();
  const name = countryName(country, 'en');
  return rest ? `${name}${SEPARATOR}${rest}` : name;
}

/** Reads a stored area back: its country (by English name, code, or a name in `locale`) and the rest. */
export function parseArea(text: string, locale = 'en'): AreaParts {
  const trimmed = text.trim();
  if (!trimmed) return { country: '', region: '' };
  const comma = trimmed.indexOf(',');
  const head = (comma === -1 ? trimmed : trimmed.slice(0, comma)).trim().toLowerCase();
  const rest = comma === -1 ? '' : trimmed.slice(comma + 1).trim();
  const country = index('en').get(head) ?? index(locale).get(head);
  return country ? { country, region: rest } : { country: '', region: trimmed };
}

/** A stored area for display: the country part in the shopper's language, the rest as typed. */
export function localizeArea(text: string, locale: string): string {
  const { country, region } = parseArea(text, locale);
  if (!country) return text;
  const name = countryName(country, locale);
  return region ? `${name}${SEPARATOR}${region}` : name;
}
