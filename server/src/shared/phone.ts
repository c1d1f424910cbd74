/**
 * Mobile numbers as shoppers type them (register, profile, the forgot-password flow, addresses):
 * checked per country with libphonenumber-js and stored as calling code (quhao) + national number.
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** Validates a national mobile number for a calling code; returns its normalized national digits. */
export function normalizeMobile(mobile: string, quhao: string): string | null {
  if (!/^\d{1,4}$/.test(quhao)) return null;
  const cleaned = mobile.replace(/[\s()-]/g, '');
  if (!/^\+?\d{4,17}$/.test(cleaned)) return null;
  const parsed = parsePhoneNumberFromString(cleaned, { defaultCallingCode: quhao });
  if (!parsed || parsed.countryCallingCode !== quhao || !parsed.isValid()) return null;
  return parsed.nationalNumber;
}

/**
 * A mobile number sent with or without its calling code, as { quhao, national } or null when it is
 * not a valid number. With quhao (the SPA sends it) the number is checked for that calling code.
 * Without it (the backend family's client sends none, BACKEND-FAMILY.md, Wallet and account): a
 * number starting with '+' is read as an international number, any other as a number of the
 * shop's default region.
 */
export function readMobile(
  mobile: string,
  quhao: string,
  defaultRegion: CountryCode,
): { quhao: string; national: string } | null {
  if (quhao) {
    const national = normalizeMobile(mobile, quhao);
    return national ? { quhao, national } : null;
  }
  const cleaned = mobile.trim().replace(/[\s()-]/g, '');
  if (!/^\+?\d{4,17}$/.test(cleaned)) return null;
  const parsed = cleaned.startsWith('+')
    ? parsePhoneNumberFromString(cleaned)
    : parsePhoneNumberFromString(cleaned, defaultRegion);
  if (!parsed || !parsed.isValid()) return null;
  return { quhao: parsed.countryCallingCode, national: parsed.nationalNumber };
}

/** The shop's default region for numbers without a calling code (DEFAULT_REGION), checked. */
export function defaultRegionOf(value: string | undefined): CountryCode {
  const region = (value ?? '').trim().toUpperCase() || 'US';
  if (!isSupportedCountry(region)) throw new Error(`DEFAULT_REGION: unknown region '${value}' (use e.g. US, TH)`);
  return region;
}
