import { waitFor } from '@testing-library/react';
import { usePayment } from '../../src/features/checkout/hooks/use-payment';
import { paymentSearch, type PaymentTarget } from '../../src/features/checkout/lib/checkout-data';
import { setApiOrigin } from '../../src/shared/config/env';
import {
  addToBag,
  addressesOf,
  bagOf,
  ordersOf,
  placeOrder,
  productFacts,
  saveAddress,
  type ProductFacts,
} from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderScreenHook } from '../support/render-hook';
import { expectOk, postJson, startServer, type Answer, type ReferenceServer } from '../support/server';
import { balanceOf, fundedShopper } from '../support/wallet';

let server: ReferenceServer;
let tea: ProductFacts; // 12.50 + 5.00 freight
let mouse: ProductFacts; // 24.99 + 5.00 freight, another shop
beforeAll(async () => {
  server = await startServer();
  tea = await productFacts(server, 18);
  mouse = await productFacts(server, 21);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

/** A shopper with `money`, an address and an unpaid order of the given products (one order per shop). */
async function shopperWithOrder(money: string | null, products: ProductFacts[], payCode: string | null = '123456') {
  const token = await fundedShopper(server, money, payCode);
  await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
  for (const product of products) await addToBag(server, token, product, 1);
  const [address] = await addressesOf(server, token);
  const cartIds = (await bagOf(server, token)).map((line) => line.cart_id);
  const submitted = await placeOrder(server, token, cartIds, address!.address_id);
  return { token, ...submitted };
}

async function orderStatus(token: string, orderId: number): Promise<number> {
  const detail = await server.call<Answer<{ status: number }>>(`/api/order/detail?order_id=${orderId}`, { token });
  return expectOk(detail.body, 'order detail').status;
}

function renderPayment(token: string, target: PaymentTarget) {
  return renderScreenHook(() => usePayment(target), { token, path: `/payment${paymentSearch(target)}` });
}

describe('usePayment', () => {
  it("offers the order's amount, refuses a wrong code with the server's message, then pays and opens the order", async () => {
    const { token, order_ids } = await shopperWithOrder('100.00', [tea]);
    const orderId = order_ids[0]!;
    const hook = await renderPayment(token, { kind: 'order', orderId });
    await waitFor(() => expect(hook.result.current.view).toMatchObject({ stage: 'open', amount: '17.50' }));
    expect(hook.result.current.short).toBe(false);
    expect(hook.result.current.noPayCode).toBe(false);

    // The sheet shows what the hook answers; nothing is paid.
    expect(await hook.result.current.confirmWithCode('000000')).toBe('Pay Fail');
    expect(await orderStatus(token, orderId)).toBe(0);
    expect(await balanceOf(server, token)).toBe('100.00');

    expect(await hook.result.current.confirmWithCode('123456')).toBeUndefined();
    await findAnnouncement('Pay Success');
    await waitFor(() => expect(hook.pathname()).toBe(`/orderInfo/${orderId}`));
    expect(await orderStatus(token, orderId)).toBe(1);
    expect(await balanceOf(server, token)).toBe('82.50');
  });

  it('pays every order of a multi-shop payment number at once and goes to the orders waiting delivery', async () => {
    const { token, out_trade_no, order_ids } = await shopperWithOrder('100.00', [tea, mouse]);
    const hook = await renderPayment(token, { kind: 'new', outTradeNo: out_trade_no });
    await waitFor(() => expect(hook.result.current.view).toMatchObject({ stage: 'open', amount: '47.49' }));

    await hook.result.current.confirmWithCode('123456');
    await waitFor(() => expect(hook.pathname()).toBe('/myPurchases/1'));
    expect((await ordersOf(server, token, '1')).map((order) => order.order_id).sort()).toEqual([...order_ids].sort());
    expect(await balanceOf(server, token)).toBe('52.51');
  });

  it('says the balance is short of the amount (a top-up is offered instead of paying)', async () => {
    const { token, order_ids } = await shopperWithOrder('10.00', [tea]);
    const hook = await renderPayment(token, { kind: 'order', orderId: order_ids[0]! });
    await waitFor(() => expect(hook.result.current.view.stage).toBe('open'));
    await waitFor(() => expect(hook.result.current.short).toBe(true));
    expect(hook.result.current.balance).toBe('10.00');
  });

  it('says there is no payment code yet, and its way out opens the payment-code screen', async () => {
    const { token, order_ids } = await shopperWithOrder('50.00', [tea], null);
    const hook = await renderPayment(token, { kind: 'order', orderId: order_ids[0]! });
    await waitFor(() => expect(hook.result.current.noPayCode).toBe(true));
    hook.result.current.setPayCode();
    await waitFor(() => expect(hook.pathname()).toBe('/changePayPwd'));
  });

  it('has nothing left to pay for an order paid meanwhile, and leads to that order', async () => {
    const { token, order_ids } = await shopperWithOrder('100.00', [tea]);
    const orderId = order_ids[0]!;
    expectOk(await postJson(server, '/api/user/verify_pay', token, { password_pay: '123456' }), 'verify_pay');
    expectOk(
      await postJson(server, '/api/user/pay', token, { order_id: orderId }, { 'Idempotency-Key': crypto.randomUUID() }),
      'pay',
    );
    const hook = await renderPayment(token, { kind: 'order', orderId });
    await waitFor(() => expect(hook.result.current.view.stage).toBe('closed'));
    expect(hook.result.current.view).toMatchObject({ payable: { open: false, orderIds: [orderId] } });
  });

  // Moves the server's clock forward, so it comes last: the orders above expire with it.
  it('says an order not paid in time is expired, and the server cancelled it', async () => {
    const { token, order_ids } = await shopperWithOrder('100.00', [tea]);
    await server.advanceClock(31 * 60);
    const hook = await renderPayment(token, { kind: 'order', orderId: order_ids[0]! });
    await waitFor(() => expect(hook.result.current.view.stage).toBe('expired'));
    expect(await orderStatus(token, order_ids[0]!)).toBe(-1);
  });
});
