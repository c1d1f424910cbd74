import { orderAbilities, orderFilters, orderLabel, filterFromParam } from '../../src/features/orders/lib/order-status';
import type { OrderStatus, RefundStatus } from '../../src/api';
import enMessages from '../../translations/en.json';

const can = (status: OrderStatus, refund: RefundStatus = 0) => {
  const abilities = orderAbilities(status, refund);
  return (Object.keys(abilities) as (keyof typeof abilities)[]).filter((key) => abilities[key]).sort();
};

describe('orderAbilities (DESIGN.md section 3.3)', () => {
  it.each<[OrderStatus, RefundStatus, string[]]>([
    [0, 0, ['cancel', 'pay']],
    [1, 0, ['refund']],
    [2, 0, ['confirmReceived', 'refund']],
    [3, 0, ['refund', 'review']],
    [4, 0, ['delete', 'refund', 'review']],
    [-1, 0, ['delete']],
    [1, 1, ['refundSubmitted']],
    [2, 1, ['refundSubmitted']],
    [3, 1, ['refundSubmitted', 'review']],
    [4, 1, ['refundSubmitted', 'review']],
    [2, 2, ['confirmReceived', 'refundSubmitted']],
    [4, 2, ['delete', 'refundSubmitted', 'review']],
    [-1, 2, ['delete']],
  ])('status %p with refund_status %p allows %p', (status, refund, expected) => {
    expect(can(status, refund)).toEqual(expected.sort());
  });
});

describe('orderLabel', () => {
  it('shows the refund label while refund_status > 0, else the status', () => {
    expect(orderLabel(1, 1).id).toBe('orders.status.drawBacking');
    expect(orderLabel(-1, 2).id).toBe('orders.status.refunded');
    expect(orderLabel(0, 0).id).toBe('orders.status.waitingPay');
    expect(orderLabel(2, 0).id).toBe('orders.status.delivered');
    expect(orderLabel(-1, 0).id).toBe('orders.status.cancelled');
  });

  it('uses translated labels only', () => {
    const statuses: OrderStatus[] = [0, 1, 2, 3, 4, -1];
    for (const status of statuses)
      for (const refund of [0, 1, 2] as RefundStatus[])
        expect(enMessages).toHaveProperty([orderLabel(status, refund).id]);
    for (const filter of orderFilters) expect(enMessages).toHaveProperty([filter.labelId]);
  });
});

describe('filterFromParam', () => {
  it('opens the list at a known status, else at all', () => {
    expect(filterFromParam('0')).toBe('0');
    expect(filterFromParam('-4')).toBe('-4');
    expect(filterFromParam('-1')).toBe('-1');
    expect(filterFromParam('all')).toBe('all');
    expect(filterFromParam('5')).toBe('all');
    expect(filterFromParam(undefined)).toBe('all');
  });
});
