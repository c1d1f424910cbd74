import { waitFor } from '@testing-library/react';
import { api, type OrderDetail } from '../../src/api';
import { useRefundRequest } from '../../src/features/refund/hooks/use-refund-request';
import { refundTarget } from '../../src/features/refund/lib/refund-target';
import type { RefundValues } from '../../src/features/refund/schemas/refund.schema';
import { setApiOrigin } from '../../src/shared/config/env';
import { paths } from '../../src/shared/config/paths';
import { loggedIn } from '../../src/store/session.slice';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { BLOCKS, orderAt, orderDetail, TEA, type ServerOrder } from '../support/orders';
import { renderScreenHook } from '../support/render-hook';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { makeRehydratedStore } from '../support/store';
import { uploadEvidence } from '../support/wallet';

let server: ReferenceServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await serverLogin(server);
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

/** The order as the refund screen reads it: getOrderDetail through the request layer and its mapping. */
async function readOrder(orderId: number): Promise<OrderDetail> {
  const { store } = await makeRehydratedStore();
  store.dispatch(loggedIn({ token }));
  const reading = store.dispatch(api.endpoints.getOrderDetail.initiate({ orderId }));
  try {
    const answer = await reading.unwrap();
    if (answer.code !== 1) throw new Error(`getOrderDetail refused: ${answer.msg}`);
    return answer.data;
  } finally {
    reading.unsubscribe();
  }
}

async function renderRefund(server: ServerOrder, amountParam?: string) {
  const order = await readOrder(server.order_id);
  const path = paths.refundFor(order.order_id, order.order_sn, [], amountParam ?? order.total_price);
  return renderScreenHook(() => useRefundRequest(order, refundTarget(order, undefined, amountParam)), { token, path });
}

interface PendingRefund {
  orderId: number;
  amountCents: number;
  serviceType: number;
  receivingStatus: number;
  reasonType: string;
  explain: string;
  images: string;
  orderProductIds: string;
}

/** The refund requests waiting for an operator, as the ops CLI lists them. */
async function pendingRefunds(): Promise<PendingRefund[]> {
  return (JSON.parse(await server.ops('list', '--json')) as Record<string, PendingRefund[]>)['Pending refunds']!;
}

describe('useRefundRequest', () => {
  it('starts at what was paid, or at the smaller amount of the URL, and refuses an amount above it', async () => {
    const order = await orderAt(server, token, 'paid', [{ item: BLOCKS, num: 2 }]);
    const hook = await renderRefund(order);
    expect(hook.result.current.initialValues.amount).toBe(order.total_price);
    const filled: RefundValues = {
      ...hook.result.current.initialValues,
      serviceType: '0',
      receivingStatus: '0',
      reason: 'quality',
      explain: 'It broke.',
      images: ['https://example.test/proof.png'],
    };
    expect(await hook.result.current.validate(filled)).toEqual({});
    expect(await hook.result.current.validate({ ...filled, amount: '999999' })).toEqual({
      amount: 'refund.validation.amountOverPaid',
    });
    hook.unmount();

    const lowered = await renderRefund(order, '5.00');
    expect(lowered.result.current.initialValues.amount).toBe('5.00');
    expect(await lowered.result.current.validate({ ...filled, amount: '5.01' })).toEqual({
      amount: 'refund.validation.amountOverPaid',
    });
  });

  it("sends the shopper's choices with the order's lines, then opens the order in the form's place", async () => {
    const order = await orderAt(server, token, 'paid', [{ item: TEA, num: 1 }]);
    const proof = await uploadEvidence(server, token);
    const hook = await renderRefund(order);
    await hook.result.current.submit({
      serviceType: '1',
      receivingStatus: '1',
      amount: ' 10 ',
      reason: 'damaged',
      explain: '  The box was crushed.  ',
      images: [proof],
    });
    await findAnnouncement('Application successful');
    await waitFor(() => expect(hook.pathname()).toBe(paths.orderInfo(order.order_id)));
    expect((await pendingRefunds()).find((refund) => refund.orderId === order.order_id)).toMatchObject({
      amountCents: 1000,
      serviceType: 1,
      receivingStatus: 1,
      reasonType: 'damaged',
      explain: 'The box was crushed.',
      // The server keeps the upload's path (its own origin is implied).
      images: new URL(proof).pathname,
      orderProductIds: order.products.map((line) => line.order_product_id).join(','),
    });
    expect((await orderDetail(server, token, order.order_id)).refund_status).toBe(1);
  });

  it('stays on the form when the server refuses the request', async () => {
    const order = await orderAt(server, token, 'paid', [{ item: TEA, num: 1 }]);
    const hook = await renderRefund(order);
    const path = hook.pathname();
    // More than was paid, past the form's own check: the server refuses it (DESIGN.md section 3.4).
    await hook.result.current.submit({
      serviceType: '0',
      receivingStatus: '0',
      amount: '999999',
      reason: 'quality',
      explain: 'It broke.',
      images: [await uploadEvidence(server, token)],
    });
    expect(hook.pathname()).toBe(path);
    expect((await orderDetail(server, token, order.order_id)).refund_status).toBe(0);
    expect((await pendingRefunds()).some((refund) => refund.orderId === order.order_id)).toBe(false);
  });
});
