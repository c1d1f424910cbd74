import { useId, useMemo, useState } from 'react';
import { useField } from 'formik';
import { useIntl } from 'react-intl';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import { callingCodeOptions, type CountryCode } from '../../../shared/lib/phone';
import { CountrySheet } from '../../../shared/ui/country-sheet';
import { countryName } from '../lib/area';

/**
 * The area's country or region: a field-like button that opens a searchable list of countries named
 * in the shopper's language (the calling-code picker's pattern), wired to Formik's `name` field.
 */
export function AreaField({ name, onPicked }: { name: string; onPicked?: (country: CountryCode) => void }) {
  const intl = useIntl();
  const id = useId();
  const [field, meta, helpers] = useField<CountryCode | ''>(name);
  const [open, setOpen] = useState(false);
  // Searchable by the local name, the English name (shoppers abroad often type it) or the code.
  const options = useMemo(
    () =>
      callingCodeOptions(intl.locale).map((option) => ({
        ...option,
        search: `${option.name}\n${countryName(option.country, 'en')}`.toLowerCase(),
      })),
    [intl.locale],
  );
  const current = options.find((option) => option.country === field.value);
  const showError = Boolean(meta.touched && meta.error);
  const title = intl.formatMessage({ id: 'address.fields.area' });
  const close = () => {
    setOpen(false);
    void helpers.setTouched(true, true);
  };
  return (
    <div className={`form-field${showError ? ' form-field--invalid' : ''}`}>
      <span className="form-field__label" id={`${id}-label`}>
        {title}
      </span>
      <button
        type="button"
        className="form-field__control area-field__button"
        aria-haspopup="dialog"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={showError ? `${id}-error` : undefined}
        onClick={() => setOpen(true)}
      >
        <span id={`${id}-value`} className={current ? 'area-field__value' : 'area-field__placeholder'}>
          {current ? current.name : intl.formatMessage({ id: 'address.area.placeholder' })}
        </span>
        <DownOutline aria-hidden className="area-field__icon" />
      </button>
      {showError && (
        <div className="form-field__error" id={`${id}-error`}>
          {intl.formatMessage({ id: meta.error as string })}
        </div>
      )}
      <CountrySheet
        open={open}
        title={title}
        searchLabel={intl.formatMessage({ id: 'address.area.search' })}
        options={options}
        selected={field.value}
        matches={(option, needle) => option.search.includes(needle) || option.country.toLowerCase() === needle}
        onPick={(option) => {
          void helpers.setValue(option.country, true);
          onPicked?.(option.country);
          close();
        }}
        onDismiss={close}
      />
    </div>
  );
}
