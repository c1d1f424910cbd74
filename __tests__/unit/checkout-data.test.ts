import {
  paymentKey,
  paymentSearch,
  previewRequest,
  readChosenAddress,
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
});

describe('backData readers', () => {
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

  it("reads submitOrder's answer only for the same payment number", () => {
    const submittedOrder = { out_trade_no: 'PT1', total_price: '10.00' };
    expect(readSubmittedOrder({ submittedOrder }, 'PT1')).toEqual(submittedOrder);
    expect(readSubmittedOrder({ submittedOrder }, 'PT2')).toBeNull();
    expect(readSubmittedOrder({}, 'PT1')).toBeNull();
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
