/**
 * The wallet under /api/user (DESIGN.md 3.4): deposit addresses, recharges, withdrawals, the ledger
 * and the payment code. Money is integer cents; every balance change goes through ledger.postBill
 * inside one transaction with the record it belongs to (shared/ledger.ts).
 */
import { Router } from 'express';
import type { AttemptGuards } from '../../platform/auth/attempt-limits';
import type { Db } from '../../platform/db';
import { listBills } from './bill.handlers';
import { resetPayPassword, verifyPayPassword } from './pay-code.handlers';
import { createRecharge, listBlockchains, listRecharges } from './recharge.handlers';
import { createExtract, getExtractInfo, listExtracts } from './withdrawal.handlers';

export interface WalletDeps {
  db: Db;
  /** Limits on login-password checks (setting a first payment code asks for it). */
  guards: AttemptGuards;
}

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
  return r;
}
