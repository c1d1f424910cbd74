import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSetCartQuantityMutation, type CartLine } from '../../../api';

/** How long the stepper waits after the last tap before it tells the server. */
export const QUANTITY_DEBOUNCE_MS = 400;

interface LineSync {
  /** The debounce of an unsent change. */
  timer?: ReturnType<typeof setTimeout>;
  /** The send chain of this line (one request at a time, then the newest number if it changed). */
  running?: Promise<void>;
  /** The last number the server accepted, until the bag is reloaded. */
  accepted?: number;
  /** After a success: drop the draft once the bag has been reloaded at or after this time. */
  settleAfter?: number;
}

/**
 * Bag quantities without a request storm (the bag, DESIGN.md section 4): a tap shows the new number at once, the
 * final number goes to the server QUANTITY_DEBOUNCE_MS after the last tap, at most one request per line
 * is in flight (a newer number waits for it), and the line settles to the server's answer: the draft
 * is dropped once the bag has been reloaded after the success (setCartQuantity invalidates the bag), or
 * at once when the server refused (its message was toasted; its number shows again).
 *
 * `fulfilledAt` is the bag query's fulfilledTimeStamp.
 */
export function useQuantityEditor(lines: readonly CartLine[], fulfilledAt: number | undefined) {
  const [setQuantity] = useSetCartQuantityMutation();
  const [drafts, setDrafts] = useState<Readonly<Record<number, number>>>({});
  const draftsRef = useRef(drafts);
  const syncs = useRef(new Map<number, LineSync>());
  const serverNums = useRef(new Map<number, number>());
  useLayoutEffect(() => {
    serverNums.current = new Map(lines.map((line) => [line.cart_id, line.cart_num]));
  }, [lines]);

  const syncOf = (cartId: number) => {
    let sync = syncs.current.get(cartId);
    if (!sync) syncs.current.set(cartId, (sync = {}));
    return sync;
  };

  const writeDrafts = useCallback((next: Record<number, number>) => {
    draftsRef.current = next;
    setDrafts(next);
  }, []);

  const dropDraft = useCallback(
    (cartId: number) => {
      if (!(cartId in draftsRef.current)) return;
      const next = { ...draftsRef.current };
      delete next[cartId];
      writeDrafts(next);
    },
    [writeDrafts],
  );

  const send = useCallback(
    (cartId: number): Promise<void> => {
      const sync = syncOf(cartId);
      sync.timer = undefined;
      if (sync.running) return sync.running; // it sends the newest number when it ends
      const chain = (async () => {
        for (;;) {
          const value = draftsRef.current[cartId];
          if (value === undefined) return;
          if (value === (sync.accepted ?? serverNums.current.get(cartId))) {
            // Back to what the server has (e.g. + then -): nothing to send.
            if (sync.settleAfter === undefined) dropDraft(cartId);
            return;
          }
          let ok = true;
          try {
            await setQuantity({ setCartQuantityRequest: { cart_id: cartId, num: value } }).unwrap();
          } catch {
            ok = false; // toasted by the request layer
          }
          if (draftsRef.current[cartId] !== value) {
            // Tapped again meanwhile: a pending debounce sends it, else send it now.
            if (sync.timer) return;
            continue;
          }
          if (ok) {
            sync.accepted = value;
            sync.settleAfter = Date.now();
          } else {
            sync.accepted = undefined;
            sync.settleAfter = undefined;
            dropDraft(cartId);
          }
          return;
        }
      })().finally(() => {
        sync.running = undefined;
      });
      sync.running = chain;
      return chain;
    },
    [setQuantity, dropDraft],
  );

  /** Shows `value` at once and sends it after the debounce. */
  const change = useCallback(
    (cartId: number, value: number) => {
      writeDrafts({ ...draftsRef.current, [cartId]: value });
      const sync = syncOf(cartId);
      sync.settleAfter = undefined;
      if (sync.timer) clearTimeout(sync.timer);
      sync.timer = setTimeout(() => void send(cartId), QUANTITY_DEBOUNCE_MS);
    },
    [send, writeDrafts],
  );

  /** Sends every unsent change now and resolves when the server has answered all of them. */
  const flushAll = useCallback(async () => {
    for (const [cartId, sync] of syncs.current) if (sync.timer) void send(cartId);
    await Promise.all([...syncs.current.values()].map((sync) => sync.running));
  }, [send]);

  /** Forgets a line (deleted). */
  const forget = useCallback(
    (cartId: number) => {
      const sync = syncs.current.get(cartId);
      if (sync?.timer) clearTimeout(sync.timer);
      syncs.current.delete(cartId);
      dropDraft(cartId);
    },
    [dropDraft],
  );

  // Settle to the server: once the bag was reloaded after a line's last success, show the server's number.
  useEffect(() => {
    if (fulfilledAt === undefined) return;
    for (const [cartId, sync] of syncs.current) {
      if (sync.settleAfter !== undefined && fulfilledAt >= sync.settleAfter && !sync.timer && !sync.running) {
        sync.settleAfter = undefined;
        sync.accepted = undefined;
        dropDraft(cartId);
      }
    }
  }, [fulfilledAt, dropDraft]);

  // Hidden (another tab) or gone: unsent changes go out now rather than being lost.
  useEffect(() => () => void flushAll(), [flushAll]);

  return { drafts, change, flushAll, forget };
}
