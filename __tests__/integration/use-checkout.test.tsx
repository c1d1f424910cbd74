import { waitFor } from '@testing-library/react';
import { useCheckout } from '../../src/features/checkout/hooks/use-checkout';
import { setApiOrigin } from '../../src/shared/config/env';
import { backDataMerged, selectBackData } from '../../src/store/session.slice';
import { addToBag, bagOf, ordersOf, productFacts, saveAddress, type ProductFacts } from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderScreenHook } from '../support/render-hook';
import { registerShopper, startServer, type ReferenceServer } from '../support/server';

let server: ReferenceServer;
let tea: ProductFacts; // 12.50, one shop: 5.00 freight
beforeAll(async () => {
  server = await startServer();
  tea = await productFacts(server, 18);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

let shoppers = 0;
/** A new shopper with two teas in the bag (25.00 + 5.00 freight), and a default address unless told not to. */
async function shopperWithTea(withAddress = true): Promise<{ token: string; cartId: number }> {
  const token = await registerShopper(server, `co_${Date.now() % 100000}_${++shoppers}`);
  if (withAddress) await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
  await addToBag(server, token, tea, 2);
  const [line] = await bagOf(server, token);
  return { token, cartId: line!.cart_id };
}

/** The hook at /checkout with the bag's selection handed over in backData, as the bag does. */
async function renderCheckout(token: string, cartId: number) {
  const hook = await renderScreenHook(() => useCheckout(), { token, path: '/checkout' });
  expect(hook.result.current.selection).toBeNull();
  hook.store.dispatch(backDataMerged({ cartIds: [cartId] }));
  await waitFor(() => expect(hook.result.current.data).toBeDefined());
  return hook;
}

describe('useCheckout', () => {
  it('prices the selection on the server, places the order and hands only its payment number to /payment', async () => {
    const { token, cartId } = await shopperWithTea();
    const hook = await renderCheckout(token, cartId);
    expect(hook.result.current.selection).toEqual({ kind: 'bag', cartIds: [cartId] });
    expect(hook.result.current.data).toMatchObject({ goods_price: '25.00', delivery: '5.00', total_price: '30.00' });
    expect(hook.result.current.address).toMatchObject({ name: 'Home Base' });

    await hook.result.current.submit();
    await findAnnouncement('Create Order Success');
    const [order] = await ordersOf(server, token, '0');
    expect(order).toMatchObject({ total_price: '30.00' });
    const handOver = selectBackData(hook.store.getState());
    expect(handOver.submittedOrder).toMatchObject({ total_price: '30.00', order_ids: [order!.order_id] });
    const outTradeNo = (handOver.submittedOrder as { out_trade_no: string }).out_trade_no;
    expect(hook.pathname()).toBe('/payment');
    expect(hook.search()).toBe(`?out_trade_no=${outTradeNo}`);
    // The selection is used up.
    expect(handOver.cartIds).toBeUndefined();
  });

  it('prices with a promo code the server accepts, keeps the prices for one it refuses, and removes it', async () => {
    const { token, cartId } = await shopperWithTea();
    const hook = await renderCheckout(token, cartId);
    const promo = () => hook.result.current.promo;

    promo().setText('NOPE');
    await waitFor(() => expect(promo().text).toBe('NOPE'));
    await promo().apply();
    await findAnnouncement('Invalid promo code', 'alert');
    expect(promo().promo).toBe('');
    expect(hook.result.current.data?.total_price).toBe('30.00');

    promo().setText(' WELCOME10 ');
    await waitFor(() => expect(promo().text).toBe(' WELCOME10 '));
    await promo().apply();
    await waitFor(() => expect(promo().promo).toBe('WELCOME10'));
    // 10 % off the goods (seeded WELCOME10).
    await waitFor(() => expect(hook.result.current.data).toMatchObject({ discount: '2.50', total_price: '27.50' }));

    promo().remove();
    await waitFor(() => expect(hook.result.current.data?.total_price).toBe('30.00'));
    expect(promo().text).toBe('');
  });

  it('asks for a shipping address and places nothing when the shopper has none', async () => {
    const { token, cartId } = await shopperWithTea(false);
    const hook = await renderCheckout(token, cartId);
    expect(hook.result.current.address).toBeNull();
    await hook.result.current.submit();
    await findAnnouncement('Please add a shipping address');
    expect(hook.pathname()).toBe('/checkout');
    expect(await ordersOf(server, token, '0')).toEqual([]);
    expect(selectBackData(hook.store.getState()).cartIds).toEqual([cartId]);
  });
});
