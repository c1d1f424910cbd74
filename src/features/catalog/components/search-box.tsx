import { useId, useRef, type InputHTMLAttributes } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import CloseCircleFill from 'antd-mobile-icons/es/CloseCircleFill';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';

export interface SearchBoxProps {
  /** The field's accessible name (also the search landmark's), translated. */
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter (or the Search button) with the current text. */
  onSubmit?: (value: string) => void;
  /** After the clear button emptied the field. */
  onClear?: () => void;
  /** Show a Search button next to the field (searches that run on submit, not as you type). */
  submitButton?: boolean;
  /** Focus the field when the screen opens (a search screen exists to type a search). */
  focusOnMount?: boolean;
  /** The most characters the field takes (what the operation behind it accepts). */
  maxLength?: number;
  /** More attributes of the input: a combobox's role, states and keys (hooks/use-search-combobox.ts). */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;
}

/**
 * A search field in a search landmark: a labelled native input (the phone's keyboard shows a search
 * key), its own clear button (the browser's is hidden: it has no accessible name and is too small),
 * and Enter to submit. What the shopper typed is the caller's state, so it survives everything else.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  onSubmit,
  onClear,
  submitButton,
  focusOnMount,
  maxLength = 100,
  inputProps,
}: SearchBoxProps) {
  const intl = useIntl();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      className="search-box"
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.(value);
        // Close the phone's keyboard so the results can be seen.
        if (submitButton) input.current?.blur();
      }}
    >
      <div className="search-box__field">
        <SearchOutline aria-hidden className="search-box__icon" fontSize={18} />
        <label className="visually-hidden" htmlFor={id}>
          {label}
        </label>
        <input
          ref={input}
          id={id}
          className="search-box__input"
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={maxLength}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the search screen exists to type a search
          autoFocus={focusOnMount}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...inputProps}
        />
        {value && (
          <button
            type="button"
            className="search-box__clear"
            aria-label={intl.formatMessage({ id: 'catalog.search.clear' })}
            onClick={() => {
              onChange('');
              onClear?.();
              input.current?.focus();
            }}
          >
            <CloseCircleFill aria-hidden fontSize={18} />
          </button>
        )}
      </div>
      {submitButton && (
        <button type="submit" className="search-box__submit">
          <FormattedMessage id="catalog.search.submit" />
        </button>
      )}
    </form>
  );
}
