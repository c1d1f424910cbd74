import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { phonePhotoFile } from '../../support/phone-photo';
import { solidPng } from '../../support/png';
import { dollars } from '../../support/shopper';
import { READ_UPLOADS, shownFrom, WATCH_UPLOADS, type Uploaded, type UploadNote } from '../../support/stored-picture';
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

/** The colour of evidencePicture(). */
export const EVIDENCE_RGB = [200, 120, 40] as const;

/** A small opaque PNG on disk, for a file input (the shopper's picture of their transfer). */
export function evidencePicture(): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, 'evidence.png');
  writeFileSync(file, solidPng(16, EVIDENCE_RGB));
  return file;
}

/**
 * Chooses `file` in the picker labelled `label` (its file input) and waits for the server's answer
 * and the preview of the stored picture; returns the upload the page made (noted by WATCH_UPLOADS).
 */
export async function pickPicture(phone: Screen, label: string, file: string): Promise<Uploaded> {
  await phone.run(WATCH_UPLOADS);
  const before = (await phone.run<UploadNote[]>(READ_UPLOADS)).length;
  await phone.upload(phone.getByLabel(label, { exact: true }), file);
  let upload: UploadNote | undefined;
  await expect
    .poll(async () => (upload = (await phone.ask<UploadNote[]>(READ_UPLOADS))?.[before])?.url ?? null, {
      message: `${phone.engine}: the upload of the picture chosen in ${label}`,
      // A 12 MP photo is shrunk on the phone first (WebKitGTK takes the longest).
      timeout: 60_000,
    })
    .not.toBeNull();
  await phone.expectAttribute(
    phone.getByRole('img', { name: `${label} preview`, exact: true }),
    'src',
    shownFrom(upload!.url!),
  );
  return upload as Uploaded;
}

/** Chooses the 12 MP phone photo (support/phone-photo.ts) in the picker labelled `label`: see pickPicture. */
export async function pickPhonePhoto(phone: Screen, label: string): Promise<Uploaded> {
  return pickPicture(phone, label, await phonePhotoFile());
}
