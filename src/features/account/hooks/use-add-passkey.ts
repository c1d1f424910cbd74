import { useIntl } from 'react-intl';
import type { UserInfo } from '../../../api';
import { useBeginPasskeyRegistrationMutation, useFinishPasskeyRegistrationMutation } from '../../../api/passkey-api';
import { createPasskey, PasskeyError, rememberPasskeyHere } from '../../../shared/lib/passkey';
import { toast } from '../../../shared/ui/toast';

/** The message for adding a passkey that ended without one; undefined when there is nothing to say. */
function addProblemMessageId(error: PasskeyError): string | undefined {
  switch (error.problem) {
    case 'aborted':
      return undefined;
    case 'cancelled':
      return 'passkey.addCancelled';
    case 'exists':
      return 'passkey.exists';
    case 'unsupported':
      return 'account.passkey.unsupported';
    default:
      return 'account.passkey.failed';
  }
}

/**
 * Adding a passkey (an extension; openapi.yaml beginPasskeyRegistration): the server's options (with
 * the login password, or the grant of the login a moment ago), the device makes the passkey
 * (its fingerprint, face or screen lock), the server keeps it under the shopper's name for it. This
 * device remembers it made it, so payments here offer it. Resolves true once added; otherwise the
 * request layer (a refusal) or a toast here said why, and the form keeps what was typed.
 */
export function useAddPasskey(user: UserInfo | null | undefined) {
  const intl = useIntl();
  const [begin] = useBeginPasskeyRegistrationMutation();
  const [finish] = useFinishPasskeyRegistrationMutation();

  /** `password`, or the `grant` of the login a moment ago (the offer after it). */
  return async ({ name, password, grant }: { name: string; password?: string; grant?: string }): Promise<boolean> => {
    try {
      const options = await begin({ beginPasskeyRegistrationRequest: password ? { password } : { grant } }).unwrap();
      if (options.code !== 1) return false;
      const response = await createPasskey(options.data);
      const added = await finish({ finishPasskeyRegistrationRequest: { name: name.trim(), response } }).unwrap();
      if (added.code !== 1) return false;
      if (user) rememberPasskeyHere(user.username, response.id);
      toast.success(intl.formatMessage({ id: 'passkey.added' }));
      return true;
    } catch (error) {
      const messageId = error instanceof PasskeyError ? addProblemMessageId(error) : undefined;
      if (messageId) toast.fail(intl.formatMessage({ id: messageId }));
      return false;
    }
  };
}
