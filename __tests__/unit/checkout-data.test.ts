import type { OrderDetail, PaymentInfo, PreviewLine } from '../../src/api';
import {
  linesByShop,
  orderPathAfter,
  paymentKey,
  paymentSearch,
  previewRequest,
  readChosenAddress,
  readPayable,
  readPaymentTarget,
  readSelection,
  readSubmittedOrder,
  submitRequest,
} from '../../src/features/checkout/lib/checkout-data';

const buyNow = { product_id: 11, mer_id: 2, spec: 'Silver|16GB', number: 2, id: 11 };

describe('readSelection', () => {
  it('reads the bag lines', () => {
    expect(readSelection({ cartIds: [9, 10] })).toEqual({ kind: 'bag', cartIds: [9, 10] });
  });

  it('prefers buy now (the bag clears it, so one still there is newer)', () => {
    expect(readSelection({ cartIds: [9], buyNow })).toEqual({ kind: 'buyNow', item: buyNow });
  });

  it('gives null for nothing or anything malformed', () => {
    expect(readSelection({})).toBeNull();
    expect(readSelection({ cartIds: [] })).toBeNull();
    expect(readSelection({ cartIds: ['9'] })).toBeNull();
    expect(readSelection({ cartIds: [0] })).toBeNull();
    expect(readSelection({ buyNow: { ...buyNow, number: 0 } })).toBeNull();
    expect(readSelection({ buyNow: 'x' })).toBeNull();
  });

  it('takes buy now without a listing id (a backend may not send one)', () => {
    const { id: _id, ...noId } = buyNow;
    expect(readSelection({ buyNow: noId })).toEqual({ kind: 'buyNow', item: noId });
    expect(readSelection({ buyNow: { ...buyNow, id: 0 } })).toBeNull();
  });

  it('treats a missing spec as a product without specs', () => {
    const { spec: _spec, ...noSpec } = buyNow;
    expect(readSelection({ buyNow: noSpec })).toEqual({ kind: 'buyNow', item: { ...noSpec, spec: '' } });
  });
});

describe('request bodies', () => {
  it('prices bag lines with the chosen address and promo code', () => {
    expect(previewRequest({ kind: 'bag', cartIds: [9, 10] })).toEqual({ cart_id: '9,10' });
    expect(previewRequest({ kind: 'bag', cartIds: [9] }, 5, 'SAVE5')).toEqual({
      cart_id: '9',
      address_id: 5,
      promo_code: 'SAVE5',
    });
    expect(previewRequest({ kind: 'buyNow', item: buyNow }, undefined, '')).toEqual(buyNow);
  });

  it('submits bag lines (cart_ids) or buy now', () => {
    expect(submitRequest({ kind: 'bag', cartIds: [9, 10] }, 5)).toEqual({ address_id: 5, cart_ids: '9,10' });
    expect(submitRequest({ kind: 'buyNow', item: buyNow }, 5, 'SAVE5')).toEqual({
      address_id: 5,
      ...buyNow,
      promo_code: 'SAVE5',
    });
  });

  it("sends previewOrder's chu_id back, as a family backend expects", () => {
    expect(submitRequest({ kind: 'bag', cartIds: [9] }, 5, undefined, 77)).toEqual({
      address_id: 5,
      cart_ids: '9',
      chu_id: 77,
    });
  });
});

describe('backData readers', () => {
  it("reads checkout's hand-over of submitOrder's answer for its payment number only", () => {
    const submitted = { out_trade_no: 'PT1', total_price: '65.07' };
    expect(readSubmittedOrder({ submittedOrder: submitted }, 'PT1')).toEqual(submitted);
    expect(readSubmittedOrder({ submittedOrder: { ...submitted, order_ids: [7] } }, 'PT1')).toEqual({
      ...submitted,
      order_ids: [7],
    });
    expect(readSubmittedOrder({ submittedOrder: submitted }, 'PT2')).toBeNull();
    expect(readSubmittedOrder({}, 'PT1')).toBeNull();
  });

  it('reads a chosen address only when it has an id', () => {
    const address = {
      address_id: 3,
      name: 'A',
      mobile: '1',
      quhao: '1',
      country: 'X',
      detail: 'Y',
      tag: '',
      is_default: 0,
    };
    expect(readChosenAddress({ chosenAddress: address })).toBe(address);
    expect(readChosenAddress({ chosenAddress: { name: 'A' } })).toBeNull();
    expect(readChosenAddress({})).toBeNull();
  });
});

describe('readPayable and orderPathAfter', () => {
  const info = (status: PaymentInfo['status'], total: string, statuses: OrderDetail['status'][]): PaymentInfo => ({
    out_trade_no: 'PT1',
    total_price: total,
    status,
    orders: statuses.map((s, i) => ({ order_id: 101 + i, order_sn: `SO${101 + i}`, total_price: '1.00', status: s })),
  });

  it("pays a payment number's unpaid orders for the server's total, and opens the only one afterwards", () => {
    const one = readPayable({ info: info(0, '17.50', [0]) });
    expect(one).toEqual({ amount: '17.50', open: true, orderIds: [101], expired: false });
    expect(orderPathAfter(one)).toBe('/orderInfo/101');
    const two = readPayable({ info: info(0, '47.49', [0, 0]) });
    expect(two).toEqual({ amount: '47.49', open: true, orderIds: [101, 102], expired: false });
    expect(orderPathAfter(two)).toBe('/myPurchases/1');
    // One shop's order cancelled: the payment pays the other one only.
    const rest = readPayable({ info: info(0, '30.00', [-1, 0]) });
    expect(rest).toEqual({ amount: '30.00', open: true, orderIds: [102], expired: false });
    expect(orderPathAfter(rest)).toBe('/orderInfo/102');
  });

  it('offers nothing to pay once paid or closed, and points to the order or the orders', () => {
    expect(readPayable({ info: info(1, '47.49', [1, 2]) })).toEqual({
      amount: '47.49',
      open: false,
      orderIds: [101, 102],
      expired: false,
    });
    expect(orderPathAfter(readPayable({ info: info(1, '47.49', [1, 2]) }))).toBe('/order');
    expect(orderPathAfter(readPayable({ info: info(-1, '17.50', [-1]) }))).toBe('/orderInfo/101');
  });

  it('pays what submitOrder answered when the backend cannot read a payment number back', () => {
    const payable = readPayable({ submitted: { out_trade_no: 'PT1', total_price: '65.07' } });
    expect(payable).toEqual({ amount: '65.07', open: true, orderIds: [], expired: false });
    expect(orderPathAfter(payable)).toBe('/myPurchases/1');
    expect(
      orderPathAfter(readPayable({ submitted: { out_trade_no: 'PT1', total_price: '1.00', order_ids: [7] } })),
    ).toBe('/orderInfo/7');
  });

  it("carries the server's seconds left to pay while open, and whether a closed one expired", () => {
    expect(readPayable({ info: { ...info(0, '17.50', [0]), expires_in: 1740 } })).toMatchObject({
      open: true,
      expiresIn: 1740,
      expired: false,
    });
    const lapsed = readPayable({ info: { ...info(-1, '17.50', [-1]), expired: 1 } });
    expect(lapsed).toMatchObject({ open: false, expired: true });
    expect(lapsed.expiresIn).toBeUndefined();
    const order = { order_id: 7, total_price: '17.50', status: 0, expires_in: 60, expired: false } as OrderDetail;
    expect(readPayable({ order })).toMatchObject({ open: true, expiresIn: 60, expired: false });
    expect(readPayable({ order: { ...order, status: -1, expires_in: undefined, expired: true } })).toMatchObject({
      open: false,
      expired: true,
    });
  });

  it('reads an existing order from its detail', () => {
    const order = { order_id: 7, total_price: '17.50', status: 0 } as OrderDetail;
    expect(readPayable({ order })).toEqual({ amount: '17.50', open: true, orderIds: [7], expired: false });
    expect(orderPathAfter(readPayable({ order }))).toBe('/orderInfo/7');
    expect(readPayable({ order: { ...order, status: 1 } }).open).toBe(false);
  });
});

describe('linesByShop', () => {
  const line = (product_id: number, mer_id: number): PreviewLine => ({
    cart_id: product_id,
    product_id,
    mer_id,
    mer_name: `Shop ${mer_id}`,
    mer_avatar: '',
    image: '',
    title: `Product ${product_id}`,
    spec: '',
    number: 1,
    price: '1.00',
    total_price: '1.00',
  });

  it("groups the checkout's lines per shop, each shop where its first line is", () => {
    expect(
      linesByShop([line(1, 2), line(2, 1), line(3, 2)]).map((shop) => [
        shop.merId,
        shop.name,
        shop.lines.map((l) => l.product_id),
      ]),
    ).toEqual([
      [2, 'Shop 2', [1, 3]],
      [1, 'Shop 1', [2]],
    ]);
  });
});

describe('payment URL and key', () => {
  it('puts only an identifier in the query and reads it back', () => {
    expect(paymentSearch({ kind: 'new', outTradeNo: 'PT 1&2' })).toBe('?out_trade_no=PT%201%262');
    expect(paymentSearch({ kind: 'order', orderId: 7 })).toBe('?order_id=7');
    expect(readPaymentTarget(new URLSearchParams('?out_trade_no=PT%201%262'))).toEqual({
      kind: 'new',
      outTradeNo: 'PT 1&2',
    });
    expect(readPaymentTarget(new URLSearchParams('?order_id=7'))).toEqual({ kind: 'order', orderId: 7 });
    expect(readPaymentTarget(new URLSearchParams('?order_id=x'))).toBeNull();
    expect(readPaymentTarget(new URLSearchParams(''))).toBeNull();
  });

  it('gives every attempt to pay the same thing the same Idempotency-Key (8..100 characters)', () => {
    const key = paymentKey({ kind: 'new', outTradeNo: 'PT20241122000101' });
    expect(key).toBe(paymentKey({ kind: 'new', outTradeNo: 'PT20241122000101' }));
    expect(key).not.toBe(paymentKey({ kind: 'new', outTradeNo: 'PT20241122000102' }));
    expect(paymentKey({ kind: 'order', orderId: 1 }).length).toBeGreaterThanOrEqual(8);
    expect(key.length).toBeLessThanOrEqual(100);
  });
});
