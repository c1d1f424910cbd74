/** Runs one call against the server and judges its answer by the contract. */
import type { Contract, ExtensionPresence } from './spec';
import { NetworkError, type CallInit, type CallResult, type HttpClient } from './http';

/**
 * NOT IMPLEMENTED: a family operation answered 404 (a warning; a failure with --strict).
 * NO EXTENSION: an `x-extension` operation answered 404; the backend family lacks it by design
 * (BACKEND-FAMILY.md), so this is information, never a warning or a failure.
 */
export type Outcome = 'PASS' | 'FAIL' | 'SKIP' | 'NOT IMPLEMENTED' | 'NO EXTENSION';

export interface CheckResult {
  /** The operation called ('(no operation)' for a path the contract does not have). */
  operationId: string;
  /** What this call checks when the operation is called more than once ('no token', ...). */
  variant?: string;
  method: string;
  path: string;
  outcome: Outcome;
  /** HTTP status of the answer (absent when skipped or unreachable). */
  status?: number;
  /** The envelope's code and msg, when the body is an envelope. */
  code?: unknown;
  msg?: string;
  /** The body matches the schema the contract declares for that status. */
  schemaValid?: boolean;
  /** The business outcome the call had to have, and why ('refusal: balance 0.00 < 909.00'). */
  expected?: string;
  /** The operation is marked `x-extension` (ours; the backend family lacks it). */
  extension?: boolean;
  /** Of a success answer: the `x-extension` fields it carries or lacks (informational). */
  extensions?: ExtensionPresence;
  ms?: number;
  /** Why it failed: Ajv errors as '<instancePath> <message>' and rule violations. */
  errors: string[];
  /** Why it was skipped, or the server's msg of a 404. */
  note?: string;
}

/**
 * What the call must answer, besides matching the schema of the status it got. A refusal the
 * shopper can cause is HTTP 200 with code 0 and a msg (BACKEND-FAMILY.md, Conventions: the family's
 * client shows msg only for HTTP 200).
 */
export type Expectation =
  | 'success' // HTTP 200, code 1
  | 'refusal' // HTTP 200, code 0, a msg
  | 'unauthorized'; // HTTP 401, code 401

const EXPECTED: Record<Expectation, string> = {
  success: 'success',
  refusal: 'refusal (HTTP 200, code 0)',
  unauthorized: 'HTTP 401, code 401',
};

export interface CheckSpec {
  operationId: string;
  variant?: string;
  query?: CallInit['query'];
  json?: unknown;
  token?: string;
  form?: FormData;
  headers?: Record<string, string>;
  expect: Expectation;
  /** Why this outcome is the expected one, for the report ('balance 0.00 < 909.00'). */
  why?: string;
  /** Further rules on a schema-valid body with the expected status; returns problems. */
  verify?: (body: Record<string, unknown>) => string[];
}

export interface Checked {
  result: CheckResult;
  /** The parsed body when the check passed, or when it is a valid success that broke a further rule. */
  body?: Record<string, unknown>;
}

export interface CheckContext {
  contract: Contract;
  http: HttpClient;
  strict: boolean;
  record(result: CheckResult): void;
  /** Set once the server has answered anything; before that a network error ends the run. */
  answered?: boolean;
}

type Base = Pick<CheckResult, 'operationId' | 'variant' | 'method' | 'path'>;

/** The call, or the FAIL recorded when the network broke after the server had answered before. */
async function send(ctx: CheckContext, base: Base, init: CallInit): Promise<CallResult | Checked> {
  try {
    const res = await ctx.http.call(init);
    ctx.answered = true;
    return res;
  } catch (e) {
    if (!(e instanceof NetworkError) || !ctx.answered) throw e;
    const result: CheckResult = { ...base, outcome: 'FAIL', errors: [`request failed: ${e.message}`] };
    ctx.record(result);
    return { result };
  }
}

const snippet = (text: string) => {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

const envelopeOf = (body: unknown) =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;

export function skip(
  ctx: CheckContext,
  spec: Pick<CheckSpec, 'operationId' | 'variant'>,
  why: string,
  outcome: 'SKIP' | 'NO EXTENSION' = 'SKIP',
): Checked {
  const op = ctx.contract.operation(spec.operationId);
  const result: CheckResult = {
    operationId: op.operationId,
    variant: spec.variant,
    method: op.method,
    path: op.path,
    outcome,
    errors: [],
    note: why,
  };
  if (op.isExtension) result.extension = true;
  ctx.record(result);
  return { result };
}

/**
 * An extension operation left uncalled because another call of the same extension answered 404:
 * the backend lacks the whole extension, so it is counted as not implemented, as if it had answered.
 */
export function noExtension(ctx: CheckContext, spec: Pick<CheckSpec, 'operationId' | 'variant'>, why: string): Checked {
  return skip(ctx, spec, why, 'NO EXTENSION');
}

export async function check(ctx: CheckContext, spec: CheckSpec): Promise<Checked> {
  const op = ctx.contract.operation(spec.operationId);
  const base: Base = { operationId: op.operationId, variant: spec.variant, method: op.method, path: op.path };
  const sent = await send(ctx, base, {
    method: op.method,
    path: op.path,
    query: spec.query,
    json: spec.json,
    form: spec.form,
    token: spec.token,
    headers: spec.headers,
  });
  if ('result' in sent) return sent;
  const res = sent;
  const env = envelopeOf(res.body);
  const code = env?.code;
  const msg = typeof env?.msg === 'string' ? env.msg : undefined;
  const expected = spec.why ? `${EXPECTED[spec.expect]}: ${spec.why}` : EXPECTED[spec.expect];
  let schemaValid: boolean | undefined;
  const done = (outcome: Outcome, errors: string[], note?: string): Checked => {
    const result: CheckResult = {
      ...base,
      outcome,
      status: res.status,
      code,
      msg,
      schemaValid,
      expected,
      ms: res.ms,
      errors,
      note,
    };
    if (op.isExtension) result.extension = true;
    if (res.status === 200 && code === 1 && schemaValid && !op.isExtension && ctx.contract.extensionFields(op).length) {
      result.extensions = ctx.contract.extensionsIn(op, res.body);
    }
    ctx.record(result);
    // A valid success whose further rule failed still names what it made (ids to clean up).
    const usable = outcome === 'PASS' || (res.status === 200 && code === 1 && schemaValid === true);
    return { result, body: usable ? env : undefined };
  };

  if (res.status === 404 && ctx.contract.declaredStatus(op, 404) === null) {
    const said = msg ? `, msg ${JSON.stringify(msg)}` : '';
    if (op.isExtension) return done('NO EXTENSION', [], `extension not implemented (HTTP 404${said})`);
    if (ctx.strict) return done('FAIL', [`HTTP 404: not implemented (counted as a failure with --strict)`]);
    return done('NOT IMPLEMENTED', [], `HTTP 404${said}`);
  }

  const errors: string[] = [];
  const declared = ctx.contract.declaredStatus(op, res.status);
  if (declared === null) {
    errors.push(
      `HTTP ${res.status} is not a status the contract declares for ${op.operationId} (${op.statuses.join(', ')})`,
    );
  }
  if (!res.isJson) {
    errors.push(`body is not JSON (content-type ${res.contentType || 'none'}): ${snippet(res.text) || '(empty)'}`);
    return done('FAIL', errors);
  }
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(res.contentType)) {
    errors.push(`content-type is ${res.contentType || 'missing'}; the contract declares application/json`);
  }
  if (declared !== null) {
    const invalid = ctx.contract.validate(op, res.status, res.body).errors;
    schemaValid = invalid.length === 0;
    errors.push(...invalid);
  }

  const got = `HTTP ${res.status}, code ${JSON.stringify(code)}${msg ? `, msg ${JSON.stringify(msg)}` : ''}`;
  const because = spec.why ? ` (${spec.why})` : '';
  switch (spec.expect) {
    case 'success':
      if (res.status !== 200 || code !== 1) errors.push(`expected success (HTTP 200, code 1)${because}, got ${got}`);
      break;
    case 'refusal': {
      if (res.status !== 200 || code !== 0) {
        errors.push(`expected ${EXPECTED[spec.expect]}${because}, got ${got}`);
      } else if (!msg || !msg.trim()) {
        errors.push('a refusal must carry a msg for the shopper');
      }
      break;
    }
    case 'unauthorized':
      if (res.status !== 401 || code !== 401) errors.push(`expected HTTP 401 with code 401, got ${got}`);
      break;
  }
  if (errors.length === 0 && spec.verify && env) errors.push(...spec.verify(env));
  return done(errors.length ? 'FAIL' : 'PASS', errors);
}

/** A path under /api that no operation has: the answer must be a JSON error, never the SPA's HTML. */
export async function checkUnknownPath(ctx: CheckContext, path: string): Promise<Checked> {
  const base: Base = { operationId: '(no operation)', variant: 'unknown path', method: 'GET', path };
  const sent = await send(ctx, base, { method: 'GET', path });
  if ('result' in sent) return sent;
  const res = sent;
  const errors: string[] = [];
  const env = envelopeOf(res.body);
  if (/html/i.test(res.contentType) || /^\s*<(!doctype|html)/i.test(res.text)) {
    errors.push(
      `answered HTML (content-type ${res.contentType || 'none'}); an unknown /api path must answer a JSON envelope`,
    );
  } else if (!res.isJson) {
    errors.push(`body is not JSON (content-type ${res.contentType || 'none'}): ${snippet(res.text) || '(empty)'}`);
  } else {
    if (!env || !('code' in env) || !('msg' in env)) errors.push('body is not an envelope {code, msg, data}');
    else if (env.code === 1) errors.push('envelope code 1 (success) for a path that does not exist');
  }
  if (res.status < 400) errors.push(`HTTP ${res.status} for a path that does not exist (expected 404)`);
  const result: CheckResult = {
    ...base,
    outcome: errors.length ? 'FAIL' : 'PASS',
    status: res.status,
    ms: res.ms,
    errors,
  };
  ctx.record(result);
  return { result };
}

export { NetworkError };
