import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CountryCode } from '../../../shared/lib/phone';

/**
 * The country of a stored number: its calling code and national number identify it (+1 covers the US
 * and Canada, +7 Russia and Kazakhstan...); `fallback` when nothing matches.
 */
export function phoneCountryOf(quhao: string, mobile: string, fallback: CountryCode): CountryCode {
  const digits = quhao.replace(/\D/g, '');
  if (!digits) return fallback;
  const parsed = parsePhoneNumberFromString(`+${digits}${mobile.replace(/\D/g, '')}`);
  if (parsed?.country) return parsed.country;
  const sharing = getCountries().filter((country) => getCountryCallingCode(country) === digits);
  if (sharing.includes(fallback)) return fallback;
  return sharing[0] ?? fallback;
}
