import { useCallback, useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import Popup from 'antd-mobile/es/components/popup';
import PasscodeInput from 'antd-mobile/es/components/passcode-input';
import NumberKeyboard from 'antd-mobile/es/components/number-keyboard';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { PIN_LENGTH, usePinEntry } from './use-pin-entry';

export { PIN_LENGTH } from './use-pin-entry';

export interface PinSheetProps {
  open: boolean;
  /** The sheet's heading and the dialog's accessible name, e.g. 'Enter your payment code'. */
  title: string;
  /** What the code confirms, under the title (e.g. the amount about to leave the wallet). */
  description?: ReactNode;
  /**
   * Called with the 6 digits as soon as the last one is entered. Resolve `undefined` on success (the
   * caller then closes the sheet or moves on), or an error message: it shows under the cells and the
   * cells are cleared for another try. A rejection counts as a failure without a message.
   */
  onComplete: (code: string) => Promise<string | undefined>;
  onClose: () => void;
  /** A text button under the cells, e.g. 'Set a payment code'. Shown only with `onForgot`. */
  forgotLabel?: string;
  onForgot?: () => void;
}

/**
 * PasscodeInput focuses its hidden native input, which opens the phone's own keyboard, unless it is
 * given a keyboard element; it would then show that keyboard only while the cells have focus. The
 * sheet shows its keypad for as long as it is open, so PasscodeInput gets this empty stand-in.
 */
function KeypadShownBySheet() {
  return null;
}

/**
 * The 6-digit payment-code sheet: masked separated cells, a fixed numeric keypad (randomOrder off),
 * digits and Backspace from a physical keyboard, paste, auto-submit at the sixth digit, a busy state
 * while `onComplete` runs, the returned error under the cells (role=alert). Escape, the close button
 * and the mask close it; closing forgets what was typed. Pure UI: the caller talks to the server.
 *
 * Keep it in a lazily loaded screen chunk (Popup, PasscodeInput and NumberKeyboard are heavy).
 *
 * @example Wiring verify_pay before paying:
 * ```tsx
 * const [verify] = useVerifyPayPasswordMutation();
 * <PinSheet
 *   open={asking}
 *   title={intl.formatMessage({ id: 'wallet.withdraw.pinTitle' })}
 *   description={formatMoney(amount, intl.locale)}
 *   onClose={() => setAsking(false)}
 *   onComplete={async (code) => {
 *     try {
 *       await verify({ verifyPayRequest: { password_pay: code } }).unwrap();
 *       setAsking(false);
 *       await submitTheRealRequest();
 *       return undefined;
 *     } catch (e) {
 *       return (e as ApiError).message; // the wrong-code message; the request layer toasted it too
 *     }
 *   }}
 * />
 * ```
 */
export function PinSheet({ open, title, description, onComplete, onClose, forgotLabel, onForgot }: PinSheetProps) {
  const intl = useIntl();
  const errorId = useId();
  const { code, error, busy, cells, enter, press, submit } = usePinEntry({ open, onComplete, onClose });

  // PasscodeInput's hidden native input (aria-hidden, off screen) is not used: with a keyboard element
  // given, the cells never focus it, and the sheet's keypad and keydown handler type. Disabled, it is
  // neither a tab stop nor a control nested inside the cells' role=button (axe nested-interactive).
  const hideNativeInput = useCallback((element: HTMLDivElement | null) => {
    element?.querySelector('.adm-passcode-input-native-input')?.setAttribute('disabled', '');
  }, []);

  return (
    <>
      <Popup
        visible={open}
        onMaskClick={onClose}
        onClose={onClose}
        afterShow={() => cells.current?.focus()}
        bodyClassName="sheet pin-sheet"
      >
        <div role="dialog" aria-modal="true" aria-label={title} className="pin-sheet__dialog" ref={hideNativeInput}>
          <div className="pin-sheet__head">
            <h2 className="sheet__title pin-sheet__title">{title}</h2>
            <button
              type="button"
              className="icon-button pin-sheet__close"
              onClick={onClose}
              aria-label={intl.formatMessage({ id: 'pinSheet.close' })}
            >
              <CloseOutline aria-hidden fontSize={20} />
            </button>
          </div>
          {description !== undefined && <div className="pin-sheet__description">{description}</div>}
          <div className="pin-sheet__cells">
            <PasscodeInput
              ref={cells}
              length={PIN_LENGTH}
              plain={false}
              seperated
              value={code}
              error={Boolean(error)}
              onChange={enter}
              onFill={(value) => void submit(value)}
              keyboard={<KeypadShownBySheet />}
              aria-label={intl.formatMessage({ id: 'pinSheet.cells' }, { count: code.length, length: PIN_LENGTH })}
              aria-describedby={error ? errorId : undefined}
              aria-busy={busy}
            />
          </div>
          <div className="pin-sheet__feedback">
            {/* The live region is there from the start, empty: a region added with its text already in
                it is not announced, and one holding the animated spinner (its SVG changes every frame)
                was announced again at each change. The visible row is the same text, so it is hidden
                from screen readers. */}
            <span className="visually-hidden" role="status">
              {busy ? intl.formatMessage({ id: 'pinSheet.verifying' }) : ''}
            </span>
            {busy ? (
              <div className="pin-sheet__busy" aria-hidden>
                <SpinLoading color="primary" style={{ '--size': '18px' }} />
                <span>{intl.formatMessage({ id: 'pinSheet.verifying' })}</span>
              </div>
            ) : (
              error && (
                <div className="pin-sheet__error" role="alert" id={errorId}>
                  {error}
                </div>
              )
            )}
          </div>
          {forgotLabel && onForgot && (
            <button type="button" className="button button--ghost pin-sheet__forgot" onClick={onForgot}>
              {forgotLabel}
            </button>
          )}
        </div>
      </Popup>
      <NumberKeyboard
        visible={open}
        randomOrder={false}
        showCloseButton={false}
        confirmText={null}
        onInput={press}
        onDelete={() => press('Backspace')}
        className="pin-sheet__keypad"
      />
    </>
  );
}
