import { oneOf, translationsOf } from '../support/app';
import { ops, pendingIdOf, pendingRefundImages } from '../support/ops';
import { expectPhoneMetadata, phonePhoto } from '../support/phone-photo';
import { cents, dollars, fundShopper } from '../support/shopper';
import {
  expectPublicPhoto,
  expectStoredCopy,
  expectStoredPhoneShot,
  photoFigures,
  shownFrom,
} from '../support/stored-picture';
import { registerUser, uniqueUser } from '../support/users';
import { expect, test } from './support/fixtures';
import type { Screen, Target } from './support/screen';
import {
  enterPaymentCode,
  EVIDENCE_RGB,
  evidencePicture,
  expectBalance,
  logIn,
  pickPhonePhoto,
  pickPicture,
} from './support/steps';

// The shopper's main journeys, in WebKit (Safari's engine), Firefox and Chromium alike (one project
// per engine: e2e/engines/playwright.config.ts). Each ends with a screenshot per engine in
// test-results/engines/ for a person to look at. The Chromium journeys of e2e/ go deeper into each
// screen (axe, every state); these ask what differs between engines: layout, Intl, input modes, file
// upload, focus, sheets and dialogs, and that every step of a purchase works at all, up to a review
// and a refund with a 12 MP phone photo that the engine shrinks and the shop stores without its EXIF.

const LAPTOP = /UltraBook Pro Laptop/;
const SHIRT = {
  path: '/detail/6/2',
  title: "Men's Slim Fit Oxford Shirt, Long Sleeve",
  shop: 'Trailhead Outfitters',
  specs: { Color: 'Blue', Size: 'L' },
  price: '29.99',
};
const PAY_CODE = '135790';

test('a visitor browses Home and a product, and finds a product by a search suggestion', async ({ phone }) => {
  await test.step('Home: a category, then a product of it', async () => {
    await phone.goto('/home');
    const categories = phone.getByRole('group', { name: 'Categories' });
    await phone.click(categories.getByRole('button', { name: 'Computers', exact: true }));
    await phone.expectAttribute(
      categories.getByRole('button', { name: 'Computers', exact: true }),
      'aria-pressed',
      'true',
    );
    await phone.click(phone.getByRole('list', { name: 'Recommended for you' }).getByRole('link', { name: LAPTOP }));
    await phone.expectPath(/^\/detail\/\d+\/\d+$/);
    await phone.expectVisible(phone.getByRole('heading', { name: LAPTOP, level: 2 }));
    // The price as the app writes dollars in English, from the engine's own Intl.
    await phone.expectVisible(phone.getByText('$899.00'));
    await phone.screenshot('1-product');
  });

  await test.step('search: a suggestion as the shopper types, tapped', async () => {
    await phone.goto('/home');
    await phone.click(phone.getByRole('link', { name: 'Search products' }));
    await phone.expectPath('/search');
    const box = phone.getByRole('combobox', { name: 'Search products' });
    // A search field: the phone's keyboard offers a Search key.
    await phone.expectAttribute(box, 'enterkeyhint', 'search');
    await phone.fill(box, 'lapt');
    const suggestions = phone.getByRole('listbox', { name: 'Suggestions' });
    // The typed part is marked (<mark>): testing-library's name of the option drops the space before
    // it ('14" UltraBook ProLaptop'), which a browser's accessibility tree keeps.
    const laptop = suggestions.getByRole('option', { name: /UltraBook/ });
    await phone.expectVisible(laptop);
    await phone.expectAttribute(box, 'aria-expanded', 'true');
    await phone.screenshot('2-search-suggestions');
    await phone.click(laptop);
    await phone.expectPath(/^\/search\?.*title=/);
    await phone.expectVisible(phone.getByRole('link', { name: LAPTOP }).first());
    await phone.screenshot('3-search-results');
  });
});

test('a shopper logs in, adds to the bag, checks out with a new address, pays with the payment code, opens the order, reviews it and asks for a refund with a phone photo', async ({
  phone,
  request,
}, testInfo) => {
  const user = uniqueUser();
  await registerUser(request, user);
  await fundShopper(request, user, { payCode: PAY_CODE, balance: '300.00' });

  await test.step('logs in', async () => {
    if (phone.engine === 'webkit') await expectNoPasskeySignIn(phone);
    await logIn(phone, user);
    if (phone.engine === 'webkit') await expectNoPasskeyToAdd(phone);
  });

  await test.step('chooses a colour and a size, and adds the shirt to the bag', async () => {
    await phone.goto(SHIRT.path);
    await phone.expectVisible(phone.getByRole('heading', { name: SHIRT.title, level: 2 }));
    for (const [group, value] of Object.entries(SHIRT.specs)) {
      const options = phone.getByRole('group', { name: group, exact: true });
      await phone.click(options.getByText(value, { exact: true }));
      await phone.expectVisible(options.getByRole('radio', { name: value, exact: true, checked: true }));
    }
    await phone.click(phone.getByRole('button', { name: 'Add to bag', exact: true }));
    await phone.expectAnnounced('Added to your bag');
  });

  await test.step('the bag: the line under its shop; select all -> Checkout (1)', async () => {
    await phone.goto('/bag');
    await phone.expectVisible(phone.getByText(SHIRT.shop).first());
    await phone.expectVisible(phone.getByText('Blue · L'));
    await phone.click(phone.getByRole('checkbox', { name: 'Select all items in the cart' }));
    await phone.expectVisible(phone.getByRole('checkbox', { name: `Select ${SHIRT.title}`, checked: true }));
    await phone.expectVisible(phone.getByText(dollars(cents(SHIRT.price))).first());
    await phone.screenshot('4-bag');
    await phone.click(phone.getByRole('button', { name: 'Checkout (1)', exact: true }));
    await phone.expectPath('/checkout');
  });

  await test.step('adds a shipping address on the way: the country sheet, a phone number', async () => {
    await phone.click(phone.getByRole('button', { name: 'Add a shipping address' }));
    await phone.expectPath('/addressForm');
    await phone.fill(phone.getByRole('textbox', { name: 'Addressee' }), 'Alice Walker');
    await phone.click(phone.getByRole('button', { name: /^Country or region\b/ }));
    const areas = phone.getByRole('dialog', { name: 'Country or region' });
    await phone.fill(areas.getByRole('searchbox', { name: 'Search a country or region' }), 'United States');
    await phone.click(areas.getByRole('button', { name: 'United States', exact: true }));
    await phone.expectHidden(areas);
    const mobile = phone.getByRole('textbox', { name: 'Mobile number', exact: true });
    // The phone's keypad for a phone number.
    await phone.expectAttribute(mobile, 'type', 'tel');
    await phone.fill(mobile, '2015550111');
    await phone.fill(phone.getByRole('textbox', { name: 'Detailed address' }), '12 Harbor Street, Apt 4B, Hoboken');
    const home = phone
      .getByRole('group', { name: 'Tag', exact: true })
      .getByRole('button', { name: 'Home', exact: true });
    await phone.click(home);
    await phone.expectAttribute(home, 'aria-pressed', 'true');
    await phone.click(phone.getByRole('button', { name: 'Save address', exact: true }));
    await phone.expectAnnounced('Save successful');
    await phone.expectPath('/checkout');
    await phone.expectVisible(phone.getByRole('button', { name: /^Shipping address: Alice Walker / }));
  });

  let totalCents = 0;
  await test.step('checkout: items + freight = total; places the order', async () => {
    const items = cents(await phone.textOf(definition(phone, 'Items')));
    const freight = cents(await phone.textOf(definition(phone, 'Freight')));
    totalCents = cents(await phone.textOf(definition(phone, 'Total')));
    expect(items).toBe(cents(SHIRT.price));
    expect(totalCents).toBe(items + freight);
    await phone.screenshot('5-checkout');
    await phone.click(phone.getByRole('button', { name: 'Place order', exact: true }));
    await phone.expectAnnounced('Create Order Success');
    await phone.expectPath('/payment');
  });

  await test.step('pays with the payment code on the sheet’s keypad', async () => {
    await phone.click(phone.getByRole('button', { name: `Pay ${dollars(totalCents)}`, exact: true }));
    await enterPaymentCode(phone, PAY_CODE, '6-payment-code');
    await phone.expectAnnounced('Pay Success');
    await phone.expectPath(/^\/orderInfo\/\d+$/);
    await expectBalance(phone, user.nickname, cents('300.00') - totalCents);
  });

  await test.step("opens the orders and the order's detail", async () => {
    await phone.goto('/order');
    const tab = phone
      .getByRole('tablist', { name: 'Order status' })
      .getByRole('tab', { name: 'Waiting deliver', exact: true });
    await phone.click(tab);
    await phone.expectAttribute(tab, 'aria-selected', 'true');
    const card = phone.getByRole('list', { name: 'Your orders' }).getByRole('article').filter({ hasText: SHIRT.title });
    await phone.expectCount(card, 1);
    await phone.click(card.getByRole('link', { name: /^Order No\./ }));
    await phone.expectPath(/^\/orderInfo\/\d+$/);
    await phone.expectVisible(phone.getByRole('region', { name: 'Products' }).getByText(SHIRT.title));
    await phone.screenshot('7-order-detail');
  });

  const orderId = Number(/^\/orderInfo\/(\d+)$/.exec((await phone.url()).pathname)![1]);
  // The phone's photo, with what the phone wrote in it (so that finding none later means something).
  const original = await phonePhoto();
  await expectPhoneMetadata(original);
  const figures: Record<string, unknown> = {};
  const reviewText = `Fits well; the photo shows the colour. (${user.username})`;

  await test.step('the operator ships it; the shopper confirms receipt', async () => {
    ops('order:ship', String(orderId));
    await phone.goto(`/orderInfo/${orderId}`);
    await phone.click(phone.getByRole('button', { name: 'Confirm received', exact: true }));
    const dialog = phone.getByRole('dialog').filter({ hasText: 'Have you received the goods?' });
    await phone.click(dialog.getByRole('button', { name: 'Confirm', exact: true }));
    await phone.expectAnnounced('Receipt confirmed');
  });

  await test.step('reviews the shirt with a 12 MP photo of 8 MB, shrunk by the engine', async () => {
    await phone.click(phone.getByRole('link', { name: `Review ${SHIRT.title}`, exact: true }));
    await phone.expectPath('/comment');
    await phone.fill(phone.getByRole('textbox', { name: 'Your review', exact: true }), reviewText);
    const photo = await pickPhonePhoto(phone, 'Photo 1');
    await phone.click(phone.getByRole('button', { name: 'Submit review', exact: true }));
    await phone.expectAnnounced('Thanks for your review');
    await phone.expectPath(`/orderInfo/${orderId}`);

    // The product's page draws the photo's thumbnail, upright, from the stored picture (or a listed
    // width of it); what it shows, fetched by anyone (no token), is small and tells nothing of the phone.
    await phone.goto(SHIRT.path);
    const review = phone
      .getByRole('region', { name: /^Reviews \(\d+\)$/ })
      .getByRole('listitem')
      .filter({ hasText: reviewText });
    const thumbnail = await phone.expectDrawn(
      review.getByRole('button', { name: `Photo 1 of 1 from ${user.nickname}`, exact: true }).locator('img'),
    );
    expect(thumbnail.height).toBeGreaterThan(thumbnail.width);
    expect(thumbnail.src).toMatch(shownFrom(photo.url));
    if (thumbnail.src !== photo.url) await expectPublicPhoto(thumbnail.src);
    figures.review = photoFigures(photo, await expectStoredPhoneShot(photo.url, original));
    await phone.screenshot('8-review-photo');
  });

  await test.step('asks for a refund with the photo as proof; the operator gets the stored photo', async () => {
    await phone.goto(`/orderInfo/${orderId}`);
    await phone.click(phone.getByRole('button', { name: 'Apply refund', exact: true }));
    await phone.expectPath(new RegExp(`^/refund/${orderId}/`));
    await phone.click(
      phone
        .getByRole('group', { name: 'Refund type', exact: true })
        .getByRole('radio', { name: 'Return and refund', exact: true }),
    );
    await phone.click(
      phone
        .getByRole('group', { name: 'Product status', exact: true })
        .getByRole('radio', { name: 'Received', exact: true }),
    );
    await phone.select(phone.getByRole('combobox', { name: 'Reason', exact: true }), 'Quality problem');
    await phone.fill(phone.getByRole('textbox', { name: 'Explanation', exact: true }), 'A seam came apart.');
    const photo = await pickPhonePhoto(phone, 'Proof 1');
    const proof = await phone.expectDrawn(phone.getByRole('img', { name: 'Proof 1 preview', exact: true }));
    expect(proof.height).toBeGreaterThan(proof.width);
    await phone.screenshot('9-refund-proof');
    await phone.click(phone.getByRole('button', { name: 'Submit refund request', exact: true }));
    await phone.expectAnnounced('Application successful');
    await phone.expectPath(`/orderInfo/${orderId}`);

    const proofs = pendingRefundImages(orderId);
    expect(proofs.map((url) => new URL(url, photo.url).pathname)).toEqual([new URL(photo.url).pathname]);
    figures.refundProof = photoFigures(photo, await expectStoredPhoneShot(photo.url, original));
    testInfo.annotations.push({ type: `photo figures, ${phone.driver.version}`, description: JSON.stringify(figures) });
    console.log(`photo journey figures, ${phone.driver.version}: ${JSON.stringify(figures)}`);
  });
});

test('a shopper tops up with a picture of the transfer and withdraws to a bank card', async ({ phone, request }) => {
  const user = uniqueUser();
  await registerUser(request, user);
  await fundShopper(request, user, { payCode: PAY_CODE, balance: '100.00' });
  await logIn(phone, user);

  await test.step('tops up 50.00 on chain with the payment evidence picture', async () => {
    await phone.goto('/walletTopUp');
    const networks = phone.getByRole('group', { name: 'Network', exact: true });
    const first = networks.getByRole('button').first();
    await phone.click(first);
    await phone.expectAttribute(first, 'aria-pressed', 'true');
    const amount = phone.getByRole('textbox', { name: 'Amount sent (USD)', exact: true });
    // A decimal keypad for money.
    await phone.expectAttribute(amount, 'inputmode', 'decimal');
    await phone.fill(amount, '50.00');
    // The preview shows the server's copy: the picture written anew, an opaque PNG kept as a
    // progressive JPEG (.jpg) of the same pixels.
    const evidence = await pickPicture(phone, 'Payment evidence', evidencePicture());
    await expectStoredCopy(evidence.url, { size: 16, rgb: EVIDENCE_RGB });
    await phone.screenshot('1-top-up');
    await phone.click(phone.getByRole('button', { name: 'Submit for review', exact: true }));
    await phone.expectAnnounced('Application successful');
    await phone.expectPath('/topUpRecord');
    const record = phone.getByRole('list', { name: 'Top-up records' }).getByRole('listitem').first();
    await phone.expectVisible(record.getByText('Auditing'));
    await phone.expectVisible(record.getByText('$50.00'));
  });

  await test.step('the operator passes it: the balance shows it', async () => {
    ops('recharge:pass', String(pendingIdOf('recharge', user.username)));
    await expectBalance(phone, user.nickname, cents('150.00'));
  });

  await test.step('withdraws 100 to a bank card, seeing the fee first, with the payment code', async () => {
    await phone.goto('/withDraw');
    const bank = phone
      .getByRole('group', { name: 'Withdraw to' })
      .getByRole('button', { name: 'Bank card', exact: true });
    await phone.click(bank);
    await phone.expectAttribute(bank, 'aria-pressed', 'true');
    await phone.fill(phone.getByRole('textbox', { name: 'Amount (USD)', exact: true }), '100');
    await phone.expectText(definition(phone, 'Actual arrival'), /^\$\d+\.\d\d$/);
    const arrival = cents(await phone.textOf(definition(phone, 'Actual arrival')));
    const fee = cents(await phone.textOf(definition(phone, 'Service charge')));
    expect(arrival + fee).toBe(cents('100.00'));
    await phone.fill(phone.getByRole('textbox', { name: 'Bank card number' }), '6222 0212 3456 7890');
    await phone.fill(phone.getByRole('textbox', { name: 'Bank name' }), 'Example Bank');
    await phone.fill(phone.getByRole('textbox', { name: 'Real name' }), user.nickname);
    await phone.screenshot('2-withdraw');
    await phone.click(phone.getByRole('button', { name: 'Withdraw', exact: true }));
    await enterPaymentCode(phone, PAY_CODE, '3-withdraw-code');
    await phone.expectAnnounced('Draw Success');
    await phone.expectPath('/depositRecord');
    const record = phone.getByRole('list', { name: 'Withdrawal records' }).getByRole('listitem');
    await phone.expectCount(record, 1);
    await phone.expectVisible(record.getByRole('heading', { name: 'Bank card withdrawal ****7890' }));
    await phone.expectVisible(record.getByText('Auditing'));
    await phone.screenshot('4-withdrawal-record');
    await expectBalance(phone, user.nickname, cents('50.00'));
  });
});

test('a shopper switches the app to Thai and to the dark theme, and logs out in Thai', async ({ phone, request }) => {
  const user = uniqueUser();
  await registerUser(request, user);
  await logIn(phone, user);

  await test.step('Me -> Language -> ไทย applies at once', async () => {
    await phone.goto('/filter');
    await phone.click(phone.getByRole('link', { name: 'Language' }));
    await phone.expectPath('/language');
    await phone.click(phone.getByRole('radio', { name: /^ไทย(\s|$)/ }));
    await phone.expectAttribute(phone.locator('html'), 'lang', 'th');
    await phone.expectAnnounced(translationsOf('Setting Success', 'tai')[0]!);
  });

  await test.step('Settings -> Appearance -> dark, whatever the phone says, after a reload too', async () => {
    await phone.goto('/setting');
    await phone.click(phone.getByRole('radio', { name: oneOf(translationsOf('Dark', 'tai')) }));
    await phone.expectAttribute(phone.locator('html'), 'data-prefers-color-scheme', 'dark');
    const painted = () =>
      phone.run<[string, string]>(
        'return [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.documentElement).colorScheme];',
      );
    // This engine paints the dark tokens (theme.css), and draws its own controls dark.
    expect(await painted()).toEqual(['rgb(15, 16, 19)', 'dark']);
    await phone.reload();
    await phone.expectAttribute(phone.locator('html'), 'data-prefers-color-scheme', 'dark');
    expect(await painted()).toEqual(['rgb(15, 16, 19)', 'dark']);
    await phone.screenshot('1-settings-dark-thai');
  });

  await test.step('Me in Thai, after a reload too: its tab, its balance in the engine’s Thai format', async () => {
    await phone.goto('/filter');
    await phone.reload();
    await phone.expectVisible(phone.getByRole('link', { name: oneOf(translationsOf('Me', 'tai')) }));
    await phone.expectVisible(phone.getByRole('heading', { name: user.nickname }));
    // Dollars as Thai writes them, from this engine's Intl (the app formats with the BCP 47 tag 'th').
    const thaiZero = await phone.run<string>(
      "return new Intl.NumberFormat('th', { style: 'currency', currency: 'USD' }).format(0);",
    );
    expect(thaiZero).toMatch(/0\.00/);
    await phone.expectVisible(phone.getByRole('region', { name: user.nickname }).getByText(thaiZero));
    await phone.screenshot('2-me-thai-dark');
  });

  await test.step('logs out, in Thai, after confirming', async () => {
    const logOut = oneOf(translationsOf('Log out', 'tai'));
    await phone.click(phone.getByRole('button', { name: logOut }));
    const dialog = phone.getByRole('dialog');
    await phone.expectReady(dialog.getByRole('button', { name: logOut }));
    await phone.screenshot('3-log-out-dialog');
    await phone.click(dialog.getByRole('button', { name: logOut }));
    await phone.expectHidden(dialog);
    await phone.goto('/filter');
    await phone.expectPath('/login');
    await phone.expectVisible(phone.getByRole('button', { name: oneOf(translationsOf('Log in', 'tai')) }));
    await phone.screenshot('4-login-thai');
  });
});

/**
 * WebKitGTK has no WebAuthn at all (no PublicKeyCredential, on localhost too, a secure context), so
 * the shop must offer no passkey there and leave the password as the way in.
 */
async function expectNoPasskeySignIn(phone: Screen): Promise<void> {
  await phone.goto('/login');
  await phone.expectVisible(phone.getByRole('button', { name: 'Log in', exact: true }));
  expect(await phone.run<[string, boolean]>('return [typeof PublicKeyCredential, window.isSecureContext];')).toEqual([
    'undefined',
    true,
  ]);
  await phone.expectHidden(phone.getByRole('button', { name: 'Sign in with a passkey' }));
}

/** Security says this browser cannot make a passkey, and offers none to add. */
async function expectNoPasskeyToAdd(phone: Screen): Promise<void> {
  await phone.goto('/security');
  // The screen is there (its title), and nothing of passkeys is: the engine has no WebAuthn.
  await phone.expectVisible(phone.getByRole('heading', { name: 'Account security' }));
  await phone.expectHidden(phone.getByRole('region', { name: 'Passkeys' }));
  await phone.expectHidden(phone.getByRole('button', { name: 'Add a passkey' }));
}

/** The value (dd) of a term (dt) of a description list, paired by position as a screen reader reads them. */
function definition(phone: Screen, term: string): Target {
  return phone
    .locator('dt')
    .filter({ hasText: new RegExp(`^\\s*${term}\\s*$`) })
    .next('dd');
}
