import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { solidPng } from '../../support/png';
import { dollars } from '../../support/shopper';
import type { NewUser } from '../../support/users';
import { SCREENSHOTS, type Screen } from './screen';

// Steps several engine journeys take, in the words of the Chromium journeys of e2e/ (their names,
// roles and texts are the app's; a change there shows in both suites).

/** Logs in on /login with the account and password, and waits to have left /login. */
export async function logIn(phone: Screen, user: Pick<NewUser, 'username' | 'password'>): Promise<void> {
  await phone.goto('/login');
  await phone.fill(phone.getByRole('textbox', { name: 'Account', exact: true }), user.username);
  // A password field has no ARIA role (testing-library follows the spec; Playwright calls it a textbox).
  await phone.fill(phone.getByLabel('Password', { exact: true }), user.password);
  await phone.click(phone.getByRole('button', { name: 'Log in', exact: true }));
  await phone.expectAnnounced('Login Success');
  await phone.expectPath('/home');
}

/** The Me tab's balance, as a shopper opening the app sees it. */
export async function expectBalance(phone: Screen, nickname: string, amountCents: number): Promise<void> {
  await phone.goto('/filter');
  const header = phone.getByRole('region', { name: nickname });
  await phone.expectVisible(header.getByText('Balance', { exact: true }));
  await phone.expectVisible(header.getByText(dollars(amountCents), { exact: true }));
}

/** Enters `code` on the payment-code sheet's own keypad (the phone's keyboard stays closed). */
export async function enterPaymentCode(phone: Screen, code: string, screenshot: string): Promise<void> {
  const sheet = phone.getByRole('dialog', { name: 'Enter your payment code' });
  await phone.expectVisible(sheet);
  // Every key on screen and settled (the sheet slides up), the phone's own keyboard closed.
  for (const digit of '0123456789') await phone.expectReady(phone.getByRole('button', { name: digit, exact: true }));
  await phone.screenshot(screenshot);
  for (const digit of code) await phone.click(phone.getByRole('button', { name: digit, exact: true }));
}

/** A small PNG on disk, for a file input (the shopper's photo of their transfer). */
export function evidencePicture(): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, 'evidence.png');
  writeFileSync(file, solidPng(16, [200, 120, 40]));
  return file;
}
