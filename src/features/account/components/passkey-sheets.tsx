import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import Popup from 'antd-mobile/es/components/popup';
import { FormField } from '../../../shared/ui/form-field';
import {
  addPasskeySchema,
  removePasskeySchema,
  type AddPasskeyValues,
  type RemovePasskeyValues,
} from '../schemas/passkey.schema';

interface SheetProps {
  open: boolean;
  onClose: () => void;
  /** Called once the sheet has closed (focus goes back to what opened it). */
  afterClose?: () => void;
}

/**
 * A bottom sheet that is a labelled dialog; its form's first field takes focus when it opens, and
 * what was typed is forgotten when it closes (a password must not wait in a hidden form).
 */
function PasskeySheet({
  open,
  onClose,
  afterClose,
  title,
  children,
}: SheetProps & { title: string; children: React.ReactNode }) {
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={afterClose}
      bodyClassName="sheet passkey-sheet"
      destroyOnClose
      afterShow={() => document.querySelector<HTMLInputElement>('.passkey-sheet input')?.focus()}
    >
      <div role="dialog" aria-modal="true" aria-label={title}>
        <h2 className="sheet__title">{title}</h2>
        {children}
      </div>
    </Popup>
  );
}

/** Security's 'Add a passkey': its name (the device's, to start with) and the login password. */
export function AddPasskeySheet({
  defaultName,
  onAdd,
  ...sheet
}: SheetProps & { defaultName: string; onAdd: (values: AddPasskeyValues) => Promise<boolean> }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'passkey.addTitle' });
  return (
    <PasskeySheet {...sheet} title={title}>
      <Formik<AddPasskeyValues>
        initialValues={{ name: defaultName, password: '' }}
        validationSchema={addPasskeySchema}
        onSubmit={async (values) => {
          if (await onAdd(values)) sheet.onClose();
        }}
      >
        {({ isSubmitting }) => (
          <Form className="form" noValidate>
            <p className="form-lead">
              <FormattedMessage id="passkey.addLead" />
            </p>
            <FormField
              name="name"
              label="passkey.name"
              autoComplete="off"
              maxLength={60}
              hint={intl.formatMessage({ id: 'passkey.nameHint' })}
            />
            <FormField
              name="password"
              label="account.passwords.login"
              type="password"
              autoComplete="current-password"
            />
            <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
              <FormattedMessage id={isSubmitting ? 'passkey.adding' : 'passkey.addSubmit'} />
            </button>
            <button type="button" className="button button--ghost" onClick={sheet.onClose}>
              <FormattedMessage id="common.cancel" />
            </button>
          </Form>
        )}
      </Formik>
    </PasskeySheet>
  );
}

/** Removing a passkey: the login password, as for every change to how the account is entered. */
export function RemovePasskeySheet({
  name,
  onRemove,
  ...sheet
}: SheetProps & { name: string; onRemove: (values: RemovePasskeyValues) => Promise<boolean> }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'passkey.removeTitle' }, { name });
  return (
    <PasskeySheet {...sheet} title={title}>
      <Formik<RemovePasskeyValues>
        initialValues={{ password: '' }}
        validationSchema={removePasskeySchema}
        onSubmit={async (values) => {
          if (await onRemove(values)) sheet.onClose();
        }}
      >
        {({ isSubmitting }) => (
          <Form className="form" noValidate>
            <p className="form-lead">
              <FormattedMessage id="passkey.removeLead" />
            </p>
            <FormField
              name="password"
              label="account.passwords.login"
              type="password"
              autoComplete="current-password"
            />
            <button
              type="submit"
              className="button button--danger-outline"
              disabled={isSubmitting}
              aria-busy={isSubmitting}
            >
              <FormattedMessage id={isSubmitting ? 'passkey.removing' : 'passkey.removeSubmit'} />
            </button>
            <button type="button" className="button button--ghost" onClick={sheet.onClose}>
              <FormattedMessage id="common.cancel" />
            </button>
          </Form>
        )}
      </Formik>
    </PasskeySheet>
  );
}
