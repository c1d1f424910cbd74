import { waitFor } from '@testing-library/react';
import { api, type ProductDetail } from '../../src/api';
import { useProductPurchase } from '../../src/features/catalog/hooks/use-product-purchase';
import { setApiOrigin } from '../../src/shared/config/env';
import { paths } from '../../src/shared/config/paths';
import { selectBackData } from '../../src/store/session.slice';
import { bagOf, productFacts, type ProductFacts } from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderScreenHook } from '../support/render-hook';
import { registerShopper, startServer, type ReferenceServer } from '../support/server';
import { makeRehydratedStore } from '../support/store';

let server: ReferenceServer;
let mouse: ProductFacts; // has spec groups
beforeAll(async () => {
  server = await startServer();
  mouse = await productFacts(server, 21);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

/** The product as its page reads it: getProductDetail through the request layer and its mapping. */
async function readProduct(product: ProductFacts): Promise<ProductDetail> {
  const { store } = await makeRehydratedStore();
  const reading = store.dispatch(
    api.endpoints.getProductDetail.initiate({ productId: product.productId, merId: product.merId }),
  );
  try {
    const answer = await reading.unwrap();
    if (answer.code !== 1) throw new Error(`getProductDetail refused: ${answer.msg}`);
    return answer.data;
  } finally {
    reading.unsubscribe();
  }
}

async function renderPurchase(token?: string) {
  const detail = await readProduct(mouse);
  return renderScreenHook(() => useProductPurchase(detail), {
    token,
    path: paths.detail(mouse.productId, mouse.merId),
  });
}

let shoppers = 0;
const freshShopper = () => registerShopper(server, `pp_${Date.now() % 100000}_${++shoppers}`);

describe('useProductPurchase', () => {
  it("starts at each spec group's first value and one, and keeps the quantity within the stock", async () => {
    const hook = await renderPurchase(await freshShopper());
    expect(hook.result.current.chosen.join('|')).toBe(mouse.spec);
    expect(hook.result.current.number).toBe(1);
    expect(hook.result.current.stock).toBe(mouse.stock);
    expect(hook.result.current.soldOut).toBe(false);
    hook.result.current.setQuantity(mouse.stock + 5);
    await waitFor(() => expect(hook.result.current.number).toBe(mouse.stock));
  });

  it('adds the chosen spec and quantity to the bag', async () => {
    const token = await freshShopper();
    const hook = await renderPurchase(token);
    hook.result.current.setQuantity(3);
    await waitFor(() => expect(hook.result.current.number).toBe(3));
    await hook.result.current.addToBag();
    await findAnnouncement('Added to your bag');
    expect(await bagOf(server, token)).toMatchObject([{ product_id: mouse.productId, spec: mouse.spec, cart_num: 3 }]);
  });

  it('hands the choice to checkout for buy now, and adds nothing to the bag', async () => {
    const token = await freshShopper();
    const hook = await renderPurchase(token);
    hook.result.current.setQuantity(2);
    await waitFor(() => expect(hook.result.current.number).toBe(2));
    hook.result.current.buyNow();
    await waitFor(() => expect(hook.pathname()).toBe(paths.checkout));
    expect(selectBackData(hook.store.getState()).buyNow).toEqual({
      product_id: mouse.productId,
      mer_id: mouse.merId,
      spec: mouse.spec,
      number: 2,
      id: mouse.id,
    });
    expect(await bagOf(server, token)).toEqual([]);
  });

  it('asks a visitor to log in first, and neither adds nor buys', async () => {
    const hook = await renderPurchase();
    await hook.result.current.addToBag();
    await findAnnouncement('Please login first');
    await waitFor(() => expect(hook.pathname()).toBe(paths.login));
    hook.result.current.buyNow();
    expect(hook.pathname()).toBe(paths.login);
    expect(selectBackData(hook.store.getState()).buyNow).toBeUndefined();
  });
});
