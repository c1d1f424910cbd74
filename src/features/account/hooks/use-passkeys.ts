import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { UserInfo } from '../../../api';
import { useDeletePasskeyMutation, useListPasskeysQuery, type Passkey } from '../../../api/passkey-api';
import {
  forgetPasskeyHere,
  passkeysOnThisDevice,
  signalPasskeyRemoved,
  thisDeviceName,
} from '../../../shared/lib/passkey';
import { toast } from '../../../shared/ui/toast';
import { useAddPasskey } from './use-add-passkey';

/** Which sheet of Security's passkeys is open. */
type PasskeySheet = null | { kind: 'add' } | { kind: 'remove'; passkey: Passkey };

/**
 * Security's passkeys (an extension; openapi.yaml listPasskeys): the account's list, read on every
 * visit (one may have been added or removed on another device), which of them this device made or
 * used, and adding and removing one, each in its sheet with the login password.
 */
export function usePasskeys(user: UserInfo) {
  const intl = useIntl();
  const list = useListPasskeysQuery(undefined, { refetchOnMountOrArgChange: true });
  const [remove] = useDeletePasskeyMutation();
  const add = useAddPasskey(user);
  const [sheet, setSheet] = useState<PasskeySheet>(null);
  const onThisDevice = new Set(passkeysOnThisDevice(user.username));
  const passkeys = list.data?.code === 1 ? list.data.data.list : undefined;

  const removeOpen = async ({ password }: { password: string }): Promise<boolean> => {
    if (sheet?.kind !== 'remove') return false;
    const { passkey } = sheet;
    try {
      await remove({ deletePasskeyRequest: { id: passkey.id, password } }).unwrap();
    } catch {
      // The server said why (a wrong password); the sheet stays open with what was typed.
      return false;
    }
    forgetPasskeyHere(user.username, passkey.credential_id);
    // The device's passkey manager stops offering it (where the browser has WebAuthn's signals).
    signalPasskeyRemoved(window.location.hostname, passkey.credential_id);
    toast.success(intl.formatMessage({ id: 'passkey.removed' }, { name: passkey.name }));
    return true;
  };

  return {
    list,
    passkeys,
    isOnThisDevice: (passkey: Passkey) => onThisDevice.has(passkey.credential_id),
    defaultName:
      thisDeviceName((id) => intl.formatMessage({ id })) ?? intl.formatMessage({ id: 'passkey.defaultName' }),
    sheet,
    openAdd: () => setSheet({ kind: 'add' }),
    openRemove: (passkey: Passkey) => setSheet({ kind: 'remove', passkey }),
    closeSheet: () => setSheet(null),
    add: (values: { name: string; password: string }) => add(values),
    removeOpen,
  };
}
