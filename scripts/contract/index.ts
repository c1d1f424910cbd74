/**
 * The contract checker as a library: `runContract({ baseUrl })` calls a server the way the SPA
 * does and judges every answer by openapi/openapi.yaml. scripts/contract.ts is its command line.
 */
import { NetworkError, type CheckContext, type CheckResult } from './check';
import { httpClient } from './http';
import { EXERCISED, runScenario } from './scenario';
import { Contract, DEFAULT_SPEC_FILE } from './spec';

export type { CheckResult, Outcome } from './check';
export { Contract, DEFAULT_SPEC_FILE } from './spec';

export interface ContractOptions {
  /** Where the API is, e.g. http://localhost:8080 (paths /api/... are appended). */
  baseUrl: string;
  /** The contract; default openapi/openapi.yaml. */
  specFile?: string;
  /** Log in with this account instead of registering a throwaway user (needs password). */
  account?: string;
  password?: string;
  /** Count operations the server answers with 404 as failures. */
  strict?: boolean;
  /** Per request; default 10000 ms. */
  timeoutMs?: number;
  /** `lang` header sent with every call; default en. */
  lang?: string;
  /** Called after each check, in order (for streaming output). */
  onCheck?: (result: CheckResult) => void;
}

export interface ContractSummary {
  passed: number;
  failed: number;
  notImplemented: number;
  skipped: number;
}

export interface ContractReport {
  baseUrl: string;
  specFile: string;
  startedAt: string;
  durationMs: number;
  strict: boolean;
  checks: CheckResult[];
  summary: ContractSummary;
  /** Operations with no check at all (not even a SKIP): they change data or move money. */
  notExercised: string[];
  /** Set when the run could not go on (server unreachable); the checks so far are kept. */
  fatal?: string;
  /** No failure and no fatal error. */
  ok: boolean;
}

export function summarize(checks: CheckResult[]): ContractSummary {
  const n = (o: CheckResult['outcome']) => checks.filter((c) => c.outcome === o).length;
  return { passed: n('PASS'), failed: n('FAIL'), notImplemented: n('NOT IMPLEMENTED'), skipped: n('SKIP') };
}

export async function runContract(opts: ContractOptions): Promise<ContractReport> {
  const started = Date.now();
  const contract = Contract.load(opts.specFile ?? DEFAULT_SPEC_FILE);
  for (const id of EXERCISED) contract.operation(id); // the scenario and the file must agree
  const checks: CheckResult[] = [];
  const ctx: CheckContext = {
    contract,
    http: httpClient(opts.baseUrl, { timeoutMs: opts.timeoutMs ?? 10_000, lang: opts.lang ?? 'en' }),
    strict: Boolean(opts.strict),
    record(result) {
      checks.push(result);
      opts.onCheck?.(result);
    },
  };
  if ((opts.account === undefined) !== (opts.password === undefined)) {
    throw new Error('account and password go together');
  }

  let fatal: string | undefined;
  try {
    await runScenario(ctx, { account: opts.account, password: opts.password });
  } catch (e) {
    if (!(e instanceof NetworkError)) throw e;
    fatal = `cannot reach the server: ${e.message}`;
  }
  const summary = summarize(checks);
  const seen = new Set(checks.map((c) => c.operationId));
  return {
    baseUrl: opts.baseUrl,
    specFile: contract.file,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    strict: Boolean(opts.strict),
    checks,
    summary,
    notExercised: [...contract.operations.keys()].filter((id) => !seen.has(id)),
    fatal,
    ok: !fatal && summary.failed === 0,
  };
}

/** One line per check: outcome, operation, method path, ms; a failure's problems indented below. */
export function formatCheck(r: CheckResult): string {
  const name = r.variant ? `${r.operationId} [${r.variant}]` : r.operationId;
  const ms = r.ms !== undefined ? `${r.ms}ms` : '';
  let line = `${r.outcome.padEnd(15)} ${name.padEnd(34)} ${`${r.method} ${r.path}`.padEnd(36)} ${ms.padStart(6)}`;
  if (r.note) line += `  ${r.note}`;
  for (const e of r.errors) line += `\n    ${e}`;
  return line.trimEnd();
}

export function formatSummary(report: ContractReport): string {
  const s = report.summary;
  const lines: string[] = [];
  if (report.fatal) lines.push(`contract: ${report.fatal}`);
  if (!report.fatal && report.notExercised.length) {
    lines.push(`not called (they change data or move money): ${report.notExercised.join(', ')}`);
  }
  lines.push(
    `contract: ${s.passed} passed, ${s.failed} failed, ${s.notImplemented} not implemented, ${s.skipped} skipped`,
  );
  return lines.join('\n');
}
