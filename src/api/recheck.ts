import { useRef } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from './enhance';
import type { GetOrderDetailApiResponse } from './generated/shop-api';
import { mapEnvelope, toOrderDetail } from './mapping';
import type { ApiError } from './types';
import type { Finding } from '../shared/lib/use-verified-action';
import type * as View from './views';

// ---- Reading the state again after a lost or late answer ---------------------------------------
// The screens whose change may have been made with only its answer lost (enhance.ts, verifiesUnknown)
// read what it would have changed before they say anything (shared/lib/use-verified-action.ts).

/**
 * getOrderDetail again, without the request layer's failure toast: the screen that asks says what is
 * true itself. A deleted order answers 'Order not found' (code 0), which here means it was deleted,
 * not a failure to tell the shopper about; a read that fails is said as 'could not check'.
 */
const rechecks = api.injectEndpoints({
  endpoints: (build) => ({
    recheckOrder: build.query<View.ViewEnvelope<View.OrderDetail>, { orderId: number }>({
      query: ({ orderId }) => ({ url: '/api/order/detail', params: { order_id: orderId } }),
      transformResponse: (raw: GetOrderDetailApiResponse) => mapEnvelope(raw, toOrderDetail),
      extraOptions: { quiet: true },
      keepUnusedDataFor: 0,
    }),
  }),
});

/** An order as read again: its detail, or 'gone' when the server says there is no such order (any more). */
export type OrderRecheck = View.OrderDetail | 'gone';

/** How many of the newest wallet records are compared before and after a top-up or a withdrawal. */
const RECORDS_LIMIT = 20;

interface Reading<T> {
  unwrap: () => Promise<T>;
  unsubscribe: () => void;
}

/** The data of a read that succeeded, or a throw (then the screen says it could not check). */
async function dataOf<T>(reading: Reading<View.ViewEnvelope<T>>): Promise<T> {
  try {
    const answer = await reading.unwrap();
    if (answer.code !== 1 || answer.data === null) throw new Error('no data');
    return answer.data;
  } finally {
    reading.unsubscribe();
  }
}

/**
 * Reads from the server now (never from the cache), subscribed while reading: without a subscriber
 * RTK Query may answer from an entry it has already dropped.
 */
export function useRecheck() {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  return {
    async order(orderId: number): Promise<OrderRecheck> {
      try {
        return await dataOf(dispatch(rechecks.endpoints.recheckOrder.initiate({ orderId }, { forceRefetch: true })));
      } catch (error) {
        const failure = error as Partial<ApiError>;
        if (failure.kind === 'business' && (failure.status ?? 200) < 500) return 'gone';
        throw error;
      }
    },
    recharges: () =>
      dataOf(dispatch(api.endpoints.listRecharges.initiate({ page: 1, limit: RECORDS_LIMIT }, { forceRefetch: true }))),
    extracts: () =>
      dataOf(dispatch(api.endpoints.listExtracts.initiate({ page: 1, limit: RECORDS_LIMIT }, { forceRefetch: true }))),
    userInfo: () => dataOf(dispatch(api.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }))),
  };
}

/** A wallet record's identity: its id, or what it says when the backend sends none. */
function identityOf(record: View.Recharge | View.Extract): string {
  if (record.id !== undefined) return `id:${record.id}`;
  const price = 'price' in record ? record.price : record.extract_price;
  return `${record.createtime ?? ''}|${price}`;
}

interface WalletRecords {
  recharges: View.Recharge;
  extracts: View.Extract;
}

/**
 * Whether a top-up or a withdrawal whose answer was lost was filed: the newest records are read once
 * before the first attempt of each intent (`before(key)`), and after a lost answer again
 * (`found(matches)`): a record that was not there before and matches the request means it was filed.
 * Without the first read the answer is 'unknown'.
 */
export function useNewRecordCheck<K extends keyof WalletRecords>(kind: K) {
  const recheck = useRecheck();
  const read = recheck[kind] as () => Promise<{ list: WalletRecords[K][] }>;
  const seen = useRef<{ key: string; records: ReadonlySet<string> | null } | null>(null);
  return {
    /**
     * False when the read found the session over (a 401: the app is on its way to /login, the form
     * kept): then nothing is to be sent. A read that failed otherwise lets the call go out; after a
     * lost answer the screen then says it could not check.
     */
    async before(key: string): Promise<boolean> {
      if (seen.current?.key === key) return true;
      let records: ReadonlySet<string> | null = null;
      try {
        records = new Set((await read()).list.map(identityOf));
      } catch (error) {
        const { kind, name } = (error ?? {}) as Partial<ApiError> & { name?: string };
        if (kind === 'unauthorized' || kind === 'cancelled' || name === 'AbortError') return false;
      }
      seen.current = { key, records };
      return true;
    },
    async found(matches: (record: WalletRecords[K]) => boolean): Promise<Finding> {
      const records = seen.current?.records;
      if (!records) return 'unknown';
      const after = await read();
      return after.list.some((record) => !records.has(identityOf(record)) && matches(record));
    },
  };
}
