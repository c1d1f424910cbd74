import { screen, waitFor, within } from '@testing-library/react';
import { useWithdrawal } from '../../src/features/wallet/hooks/use-withdrawal';
import type { WithdrawValues } from '../../src/features/wallet/schemas/withdraw.schema';
import { setApiOrigin } from '../../src/shared/config/env';
import { selectUserInfo } from '../../src/store/session.slice';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderScreenHook } from '../support/render-hook';
import { expectOk, startServer, type Answer, type ReferenceServer } from '../support/server';
import { balanceOf, fundedShopper } from '../support/wallet';

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

const bank = (amount: string): WithdrawValues => ({
  type: 'bank',
  amount,
  bankCard: '6222 0202 0011 2233 445',
  bankName: ' Example Bank ',
  realName: 'Demo Shopper',
  network: '',
  address: '',
});

async function renderWithdrawal(token: string) {
  const hook = await renderScreenHook(() => useWithdrawal(), { token, path: '/withDraw' });
  await waitFor(() => expect(hook.result.current.info.data?.data).toBeDefined());
  return hook;
}

interface ExtractRecord {
  extract_type: number;
  extract_price: string;
  status: number;
}

async function withdrawalsOf(token: string): Promise<ExtractRecord[]> {
  const log = await server.call<Answer<{ list: ExtractRecord[] }>>('/api/user/extract_log?page=1&limit=10', { token });
  return expectOk(log.body, 'extract_log').list;
}

describe('useWithdrawal', () => {
  it("allows an amount within the balance and the platform's minimum, and refuses one outside them", async () => {
    const token = await fundedShopper(server, '50.00');
    const hook = await renderWithdrawal(token);
    expect(hook.result.current.balance).toBe('50.00');
    expect(hook.result.current.minimum).toBe('10.00');

    expect(await hook.result.current.validate(bank('25'))).toEqual({});
    expect(await hook.result.current.validate(bank('50.00'))).toEqual({});
    expect((await hook.result.current.validate(bank('50.01'))).amount).toBe('validation.drawAmountOverBalance');
    expect((await hook.result.current.validate(bank('9.99'))).amount).toBe('validation.drawAmountBelowMinimum');
    expect((await hook.result.current.validate(bank('0'))).amount).toBe('validation.drawAmountEmpty');
    expect(await hook.result.current.validate({ ...bank('25'), type: 'chain' })).toEqual({
      network: 'validation.withdrawNetworkRequired',
      address: 'validation.addressRequired',
    });
  });

  it('asks for the code with the request it will send, refuses a wrong code, then withdraws and opens the records', async () => {
    const token = await fundedShopper(server, '50.00');
    const hook = await renderWithdrawal(token);
    await hook.result.current.askForCode(bank('25'));
    await waitFor(() =>
      expect(hook.result.current.pending).toEqual({
        extract_type: 0,
        price: '25.00',
        bank_card: '6222020200112233445',
        bank_name: 'Example Bank',
        real_name: 'Demo Shopper',
      }),
    );

    expect(await hook.result.current.confirmWithCode('111111')).toBe('Pay Fail');
    expect(await withdrawalsOf(token)).toEqual([]);

    expect(await hook.result.current.confirmWithCode('123456')).toBeUndefined();
    await findAnnouncement('Draw Success');
    await waitFor(() => expect(hook.pathname()).toBe('/depositRecord'));
    expect(hook.result.current.pending).toBeNull();
    expect(await withdrawalsOf(token)).toMatchObject([{ extract_type: 0, extract_price: '25.00', status: 0 }]);
    // The amount is held at request time (DESIGN.md section 3.4).
    expect(await balanceOf(server, token)).toBe('25.00');
  });

  it('offers to set a payment code instead of asking for one when the shopper has none', async () => {
    const token = await fundedShopper(server, '50.00', null);
    const hook = await renderWithdrawal(token);
    await waitFor(() => expect(selectUserInfo(hook.store.getState())?.have_pay).toBe(0));
    const asking = hook.result.current.askForCode(bank('25'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Set a payment code first');
    const go = within(dialog).getByRole('button', { name: 'Set payment code' });
    await waitUntilClickable(go);
    go.click();
    await asking;
    await waitFor(() => expect(hook.pathname()).toBe('/changePayPwd'));
    expect(hook.result.current.pending).toBeNull();
    expect(await withdrawalsOf(token)).toEqual([]);
  });
});
