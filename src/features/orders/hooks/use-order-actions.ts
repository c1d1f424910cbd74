import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { confirmDialog, warmConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useCancelOrderMutation, useConfirmOrderReceivedMutation, useDeleteOrderMutation } from '../../../api';
import { useRecheck, type OrderRecheck } from '../../../api/recheck';
import { paths } from '../../../shared/config/paths';
import { encodeQuery } from '../../../shared/lib/query-string';
import { useVerifiedAction } from '../../../shared/lib/use-verified-action';
import { toast } from '../../../shared/ui/toast';

export type OrderAction = 'cancel' | 'received' | 'delete';

interface ActionText {
  title: string;
  confirm: string;
  action: string;
  success: string;
  /** The dismissing button. */
  dismiss: string;
}

const texts: Record<OrderAction, ActionText> = {
  cancel: {
    title: 'orders.cancel.title',
    confirm: 'orders.cancel.confirm',
    action: 'orders.cancel.action',
    success: 'orders.cancel.success',
    dismiss: 'orders.cancel.keep',
  },
  received: {
    title: 'orders.received.title',
    confirm: 'orders.received.confirm',
    action: 'orders.received.action',
    success: 'orders.received.success',
    dismiss: 'common.cancel',
  },
  delete: {
    title: 'orders.delete.title',
    confirm: 'orders.delete.confirm',
    action: 'orders.delete.action',
    success: 'common.deleteSuccess',
    dismiss: 'common.cancel',
  },
};

/** Order status -1: cancelled; 3 and 4: received (DESIGN.md section 3.3). */
const CANCELLED = -1;
const RECEIVED = 3;

/** Whether the order, read again after a lost answer, shows `action` done. */
function showsDone(action: OrderAction, order: OrderRecheck): boolean {
  if (action === 'delete') return order === 'gone';
  if (order === 'gone') throw new Error('The order cannot be read');
  return action === 'cancel' ? order.status === CANCELLED : order.status >= RECEIVED;
}

/** The payment screen for an existing unpaid order (DESIGN.md section 4: only its id in the URL). */
export function paymentPathFor(orderId: number): string {
  return `${paths.payment}?${encodeQuery({ order_id: orderId })}`;
}

/**
 * The order actions that need a confirmation (DESIGN.md section 3.3): cancel, confirm received, delete.
 * `busyId` is the order whose action is running, so its buttons are disabled and a second tap does
 * nothing. The lists and the detail refresh through the cache tags (api/enhance.ts, Order block).
 * Resolves true when the server did it.
 */
export function useOrderActions() {
  // Cancel and delete ask first: the dialog's code loads once the order has drawn.
  useEffect(warmConfirmDialog, []);
  const intl = useIntl();
  const navigate = useNavigate();
  const [cancel] = useCancelOrderMutation();
  const [received] = useConfirmOrderReceivedMutation();
  const [remove] = useDeleteOrderMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const verified = useVerifiedAction();
  const recheck = useRecheck();

  const run = async (action: OrderAction, orderId: number, orderSn: string): Promise<boolean> => {
    if (busyId !== null) return false;
    const text = texts[action];
    setBusyId(orderId);
    try {
      const confirmed = await confirmDialog({
        title: intl.formatMessage({ id: text.title }),
        content: intl.formatMessage({ id: text.confirm }, { sn: orderSn }),
        confirmText: intl.formatMessage({ id: text.action }),
        cancelText: intl.formatMessage({ id: text.dismiss }),
      });
      if (!confirmed) return false;
      // An order is cancelled, confirmed or deleted once: the key names that intent, so a retry after a
      // lost answer gets the first 'done' instead of 'cannot be cancelled' (contract, Idempotency-Key).
      const request = { 'Idempotency-Key': `${action}:order:${orderId}`, orderIdRequest: { order_id: orderId } };
      const done = await verified({
        send: () =>
          (action === 'cancel'
            ? cancel(request)
            : action === 'received'
              ? received(request)
              : remove(request)
          ).unwrap(),
        // After a lost or late answer the order is read again: the change may have been made.
        recheck: async () => showsDone(action, await recheck.order(orderId)),
        notDone: 'orders.action.notDone',
        unknown: 'orders.action.unknown',
      });
      // Otherwise the server's reason, 'not done' or 'could not check' was said.
      if (done) toast.success(intl.formatMessage({ id: text.success }));
      return done;
    } finally {
      setBusyId(null);
    }
  };

  return {
    busyId,
    run,
    pay: (orderId: number) => navigate(paymentPathFor(orderId)),
  };
}
