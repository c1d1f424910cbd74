import { expect, test, type APIRequestContext } from '@playwright/test';
import { logInAt } from './support/app';
import { axeViolations, expectNoAxeViolations } from './support/axe';
import { apiToken } from './support/shopper';
import { registerUser, uniqueUser } from './support/users';

// The journeys' axe check itself (e2e/support/axe.ts): it runs every WCAG A/AA rule, those axe marks
// experimental too, so a control named otherwise than it reads (WCAG 2.5.3 Label in Name: a
// voice-control user says what they see) fails the journey it is in. And Me's order counters, the
// control that slipped, named as they read with an order waiting.

test.describe('The journeys’ axe check', () => {
  test('fails a control whose name leaves out what it shows, in the order it shows it', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('h1')).toBeVisible();
    expect(await axeViolations(page), 'the screen as it is').toEqual([]);

    // A counter as Me drew it before: '0' over 'Waiting pay', named 'Waiting pay: 0'.
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/myPurchases/0';
      link.className = 'button planted-counter';
      link.setAttribute('aria-label', 'Waiting pay: 0');
      link.append(Object.assign(document.createElement('span'), { textContent: '0' }), ' ');
      link.append(Object.assign(document.createElement('span'), { textContent: 'Waiting pay' }));
      document.querySelector('main')!.append(link);
    });
    const planted = await axeViolations(page);
    expect(planted.map((violation) => violation.id)).toEqual(['label-content-name-mismatch']);
    expect(planted[0]!.nodes.map((node) => node.target.join(' '))).toEqual(['.planted-counter']);

    // Named as it reads, it passes.
    await page.locator('.planted-counter').evaluate((link) => link.setAttribute('aria-label', '0 Waiting pay'));
    expect(await axeViolations(page), 'the counter named as it reads').toEqual([]);
  });

  test('Me’s order counters are named as they read, with an order waiting to be paid', async ({ page }) => {
    const user = uniqueUser();
    await registerUser(page.request, user);
    await unpaidOrder(page.request, await apiToken(page.request, user));
    await logInAt(page, user.username, user.password);
    await page.goto('/filter');
    const orders = page.getByRole('region', { name: 'My orders' });
    await expect(orders.getByRole('link', { name: '1 Waiting pay', exact: true })).toBeVisible();
    for (const name of ['0 Waiting deliver', '0 Delivered', '0 After sale']) {
      await expect(orders.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page, 'me with an order waiting to be paid');
  });
});

/** An unpaid order of one green tea, through the API: Me's 'Waiting pay' counts 1. */
async function unpaidOrder(request: APIRequestContext, token: string): Promise<void> {
  const call = async <T>(method: 'get' | 'post', url: string, data?: object) => {
    const answer = await request[method](url, {
      headers: { token, lang: 'en', 'Idempotency-Key': crypto.randomUUID() },
      ...(data && { data }),
    });
    const envelope = (await answer.json()) as { code: number; msg: string; data: T };
    expect(envelope.code, `${url}: ${envelope.msg}`).toBe(1);
    return envelope.data;
  };
  await call('post', '/api/user/address_add', {
    name: 'Pat Shopper',
    quhao: '1',
    mobile: '2015550123',
    country: 'United States, New York, New York',
    detail: '350 Fifth Avenue',
    tag: 'Home',
    is_default: 1,
  });
  await call('post', '/api/cart/add', { mer_id: 7, product_id: 18, id: 18, spec: '', num: 1 });
  const bag = await call<{ carts: { cart_id: number }[] }>('get', '/api/cart/index');
  const addresses = await call<{ list: { address_id: number }[] }>('get', '/api/user/address_list');
  await call('post', '/api/order/merSubmit', {
    address_id: addresses.list[0]!.address_id,
    cart_ids: bag.carts.map((line) => line.cart_id).join(','),
  });
}
