/**
 * The wallet under /api/user (DESIGN.md 3.4): deposit addresses, recharges, withdrawals, the ledger
 * the payment code, and confirming a payment or a withdrawal with a passkey instead of it. Money is integer cents; every balance change goes through ledger.postBill
 * inside one transaction with the record it belongs to (shared/ledger.ts).
 */
import { Router } from 'express';
import type { WalletDeps } from './wallet.deps';
import { listBills } from './bill.handlers';
import { beginPasskeyPayment, verifyPayPasskey } from './passkey-pay.handlers';
import { resetPayPassword, verifyPayPassword } from './pay-code.handlers';
import { createRecharge, listBlockchains, listRecharges } from './recharge.handlers';
import { createExtract, getExtractInfo, listExtracts } from './withdrawal.handlers';

export function walletRouter(deps: WalletDeps): Router {
  const r = Router();
  r.get('/api/user/getBlockchain', listBlockchains(deps));
  r.post('/api/user/recharge', createRecharge(deps));
  r.get('/api/user/recharge_log', listRecharges(deps));
  r.get('/api/user/extract', getExtractInfo(deps));
  r.post('/api/user/extract', createExtract(deps));
  r.get('/api/user/extract_log', listExtracts(deps));
  r.get('/api/user/bill', listBills(deps));
  r.post('/api/user/verify_pay', verifyPayPassword(deps));
  r.post('/api/user/resetPay', resetPayPassword(deps));
  r.post('/api/user/passkey/pay_options', beginPasskeyPayment(deps));
  r.post('/api/user/passkey/verify_pay', verifyPayPasskey(deps));
  return r;
}
