import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import type { OrderDetail } from '../../../api';
import { formatTimeLeft, useTimeLeft } from '../../../shared/lib/use-time-left';
import { useTimeLeftAnnouncements } from '../../../shared/ui/use-time-left-announcements';

/**
 * An unpaid order's time left to pay (the contract's ExpiresIn), counted down silently (aria-live off) but for
 * 5 and 1 minutes left, said once each;
 * at 0 the order is read again, and the server's answer then says it expired. An expired order says so.
 */
export function PayDeadline({
  order,
  receivedAt,
  onTimeout,
}: {
  order: OrderDetail;
  receivedAt: number | undefined;
  onTimeout: () => void;
}) {
  const secondsLeft = useTimeLeft(order.status === 0 ? order.expires_in : undefined, receivedAt);
  useTimeLeftAnnouncements(secondsLeft);
  const timedOut = secondsLeft === 0;
  useEffect(() => {
    if (timedOut) onTimeout();
  }, [timedOut, onTimeout]);
  if (order.expired) {
    return (
      <p className="order-status__note" role="note">
        <FormattedMessage id="orders.detail.expired" />
      </p>
    );
  }
  if (secondsLeft === undefined || timedOut) return null;
  return (
    <p className="order-status__deadline" role="timer" aria-live="off">
      <FormattedMessage id="orders.detail.timeLeft" values={{ time: formatTimeLeft(secondsLeft) }} />
    </p>
  );
}
