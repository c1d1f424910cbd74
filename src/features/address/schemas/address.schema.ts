import { boolean, object, string } from 'yup';
import { isValidMobile, type CountryCode } from '../../../shared/lib/phone';

export { ADDRESS_TAGS } from '../../../shared/ui/address-tag';

/** Contract limits (openapi.yaml SaveAddressRequest). */
export const ADDRESSEE_MAX = 50;
export const AREA_MAX = 200;
export const DETAIL_MAX = 200;
export const TAG_MAX = 20;

export interface AddressValues {
  name: string;
  /** The mobile number's country (its calling code is the contract's `quhao`). */
  phoneCountry: CountryCode;
  mobile: string;
  /** The area's country or region (the first part of the contract's `country`). */
  areaCountry: CountryCode | '';
  /** Province, city: the rest of the area. */
  region: string;
  detail: string;
  tag: string;
  isDefault: boolean;
}

/** SPEC.md section 5: addressee, mobile phone, area, detailed address and tag are required. */
export const addressSchema = object({
  name: string().trim().required('validation.addresseeRequired').max(ADDRESSEE_MAX, 'validation.addresseeLength'),
  phoneCountry: string().required('validation.mobile'),
  mobile: string()
    .trim()
    .required('validation.addressMobileRequired')
    .test(
      'mobile-for-country',
      'validation.mobile',
      (value, context) =>
        // An empty number is 'required's message alone.
        !value || isValidMobile(value, (context.parent as AddressValues).phoneCountry),
    ),
  areaCountry: string().required('validation.areaRequired'),
  // The country's English name, a comma and this must fit the contract's 200 characters.
  region: string()
    .trim()
    .max(AREA_MAX - 60, 'validation.regionLength'),
  detail: string().trim().required('validation.detailRequired').max(DETAIL_MAX, 'validation.detailLength'),
  tag: string().trim().required('validation.tagRequired').max(TAG_MAX, 'validation.tagLength'),
  isDefault: boolean(),
});
