import { useFormikContext } from 'formik';
import type { CountryCode } from '../lib/phone';
import { CallingCodePicker } from './calling-code-picker';
import { FormField } from './form-field';

export interface MobileFieldProps {
  /** The Formik field of the national number. */
  name?: string;
  /** The Formik field holding the ISO country whose calling code is shown. */
  countryName?: string;
  /** Translation id of the label. */
  labelId?: string;
  autoComplete?: string;
}

/** A mobile number with its calling-code picker, wired to two Formik fields (the number, the country). */
export function MobileField({
  name = 'mobile',
  countryName = 'country',
  labelId = 'account.fields.mobile',
  autoComplete = 'tel-national',
}: MobileFieldProps) {
  const { values, setFieldValue } = useFormikContext<Record<string, unknown>>();
  return (
    <FormField
      name={name}
      label={labelId}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      addon={
        <CallingCodePicker
          value={values[countryName] as CountryCode}
          onChange={(country) => void setFieldValue(countryName, country, true)}
        />
      }
    />
  );
}
