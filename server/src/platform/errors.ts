/**
 * Errors as envelopes: the API's own refusals (ApiError), the contract validator's (a value the
 * shopper typed is a refusal, HTTP 200 code 0, in the shopper's language; anything else HTTP 400
 * naming the field), the 401/404/405 envelopes, and unexpected errors as a generic 500 whose
 * details go to the log only.
 */
import type { ErrorRequestHandler, Request, Response, NextFunction } from 'express';
import { describeIssue, isValidatorError, type ValidatorError } from './contract/openapi';
import { shopperRefusal } from './contract/refusals';
import { MAX_UPLOAD_MB } from './contract/upload-limits';
import { ApiError, isApiPath, type Envelope } from './http';
import { resolveLocale, t, type Locale, type MessageKey } from './i18n';

/**
 * Error envelopes are sent as serialized text, not res.json: the response validator hooks
 * res.json, and an error about an invalid response must not itself be re-validated.
 */
export function sendEnvelope(res: Response, status: number, body: Envelope<null>): void {
  res.status(status).type('application/json').send(JSON.stringify(body));
}

/** The message of a multer limit error (its text, as express-openapi-validator passes it on), localized. */
function multerRefusal(message: string, locale: Locale): string | null {
  const text = (key: MessageKey) => t(locale, key);
  if (message === 'File too large') return t(locale, 'The image must be at most {n} MB', MAX_UPLOAD_MB);
  if (message === 'Too many files') return text('Upload one image at a time');
  if (/^(Too many parts|Too many fields|Field value too long|Field name too long|Unexpected file field)$/.test(message))
    return text('Please upload the image alone, without other data');
  return null;
}

/**
 * Anything under /api or /merchant that no route answered: an envelope, never HTML. Also reached
 * by operations the contract has but this server does not implement yet; sent raw, because their
 * contract has no 404 response to validate against.
 */
export function apiNotFound(req: Request, res: Response, next: NextFunction): void {
  if (isApiPath(req.path)) sendEnvelope(res, 404, { code: 0, msg: t(req.locale, 'Not found'), data: null });
  else next();
}

/** A validator error below 500 as its envelope. */
function sendValidatorError(req: Request, res: Response, locale: Locale, err: ValidatorError): void {
  const status = err.status;
  if (status === 401) return sendEnvelope(res, 401, { code: 401, msg: t(locale, 'Please login first'), data: null });
  if (status === 404) return sendEnvelope(res, 404, { code: 0, msg: t(locale, 'Not found'), data: null });
  if (status === 405) return sendEnvelope(res, 405, { code: 0, msg: t(locale, 'Method not allowed'), data: null });
  // multer's limits (uploadImage): a refusal (HTTP 200, code 0), as the contract says.
  const uploadRefusal = req.path === '/merchant/common/upload' ? multerRefusal(err.message, locale) : null;
  if (uploadRefusal) return sendEnvelope(res, 200, { code: 0, msg: uploadRefusal, data: null });
  // A value the shopper typed that breaks the contract's rule: HTTP 200, code 0, the rule's
  // message (BACKEND-FAMILY.md, Conventions). Anything else stays HTTP 400 naming the field.
  const refusal = status === 400 ? shopperRefusal(req, err.errors ?? []) : null;
  if (refusal !== null) return sendEnvelope(res, 200, { code: 0, msg: refusal, data: null });
  const first = err.errors?.[0];
  const msg = first ? describeIssue(first, locale) : t(locale, 'Invalid request');
  return sendEnvelope(res, status, { code: 0, msg, data: null });
}

/** The last handler: every error as an envelope; unexpected ones reported with `reportError`. */
export function apiErrorHandler(reportError: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const locale = req.locale ?? resolveLocale(req.get('lang'));
    if (err instanceof ApiError) {
      const body = { code: err.code, msg: err.text(locale), data: null };
      // Own failures go through res.json, so the response validator checks them against the
      // contract too (a missing 400/401 response in the contract shows up as a 500 in tests).
      res.status(err.status).json(body);
      return;
    }
    if (isValidatorError(err) && err.status < 500) return sendValidatorError(req, res, locale, err);
    const e = err as { status?: number; type?: string; message?: string; stack?: string; errors?: unknown };
    if (e?.type === 'entity.parse.failed' || e?.type === 'entity.too.large') {
      return sendEnvelope(res, e.status ?? 400, { code: 0, msg: `body: ${t(locale, 'is invalid')}`, data: null });
    }
    reportError(
      `ERROR ${req.method} ${req.originalUrl.split('?')[0]}: ${e?.message ?? String(err)}` +
        (e?.errors ? ` ${JSON.stringify(e.errors)}` : '') +
        (e?.stack && !e.errors ? `\n${e.stack}` : ''),
    );
    sendEnvelope(res, 500, { code: 0, msg: t(locale, 'Server error, please try again later'), data: null });
  };
}
