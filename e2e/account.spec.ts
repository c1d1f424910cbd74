import { expect, test, type Page } from '@playwright/test';
import { announcement, atPath, logIn, logInAt, reviewScreenshot } from './support/app';
import { serverLogMark, verificationCode } from './support/server-log';
import { registerUser, uniqueUser, uniqueUsMobile } from './support/users';
import { expectNoAxeViolations } from './support/axe';

// Account journeys (SPEC.md 2, DESIGN.md 3.1) at a phone viewport: forgot password with the code from the server's log, and
// shipping addresses (add two, make the second the default, delete the first).

interface NewAddress {
  name: string;
  /** The country or region, as the area picker lists it in English. */
  area: string;
  /** The calling code the mobile's picker should show once the area is chosen. */
  callingCode: string;
  mobile: string;
  detail: string;
  tag: 'Home' | 'Work' | 'School';
}

/** From /address: Add address -> fill the form like a shopper -> Save -> back on the list. */
async function addAddress(page: Page, address: NewAddress): Promise<void> {
  await page.getByRole('button', { name: 'Add address', exact: true }).click();
  await expect(page).toHaveURL(atPath('/addressForm'));
  await expect(page.getByRole('heading', { name: 'New address' })).toBeVisible();
  await expectNoAxeViolations(page, 'address form');

  await page.getByRole('textbox', { name: 'Addressee', exact: true }).fill(address.name);
  // The area first: a still-empty mobile takes the calling code of the country the parcel goes to.
  await page.getByRole('button', { name: /^Country or region\b/ }).click();
  const areas = page.getByRole('dialog', { name: 'Country or region' });
  await areas.getByRole('searchbox', { name: 'Search a country or region' }).fill(address.area);
  await expectNoAxeViolations(page, 'area picker');
  await areas.getByRole('button', { name: address.area, exact: true }).click();
  await expect(areas).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`^Country or region\\s+${address.area}$`) })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Calling code/ })).toHaveText(`+${address.callingCode}`);

  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(address.mobile);
  await page.getByRole('textbox', { name: 'Detailed address', exact: true }).fill(address.detail);
  const tag = page
    .getByRole('group', { name: 'Tag', exact: true })
    .getByRole('button', { name: address.tag, exact: true });
  await tag.click();
  await expect(tag).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Save address', exact: true }).click();

  await expect(announcement(page, 'Save successful')).toBeAttached();
  await expect(page).toHaveURL(atPath('/address'));
}

test.describe('Account', () => {
  test('forgot password: code from the server log, new password works, the old one no longer does', async ({
    page,
  }) => {
    const user = uniqueUser({ mobile: uniqueUsMobile() });
    const newPassword = 'brand-new-pass-2';
    await registerUser(page.request, user);

    await test.step('is logged in, then logs out', async () => {
      await logInAt(page, user.username, user.password);
      await page.goto('/filter');
      await page.getByRole('button', { name: 'Log out', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Log out', exact: true }).click();
      await expect(page).toHaveURL(atPath('/login', '/home'));
    });

    await test.step('asks for a code for the account’s mobile number', async () => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(atPath('/forgotPassword'));
      await expect(page.getByRole('button', { name: /^Calling code/ })).toHaveText(`+${user.quhao}`);
      await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(user.mobile);

      const mark = serverLogMark();
      await page.getByRole('button', { name: 'Send code', exact: true }).click();
      await expect(announcement(page, 'Code sent.')).toBeAttached();
      await expect(page.getByText(`We sent a code to +${user.quhao} ${user.mobile}.`)).toBeVisible();
      // The resend waits out its countdown.
      await expect(page.getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled();

      const code = await verificationCode(user.quhao, user.mobile, { since: mark });
      await page.getByRole('textbox', { name: 'Verification code', exact: true }).fill(code);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
      await expectNoAxeViolations(page, 'forgot password');
      await reviewScreenshot(page, 'account-1-forgot-password');
      await page.getByRole('button', { name: 'Reset password', exact: true }).click();

      await expect(announcement(page, 'Change Successful')).toBeAttached();
      await expect(page).toHaveURL(atPath('/login'));
    });

    await test.step('the old password is refused', async () => {
      // The message is the server's to choose: ask it what it says to the old credentials.
      const answer = await page.request.post('/api/user/login', {
        data: { account: user.username, password: user.password },
        headers: { lang: 'en' },
      });
      const envelope = (await answer.json()) as { code: number; msg: string };
      expect(envelope.code).not.toBe(1);

      await logIn(page, user.username, user.password);
      await expect(announcement(page, envelope.msg, 'alert')).toBeAttached();
      await expect(page).toHaveURL(atPath('/login'));
      await expect(announcement(page, 'Login Success')).not.toBeAttached();
    });

    await test.step('the new password logs in', async () => {
      await logIn(page, user.username, newPassword);
      await expect(announcement(page, 'Login Success')).toBeAttached();
      await expect(page).not.toHaveURL(atPath('/login'));
      await page.goto('/filter');
      await expect(page.getByRole('heading', { name: user.nickname })).toBeVisible();
      await reviewScreenshot(page, 'account-2-logged-in-with-new-password');
    });
  });

  test('addresses: add two, make the second the default, delete the first', async ({ page }) => {
    const user = uniqueUser();
    await registerUser(page.request, user);
    await logInAt(page, user.username, user.password);

    const first: NewAddress = {
      name: 'Alice Walker',
      area: 'United States',
      callingCode: '1',
      mobile: '2015550111',
      detail: '12 Harbor Street, Apt 4B, Hoboken',
      tag: 'Home',
    };
    const second: NewAddress = {
      name: 'Somchai Jaidee',
      area: 'Thailand',
      callingCode: '66',
      mobile: '812345678',
      detail: '99 Sukhumvit Road, Khlong Toei, Bangkok',
      tag: 'Work',
    };

    const list = page.getByRole('list', { name: 'Your shipping addresses' });
    const cards = list.getByRole('article');
    const card = (address: NewAddress) => list.getByRole('article', { name: address.name, exact: true });
    const defaultBadge = (address: NewAddress) => card(address).getByText('Default', { exact: true });

    await test.step('starts with no address', async () => {
      await page.goto('/address');
      await expect(page.getByText('No shipping address yet')).toBeVisible();
      await expectNoAxeViolations(page, 'addresses (none)');
    });

    await test.step('adds two addresses; the first becomes the default', async () => {
      await addAddress(page, first);
      await expect(cards).toHaveCount(1);
      await addAddress(page, second);
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toHaveAccessibleName(first.name);
      await expect(defaultBadge(first)).toBeVisible();
      await expect(defaultBadge(second)).toHaveCount(0);
      await expect(card(second)).toContainText(`+${second.callingCode} ${second.mobile}`);
      await expect(card(second)).toContainText(second.detail);
      await expect(card(second).getByText(second.tag, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'addresses (two)');
      await reviewScreenshot(page, 'account-3-two-addresses');
    });

    await test.step('makes the second one the default, after confirming', async () => {
      await card(second)
        .getByRole('button', { name: `Set as default: the address of ${second.name}` })
        .click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Set as default address?' });
      await expect(dialog).toContainText(second.name);
      await expectNoAxeViolations(page, 'set-default confirmation');
      await dialog.getByRole('button', { name: 'Set as default', exact: true }).click();
      await expect(announcement(page, 'Setting Success')).toBeAttached();

      // The default is listed first, with the badge; the other one can be made default again.
      await expect(cards.nth(0)).toHaveAccessibleName(second.name);
      await expect(defaultBadge(second)).toBeVisible();
      await expect(defaultBadge(first)).toHaveCount(0);
      await expect(
        card(first).getByRole('button', { name: `Set as default: the address of ${first.name}` }),
      ).toBeVisible();
      await expect(
        card(second).getByRole('button', { name: `Set as default: the address of ${second.name}` }),
      ).toHaveCount(0);
    });

    await test.step('deletes the first one, after confirming', async () => {
      await card(first)
        .getByRole('button', { name: `Delete the address of ${first.name}` })
        .click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Delete this address?' });
      await expect(dialog).toContainText(first.name);
      await expectNoAxeViolations(page, 'delete confirmation');
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(announcement(page, 'Delete Success')).toBeAttached();

      await expect(cards).toHaveCount(1);
      await expect(card(first)).toHaveCount(0);
      await expect(defaultBadge(second)).toBeVisible();
    });

    await test.step('the server kept it: after a reload one address, the default', async () => {
      await page.reload();
      await expect(cards).toHaveCount(1);
      await expect(cards.nth(0)).toHaveAccessibleName(second.name);
      await expect(defaultBadge(second)).toBeVisible();
      await reviewScreenshot(page, 'account-4-one-default-address');
    });
  });
});
