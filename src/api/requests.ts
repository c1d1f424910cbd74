/**
 * The request side of the backend family (BACKEND-FAMILY.md, "Wallet and account"): values the
 * family's backends expect in a request, where the SPA's own names differ.
 */

/** The family's names of the withdrawal networks its client offers, by their deposit-network names. */
const FAMILY_WITHDRAWAL_NETWORKS: Readonly<Record<string, string>> = {
  TRC20: 'USDT-TRC20',
  ERC20: 'USDT-ERC20',
};

/**
 * The network of an on-chain withdrawal as the family's client sends it: `USDT-TRC20` /
 * `USDT-ERC20` for the networks getBlockchain names TRC20 / ERC20 (a family backend may know only
 * those names; the reference server takes both); any other name as it is.
 */
export function withdrawalNetwork(network: string): string {
  const name = network.trim();
  return FAMILY_WITHDRAWAL_NETWORKS[name.toUpperCase()] ?? name;
}
