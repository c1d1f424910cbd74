import { lazy, Suspense, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { callingCodeOptions, type CountryCode } from '../../../shared/lib/phone';

// The sheet's animation library is large: it loads when the picker is first opened, not with the form.
const Popup = lazy(() => import(/* webpackChunkName: "popup" */ 'antd-mobile/es/components/popup'));

/** A button showing '+66' that opens a searchable list of countries with their calling codes. */
export function CallingCodePicker({
  value,
  onChange,
}: {
  value: CountryCode;
  onChange: (country: CountryCode) => void;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [filter, setFilter] = useState('');
  const options = useMemo(() => callingCodeOptions(intl.locale), [intl.locale]);
  const current = options.find((option) => option.country === value);
  const needle = filter.trim().toLowerCase().replace(/^\+/, '');
  const shown = needle
    ? options.filter(
        (option) =>
          option.name.toLowerCase().includes(needle) ||
          option.callingCode.startsWith(needle) ||
          option.country.toLowerCase() === needle,
      )
    : options;
  const label = intl.formatMessage({ id: 'account.fields.callingCode' });
  return (
    <>
      <button
        type="button"
        className="form-field__addon"
        aria-haspopup="dialog"
        aria-label={intl.formatMessage(
          { id: 'account.callingCode.current' },
          { code: current?.callingCode ?? '', country: current?.name ?? '' },
        )}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        +{current?.callingCode}
      </button>
      {used && (
        <Suspense fallback={null}>
          <Popup
            visible={open}
            onMaskClick={() => setOpen(false)}
            onClose={() => setOpen(false)}
            bodyClassName="sheet sheet--tall"
            destroyOnClose
          >
            <div role="dialog" aria-modal="true" aria-label={label} className="sheet__body">
              <h2 className="sheet__title">{label}</h2>
              <input
                className="sheet__search"
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                placeholder={intl.formatMessage({ id: 'account.callingCode.search' })}
                aria-label={intl.formatMessage({ id: 'account.callingCode.search' })}
              />
              <ul className="sheet__list">
                {shown.map((option) => (
                  <li key={option.country}>
                    <button
                      type="button"
                      className={`sheet__option${option.country === value ? ' sheet__option--active' : ''}`}
                      aria-pressed={option.country === value}
                      onClick={() => {
                        onChange(option.country);
                        setOpen(false);
                        setFilter('');
                      }}
                    >
                      <span>{option.name}</span>
                      <span className="sheet__option-meta">+{option.callingCode}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          </Popup>
        </Suspense>
      )}
    </>
  );
}
