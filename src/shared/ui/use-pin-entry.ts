import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { PasscodeInputRef } from 'antd-mobile/es/components/passcode-input';
import { focusScreenHeading, isInShownScreen } from './page';

/** Payment codes are exactly 6 digits (DESIGN.md section 4). */
export const PIN_LENGTH = 6;

const isDigit = (key: string) => key.length === 1 && key >= '0' && key <= '9';

/**
 * What the payment-code sheet (pin-sheet.tsx) holds while it is open: the digits typed (digits only, at
 * most PIN_LENGTH; from the keypad, a physical keyboard anywhere in the sheet, or a paste), the
 * attempt under way (`busy`) and the message its answer gave. `submit` hands a full code to
 * `onComplete`; a message back clears the cells for another try. Escape closes. Closing forgets
 * everything typed, drops an answer that arrives after it, and gives the focus back to what opened it.
 */
export function usePinEntry({
  open,
  onComplete,
  onClose,
}: {
  open: boolean;
  onComplete: (code: string) => Promise<string | undefined>;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // Each opening is one attempt series; an answer arriving after the sheet closed is dropped.
  const generation = useRef(0);
  const cells = useRef<PasscodeInputRef>(null);
  const opener = useRef<Element | null>(null);

  /** Replaces the code (the native input, paste), keeping digits only. */
  const enter = useCallback((next: string) => {
    if (busyRef.current) return;
    setCode(next.replace(/\D/g, '').slice(0, PIN_LENGTH));
    setError(undefined);
  }, []);
  /** One key of the keypad or a physical keyboard. */
  const press = useCallback((key: string) => {
    if (busyRef.current) return;
    if (key === 'Backspace') {
      setCode((current) => current.slice(0, -1));
    } else {
      setCode((current) => (current + key).slice(0, PIN_LENGTH));
      setError(undefined);
    }
  }, []);

  // Closing forgets everything typed (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setBusy(false);
      setCode('');
      setError(undefined);
    }
  }

  useEffect(() => {
    if (open) {
      opener.current = document.activeElement;
      return;
    }
    generation.current += 1;
    busyRef.current = false;
    // Back to the control that opened the sheet; when the answer took the shopper to another screen
    // (or that control's screen is hidden), to the heading of the screen in front.
    const back = opener.current;
    if (back instanceof HTMLElement && back.isConnected && isInShownScreen(back)) back.focus();
    else if (!document.activeElement || document.activeElement === document.body) focusScreenHeading();
    opener.current = null;
  }, [open]);

  // A physical keyboard types wherever the focus is inside the sheet, not only on the cells.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      // Escape closes wherever the focus is in the sheet, the hidden native input included.
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      const target = event.target as HTMLElement | null;
      // A field elsewhere in the sheet types on its own.
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      if (isDigit(event.key) || event.key === 'Backspace') {
        event.preventDefault();
        press(event.key);
      }
    };
    const onPaste = (event: ClipboardEvent) => {
      const text = event.clipboardData?.getData('text') ?? '';
      if (!/\d/.test(text)) return;
      event.preventDefault();
      enter(text);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('paste', onPaste);
    };
  }, [open, onClose, enter, press]);

  /** Hands a full code to onComplete (PasscodeInput's onFill); its message shows and clears the cells. */
  const submit = async (value: string) => {
    if (busyRef.current || value.length < PIN_LENGTH) return;
    const mine = generation.current;
    busyRef.current = true;
    setBusy(true);
    let message: string | undefined;
    try {
      message = await onComplete(value);
    } catch (failure) {
      message = (failure as { message?: string } | undefined)?.message || intl.formatMessage({ id: 'pinSheet.failed' });
    }
    if (mine !== generation.current) return;
    busyRef.current = false;
    setBusy(false);
    if (message !== undefined) {
      setError(message);
      setCode('');
      cells.current?.focus();
    }
  };

  return { code, error, busy, cells, enter, press, submit };
}
