import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { callingCodeOptions, type CallingCodeOption, type CountryCode } from '../lib/phone';
import { CountrySheet } from './country-sheet';

/** Name, calling code (typed with or without '+', matched from its start) or the exact country code. */
const matchesCallingCode = (option: CallingCodeOption, needle: string) => {
  const digits = needle.replace(/^\+/, '');
  return (
    option.name.toLowerCase().includes(digits) ||
    option.callingCode.startsWith(digits) ||
    option.country.toLowerCase() === digits
  );
};

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
  const options = useMemo(() => callingCodeOptions(intl.locale), [intl.locale]);
  const current = options.find((option) => option.country === value);
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
        onClick={() => setOpen(true)}
      >
        +{current?.callingCode}
      </button>
      <CountrySheet
        open={open}
        title={intl.formatMessage({ id: 'account.fields.callingCode' })}
        searchLabel={intl.formatMessage({ id: 'account.callingCode.search' })}
        options={options}
        selected={value}
        matches={matchesCallingCode}
        meta={(option) => `+${option.callingCode}`}
        onPick={(option) => {
          onChange(option.country);
          setOpen(false);
        }}
        onDismiss={() => setOpen(false)}
        keepSearchOnDismiss
      />
    </>
  );
}
