import { expect, test, type Page } from '@playwright/test';
import { announcement, atPath, definitionOf, logInAt, reviewScreenshot } from './support/app';
import { ops, pendingIdOf } from './support/ops';
import { solidPng } from './support/png';
import { expectStoredCopy, shownFrom } from './support/stored-picture';
import { registerUser, uniqueUser } from './support/users';
import { expectNoAxeViolations } from './support/axe';

// The wallet journey (DESIGN.md 3.4) at a phone viewport: top up with evidence -> operator passes -> balance and bill
// show it -> withdraw with the fee preview -> auditing -> operator refuses -> balance restored.
// A fresh user each run (balance 0), so the figures do not depend on other journeys.

const PAY_CODE = '246810';
/** The colour of the picture of the transfer. */
const EVIDENCE_RGB = [46, 139, 87] as const;

/** Cents of a 2-decimal amount string ("200.00" -> 20000), without floating point. */
function cents(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** "$1,234.50" as the app writes dollars in English. */
function dollars(amountCents: number): string {
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** The Me tab's balance, freshly loaded (a reload: what the shopper sees on opening the app). */
async function expectBalanceOnMe(page: Page, nickname: string, amount: string): Promise<void> {
  await page.goto('/filter');
  const header = page.getByRole('region', { name: nickname });
  await expect(header.getByText('Balance', { exact: true })).toBeVisible();
  await expect(header.getByText(amount, { exact: true })).toBeVisible();
}

test.describe('Wallet', () => {
  test('top up with evidence, operator passes, withdraw with fee preview, operator refuses, balance restored', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const user = uniqueUser();
    await registerUser(page.request, user);

    await test.step('logs in and sets a first payment code', async () => {
      await logInAt(page, user.username, user.password);
      await page.goto('/changePayPwd');
      await expect(page.getByRole('heading', { name: 'Set your payment code' })).toBeVisible();
      await expectNoAxeViolations(page, 'payment code (first)');
      // A first code needs no current one.
      await expect(page.getByRole('textbox', { name: 'Current payment code' })).toHaveCount(0);
      await page.getByRole('textbox', { name: 'New payment code', exact: true }).fill(PAY_CODE);
      await page.getByRole('textbox', { name: 'Confirm new payment code', exact: true }).fill(PAY_CODE);
      // A first code asks for the login password too: a session token alone must not set one.
      await page.getByLabel('Login password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Set payment code', exact: true }).click();
      await expect(announcement(page, 'Setting Success')).toBeAttached();
      await expect(page).not.toHaveURL(atPath('/changePayPwd'));
    });

    const topUp = '200.00';

    await test.step('tops up 200.00 on chain with a payment evidence image', async () => {
      const chainsAnswer = page.waitForResponse((response) => response.url().includes('/api/user/getBlockchain'));
      await page.goto('/walletTopUp');
      const chains = ((await (await chainsAnswer).json()) as { data: { network: string; blockchain: string }[] }).data;
      expect(chains.length).toBeGreaterThan(0);
      const chain = chains[0]!;

      await expect(page.getByText('Please choose the same network as the withdrawal platform')).toBeVisible();
      await expect(page.getByText('Not support DEX, BSC, and HECO for deposit')).toBeVisible();

      const networks = page.getByRole('group', { name: 'Network', exact: true });
      for (const { network } of chains) {
        await expect(networks.getByRole('button', { name: network, exact: true })).toBeVisible();
      }
      const choice = networks.getByRole('button', { name: chain.network, exact: true });
      await choice.click();
      await expect(choice).toHaveAttribute('aria-pressed', 'true');

      const deposit = page.getByRole('region', { name: `Deposit address (${chain.network})` });
      await expect(deposit.getByText(chain.blockchain, { exact: true })).toBeVisible();
      const qr = deposit.getByRole('img', { name: `QR code of the ${chain.network} deposit address` });
      await expect(qr).toBeVisible();
      // A real QR code: drawn paths, at a scannable size.
      await expect(qr.locator('path').first()).toBeAttached();
      const box = await qr.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(120);
      await expect(deposit.getByRole('button', { name: 'Copy address' })).toBeVisible();

      await page.getByRole('textbox', { name: 'Amount sent (USD)', exact: true }).fill(topUp);
      const uploaded = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && new URL(response.url()).pathname === '/merchant/common/upload',
      );
      await page.getByLabel('Payment evidence', { exact: true }).setInputFiles({
        name: 'evidence.png',
        mimeType: 'image/png',
        buffer: solidPng(16, EVIDENCE_RGB),
      });
      const stored = ((await (await uploaded).json()) as { data: { fullurl: string } }).data.fullurl;
      // Uploaded: the preview shows the server's copy and the picker gives way to Remove. The copy is
      // the picture written anew: an opaque PNG is kept as a progressive JPEG (.jpg) of the same pixels.
      const preview = page.getByRole('img', { name: 'Payment evidence preview' });
      await expect(preview).toHaveAttribute('src', shownFrom(stored));
      await expectStoredCopy(stored, { size: 16, rgb: EVIDENCE_RGB });
      await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Submit for review', exact: true }).scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page, 'top up');
      await reviewScreenshot(page, 'wallet-1-top-up-form');

      await page.getByRole('button', { name: 'Submit for review', exact: true }).click();
      await expect(announcement(page, 'Application successful')).toBeAttached();
      await expect(page).toHaveURL(atPath('/topUpRecord'));
    });

    await test.step('sees the top-up as auditing, balance unchanged', async () => {
      const records = page.getByRole('list', { name: 'Top-up records' });
      await expect(records.getByRole('listitem')).toHaveCount(1);
      const record = records.getByRole('listitem').first();
      await expect(record).toContainText('Top up · ');
      await expect(record.getByText(dollars(cents(topUp)), { exact: true })).toBeVisible();
      await expect(record.getByText('Auditing', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'top-up records');
      await expectBalanceOnMe(page, user.nickname, '$0.00');
    });

    await test.step('the operator passes the top-up', async () => {
      const id = pendingIdOf('recharge', user.username);
      expect(ops('recharge:pass', String(id))).toContain(`recharge ${id} passed: credited ${topUp}`);
    });

    await test.step('Me shows the new balance and the bill the top-up', async () => {
      await expectBalanceOnMe(page, user.nickname, '$200.00');

      await page.goto('/topUpRecord');
      const record = page.getByRole('list', { name: 'Top-up records' }).getByRole('listitem').first();
      await expect(record.getByText('Passed', { exact: true })).toBeVisible();

      await page.goto('/capitalRecord');
      const bills = page.getByRole('list', { name: 'Bill entries' }).getByRole('listitem');
      await expect(bills).toHaveCount(1);
      await expect(bills.first().getByRole('heading', { name: 'Top up' })).toBeVisible();
      await expect(bills.first().getByText('+$200.00', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'bill (a top-up)');
    });

    const withdrawal = '100';

    await test.step('withdraws 100 to a bank card, seeing the fee and the actual arrival first', async () => {
      await page.goto('/withDraw');
      const balance = page.getByRole('region', { name: 'Available balance' });
      await expect(balance.getByText('$200.00', { exact: true })).toBeVisible();
      // The rate is the server's (GET extract), shown as a percentage: the figures follow from it.
      // The platform's smallest withdrawal (the seed's 10.00) is shown beside the rate.
      await expect(balance.getByText('Minimum withdrawal $10.00', { exact: true })).toBeVisible();
      const rateText = await balance.getByText(/^Service charge \d+(\.\d+)?%$/).textContent();
      const percent = /(\d+(?:\.\d+)?)%/.exec(rateText ?? '')![1]!;
      // fee = amount x rate, half up to the cent, in integers: 10000 cents x percent / 100.
      const [whole, fraction = ''] = percent.split('.');
      const scale = 10 ** fraction.length;
      const percentScaled = Number(whole) * scale + Number(fraction || 0);
      const amountCents = cents(withdrawal);
      const feeCents = Math.floor((amountCents * percentScaled + (100 * scale) / 2) / (100 * scale));
      const netCents = amountCents - feeCents;

      const bank = page
        .getByRole('group', { name: 'Withdraw to' })
        .getByRole('button', { name: 'Bank card', exact: true });
      await bank.click();
      await expect(bank).toHaveAttribute('aria-pressed', 'true');

      await expect(definitionOf(page, 'Service charge')).toHaveText('$0.00');
      await page.getByRole('textbox', { name: 'Amount (USD)', exact: true }).fill(withdrawal);
      await expect(definitionOf(page, 'Service charge')).toHaveText(dollars(feeCents));
      await expect(definitionOf(page, 'Actual arrival')).toHaveText(dollars(netCents));

      await page.getByRole('textbox', { name: 'Bank card number', exact: true }).fill('6222 0212 3456 7890');
      await page.getByRole('textbox', { name: 'Bank name', exact: true }).fill('Example Bank');
      await page.getByRole('textbox', { name: 'Real name', exact: true }).fill(user.nickname);
      await expectNoAxeViolations(page, 'withdraw');
      await reviewScreenshot(page, 'wallet-2-withdraw-form');
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();

      const sheet = page.getByRole('dialog', { name: 'Enter your payment code' });
      await expect(sheet).toBeVisible();
      await expect(sheet).toContainText(`Withdraw ${dollars(amountCents)}; you receive ${dollars(netCents)}`);
      // The sheet's own keypad: every key on screen (the phone's keyboard stays closed), then tapped.
      const key = (digit: string) => page.getByRole('button', { name: digit, exact: true });
      for (const digit of '0123456789') await expect(key(digit)).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page, 'payment code sheet (withdraw)');
      await reviewScreenshot(page, 'wallet-3-payment-code');
      for (const digit of PAY_CODE) await key(digit).tap();

      await expect(announcement(page, 'Draw Success')).toBeAttached();
      await expect(page).toHaveURL(atPath('/depositRecord'));
      const record = page.getByRole('list', { name: 'Withdrawal records' }).getByRole('listitem');
      await expect(record).toHaveCount(1);
      // The record's title line is the server's mark (BACKEND-FAMILY.md extract_log): the masked card.
      await expect(record.getByRole('heading', { name: 'Bank card withdrawal ****7890' })).toBeVisible();
      await expect(record.getByText(dollars(amountCents), { exact: true })).toBeVisible();
      await expect(record.getByText('Auditing', { exact: true })).toBeVisible();
      await expect(definitionOf(record, 'Service charge')).toHaveText(dollars(feeCents));
      await expect(definitionOf(record, 'Actual arrival')).toHaveText(dollars(netCents));
      await expectNoAxeViolations(page, 'withdrawal records');
    });

    await test.step('the amount is held: balance 100.00', async () => {
      await expectBalanceOnMe(page, user.nickname, '$100.00');
    });

    const reason = 'Card name mismatch';

    await test.step('the operator refuses the withdrawal', async () => {
      const id = pendingIdOf('extract', user.username);
      expect(ops('extract:refuse', String(id), reason)).toContain(`extract ${id} refused: returned 100.00`);
    });

    await test.step('the record shows the refusal and its reason; the balance is back', async () => {
      await page.goto('/depositRecord');
      const refused = page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Refused' });
      await refused.click();
      await expect(refused).toHaveAttribute('aria-pressed', 'true');
      const record = page.getByRole('list', { name: 'Withdrawal records' }).getByRole('listitem');
      await expect(record).toHaveCount(1);
      await expect(record.getByText('Refused', { exact: true })).toBeVisible();
      await expect(record.getByText(`Reason: ${reason}`, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'withdrawal records (refused)');
      await reviewScreenshot(page, 'wallet-4-withdrawal-refused');

      await expectBalanceOnMe(page, user.nickname, '$200.00');

      await page.goto('/capitalRecord');
      const bills = page.getByRole('list', { name: 'Bill entries' }).getByRole('listitem');
      // Newest first: the return, the withdrawal, the top-up; they sum to the balance.
      await expect(bills).toHaveCount(3);
      await expect(bills.nth(0).getByRole('heading', { name: 'Withdrawal refused: returned' })).toBeVisible();
      await expect(bills.nth(0).getByText('+$100.00', { exact: true })).toBeVisible();
      await expect(bills.nth(1).getByRole('heading', { name: 'Withdrawal' })).toBeVisible();
      await expect(bills.nth(1).getByText('-$100.00', { exact: true })).toBeVisible();
      await expect(bills.nth(2).getByRole('heading', { name: 'Top up' })).toBeVisible();
      await expect(bills.nth(2).getByText('+$200.00', { exact: true })).toBeVisible();
      await reviewScreenshot(page, 'wallet-5-bill');
    });
  });
});
