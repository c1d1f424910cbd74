import { useRef } from 'react';
import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { FocusFirstError } from '../../../shared/ui/focus-first-error';
import { FormField } from '../../../shared/ui/form-field';
import { priceFilterSchema, type PriceFilterValues } from '../schemas/price-filter.schema';

/**
 * The price range of the search filters: lowest and highest price, Apply and Clear. A refused range
 * keeps what was typed, says why under the field and takes the focus there.
 */
export default function PriceFilterForm({
  initialValues,
  onApply,
}: {
  initialValues: PriceFilterValues;
  onApply: (values: PriceFilterValues) => void;
}) {
  const intl = useIntl();
  const form = useRef<HTMLFormElement>(null);
  return (
    <Formik<PriceFilterValues> initialValues={initialValues} validationSchema={priceFilterSchema} onSubmit={onApply}>
      {({ resetForm }) => (
        <Form ref={form} className="search-filters__panel" noValidate>
          <fieldset className="search-filters__range">
            <legend className="search-filters__legend">
              <FormattedMessage id="catalog.filter.price" />
            </legend>
            {(['min', 'max'] as const).map((name) => (
              <FormField
                key={name}
                name={name}
                label={name === 'min' ? 'catalog.filter.minPrice' : 'catalog.filter.maxPrice'}
                inputMode="decimal"
                autoComplete="off"
                placeholder={intl.formatMessage({ id: 'catalog.filter.any' })}
                maxLength={10}
              />
            ))}
          </fieldset>
          <div className="search-filters__actions">
            <button
              type="button"
              className="search-filters__button"
              onClick={() => {
                resetForm({ values: { min: '', max: '' } });
                onApply({ min: '', max: '' });
              }}
            >
              <FormattedMessage id="catalog.filter.clearPrice" />
            </button>
            <button type="submit" className="search-filters__button search-filters__button--primary">
              <FormattedMessage id="catalog.filter.apply" />
            </button>
          </div>
          <FocusFirstError form={form} />
        </Form>
      )}
    </Formik>
  );
}
