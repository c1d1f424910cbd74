import { useId, useState } from 'react';
import { useField } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormField } from '../../../shared/ui/form-field';
import { ADDRESS_TAGS, TAG_MAX } from '../schemas/address.schema';

const isSuggested = (tag: string) => ADDRESS_TAGS.some((item) => item.toLowerCase() === tag.trim().toLowerCase());

/**
 * The address tag: chips for Home, Work and School (stored in English, shown translated) and 'Other',
 * which opens a text field for the shopper's own tag.
 */
export function TagField({ name }: { name: string }) {
  const intl = useIntl();
  const id = useId();
  const [field, meta, helpers] = useField<string>(name);
  const [custom, setCustom] = useState(() => Boolean(field.value) && !isSuggested(field.value));
  // Focus the text field only when the shopper asks for it, not when an edited address opens with one.
  const [askedForOwn, setAskedForOwn] = useState(false);
  const showError = !custom && Boolean(meta.touched && meta.error);
  const pick = (tag: string) => {
    setCustom(false);
    void helpers.setValue(tag, true);
  };
  return (
    <div className={`form-field${showError ? ' form-field--invalid' : ''}`}>
      <span className="form-field__label" id={`${id}-label`}>
        <FormattedMessage id="address.fields.tag" />
      </span>
      <div
        className="tag-chips"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={showError ? `${id}-error` : undefined}
      >
        {ADDRESS_TAGS.map((tag) => {
          const on = !custom && field.value.trim().toLowerCase() === tag.toLowerCase();
          return (
            <button
              key={tag}
              type="button"
              className={`tag-chip${on ? ' tag-chip--on' : ''}`}
              aria-pressed={on}
              onClick={() => pick(tag)}
            >
              <FormattedMessage id={`address.tag.${tag.toLowerCase()}`} />
            </button>
          );
        })}
        <button
          type="button"
          className={`tag-chip${custom ? ' tag-chip--on' : ''}`}
          aria-pressed={custom}
          onClick={() => {
            if (custom) return;
            setCustom(true);
            setAskedForOwn(true);
            void helpers.setValue('', false);
          }}
        >
          <FormattedMessage id="address.tag.other" />
        </button>
      </div>
      {showError && (
        <div className="form-field__error" id={`${id}-error`}>
          {intl.formatMessage({ id: meta.error as string })}
        </div>
      )}
      {custom && (
        <FormField
          name={name}
          label="address.fields.customTag"
          maxLength={TAG_MAX}
          // The shopper just asked for their own tag: take them to the field.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={askedForOwn}
          placeholder={intl.formatMessage({ id: 'address.tag.placeholder' })}
        />
      )}
    </div>
  );
}
