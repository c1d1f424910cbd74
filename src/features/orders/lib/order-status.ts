import type { ListOrdersApiArg, OrderStatus, RefundStatus } from '../../../api';

/** A filter of the orders list (DESIGN.md section 3.3): 'all', a status, or -4 "in after sale". */
export type OrderFilter = NonNullable<ListOrdersApiArg['status']>;

/** The hub's tabs in SPEC.md section 4's order, each with its translated label. */
export const orderFilters: readonly { value: OrderFilter; labelId: string }[] = [
  { value: 'all', labelId: 'orders.status.all' },
  { value: '0', labelId: 'orders.status.waitingPay' },
  { value: '1', labelId: 'orders.status.waitingDeliver' },
  { value: '2', labelId: 'orders.status.delivered' },
  { value: '3', labelId: 'orders.status.received' },
  { value: '4', labelId: 'orders.status.completed' },
  { value: '-1', labelId: 'orders.status.cancelled' },
  { value: '-4', labelId: 'orders.status.afterSale' },
];

/** The filter a /myPurchases/{status} URL asks for; anything unknown opens 'all'. */
export function filterFromParam(param: string | undefined): OrderFilter {
  return orderFilters.find((filter) => filter.value === param)?.value ?? 'all';
}

const statusLabels: Record<OrderStatus, string> = {
  0: 'orders.status.waitingPay',
  1: 'orders.status.waitingDeliver',
  2: 'orders.status.delivered',
  3: 'orders.status.received',
  4: 'orders.status.completed',
  [-1]: 'orders.status.cancelled',
};

export type LabelTone = 'pending' | 'ok' | 'bad' | 'plain';

/**
 * The label an order shows (DESIGN.md section 3.3): the refund one while refund_status > 0 (refund in
 * progress, refunded), else its status. The tone only colours the badge; the text says it all.
 */
export function orderLabel(status: OrderStatus, refundStatus: RefundStatus): { id: string; tone: LabelTone } {
  if (refundStatus === 1) return { id: 'orders.status.drawBacking', tone: 'pending' };
  if (refundStatus === 2) return { id: 'orders.status.refunded', tone: 'plain' };
  const tone: LabelTone = status === 0 || status === 2 ? 'pending' : status === -1 ? 'plain' : 'ok';
  return { id: statusLabels[status] ?? 'orders.status.all', tone };
}

/** What the shopper may do with an order (DESIGN.md section 3.3 and the contract's rules). */
export interface OrderAbilities {
  pay: boolean;
  cancel: boolean;
  confirmReceived: boolean;
  /** Apply for a refund: paid (1-4) and no refund yet. */
  refund: boolean;
  /** A refund was already asked for: the form says 'You have already submitted a refund request'. */
  refundSubmitted: boolean;
  /** Review the products (one by one): received or completed. */
  review: boolean;
  delete: boolean;
}

export function orderAbilities(status: OrderStatus, refundStatus: RefundStatus): OrderAbilities {
  const paid = status >= 1 && status <= 4;
  return {
    pay: status === 0,
    cancel: status === 0,
    // The server refuses it while a refund is open.
    confirmReceived: status === 2 && refundStatus !== 1,
    refund: paid && refundStatus === 0,
    refundSubmitted: paid && refundStatus > 0,
    review: status === 3 || status === 4,
    // Cancelled or completed, and no refund in progress.
    delete: (status === -1 || status === 4) && refundStatus !== 1,
  };
}
