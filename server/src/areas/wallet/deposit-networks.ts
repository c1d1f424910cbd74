import type { Db } from '../../platform/db';

/** Receiving-address shapes of the common networks; other networks get the generic check. */
const ADDRESS_BY_NETWORK: Record<string, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
};
const GENERIC_ADDRESS = /^[A-Za-z0-9]{20,100}$/;

export function isPlausibleAddress(network: string, address: string): boolean {
  return (ADDRESS_BY_NETWORK[network.toUpperCase()] ?? GENERIC_ADDRESS).test(address);
}

/** The platform's deposit networks and addresses, in their order (getBlockchain). */
export const networks = (db: Db) =>
  db
    .prepare<[], { network: string; address: string }>(
      'SELECT network, address FROM blockchains WHERE enabled = 1 ORDER BY sort, id',
    )
    .all();

/**
 * A network of getBlockchain by its name, or by the family client's name for it: that client
 * offers 'USDT-TRC20' and 'USDT-ERC20' (BACKEND-FAMILY.md, Wallet), meaning TRC20 and ERC20.
 */
export const findNetwork = (db: Db, name: string) => {
  const wanted = name
    .trim()
    .toUpperCase()
    .replace(/^USDT-/, '');
  return networks(db).find((n) => n.network.toUpperCase() === wanted);
};
