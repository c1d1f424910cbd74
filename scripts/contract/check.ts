/** Runs one call against the server and judges its answer by the contract. */
import type { Contract } from './spec';
import { NetworkError, type CallInit, type CallResult, type HttpClient } from './http';

export type Outcome = 'PASS' | 'FAIL' | 'SKIP' | 'NOT IMPLEMENTED';

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
  ms?: number;
  /** Why it failed: Ajv errors as '<instancePath> <message>' and rule violations. */
  errors: string[];
  /** Why it was skipped, or the server's msg of a 404. */
  note?: string;
}

/** What the call must answer, besides matching the schema of the status it got. */
export type Expectation =
  | 'success' // HTTP 200, code 1
  | 'unauthorized' // HTTP 401, code 401
  | 'badRequest'; // HTTP 400, code 0, a msg

export interface CheckSpec {
  operationId: string;
  variant?: string;
  query?: CallInit['query'];
  json?: unknown;
  token?: string;
  expect: Expectation;
  /** Further rules on a schema-valid body with the expected status; returns problems. */
  verify?: (body: Record<string, unknown>) => string[];
}

export interface Checked {
  result: CheckResult;
  /** The parsed body when the check passed. */
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

export function skip(ctx: CheckContext, spec: Pick<CheckSpec, 'operationId' | 'variant'>, why: string): Checked {
  const op = ctx.contract.operation(spec.operationId);
  const result: CheckResult = {
    operationId: op.operationId,
    variant: spec.variant,
    method: op.method,
    path: op.path,
    outcome: 'SKIP',
    errors: [],
    note: why,
  };
  ctx.record(result);
  return { result };
}

export async function check(ctx: CheckContext, spec: CheckSpec): Promise<Checked> {
  const op = ctx.contract.operation(spec.operationId);
  const base: Base = { operationId: op.operationId, variant: spec.variant, method: op.method, path: op.path };
  const sent = await send(ctx, base, {
    method: op.method,
    path: op.path,
    query: spec.query,
    json: spec.json,
    token: spec.token,
  });
  if ('result' in sent) return sent;
  const res = sent;
  const done = (outcome: Outcome, errors: string[], note?: string): Checked => {
    const result: CheckResult = { ...base, outcome, status: res.status, ms: res.ms, errors, note };
    ctx.record(result);
    return { result, body: outcome === 'PASS' ? envelopeOf(res.body) : undefined };
  };

  const env = envelopeOf(res.body);
  if (res.status === 404 && ctx.contract.declaredStatus(op, 404) === null) {
    const msg = typeof env?.msg === 'string' && env.msg ? env.msg : undefined;
    if (ctx.strict) return done('FAIL', [`HTTP 404: not implemented (counted as a failure with --strict)`]);
    return done('NOT IMPLEMENTED', [], msg ? `HTTP 404, msg ${JSON.stringify(msg)}` : 'HTTP 404');
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
  if (declared !== null) errors.push(...ctx.contract.validate(op, res.status, res.body).errors);

  const code = env?.code;
  const msg = typeof env?.msg === 'string' ? env.msg : undefined;
  const got = `HTTP ${res.status}, code ${JSON.stringify(code)}${msg ? `, msg ${JSON.stringify(msg)}` : ''}`;
  switch (spec.expect) {
    case 'success':
      if (res.status !== 200 || code !== 1) errors.push(`expected success (HTTP 200, code 1), got ${got}`);
      break;
    case 'unauthorized':
      if (res.status !== 401 || code !== 401) errors.push(`expected HTTP 401 with code 401, got ${got}`);
      break;
    case 'badRequest':
      if (res.status !== 400 || code !== 0) errors.push(`expected HTTP 400 with code 0, got ${got}`);
      if (!msg || !msg.trim()) errors.push('a 400 must carry a msg saying which field is wrong');
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
