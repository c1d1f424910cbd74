import { useRef, useState } from 'react';
import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import Popup from 'antd-mobile/es/components/popup';
import type { UserInfo } from '../../../api';
import {
  deviceCanMakePasskey,
  notePasskeyOffered,
  passkeyOffered,
  passkeysOnThisDevice,
  thisDeviceName,
} from '../../../shared/lib/passkey';
import { forgetPasskeyGrant, passkeyGrantOf } from '../../../shared/lib/passkey-support';
import { FormField } from '../../../shared/ui/form-field';
import { focusScreenHeading } from '../../../shared/ui/page';
import { PasskeyMark } from '../../../shared/ui/passkey-mark';
import { useAddPasskey } from '../hooks/use-add-passkey';
import { addPasskeySchema, namePasskeySchema, type AddPasskeyValues } from '../schemas/passkey.schema';
import './passkey-offer.css';

/**
 * Whether to offer `account` a passkey now (after a login with the password): not offered on this
 * device before, this device holds none of the account's, and it can make one. Noted as offered
 * when it is, whatever the shopper answers (or if they leave it open and go away).
 */
export async function shouldOfferPasskey(account: string): Promise<boolean> {
  if (passkeyOffered(account) || passkeysOnThisDevice(account).length) return false;
  if (!(await deviceCanMakePasskey())) return false;
  notePasskeyOffered(account);
  return true;
}

/**
 * The offer of a passkey once after a login with the password, on a device that can make one
 * (app/passkey-offer-slot.tsx decides): what it is for, its name, 'Add a passkey' or 'Not now'. The
 * login's grant stands for the password just typed; without it (expired, or a backend that sends
 * none) the login password is asked for here.
 */
export default function PasskeyOffer({ user, onDone }: { user: UserInfo; onDone: () => void }) {
  const intl = useIntl();
  const add = useAddPasskey(user);
  const [open, setOpen] = useState(true);
  const [grant] = useState(() => passkeyGrantOf(user.username));
  const title = intl.formatMessage({ id: 'passkey.offerTitle' });
  const close = () => setOpen(false);
  const dialog = useRef<HTMLDivElement>(null);
  return (
    <Popup
      visible={open}
      onMaskClick={close}
      onClose={close}
      // The offer opens by itself over the screen a login led to: it takes the focus, so a screen
      // reader reads it, and gives it to that screen's heading when it closes.
      afterShow={() => dialog.current?.focus()}
      afterClose={() => {
        if (!document.activeElement || document.activeElement === document.body) focusScreenHeading();
        onDone();
      }}
      bodyClassName="sheet passkey-sheet"
      destroyOnClose
    >
      <div
        ref={dialog}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="passkey-offer-title"
        aria-describedby="passkey-offer-lead"
      >
        <div className="passkey-offer__mark">
          <PasskeyMark />
        </div>
        <h2 className="sheet__title" id="passkey-offer-title">
          {title}
        </h2>
        <Formik<AddPasskeyValues>
          initialValues={{
            name:
              thisDeviceName((id) => intl.formatMessage({ id })) ?? intl.formatMessage({ id: 'passkey.defaultName' }),
            password: '',
          }}
          validationSchema={grant ? namePasskeySchema : addPasskeySchema}
          onSubmit={async ({ name, password }) => {
            if (!(await add(grant ? { name, grant } : { name, password }))) return;
            forgetPasskeyGrant();
            close();
          }}
        >
          {({ isSubmitting }) => (
            <Form className="form" noValidate>
              <p className="passkey-offer__lead" id="passkey-offer-lead">
                <FormattedMessage id="passkey.offerLead" />
              </p>
              <FormField name="name" label="passkey.name" autoComplete="off" maxLength={60} />
              {!grant && (
                <FormField
                  name="password"
                  label="account.passwords.login"
                  type="password"
                  autoComplete="current-password"
                />
              )}
              <button type="submit" className="button passkey-button" disabled={isSubmitting} aria-busy={isSubmitting}>
                <PasskeyMark />
                <FormattedMessage id={isSubmitting ? 'passkey.adding' : 'passkey.add'} />
              </button>
              <button type="button" className="button button--ghost" onClick={close} disabled={isSubmitting}>
                <FormattedMessage id="passkey.offerLater" />
              </button>
            </Form>
          )}
        </Formik>
      </div>
    </Popup>
  );
}
