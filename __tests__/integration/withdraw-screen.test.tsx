// jsdom has no layout: the payment-code sheet's PasscodeInput scrolls its cells into view on focus.
Element.prototype.scrollIntoView ??= () => undefined;

import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import {
  clearCookies,
  clearLiveRegions,
  closeToasts,
  findAnnouncement,
  recordAnnouncements,
  waitUntilClickable,
} from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, serverLogin, startServer, type ReferenceServer, SHOPPER_PASSWORD } from '../support/server';
import { balanceOf, bankWithdrawal, fileRecharge, fileWithdrawal } from '../support/wallet';

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

/** A shopper of their own per test (the demo balance moves in these tests). */
let shopperCount = 0;
async function freshShopperWithMoney(amount: string, withPayCode = true): Promise<string> {
  const token = await registerShopper(server, `wd_${Date.now() % 100000}_${++shopperCount}`);
  await fileRecharge(server, token, amount);
  const list = await server.call<{ data: { list: { id: number }[] } }>('/api/user/recharge_log', { token });
  await server.ops('recharge:pass', String(list.body.data.list[0]!.id));
  if (withPayCode) {
    const set = await server.call<{ code: number }>('/api/user/resetPay', {
      token,
      json: { oldpassword: '', newpassword: '123456', is_verify: 0, password: SHOPPER_PASSWORD },
    });
    expect(set.body.code).toBe(1);
  }
  return token;
}

async function openWithdraw(token: string) {
  const app = await renderApp('/withDraw', { token });
  await screen.findByText('Available balance');
  return app;
}

const amountField = () => screen.getByLabelText('Amount (USD)');
const preview = () => {
  const fee = screen.getByText('Service charge', { selector: 'dt' }).nextElementSibling!;
  const net = screen.getByText('Actual arrival', { selector: 'dt' }).nextElementSibling!;
  return { fee: fee.textContent, net: net.textContent };
};

async function enterCode(app: Awaited<ReturnType<typeof renderApp>>, code: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Enter your payment code' });
  await waitUntilClickable(within(dialog).getByRole('button', { name: /^Payment code, \d of 6 digits entered$/ }));
  for (const digit of code) await app.user.click(screen.getByRole('button', { name: digit }));
  return dialog;
}

async function fillBank(app: Awaited<ReturnType<typeof renderApp>>, amount: string) {
  await app.user.type(amountField(), amount);
  await app.user.type(screen.getByLabelText('Bank card number'), '6222 0202 0011 2233 445');
  await app.user.type(screen.getByLabelText('Bank name'), 'Example Bank');
  await app.user.type(screen.getByLabelText('Real name'), 'Demo Shopper');
}

describe('WithdrawScreen', () => {
  it("shows the balance, the server's rate, and the fee and actual arrival live as the amount is typed", async () => {
    const token = await serverLogin(server);
    const app = await openWithdraw(token);
    expect(screen.getByText('$1,000.00')).toBeInTheDocument();
    expect(screen.getByText('Service charge 3%')).toBeInTheDocument();
    expect(preview()).toEqual({ fee: '$0.00', net: '$0.00' });

    await app.user.type(amountField(), '33.33');
    expect(preview()).toEqual({ fee: '$1.00', net: '$32.33' }); // 0.9999 rounds half up to 1.00
    await app.user.clear(amountField());
    await app.user.type(amountField(), '0.16');
    expect(preview()).toEqual({ fee: '$0.01', net: '$0.15' }); // 0.0048: a rate above 0 never gives a zero fee
    await app.user.clear(amountField());
    await app.user.type(amountField(), '33.50');
    expect(preview()).toEqual({ fee: '$1.01', net: '$32.49' }); // 1.005 -> 1.01 (a float says 1.00)

    await app.user.click(screen.getByRole('button', { name: 'Draw all' }));
    expect(amountField()).toHaveValue('1000.00');
    expect(preview()).toEqual({ fee: '$30.00', net: '$970.00' });
  });

  it('says the fee and the arrival to screen readers once the shopper stops typing, not at every digit', async () => {
    const token = await serverLogin(server);
    const app = await openWithdraw(token);
    const said = recordAnnouncements();
    await app.user.type(amountField(), '33.5');
    await waitFor(() => expect(said.said()).toEqual(['status:Service charge $1.01, actual arrival $32.49']), {
      timeout: 3000,
    });
    // Read where it stands, not pushed into what the shopper is hearing at each change.
    expect(screen.getByText('Service charge', { selector: 'dt' }).closest('[aria-live]')).toBeNull();
    await app.user.type(amountField(), '0');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // 33.50 is the same amount: nothing new to say.
    expect(said.said()).toHaveLength(1);
    said.stop();
  });

  it('shows every validation message for a bank card and sends nothing', async () => {
    const token = await serverLogin(server);
    const app = await openWithdraw(token);
    expect(screen.getByRole('button', { name: 'Bank card' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Draw amount cannot be less than or equal to 0 or empty')).toBeInTheDocument();
    expect(screen.getByText('Please enter the bank card number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the bank name')).toBeInTheDocument();
    expect(screen.getByText("Please enter the card holder's real name")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const messages: [string, string][] = [
      ['0', 'Draw amount cannot be less than or equal to 0 or empty'],
      ['-5', 'Draw amount cannot be less than or equal to 0 or empty'],
      ['1000.01', 'Draw amount cannot be larger than balance'],
      ['12.345', 'Please fill correct amount'],
    ];
    for (const [amount, message] of messages) {
      await app.user.clear(amountField());
      await app.user.type(amountField(), amount);
      await app.user.tab();
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await app.user.type(screen.getByLabelText('Bank card number'), '12345');
    await app.user.tab();
    expect(await screen.findByText('A bank card number has 12 to 19 digits')).toBeInTheDocument();
    expect(await balanceOf(server, token)).toBe('1000.00');
  });

  it("shows the platform's minimum and refuses 9.99 with the minimum named, keeping what was typed", async () => {
    const token = await freshShopperWithMoney('50');
    const app = await openWithdraw(token);
    expect(screen.getByText('Minimum withdrawal $10.00')).toBeInTheDocument();
    await fillBank(app, '9.99');
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const message = await screen.findByText('The minimum withdrawal is $10.00');
    expect(amountField()).toHaveAttribute('aria-describedby', message.id);
    expect(amountField()).toHaveValue('9.99');
    expect(screen.getByLabelText('Bank name')).toHaveValue('Example Bank');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // 10.00 is enough.
    await app.user.clear(amountField());
    await app.user.type(amountField(), '10');
    await app.user.tab();
    await waitFor(() => expect(screen.queryByText('The minimum withdrawal is $10.00')).not.toBeInTheDocument());
    expect(await balanceOf(server, token)).toBe('50.00');
  });

  it('asks for the network and the receiving address on chain', async () => {
    const token = await serverLogin(server);
    const app = await openWithdraw(token);
    await app.user.click(screen.getByRole('button', { name: 'On chain' }));
    expect(screen.queryByLabelText('Bank card number')).not.toBeInTheDocument();
    await app.user.type(amountField(), '10');
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Please choose a network')).toBeInTheDocument();
    expect(screen.getByText('Please enter the address')).toBeInTheDocument();
    expect(screen.queryByText('Please enter the bank card number')).not.toBeInTheDocument();
  });

  it('withdraws to a bank card after a wrong and then the right payment code: Draw Success, the record, the hold', async () => {
    const token = await freshShopperWithMoney('200');
    const app = await openWithdraw(token);
    await fillBank(app, '100');
    expect(preview()).toEqual({ fee: '$3.00', net: '$97.00' });
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));

    const dialog = await enterCode(app, '111111');
    expect(dialog).toHaveTextContent('Withdraw $100.00; you receive $97.00');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Pay Fail'); // SPEC.md section 8
    expect(await balanceOf(server, token)).toBe('200.00');

    await enterCode(app, '123456');
    await findAnnouncement('Draw Success');
    await waitFor(() => expect(app.pathname()).toBe('/depositRecord'));
    const list = await screen.findByRole('list', { name: 'Withdrawal records' });
    const record = await within(list).findByRole('article');
    expect(record).toHaveTextContent('Bank card withdrawal ****3445');
    expect(record).toHaveTextContent('$100.00');
    expect(record).toHaveTextContent('Service charge$3.00');
    expect(record).toHaveTextContent('Actual arrival$97.00');
    expect(record).toHaveTextContent('Auditing');
    // The amount is held at request time (DESIGN.md section 3.4).
    expect(await balanceOf(server, token)).toBe('100.00');
  });

  it('offers the saved card in one tap, filling its three fields', async () => {
    const token = await freshShopperWithMoney('50');
    await fileWithdrawal(server, token, bankWithdrawal('10'));
    const app = await openWithdraw(token);
    const saved = await screen.findByRole('group', { name: 'Saved cards' });
    await app.user.click(within(saved).getByRole('button', { name: 'Example Bank ···· 3445' }));
    expect(screen.getByLabelText('Bank card number')).toHaveValue('6222020200112233445');
    expect(screen.getByLabelText('Bank name')).toHaveValue('Example Bank');
    expect(screen.getByLabelText('Real name')).toHaveValue('Demo Shopper');
    expect(within(saved).getByRole('button', { name: 'Example Bank ···· 3445' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('withdraws on chain', async () => {
    const token = await freshShopperWithMoney('60');
    const app = await openWithdraw(token);
    await app.user.click(screen.getByRole('button', { name: 'On chain' }));
    await app.user.click(screen.getByRole('button', { name: 'Draw all' }));
    await app.user.click(screen.getByRole('button', { name: 'TRC20' }));
    await app.user.type(screen.getByLabelText('Receiving address'), 'TQ5Nw1pX9mJx3fC8sZk2bVd7hYr4eL6gUa');
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterCode(app, '123456');
    await findAnnouncement('Draw Success');
    await waitFor(() => expect(app.pathname()).toBe('/depositRecord'));
    const record = await within(await screen.findByRole('list', { name: 'Withdrawal records' })).findByRole('article');
    expect(record).toHaveTextContent('USDT-TRC20 withdrawal TQ5N…gUa');
    expect(record).toHaveTextContent('Actual arrival$58.20');
    expect(await balanceOf(server, token)).toBe('0.00');
  });

  it("shows the server's refusal when the balance went down meanwhile, and keeps what was typed", async () => {
    const token = await freshShopperWithMoney('100');
    const app = await openWithdraw(token);
    await fillBank(app, '80');
    // Spent elsewhere (another device) after the screen loaded the balance.
    await fileWithdrawal(server, token, bankWithdrawal('50'));
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterCode(app, '123456');
    await findAnnouncement('Draw amount cannot be larger than balance', 'alert');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.pathname()).toBe('/withDraw');
    expect(amountField()).toHaveValue('80');
    expect(screen.getByLabelText('Bank name')).toHaveValue('Example Bank');
    expect(await balanceOf(server, token)).toBe('50.00');
  });

  it('offers to set a payment code first when the shopper has none', async () => {
    const token = await freshShopperWithMoney('20', false);
    const app = await openWithdraw(token);
    await fillBank(app, '10');
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Set a payment code first');
    const go = within(dialog).getByRole('button', { name: 'Set payment code' });
    await waitUntilClickable(go);
    await app.user.click(go);
    await waitFor(() => expect(app.pathname()).toBe('/changePayPwd'));
    expect(await balanceOf(server, token)).toBe('20.00');
  });
});
