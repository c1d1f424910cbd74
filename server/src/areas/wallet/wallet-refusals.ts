import type { Request } from 'express';
import { ApiError, refused, str } from '../../platform/http';
import { t, type MessageKey } from '../../platform/i18n';
import type { CodeCheck } from '../../shared/paycode';

export const PAY_CODE = /^\d{6}$/;

/** An audit-status filter value ('all' | '0' | '1' | '2') as a status, or null for all. */
export function statusFilter(req: Request): number | null {
  const v = str(req.query, 'status');
  return v === '0' || v === '1' || v === '2' ? Number(v) : null;
}

export const fieldError = (req: Request, field: string, key: MessageKey, n?: string) =>
  new ApiError(400, null, `${field}: ${t(req.locale, key, n)}`);

export function codeRefusal(req: Request, check: Exclude<CodeCheck, { result: 'ok' }>, wrong: MessageKey): ApiError {
  if (check.result === 'locked') {
    return new ApiError(
      200,
      null,
      t(req.locale, 'Too many wrong payment codes. Try again in {n} minutes', check.minutes),
    );
  }
  return refused(check.result === 'unset' ? 'Pay Fail' : wrong);
}
