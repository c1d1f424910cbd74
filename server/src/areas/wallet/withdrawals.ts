/** Withdrawal rules: the platform's fee and minimum, where the money goes, a record's title line. */
import type { Request } from 'express';
import type { Db } from '../../platform/db';
import type { PayTarget } from '../../shared/paycode';
import { refused, str } from '../../platform/http';
import { t, type Locale } from '../../platform/i18n';
import { findNetwork, isPlausibleAddress } from './deposit-networks';

const BANK_CARD = /^\d{12,19}$/;

export const feeBasisPoints = (db: Db) =>
  db.prepare<[], { extract_fee_bp: number }>('SELECT extract_fee_bp FROM platform WHERE id = 1').get()
    ?.extract_fee_bp ?? 0;

/** The platform's smallest withdrawal (platform.extract_min_cents; the seed sets 10.00). */
export const minimumCents = (db: Db) =>
  db.prepare<[], { extract_min_cents: number }>('SELECT extract_min_cents FROM platform WHERE id = 1').get()
    ?.extract_min_cents ?? 0;

export const balanceOf = (db: Db, userId: number) =>
  db.prepare<[number], { balance_cents: number }>('SELECT balance_cents FROM users WHERE id = ?').get(userId)
    ?.balance_cents ?? 0;

export interface Destination {
  bank: { card: string; name: string; holder: string };
  chain: { network: string; address: string };
}

/** Where a withdrawal goes: a bank card (extract_type 0) or a receiving address on a network (1). */
export function destinationOf(db: Db, req: Request, type: number): Destination {
  const body = req.body as unknown;
  const bank = { card: '', name: '', holder: '' };
  const chain = { network: '', address: '' };
  if (type === 0) {
    bank.card = str(body, 'bank_card').replace(/[\s-]/g, '');
    bank.name = str(body, 'bank_name').trim();
    bank.holder = str(body, 'real_name').trim();
    if (!BANK_CARD.test(bank.card)) throw refused('Please enter a correct bank card number');
    if (!bank.name || bank.name.length > 60) throw refused('Please enter the bank name');
    if (!bank.holder || bank.holder.length > 60) throw refused('Please enter the card holder name');
  } else {
    const found = findNetwork(db, str(body, 'network'));
    if (!found) throw refused('Please choose the withdrawal network');
    chain.network = found.network;
    chain.address = str(body, 'blockchain').trim();
    if (!isPlausibleAddress(chain.network, chain.address)) throw refused('Please enter a correct receiving address');
  }
  return { bank, chain };
}

/**
 * A withdrawal as an authorization names it (shared/paycode.ts PayTarget): its type, where it goes
 * and its amount, so a passkey that confirmed $50 to one card authorizes nothing else.
 */
export function extractTarget(type: number, cents: number, to: Destination): PayTarget {
  const where = type === 0 ? to.bank.card : `${to.chain.network}:${to.chain.address}`;
  return { action: `extract:${type}:${where}`, cents };
}

/**
 * The title line of a withdrawal record (extract_log's mark, BACKEND-FAMILY.md, Wallet), built at
 * read time in the request's language: 'Bank card withdrawal ****3445' or
 * 'USDT-TRC20 withdrawal TQ5N…gUa' (the network as the family's client names it).
 */
export function extractMark(
  locale: Locale,
  x: { extract_type: number; bank_card: string; network: string; blockchain: string },
): string {
  if (x.extract_type === 0) return t(locale, 'Bank card withdrawal {n}', `****${x.bank_card.slice(-4)}`);
  const address = x.blockchain.length > 10 ? `${x.blockchain.slice(0, 4)}…${x.blockchain.slice(-3)}` : x.blockchain;
  return t(locale, '{network} withdrawal {n}', { network: `USDT-${x.network}`, n: address });
}
