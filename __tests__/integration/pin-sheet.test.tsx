// jsdom has no layout: PasscodeInput scrolls its cells into view on focus.
Element.prototype.scrollIntoView ??= () => undefined;

import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import { englishMessages } from '../../src/shared/i18n/messages';
import { PinSheet } from '../../src/shared/ui/pin-sheet';
import { closeToasts, waitUntilClickable } from '../support/dom';

afterEach(() => closeToasts());

/** A caller of the sheet: a button opens it, success closes it and says so. */
function Harness({
  onComplete,
  onForgot,
}: {
  onComplete: (code: string) => Promise<string | undefined>;
  onForgot?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  return (
    <IntlProvider locale="en" messages={englishMessages}>
      <ConfigProvider locale={enUS}>
        <button type="button" onClick={() => setOpen(true)}>
          Pay
        </button>
        <p>{done}</p>
        <PinSheet
          open={open}
          title="Enter your payment code"
          description="$12.50"
          onClose={() => setOpen(false)}
          forgotLabel={onForgot ? 'Set a payment code' : undefined}
          onForgot={onForgot}
          onComplete={async (code) => {
            const message = await onComplete(code);
            if (message === undefined) {
              setOpen(false);
              setDone(`paid with ${code}`);
            }
            return message;
          }}
        />
      </ConfigProvider>
    </IntlProvider>
  );
}

const cellsNamed = (count: number) => `Payment code, ${count} of 6 digits entered`;

async function openSheet(onComplete: (code: string) => Promise<string | undefined>, onForgot?: () => void) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const user = userEvent.setup();
  render(<Harness onComplete={onComplete} onForgot={onForgot} />);
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  const dialog = await screen.findByRole('dialog', { name: 'Enter your payment code' });
  const key = (digit: string) => screen.getByRole('button', { name: digit });
  await waitUntilClickable(within(dialog).getByRole('button', { name: cellsNamed(0) }));
  return { user, dialog, key };
}

describe('PinSheet', () => {
  it('rejects a wrong code with the message and cleared cells, then accepts the right one', async () => {
    const tried: string[] = [];
    let answer!: (message: string | undefined) => void;
    const { user, dialog, key } = await openSheet(
      (code) =>
        new Promise((resolve) => {
          tried.push(code);
          answer = resolve;
        }),
    );
    expect(dialog).toHaveTextContent('$12.50');

    for (const digit of '11111') await user.click(key(digit));
    expect(within(dialog).getByRole('button', { name: cellsNamed(5) })).toBeInTheDocument();
    expect(dialog.querySelectorAll('.adm-passcode-input-cell-dot')).toHaveLength(5);
    expect(tried).toEqual([]);

    // The sixth digit submits at once; the sheet is busy and ignores more keys meanwhile.
    await user.click(key('2'));
    expect(tried).toEqual(['111112']);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Checking your payment code…');
    await user.click(key('9'));
    expect(within(dialog).getByRole('button', { name: cellsNamed(6) })).toHaveAttribute('aria-busy', 'true');

    answer('Payment password error');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment password error');
    const cells = within(dialog).getByRole('button', { name: cellsNamed(0) });
    expect(cells).toHaveAccessibleDescription('Payment password error');
    expect(dialog.querySelectorAll('.adm-passcode-input-cell-dot')).toHaveLength(0);
    // The busy message is gone; its live region stays, empty, to announce the next attempt.
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();

    // Typing again clears the message; the right code succeeds and the caller closes the sheet.
    await user.click(key('1'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    for (const digit of '23456') await user.click(key(digit));
    expect(tried).toEqual(['111112', '123456']);
    answer(undefined);
    expect(await screen.findByText('paid with 123456')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('takes digits and Backspace from a physical keyboard and ignores letters', async () => {
    const tried: string[] = [];
    const { user, dialog } = await openSheet(async (code) => {
      tried.push(code);
      return code === '246810' ? undefined : 'Payment password error';
    });
    await user.keyboard('12a');
    expect(within(dialog).getByRole('button', { name: cellsNamed(2) })).toBeInTheDocument();
    await user.keyboard('{Backspace}{Backspace}');
    expect(within(dialog).getByRole('button', { name: cellsNamed(0) })).toBeInTheDocument();
    await user.keyboard('135790');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment password error');
    expect(within(dialog).getByRole('button', { name: cellsNamed(0) })).toBeInTheDocument();
    await user.keyboard('246810');
    expect(await screen.findByText('paid with 246810')).toBeInTheDocument();
    expect(tried).toEqual(['135790', '246810']);
  });

  it('deletes with the keypad key and takes a pasted code', async () => {
    const tried: string[] = [];
    const { user, dialog, key } = await openSheet(async (code) => {
      tried.push(code);
      return undefined;
    });
    await user.click(key('7'));
    await user.click(key('8'));
    await user.click(screen.getByRole('button', { name: /^backspace$/i }));
    expect(within(dialog).getByRole('button', { name: cellsNamed(1) })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: cellsNamed(1) }));
    await user.paste('12 34 56');
    // '7' was typed first; a paste replaces what was there.
    await waitFor(() => expect(tried).toEqual(['123456']));
  });

  it('forgets what was typed when closed, and closes with Escape and the close button', async () => {
    const { user, dialog, key } = await openSheet(async () => 'never');
    await user.click(key('4'));
    await user.click(key('2'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const again = await screen.findByRole('dialog', { name: 'Enter your payment code' });
    expect(within(again).getByRole('button', { name: cellsNamed(0) })).toBeInTheDocument();
    // Ready for the keyboard once the sheet has the focus, as a shopper sees it.
    await waitFor(() => expect(again).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes with Escape also while the focus is in its hidden native input', async () => {
    const { user, dialog } = await openSheet(async () => 'never');
    const native = dialog.querySelector('input');
    expect(native).not.toBeNull();
    native!.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers the forgot action when given one', async () => {
    const forgot = jest.fn();
    const { user, dialog } = await openSheet(async () => undefined, forgot);
    await user.click(within(dialog).getByRole('button', { name: 'Set a payment code' }));
    expect(forgot).toHaveBeenCalledTimes(1);
  });
});
