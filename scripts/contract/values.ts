/** Reading values out of answers: objects, ids, lists, money. */
import type { Checked } from './check';

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
export const posInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

/** The envelope's data of a check that passed. */
export const dataOf = (c: Checked): unknown => c.body?.data;

/** The list of an answer: data itself when it is an array, else data.list. */
export const listOf = (c: Checked): unknown[] => {
  const d = dataOf(c);
  if (Array.isArray(d)) return d;
  return isObj(d) && Array.isArray(d.list) ? d.list : [];
};

/**
 * Money of the contract ("1000.00", "-120.00") as integer cents, so comparing and subtracting
 * amounts never goes through binary floating point (DESIGN.md section 3); undefined otherwise.
 */
export function cents(v: unknown): bigint | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(v);
  if (!m) return undefined;
  const value = BigInt(m[2] as string) * 100n + BigInt(m[3] as string);
  return m[1] ? -value : value;
}

/** Cents as the contract writes money: "909.00", "-120.00". */
export function money(c: bigint): string {
  const sign = c < 0n ? '-' : '';
  const abs = c < 0n ? -c : c;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
