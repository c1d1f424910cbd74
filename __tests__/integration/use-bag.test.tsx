import { screen, waitFor, within } from '@testing-library/react';
import { useBag } from '../../src/features/cart/hooks/use-bag';
import { setApiOrigin } from '../../src/shared/config/env';
import { paths } from '../../src/shared/config/paths';
import { backDataMerged, selectBackData } from '../../src/store/session.slice';
import { addToBag, bagOf, productFacts, type ProductFacts } from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderScreenHook } from '../support/render-hook';
import { registerShopper, startServer, type ReferenceServer } from '../support/server';

let server: ReferenceServer;
let tea: ProductFacts;
let mouse: ProductFacts;
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

let shoppers = 0;
/** A new shopper with a tea and a mouse in the bag. */
async function shopperWithTwoLines(): Promise<string> {
  const token = await registerShopper(server, `bag_${Date.now() % 100000}_${++shoppers}`);
  await addToBag(server, token, tea, 1);
  await addToBag(server, token, mouse, 2);
  return token;
}

async function renderBag(token: string) {
  const hook = await renderScreenHook(() => useBag(), { token, path: paths.bag });
  await waitFor(() => expect(hook.result.current.lines).toHaveLength(2));
  return hook;
}

const lineOf = (hook: Awaited<ReturnType<typeof renderBag>>, product: ProductFacts) =>
  hook.result.current.lines.find((line) => line.product_id === product.productId)!;

describe('useBag', () => {
  it('asks to select something before checkout, and hands only the selected lines to /checkout', async () => {
    const token = await shopperWithTwoLines();
    const hook = await renderBag(token);
    // A buy now left from the product page: the bag's checkout is the newer intent.
    hook.store.dispatch(backDataMerged({ buyNow: { product_id: 1, mer_id: 1, spec: '', number: 1 } }));
    expect(hook.result.current.allState).toBe('none');

    await hook.result.current.checkout();
    await findAnnouncement('Please select item to checkout');
    expect(hook.pathname()).toBe(paths.bag);

    const mouseLine = lineOf(hook, mouse);
    hook.result.current.select([mouseLine], true);
    await waitFor(() => expect(hook.result.current.allState).toBe('some'));
    expect(hook.result.current.picked.map((line) => line.cart_id)).toEqual([mouseLine.cart_id]);

    await hook.result.current.checkout();
    await waitFor(() => expect(hook.pathname()).toBe(paths.checkout));
    const backData = selectBackData(hook.store.getState());
    expect(backData.cartIds).toEqual([mouseLine.cart_id]);
    expect(backData.buyNow).toBeUndefined();
  });

  it('sends a changed quantity before checkout, so the server prices what is shown', async () => {
    const token = await shopperWithTwoLines();
    const hook = await renderBag(token);
    const teaLine = lineOf(hook, tea);
    hook.result.current.editor.change(teaLine.cart_id, 4);
    hook.result.current.select(hook.result.current.lines, true);
    await waitFor(() => expect(hook.result.current.allState).toBe('all'));
    // Read at once, within the quantity's debounce: only a send before the hand-over has made it 4.
    await hook.result.current.checkout();
    expect((await bagOf(server, token)).find((line) => line.cart_id === teaLine.cart_id)?.cart_num).toBe(4);
    expect(hook.pathname()).toBe(paths.checkout);
  });

  it('deletes the lines selected in the edit mode after the confirmation, and says to select first', async () => {
    const token = await shopperWithTwoLines();
    const hook = await renderBag(token);
    hook.result.current.toggleEditing();
    await waitFor(() => expect(hook.result.current.editing).toBe(true));
    hook.result.current.removePicked();
    await findAnnouncement('Please select items to delete');

    const teaLine = lineOf(hook, tea);
    hook.result.current.select([teaLine], true);
    await waitFor(() => expect(hook.result.current.picked).toHaveLength(1));
    hook.result.current.removePicked();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`${tea.title} will be removed from your cart.`);
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await waitUntilClickable(confirm);
    confirm.click();
    await findAnnouncement('Delete Success');
    expect((await bagOf(server, token)).map((line) => line.product_id)).toEqual([mouse.productId]);
    await waitFor(() => expect(hook.result.current.lines).toHaveLength(1));
    expect(hook.result.current.picked).toEqual([]);
  });
});
