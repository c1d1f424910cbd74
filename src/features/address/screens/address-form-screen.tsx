import { useId } from 'react';
import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { useCanGoBack } from '../../../shared/lib/use-can-go-back';
import {
  useGetAddressQuery,
  useLazyListAddressesQuery,
  useSaveAddressMutation,
  type Address,
  type SaveAddressRequest,
} from '../../../api';
import { paths } from '../../../shared/config/paths';
import { callingCodeOf, defaultCountry, type CountryCode } from '../../../shared/lib/phone';
import { useIntentKey } from '../../../shared/lib/use-intent-key';
import { type Finding, useVerifiedAction } from '../../../shared/lib/use-verified-action';
import { MobileField } from '../../../shared/ui/mobile-field';
import { FormField } from '../../../shared/ui/form-field';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAppSelector } from '../../../store/hooks';
import { discardDraft } from '../../../store/kept-forms.slice';
import { FormKeeper } from '../../../store/use-form-keeper';
import { selectLocale } from '../../../store/language.slice';
import { AreaField } from '../components/area-field';
import { TagField } from '../components/tag-field';
import { useChooseMode } from '../hooks/use-choose-mode';
import { formatArea, parseArea } from '../lib/area';
import { phoneCountryOf } from '../lib/phone-country';
import { ADDRESSEE_MAX, addressSchema, DETAIL_MAX, type AddressValues } from '../schemas/address.schema';

function toRequest(values: AddressValues, addressId: number | undefined): SaveAddressRequest {
  return {
    ...(addressId !== undefined ? { address_id: addressId } : {}),
    name: values.name.trim(),
    mobile: values.mobile.replace(/[\s-]/g, ''),
    quhao: callingCodeOf(values.phoneCountry),
    country: formatArea(values.areaCountry as CountryCode, values.region),
    detail: values.detail.trim(),
    tag: values.tag.trim(),
    is_default: values.isDefault ? 1 : 0,
  };
}

/** The address just created: save answers no id, so it is the newest one with what was sent. */
function findSaved(list: readonly Address[], sent: SaveAddressRequest): Address | undefined {
  return list
    .filter(
      (item) =>
        item.name === sent.name &&
        item.mobile === sent.mobile &&
        item.detail === sent.detail &&
        item.country === sent.country,
    )
    .sort((a, b) => b.address_id - a.address_id)[0];
}

/** The address as saved on the server is what was sent (an edit after a lost answer). */
const holds = (item: Address, sent: SaveAddressRequest) =>
  item.name === sent.name &&
  item.mobile === sent.mobile &&
  item.detail === sent.detail &&
  item.country === sent.country &&
  item.tag === sent.tag;

function AddressForm({ address, addressId }: { address?: Address; addressId?: number }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const locale = useAppSelector(selectLocale);
  const { choosing, choose } = useChooseMode();
  const [save] = useSaveAddressMutation();
  const [listAddresses] = useLazyListAddressesQuery();
  const intent = useIntentKey();
  const verified = useVerifiedAction();
  const formId = useId();
  const draftId = `address:${addressId ?? 'new'}`;

  const startCountry = defaultCountry(locale, typeof navigator === 'undefined' ? [] : navigator.languages);
  const area = address ? parseArea(address.country, intl.locale) : { country: '' as const, region: '' };
  const initialValues: AddressValues = {
    name: address?.name ?? '',
    phoneCountry: address ? phoneCountryOf(address.quhao ?? '', address.mobile, startCountry) : startCountry,
    mobile: address?.mobile ?? '',
    areaCountry: area.country,
    region: area.region,
    detail: address?.detail ?? '',
    tag: address?.tag ?? '',
    isDefault: address?.is_default === 1,
  };

  const back = () => {
    if (canGoBack()) navigate(-1);
    else navigate(paths.address, { replace: true });
  };

  /** After a lost or late answer: whether the server holds the address as sent, read again ('unknown' when it cannot be read). */
  const savedAfterAll = async (sent: SaveAddressRequest): Promise<Finding> => {
    try {
      const result = await listAddresses({ page: 1, limit: 50 }).unwrap();
      if (result.code !== 1) return 'unknown';
      const { list } = result.data;
      if (addressId === undefined) return findSaved(list, sent) !== undefined;
      const current = list.find((item) => item.address_id === addressId);
      return current !== undefined && holds(current, sent);
    } catch {
      return 'unknown';
    }
  };

  const submit = async (values: AddressValues) => {
    const sent = toRequest(values, addressId);
    const done = await verified({
      // One key per intended save (contract, saveAddress): a retry after a lost answer saves nothing more.
      send: () => save({ 'Idempotency-Key': intent.keyFor(sent), saveAddressRequest: sent }).unwrap(),
      // After a lost or late answer the addresses are read again before anything is said.
      recheck: () => savedAfterAll(sent),
      notDone: 'address.form.notSaved',
      unknown: 'address.form.saveUnknown',
      intent,
    });
    // Not saved: a refusal, 'not saved' or 'could not check' was said; everything typed stays.
    if (!done) return;
    discardDraft(draftId);
    toast.success(intl.formatMessage({ id: 'common.saveSuccess' }));
    if (choosing && addressId === undefined) {
      try {
        const result = await listAddresses({ page: 1, limit: 50 }).unwrap();
        const saved = result.code === 1 ? findSaved(result.data.list, sent) : undefined;
        if (saved) return choose(saved);
      } catch {
        // Saved but not found again: return to the list, where the shopper can pick it.
      }
    }
    back();
  };

  return (
    <Formik<AddressValues> initialValues={initialValues} validationSchema={addressSchema} onSubmit={submit}>
      {({ isSubmitting, values, setFieldValue }) => (
        <Form className="form address-form" noValidate>
          {/* What was typed survives a 401 and a reload (sessionStorage draft, cleared on logout). */}
          <FormKeeper formId={draftId} draft />
          {choosing && addressId === undefined && (
            <p className="address-hint" role="note">
              <FormattedMessage id="address.choose.newHint" />
            </p>
          )}
          <FormField name="name" label="address.fields.name" autoComplete="shipping name" maxLength={ADDRESSEE_MAX} />
          <MobileField
            labelId="address.fields.mobile"
            countryName="phoneCountry"
            autoComplete="shipping tel-national"
          />
          <AreaField
            name="areaCountry"
            onPicked={(country) => {
              // A new number most likely belongs to the country the parcel goes to.
              if (!values.mobile.trim()) void setFieldValue('phoneCountry', country, false);
            }}
          />
          <FormField
            name="region"
            label="address.fields.region"
            autoComplete="shipping address-level1"
            hint={intl.formatMessage({ id: 'address.region.hint' })}
          />
          <FormField
            name="detail"
            label="address.fields.detail"
            autoComplete="shipping street-address"
            maxLength={DETAIL_MAX}
            placeholder={intl.formatMessage({ id: 'address.detail.placeholder' })}
          />
          <TagField name="tag" />
          <div className="switch-row">
            <span className="switch-row__text">
              <label className="switch-row__title" htmlFor={`${formId}-default`}>
                {intl.formatMessage({ id: 'address.fields.default' })}
              </label>
              <span className="switch-row__hint" id={`${formId}-default-hint`}>
                {intl.formatMessage({ id: 'address.default.hint' })}
              </span>
            </span>
            <input
              id={`${formId}-default`}
              type="checkbox"
              role="switch"
              className="switch"
              aria-describedby={`${formId}-default-hint`}
              checked={values.isDefault}
              onChange={(event) => void setFieldValue('isDefault', event.target.checked, false)}
            />
          </div>
          <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
            <FormattedMessage id={isSubmitting ? 'common.saving' : 'address.save'} />
          </button>
        </Form>
      )}
    </Formik>
  );
}

/** /addressForm/:id?: a new address, or the address `id` loaded with getAddress and edited. */
export default function AddressFormScreen() {
  const intl = useIntl();
  const { id } = useParams();
  const addressId = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  const editing = id !== undefined;
  const query = useGetAddressQuery({ addressId: addressId ?? 0 }, { skip: addressId === undefined });
  const address = query.data?.code === 1 ? query.data.data : undefined;

  let content;
  if (!editing) content = <AddressForm />;
  else if (addressId === undefined || query.isError)
    content = (
      <ErrorState error={query.error} onRetry={addressId === undefined ? undefined : () => void query.refetch()} />
    );
  else if (!address) content = <LoadingState />;
  else content = <AddressForm key={addressId} address={address} addressId={addressId} />;

  return (
    <Page
      title={intl.formatMessage({ id: editing ? 'address.form.editTitle' : 'address.form.addTitle' })}
      fallback={paths.address}
    >
      {content}
    </Page>
  );
}
