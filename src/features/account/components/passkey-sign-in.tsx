import { usePasskeySignIn } from '../hooks/use-passkey-sign-in';
import { PasskeySignInButton } from './passkey-sign-in-button';

/**
 * Signing in with a passkey under the password form (loaded at idle by /login: shared/lib/use-idle-import):
 * nothing until the backend's challenge says it has passkeys, then the button; the account field's
 * autofill offers them meanwhile where the browser can.
 */
export default function PasskeySignIn({
  disabled,
  onSignedIn,
}: {
  disabled: boolean;
  onSignedIn: (token: string) => void;
}) {
  const passkey = usePasskeySignIn(onSignedIn);
  if (!passkey.offered) return null;
  return <PasskeySignInButton busy={passkey.busy} disabled={disabled} onClick={() => void passkey.signIn()} />;
}
