import { fireEvent, waitFor } from '@testing-library/react';
import { useVerifyPayPasswordMutation, type ApiError } from '../../src/api';
import { setApiOrigin } from '../../src/shared/config/env';
import { usePinEntry } from '../../src/shared/ui/use-pin-entry';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { renderScreenHook } from '../support/render-hook';
import { startServer, type ReferenceServer } from '../support/server';
import { fundedShopper } from '../support/wallet';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

/**
 * The entry as the payment screen wires it: each full code is checked with verify_pay on the server
 * and the sheet shows the server's message when it refuses. `closed` counts the sheet's close requests.
 */
async function renderEntry(token: string) {
  let closed = 0;
  const hook = await renderScreenHook(
    ({ open }: { open: boolean }) => {
      const [verify] = useVerifyPayPasswordMutation();
      return usePinEntry({
        open,
        onComplete: async (code) => {
          try {
            await verify({ verifyPayRequest: { password_pay: code } }).unwrap();
            return undefined;
          } catch (error) {
            return (error as ApiError).message;
          }
        },
        onClose: () => {
          closed += 1;
        },
      });
    },
    { token, path: '/payment', initialProps: { open: true } },
  );
  return { ...hook, closed: () => closed };
}

describe('usePinEntry', () => {
  it('keeps digits only, six at most, from the keypad, a paste and a physical keyboard', async () => {
    const entry = await renderEntry(await fundedShopper(server, null));
    entry.result.current.enter('1a2 3');
    await waitFor(() => expect(entry.result.current.code).toBe('123'));
    entry.result.current.press('4');
    entry.result.current.press('Backspace');
    await waitFor(() => expect(entry.result.current.code).toBe('123'));
    entry.result.current.enter('98765432');
    await waitFor(() => expect(entry.result.current.code).toBe('987654'));

    fireEvent.paste(document.body, { clipboardData: { getData: () => '24-68 1' } });
    await waitFor(() => expect(entry.result.current.code).toBe('24681'));
    entry.result.current.enter('');
    fireEvent.keyDown(document.body, { key: '5' });
    fireEvent.keyDown(document.body, { key: 'x' });
    fireEvent.keyDown(document.body, { key: '6' });
    await waitFor(() => expect(entry.result.current.code).toBe('56'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(entry.closed()).toBe(1);
  });

  it("shows the server's refusal of a wrong code and clears the cells; the right code leaves no message", async () => {
    const entry = await renderEntry(await fundedShopper(server, null));
    entry.result.current.enter('000000');
    await entry.result.current.submit('000000');
    await waitFor(() => expect(entry.result.current.error).toBe('Pay Fail'));
    expect(entry.result.current).toMatchObject({ code: '', busy: false });

    // A digit typed after the refusal takes its message away.
    entry.result.current.press('1');
    await waitFor(() => expect(entry.result.current.error).toBeUndefined());
    entry.result.current.enter('123456');
    await entry.result.current.submit('123456');
    await waitFor(() => expect(entry.result.current.busy).toBe(false));
    expect(entry.result.current.error).toBeUndefined();
    // Fewer than six digits are never sent.
    await entry.result.current.submit('12345');
    expect(entry.result.current.error).toBeUndefined();
  });

  it('forgets what was typed when closed, and drops an answer that arrives after', async () => {
    const entry = await renderEntry(await fundedShopper(server, null));
    entry.result.current.enter('000000');
    const answering = entry.result.current.submit('000000');
    await waitFor(() => expect(entry.result.current.busy).toBe(true));
    entry.rerender({ open: false });
    await answering;
    await waitFor(() => expect(entry.result.current.busy).toBe(false));
    expect(entry.result.current).toMatchObject({ code: '', error: undefined });

    entry.rerender({ open: true });
    await waitFor(() => expect(entry.result.current).toMatchObject({ code: '', error: undefined, busy: false }));
  });
});
