import { expect, test, type Locator, type Page } from '@playwright/test';
import { announcement, atPath, definitionOf, logInAt, reviewScreenshot } from './support/app';
import { ops, pendingRefundImages } from './support/ops';
import { expectPhoneMetadata, phonePhoto, phonePhotoFile } from './support/phone-photo';
import {
  expectPublicPhoto,
  expectStoredPhoneShot,
  photoFigures,
  READ_UPLOADS,
  shownFrom,
  WATCH_UPLOADS,
  type Drawn,
  type Uploaded,
  type UploadNote,
} from './support/stored-picture';
import { cents, dollars, expectBalanceOnMe, fundShopper } from './support/shopper';
import { registerUser, uniqueUser } from './support/users';
import { expectNoAxeViolations } from './support/axe';

// The money path (DESIGN.md 4) at a phone viewport: two products of two shops from their pages into the bag ->
// checkout with a first address added on the way -> pay with the payment code -> the operator ships
// one order -> confirm received -> review it with a phone photo (the review and its photo show on the
// product) -> refund the other order with the same photo as proof -> the operator passes it -> the
// balance and the bill show the money back. The photo is a 12 MP JPEG of 8 MB with the phone's EXIF
// (orientation 6, GPS, make, model, serial number): what the shop then serves to anyone is checked.
// A fresh user each run (payment code and balance set up through the API and the operators' CLI).

const PAY_CODE = '135790';
const START_BALANCE = '300.00';

interface Choice {
  /** /detail/{product}/{mer} of a seeded product with specifications. */
  path: string;
  title: string;
  shop: string;
  /** Spec group -> the value the shopper picks (not the preselected first one). */
  specs: Record<string, string>;
}

/** Shipped, received and reviewed. */
const SHIRT: Choice = {
  path: '/detail/6/2',
  title: "Men's Slim Fit Oxford Shirt, Long Sleeve",
  shop: 'Trailhead Outfitters',
  specs: { Color: 'Blue', Size: 'L' },
};
/** Refunded before it ships. */
const MOUSE: Choice = {
  path: '/detail/21/1',
  title: 'Ergonomic Wireless Mouse, Silent Click, 2.4G and Bluetooth',
  shop: 'Northwind Electronics',
  specs: { Color: 'White' },
};

/** On a product page: pick every spec of `choice`, then 'Add to bag'. */
async function addToBag(page: Page, choice: Choice): Promise<void> {
  await page.goto(choice.path);
  // Level 2: the description repeats the title in a level-3 heading.
  await expect(page.getByRole('heading', { level: 2, name: choice.title, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'product detail (with specifications)');
  for (const [group, value] of Object.entries(choice.specs)) {
    const options = page.getByRole('group', { name: group, exact: true });
    await options.getByText(value, { exact: true }).click();
    await expect(options.getByRole('radio', { name: value, exact: true })).toBeChecked();
  }
  await page.getByRole('button', { name: 'Add to bag', exact: true }).click();
  await expect(announcement(page, 'Added to your bag')).toBeAttached();
}

/** The card of the order holding `choice` in the orders list shown now. */
function orderCard(page: Page, choice: Choice): Locator {
  return page.getByRole('list', { name: 'Your orders' }).getByRole('article').filter({ hasText: choice.title });
}

const uploadsOf = (page: Page) => page.evaluate(`(() => { ${READ_UPLOADS} })()`) as Promise<UploadNote[]>;

/**
 * Picks the 12 MP phone photo in the picker labelled `label`, as a shopper chooses it in the file
 * dialog, and waits for the preview of the server's copy; returns the upload the page made.
 */
async function pickPhonePhoto(page: Page, label: string): Promise<Uploaded> {
  await page.evaluate(`(() => { ${WATCH_UPLOADS} })()`);
  const before = (await uploadsOf(page)).length;
  // A path, not a buffer: Chromium reads the file itself, as it does one a shopper chose.
  await page.getByLabel(label, { exact: true }).setInputFiles(await phonePhotoFile());
  let upload: UploadNote | undefined;
  await expect
    .poll(async () => (upload = (await uploadsOf(page))[before])?.url ?? null, {
      message: `the upload of the photo picked in ${label}`,
      timeout: 30_000,
    })
    .not.toBeNull();
  await expect(page.getByRole('img', { name: `${label} preview`, exact: true })).toHaveAttribute(
    'src',
    shownFrom(upload!.url!),
  );
  return upload as Uploaded;
}

/** What the <img> `image` drew, once it has (scrolled to, loaded and decoded). */
async function drawnBy(image: Locator): Promise<Drawn> {
  await image.scrollIntoViewIfNeeded();
  let drawn: Drawn | undefined;
  await expect
    .poll(async () => {
      drawn = await image.evaluate((img: HTMLImageElement) => ({
        complete: img.complete,
        width: img.naturalWidth,
        height: img.naturalHeight,
        src: img.currentSrc || img.src,
      }));
      return drawn.complete && drawn.width > 0;
    })
    .toBe(true);
  return drawn!;
}

/** Opens the orders hub's `tab` and, from it, the order holding `choice`; returns the order's id. */
async function openOrder(page: Page, tab: string, choice: Choice): Promise<number> {
  await page.goto('/order');
  const tabButton = page.getByRole('tablist', { name: 'Order status' }).getByRole('tab', { name: tab, exact: true });
  await tabButton.click();
  await expect(tabButton).toHaveAttribute('aria-selected', 'true');
  const card = orderCard(page, choice);
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: /^Order No\./ }).click();
  await expect(page).toHaveURL(/\/orderInfo\/\d+$/);
  await expect(page.getByRole('region', { name: 'Products' }).getByText(choice.title, { exact: true })).toBeVisible();
  return Number(/\/orderInfo\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
}

test.describe('Orders', () => {
  test('bag from two shops -> checkout with a new address -> pay -> ship, receive, review with a photo -> refund the other with it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const user = uniqueUser();
    await registerUser(page.request, user);
    await fundShopper(page.request, user, { payCode: PAY_CODE, balance: START_BALANCE });
    const startCents = cents(START_BALANCE);
    await logInAt(page, user.username, user.password);

    await test.step('adds two products of two shops to the bag from their pages, with chosen specs', async () => {
      await addToBag(page, SHIRT);
      await addToBag(page, MOUSE);
    });

    await test.step('the bag: both lines under their shops; select all -> Checkout (2)', async () => {
      await page.goto('/bag');
      for (const choice of [SHIRT, MOUSE]) {
        await expect(page.getByText(choice.shop, { exact: true }).first()).toBeVisible();
        await expect(page.getByText(Object.values(choice.specs).join(' · '), { exact: true })).toBeVisible();
        await expect(page.getByRole('checkbox', { name: `Select ${choice.title}`, exact: true })).not.toBeChecked();
      }
      const all = page.getByRole('checkbox', { name: 'Select all items in the cart', exact: true });
      await all.check();
      await expect(all).toBeChecked();
      for (const choice of [SHIRT, MOUSE]) {
        await expect(page.getByRole('checkbox', { name: `Select ${choice.title}`, exact: true })).toBeChecked();
      }
      await expect(page.getByText(dollars(cents('29.99') + cents('24.99')), { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'bag (all selected)');
      await reviewScreenshot(page, 'orders-1-bag');
      await page.getByRole('button', { name: 'Checkout (2)', exact: true }).click();
      await expect(page).toHaveURL(atPath('/checkout'));
    });

    const address = {
      name: 'Alice Walker',
      area: 'United States',
      mobile: '2015550111',
      detail: '12 Harbor Street, Apt 4B, Hoboken',
    };

    await test.step('checkout: no address yet -> adds one, which comes back chosen', async () => {
      await expect(page.getByText('Add an address so we know where to send your order.')).toBeVisible();
      await expectNoAxeViolations(page, 'checkout (no address)');
      await page.getByRole('button', { name: 'Add a shipping address', exact: true }).click();
      await expect(page).toHaveURL(atPath('/addressForm'));
      await expect(page.getByRole('heading', { name: 'New address' })).toBeVisible();
      await expect(page.getByRole('note')).toHaveText('The new address will be used for this order.');
      await expectNoAxeViolations(page, 'address form (for the checkout)');

      await page.getByRole('textbox', { name: 'Addressee', exact: true }).fill(address.name);
      await page.getByRole('button', { name: /^Country or region\b/ }).click();
      const areas = page.getByRole('dialog', { name: 'Country or region' });
      await areas.getByRole('searchbox', { name: 'Search a country or region' }).fill(address.area);
      await areas.getByRole('button', { name: address.area, exact: true }).click();
      await expect(areas).toBeHidden();
      await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(address.mobile);
      await page.getByRole('textbox', { name: 'Detailed address', exact: true }).fill(address.detail);
      const home = page
        .getByRole('group', { name: 'Tag', exact: true })
        .getByRole('button', { name: 'Home', exact: true });
      await home.click();
      await expect(home).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: 'Save address', exact: true }).click();
      await expect(announcement(page, 'Save successful')).toBeAttached();

      await expect(page).toHaveURL(atPath('/checkout'));
      await expect(
        page.getByRole('button', { name: new RegExp(`^Shipping address: ${address.name} .*${address.detail}`) }),
      ).toBeVisible();
    });

    let totalCents = 0;

    await test.step('checkout: both lines, items + freight = total; places the order', async () => {
      // The bag stays alive (hidden) behind this screen: look inside the checkout's own items card.
      const lines = page.getByRole('region', { name: '2 items', exact: true });
      for (const choice of [SHIRT, MOUSE]) await expect(lines.getByText(choice.title, { exact: true })).toBeVisible();
      await expect(definitionOf(page, 'Items')).toHaveText(dollars(cents('29.99') + cents('24.99')));
      const items = cents((await definitionOf(page, 'Items').textContent()) ?? '');
      const freight = cents((await definitionOf(page, 'Freight').textContent()) ?? '');
      totalCents = cents((await definitionOf(page, 'Total').textContent()) ?? '');
      expect(totalCents).toBe(items + freight);
      await expectNoAxeViolations(page, 'checkout');
      await reviewScreenshot(page, 'orders-2-checkout');

      await page.getByRole('button', { name: 'Place order', exact: true }).click();
      await expect(announcement(page, 'Create Order Success')).toBeAttached();
      await expect(page).toHaveURL(atPath('/payment'));
    });

    await test.step('pays the total with the payment code on the sheet’s keypad', async () => {
      await expect(page.getByRole('region', { name: 'Amount to pay' })).toContainText(dollars(totalCents));
      await expect(page.getByText(`Available ${dollars(startCents)}`, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'payment');
      await page.getByRole('button', { name: `Pay ${dollars(totalCents)}`, exact: true }).click();

      const sheet = page.getByRole('dialog', { name: 'Enter your payment code' });
      await expect(sheet).toBeVisible();
      await expect(sheet).toContainText(`${dollars(totalCents)} will be paid from your wallet balance.`);
      const key = (digit: string) => page.getByRole('button', { name: digit, exact: true });
      for (const digit of '0123456789') await expect(key(digit)).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page, 'payment code sheet (pay)');
      await reviewScreenshot(page, 'orders-3-payment-code');
      for (const digit of PAY_CODE) await key(digit).tap();

      await expect(announcement(page, 'Pay Success')).toBeAttached();
      // A single order goes to its page, a group of shops to the orders hub (both are being built).
      await expect(page).toHaveURL((url) => /^\/(orderInfo\/\d+|myPurchases\/1)$/.test(url.pathname));
      await expectNoAxeViolations(page, 'after paying');
      await reviewScreenshot(page, 'orders-4-after-pay');
    });

    await test.step('the balance went down by exactly the total; the bill has one payment per order', async () => {
      await expectBalanceOnMe(page, user.nickname, startCents - totalCents);
      await page.goto('/capitalRecord');
      const payments = page
        .getByRole('list', { name: 'Bill entries' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Order payment' }) });
      await expect(payments).toHaveCount(2);
      await expectNoAxeViolations(page, 'bill (two payments)');
      const paid = await Promise.all(
        [0, 1].map(async (index) => cents((await payments.nth(index).getByText(/^-\$/).textContent()) ?? '')),
      );
      expect(paid[0]! + paid[1]!).toBe(-totalCents);
    });

    let shirtOrder = 0;
    let mouseOrder = 0;
    let mouseTotalCents = 0;

    await test.step('My orders: one order per shop, both waiting for delivery', async () => {
      await page.goto('/order');
      const cards = page.getByRole('list', { name: 'Your orders' }).getByRole('article');
      await expect(cards).toHaveCount(2);
      for (const choice of [SHIRT, MOUSE]) {
        await expect(orderCard(page, choice).getByText('Waiting deliver', { exact: true })).toBeVisible();
      }
      const shown = await Promise.all(
        [SHIRT, MOUSE].map(async (choice) =>
          cents(
            (
              await orderCard(page, choice)
                .getByText(/^1 item · Total/)
                .textContent()
            )?.split('Total')[1] ?? '',
          ),
        ),
      );
      expect(shown[0]! + shown[1]!).toBe(totalCents);
      mouseTotalCents = shown[1]!;
      await expectNoAxeViolations(page, 'orders (all)');
      await reviewScreenshot(page, 'orders-5-orders-paid');

      shirtOrder = await openOrder(page, 'Waiting deliver', SHIRT);
      await expect(page.getByRole('heading', { name: 'Logistics' })).toBeVisible();
      await expect(page.getByText('Not shipped yet.', { exact: false })).toBeVisible();
      await expectNoAxeViolations(page, 'order detail (waiting delivery)');
      mouseOrder = await openOrder(page, 'Waiting deliver', MOUSE);
      expect(mouseOrder).not.toBe(shirtOrder);
    });

    let tracking = '';

    await test.step('the operator ships the shirt', async () => {
      const shipped = ops('order:ship', String(shirtOrder));
      expect(shipped).toContain(`order ${shirtOrder} shipped`);
      tracking = /tracking (\S+)\)/.exec(shipped)![1]!;
    });

    await test.step('Delivered: the order shows its logistics; confirms receipt', async () => {
      expect(await openOrder(page, 'Delivered', SHIRT)).toBe(shirtOrder);
      const logistics = page.getByRole('region', { name: 'Logistics' });
      await expect(logistics.getByRole('listitem').first()).toBeVisible();
      await expect(logistics.getByText(`Tracking No. ${tracking}`).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Order status' })).toContainText('Delivered');
      await expectNoAxeViolations(page, 'order detail (delivered)');
      await reviewScreenshot(page, 'orders-6-delivered');

      await page.getByRole('button', { name: 'Confirm received', exact: true }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Have you received the goods?' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, 'confirm-received dialog');
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(announcement(page, 'Receipt confirmed')).toBeAttached();
      await expect(page.getByRole('region', { name: 'Order status' })).toContainText('Received');
    });

    const reviewText = `Good fit and the blue is just like the photos. (${user.username})`;
    // The phone's photo, with what the phone wrote in it (so that finding none later means something).
    const original = await phonePhoto();
    await expectPhoneMetadata(original);
    let reviewPhoto: Uploaded | undefined;

    await test.step('reviews the shirt: ratings, text and a 12 MP photo; it shows as reviewed', async () => {
      await page.getByRole('link', { name: `Review ${SHIRT.title}`, exact: true }).click();
      await expect(page).toHaveURL(atPath('/comment'));
      await expect(page.getByRole('heading', { name: SHIRT.title })).toBeVisible();
      const ratings = page.getByRole('group', { name: 'Ratings' });
      const product = ratings.getByRole('slider', { name: 'Product', exact: true });
      const service = ratings.getByRole('slider', { name: 'Service', exact: true });
      await expect(product).toHaveAttribute('aria-valuetext', '5 of 5 stars');
      // Half a star less for the product, one less for the service, from the keyboard.
      await product.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(product).toHaveAttribute('aria-valuetext', '4.5 of 5 stars');
      await service.focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(service).toHaveAttribute('aria-valuetext', '4 of 5 stars');
      await page.getByRole('textbox', { name: 'Your review', exact: true }).fill(reviewText);
      reviewPhoto = await pickPhonePhoto(page, 'Photo 1');
      await expectNoAxeViolations(page, 'review form');
      await reviewScreenshot(page, 'orders-7-review-form');
      await page.getByRole('button', { name: 'Submit review', exact: true }).click();
      await expect(announcement(page, 'Thanks for your review')).toBeAttached();

      await expect(page).toHaveURL(atPath(`/orderInfo/${shirtOrder}`));
      const products = page.getByRole('region', { name: 'Products' });
      await expect(products.getByText('Reviewed', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: `Review ${SHIRT.title}` })).toHaveCount(0);
      await expectNoAxeViolations(page, 'order detail (reviewed)');
      await reviewScreenshot(page, 'orders-8-reviewed');
    });

    const figures: Record<string, unknown> = {};

    await test.step('the review appears on the product’s page, with its photo', async () => {
      await page.goto(SHIRT.path);
      const reviews = page.getByRole('region', { name: 'Reviews (1)' });
      await expect(reviews).toBeVisible();
      const review = reviews.getByRole('listitem').filter({ hasText: reviewText });
      await expect(review).toHaveCount(1);
      await expect(review.getByText(user.nickname, { exact: true })).toBeVisible();
      await expect(review.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible();
      // The photo's thumbnail is drawn, upright as the phone was held, from the stored picture (or
      // a listed width of it).
      const thumbnail = await drawnBy(
        review.getByRole('button', { name: `Photo 1 of 1 from ${user.nickname}`, exact: true }).locator('img'),
      );
      expect(thumbnail.height).toBeGreaterThan(thumbnail.width);
      expect(thumbnail.src).toMatch(shownFrom(reviewPhoto!.url));
      // What the page shows, fetched by anyone (no token): small, upright, nothing of the phone.
      if (thumbnail.src !== reviewPhoto!.url) await expectPublicPhoto(thumbnail.src);
      figures.review = photoFigures(reviewPhoto!, await expectStoredPhoneShot(reviewPhoto!.url, original));
      await review.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page, 'product detail (with a review)');
      await reviewScreenshot(page, 'orders-9-product-review');
    });

    const refundCents = mouseTotalCents;

    let proofPhoto: Uploaded | undefined;

    await test.step('asks for a refund of the mouse order, with the photo as proof', async () => {
      expect(await openOrder(page, 'Waiting deliver', MOUSE)).toBe(mouseOrder);
      await expect(definitionOf(page, 'Total')).toHaveText(dollars(mouseTotalCents));
      await page.getByRole('button', { name: 'Apply refund', exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname.startsWith(`/refund/${mouseOrder}/`));
      // The order's page stays alive (hidden) behind the form: look inside the form's order card.
      const refunded = page.getByRole('region', { name: /^Order No\. / });
      await expect(refunded.getByText(MOUSE.title, { exact: true })).toBeVisible();

      const type = page.getByRole('group', { name: 'Refund type', exact: true });
      // Each chip is a native radio laid over its text: tapping the chip taps the radio.
      await type.getByRole('radio', { name: 'Refund only (no return)', exact: true }).check();
      await expect(type.getByRole('radio', { name: 'Refund only (no return)' })).toBeChecked();
      const status = page.getByRole('group', { name: 'Product status', exact: true });
      await status.getByRole('radio', { name: 'Not received', exact: true }).check();
      await expect(status.getByRole('radio', { name: 'Not received' })).toBeChecked();

      await expectNoAxeViolations(page, 'refund form');
      await reviewScreenshot(page, 'orders-10-refund-choices');

      const amount = page.getByRole('textbox', { name: 'Refund amount (USD)', exact: true });
      await expect(amount).toHaveValue((refundCents / 100).toFixed(2));
      await expect(page.getByText(`At most ${dollars(mouseTotalCents)}, what you paid`)).toBeVisible();
      await amount.fill((refundCents / 100).toFixed(2));
      await page.getByRole('combobox', { name: 'Reason', exact: true }).selectOption({ label: 'No longer needed' });
      await page
        .getByRole('textbox', { name: 'Explanation', exact: true })
        .fill('Ordered the wrong colour; please cancel before it ships.');
      proofPhoto = await pickPhonePhoto(page, 'Proof 1');
      // The shopper sees the server's copy, upright.
      const proof = await drawnBy(page.getByRole('img', { name: 'Proof 1 preview', exact: true }));
      expect(proof.height).toBeGreaterThan(proof.width);
      const submit = page.getByRole('button', { name: 'Submit refund request', exact: true });
      await submit.scrollIntoViewIfNeeded();
      await reviewScreenshot(page, 'orders-11-refund-form');
      await submit.click();
      await expect(announcement(page, 'Application successful')).toBeAttached();

      await expect(page).toHaveURL(atPath(`/orderInfo/${mouseOrder}`));
      await expect(
        page.getByRole('note').filter({ hasText: 'You have already submitted a refund request' }),
      ).toBeVisible();
      const refund = page.getByRole('region', { name: 'Refund' });
      await expect(refund).toContainText(`Amount asked for: ${dollars(refundCents)}`);
      await expect(refund.getByText('Under review', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Apply refund' })).toHaveCount(0);
      await expectNoAxeViolations(page, 'order detail (refund under review)');
    });

    await test.step('the refund the operator reviews has the stored photo, which gives nothing of the phone away', async () => {
      const proofs = pendingRefundImages(mouseOrder);
      const proofPath = new URL(proofPhoto!.url).pathname;
      expect(proofs.map((url) => new URL(url, proofPhoto!.url).pathname)).toEqual([proofPath]);
      figures.refundProof = photoFigures(proofPhoto!, await expectStoredPhoneShot(proofPhoto!.url, original));
      testInfo.annotations.push({ type: 'photo figures, chromium', description: JSON.stringify(figures) });
      console.log(`photo journey figures, chromium: ${JSON.stringify(figures)}`);
    });

    await test.step('the operator passes the refund', async () => {
      expect(ops('refund:pass', String(mouseOrder))).toContain(
        `refund of order ${mouseOrder} passed: credited ${(refundCents / 100).toFixed(2)}`,
      );
    });

    await test.step('the order says refunded; the balance is up by the refund; the bill shows it', async () => {
      await page.goto(`/orderInfo/${mouseOrder}`);
      const refund = page.getByRole('region', { name: 'Refund' });
      await expect(refund.getByText('Refunded to your balance', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'order detail (refunded)');
      await reviewScreenshot(page, 'orders-12-refunded');

      await expectBalanceOnMe(page, user.nickname, startCents - totalCents + refundCents);
      await page.goto('/capitalRecord');
      const bills = page.getByRole('list', { name: 'Bill entries' }).getByRole('listitem');
      // Newest first: the refund, the two payments, the top-up.
      await expect(bills).toHaveCount(4);
      await expect(bills.nth(0).getByRole('heading', { name: 'Refund' })).toBeVisible();
      await expect(bills.nth(0).getByText(`+${dollars(refundCents)}`, { exact: true })).toBeVisible();
      await expect(bills.nth(3).getByRole('heading', { name: 'Top up' })).toBeVisible();
      await reviewScreenshot(page, 'orders-13-bill');
    });
  });

  test('the bag: a line swiped left with a finger shows Delete, which asks first and closes the line', async ({
    page,
  }) => {
    const user = uniqueUser();
    await registerUser(page.request, user);
    await logInAt(page, user.username, user.password);
    await addToBag(page, SHIRT);
    await addToBag(page, MOUSE);
    await page.goto('/bag');

    const line = page.getByRole('listitem').filter({ hasText: SHIRT.title });
    // Named with the product it deletes; its visible text is just 'Delete'.
    const remove = line.getByRole('button', { name: `Delete ${SHIRT.title}`, exact: true });
    await expect(remove).toHaveText('Delete');
    await expect(line).toBeVisible();
    await expect(remove).not.toBeInViewport();
    // A finger's swipe, right to left across the line, sent as touch input through Chromium's own input
    // pipeline (touchstart, a move every frame, touchend): the browser scrolls the line as it would on a phone.
    const swipe = async () => {
      const box = (await line.boundingBox())!;
      const y = Math.round(box.y + box.height / 2);
      const from = Math.round(box.x + box.width * 0.8);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
      for (let step = 1; step <= 10; step += 1) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from - step * 25, y }] });
        await page.waitForTimeout(16);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    };
    await swipe();
    await expect(remove).toBeInViewport();
    await expectNoAxeViolations(page, 'bag (a line swiped open)');

    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Remove from cart?' });
    await expect(dialog).toContainText(`${SHIRT.title} will be removed from your cart.`);
    // The line closes behind the question.
    await expect(remove).not.toBeInViewport();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(line).toBeVisible();

    await swipe();
    await expect(remove).toBeInViewport();
    await remove.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(announcement(page, 'Delete Success')).toBeAttached();
    await expect(line).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: MOUSE.title })).toBeVisible();
  });
});
