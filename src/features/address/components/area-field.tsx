import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useField } from 'formik';
import { useIntl } from 'react-intl';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import { callingCodeOptions, type CountryCode } from '../../../shared/lib/phone';
import { countryName } from '../lib/area';

// The sheet's animation library is large: it loads when the picker is first opened, not with the form.
const Popup = lazy(() => import(/* webpackChunkName: "popup" */ 'antd-mobile/es/components/popup'));

/**
 * The area's country or region: a field-like button that opens a searchable list of countries named
 * in the shopper's language (the calling-code picker's pattern), wired to Formik's `name` field.
 */
export function AreaField({ name, onPicked }: { name: string; onPicked?: (country: CountryCode) => void }) {
  const intl = useIntl();
  const id = useId();
  const [field, meta, helpers] = useField<CountryCode | ''>(name);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [filter, setFilter] = useState('');
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
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? options.filter((option) => option.search.includes(needle) || option.country.toLowerCase() === needle)
    : options;
  const showError = Boolean(meta.touched && meta.error);
  const title = intl.formatMessage({ id: 'address.fields.area' });
  const close = () => {
    setOpen(false);
    setFilter('');
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
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
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
      {used && (
        <Suspense fallback={null}>
          <Popup visible={open} onMaskClick={close} onClose={close} bodyClassName="sheet sheet--tall" destroyOnClose>
            <div role="dialog" aria-modal="true" aria-label={title} className="sheet__body">
              <h2 className="sheet__title">{title}</h2>
              <input
                className="sheet__search"
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                placeholder={intl.formatMessage({ id: 'address.area.search' })}
                aria-label={intl.formatMessage({ id: 'address.area.search' })}
              />
              <ul className="sheet__list">
                {shown.map((option) => (
                  <li key={option.country}>
                    <button
                      type="button"
                      className={`sheet__option${option.country === field.value ? ' sheet__option--active' : ''}`}
                      aria-pressed={option.country === field.value}
                      onClick={() => {
                        void helpers.setValue(option.country, true);
                        onPicked?.(option.country);
                        close();
                      }}
                    >
                      <span>{option.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          </Popup>
        </Suspense>
      )}
    </div>
  );
}
