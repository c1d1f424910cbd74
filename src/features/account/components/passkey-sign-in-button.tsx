import { FormattedMessage } from 'react-intl';
import { PasskeyMark } from '../../../shared/ui/passkey-mark';
import './passkey-sign-in.css';

/** 'Sign in with a passkey' under the password form, with its divider. */
export function PasskeySignInButton({
  busy,
  disabled,
  onClick,
}: {
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <>
      <p className="auth-divider">
        <FormattedMessage id="account.passkey.or" />
      </p>
      <button
        type="button"
        className="button button--outline passkey-button"
        disabled={busy || disabled}
        aria-busy={busy}
        onClick={onClick}
      >
        <PasskeyMark />
        <FormattedMessage id={busy ? 'account.passkey.signingIn' : 'account.passkey.signIn'} />
      </button>
    </>
  );
}
