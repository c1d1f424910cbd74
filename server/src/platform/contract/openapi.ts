import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler, Request } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { isApiPath } from '../http';
import { t, type Locale } from '../i18n';
import type { ValidatorIssue } from './refusals';
import { UPLOAD_LIMITS } from './upload-limits';

/** The contract, openapi/openapi.yaml at the repository root. */
export const DEFAULT_OPENAPI_FILE = path.resolve(__dirname, '../../../../openapi/openapi.yaml');

/**
 * Validates requests (400/401/404/405) and responses against the contract. Response validation
 * runs in every environment: a response that breaks the contract becomes a 500, which the tests
 * catch, so the server proves the contract rather than trusting it.
 */
export function openApiValidator(file: string): RequestHandler[] | null {
  if (!existsSync(file)) return null;
  return OpenApiValidator.middleware({
    apiSpec: file,
    validateApiSpec: true,
    // Unknown query parameters are ignored, as the contract says (the family's client sends some).
    validateRequests: { allowUnknownQueryParameters: true, coerceTypes: true, removeAdditional: false },
    validateResponses: { removeAdditional: false },
    // The token's validity was settled by authMiddleware; the contract says where it is needed.
    validateSecurity: { handlers: { token: (req: Request) => Boolean(req.auth) } },
    // Only the API is described by the contract; /media, static files and the SPA are not.
    ignorePaths: (p: string) => !isApiPath(p),
    ignoreUndocumented: false,
    fileUploader: { limits: { ...UPLOAD_LIMITS } },
  }) as unknown as RequestHandler[];
}

/** Shape of the errors express-openapi-validator raises. */
export interface ValidatorError {
  status: number;
  message: string;
  errors?: ValidatorIssue[];
}

export function isValidatorError(e: unknown): e is ValidatorError {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { status?: unknown }).status === 'number' &&
    Array.isArray((e as { errors?: unknown }).errors)
  );
}

/** '.body.email' | '/body/email' | 'body.items[0].id' -> 'email' | 'items[0].id' */
function fieldName(raw: string | undefined): string {
  if (!raw) return 'request';
  const parts = raw
    .replace(/^[./]+/, '')
    .split(/[./]/)
    .filter(Boolean);
  if (parts[0] && /^(body|query|params|path|headers|header|cookies)$/.test(parts[0])) parts.shift();
  return parts.join('.') || 'body';
}

/**
 * Turns a validator issue into '<field>: <problem>' in the request's language: the message of an
 * HTTP 400, for requests no client would build (a shopper's own input is answered by
 * refusals.ts instead).
 */
export function describeIssue(issue: ValidatorIssue, locale: Locale): string {
  const keyword = (issue.errorCode ?? '').split('.')[0] ?? '';
  const message = issue.message ?? '';
  let field = fieldName(issue.path);
  const number = /(\d+)/.exec(message)?.[1];
  let problem: string;
  switch (keyword) {
    case 'required': {
      const missing = /required property '([^']+)'/.exec(message)?.[1];
      if (missing && !field.endsWith(missing)) field = field === 'body' ? missing : `${field}.${missing}`;
      problem = t(locale, 'is required');
      break;
    }
    case 'format':
    case 'pattern':
      problem = t(locale, 'is invalid');
      break;
    case 'type':
      problem = t(locale, 'has the wrong type');
      break;
    case 'minLength':
      problem = number ? t(locale, 'must be at least {n} characters', number) : message;
      break;
    case 'maxLength':
      problem = number ? t(locale, 'must be at most {n} characters', number) : message;
      break;
    case 'minimum':
    case 'exclusiveMinimum':
      problem = number ? t(locale, 'must be at least {n}', number) : message;
      break;
    case 'maximum':
    case 'exclusiveMaximum':
      problem = number ? t(locale, 'must be at most {n}', number) : message;
      break;
    case 'enum': {
      const allowed = message.split(':')[1]?.trim();
      problem = allowed ? t(locale, 'must be one of: {n}', allowed) : message;
      break;
    }
    case 'additionalProperties': {
      const extra = /additional property '?([^']+)'?/.exec(message)?.[1];
      if (extra) field = field === 'body' ? extra : `${field}.${extra}`;
      problem = t(locale, 'is not allowed');
      break;
    }
    default:
      problem = message || t(locale, 'Invalid request');
  }
  return `${field}: ${problem}`;
}
