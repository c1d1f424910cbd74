/**
 * The contract checker as a library: `runContract({ baseUrl })` calls a server the way the SPA
 * does and judges every answer by openapi/openapi.yaml. Read-only unless `write` is set, which also
 * runs the money path (money-path.ts) on a throw-away account or the account given.
 * scripts/contract.ts is its command line.
 */
import path from 'node:path';
import { NetworkError, type CheckContext, type CheckResult } from './check';
import { httpClient } from './http';
import { WRITE_OPERATIONS } from './money-path';
import { EXERCISED, runScenario, throwawayUser } from './scenario';
import { Contract, DEFAULT_SPEC_FILE } from './spec';

export type { CheckResult, Outcome } from './check';
export type { ExtensionPresence } from './spec';
export { Contract, DEFAULT_SPEC_FILE } from './spec';
export { WRITE_OPERATIONS } from './money-path';

export interface ContractOptions {
  /** Where the API is, e.g. http://localhost:8080 (paths /api/... are appended). */
  baseUrl: string;
  /** The contract; default openapi/openapi.yaml. */
  specFile?: string;
  /** Log in with this account instead of registering a throwaway user (needs password). */
  account?: string;
  password?: string;
  /** Also run the money path (orders, payment, top-up and withdrawal records) on the account. */
  write?: boolean;
  /** The payment code of the given account (write with account). */
  payCode?: string;
  /** Count family operations the server answers with 404 as failures (never extensions). */
  strict?: boolean;
  /** Per request; default 10000 ms. */
  timeoutMs?: number;
  /** `lang` header sent with every call; default en. */
  lang?: string;
  /** Called once before the first call, with what the run will do (for the report header). */
  onStart?: (plan: RunPlan) => void;
  /** Called after each check, in order (for streaming output). */
  onCheck?: (result: CheckResult) => void;
}

export interface RunPlan {
  baseUrl: string;
  specFile: string;
  mode: 'read-only' | 'write';
  /** The account the run uses: registered by it (created) or given. */
  account: { username: string; email?: string; created: boolean };
}

export interface ContractSummary {
  passed: number;
  failed: number;
  notImplemented: number;
  skipped: number;
  /** Extension operations answered 404: information, never a failure. */
  noExtension: number;
}

/** What the server sends of our `x-extension` fields and operations (informational). */
export interface ExtensionSummary {
  /** '<operationId> <field path>', sent in at least one answer. */
  present: string[];
  /** Never sent where the object that would hold it was there. */
  absent: string[];
  /** Nothing to look at: empty lists or null parents in every answer. */
  unseen: string[];
  /** Extension operations that answered (whatever the outcome), and those that answered 404. */
  implemented: string[];
  notImplemented: string[];
}

export interface ContractReport extends RunPlan {
  startedAt: string;
  durationMs: number;
  strict: boolean;
  checks: CheckResult[];
  summary: ContractSummary;
  /** The family core: every check of an operation the backend family has. */
  core: { passed: number; failed: number; notImplemented: number; skipped: number; ok: boolean };
  extensions: ExtensionSummary;
  /** Operations with no check at all (not even a SKIP). */
  notExercised: string[];
  /** Set when the run could not go on (server unreachable); the checks so far are kept. */
  fatal?: string;
  /** No failure and no fatal error. */
  ok: boolean;
}

export function summarize(checks: CheckResult[]): ContractSummary {
  const n = (o: CheckResult['outcome']) => checks.filter((c) => c.outcome === o).length;
  return {
    passed: n('PASS'),
    failed: n('FAIL'),
    notImplemented: n('NOT IMPLEMENTED'),
    skipped: n('SKIP'),
    noExtension: n('NO EXTENSION'),
  };
}

/** Merges the extension findings of every check: a field sent once counts as present. */
export function summarizeExtensions(checks: CheckResult[]): ExtensionSummary {
  const state = new Map<string, 'present' | 'absent' | 'unseen'>();
  const rank = { unseen: 0, absent: 1, present: 2 } as const;
  for (const c of checks) {
    if (!c.extensions) continue;
    for (const kind of ['present', 'absent', 'unseen'] as const) {
      for (const field of c.extensions[kind]) {
        const name = `${c.operationId} ${field}`;
        const was = state.get(name);
        if (!was || rank[kind] > rank[was]) state.set(name, kind);
      }
    }
  }
  const of = (kind: 'present' | 'absent' | 'unseen') => [...state].filter(([, k]) => k === kind).map(([n]) => n);
  const ops = (pred: (c: CheckResult) => boolean) => [
    ...new Set(checks.filter((c) => c.extension && pred(c)).map((c) => c.operationId)),
  ];
  const notImplemented = ops((c) => c.outcome === 'NO EXTENSION');
  const implemented = ops((c) => c.status !== undefined && c.outcome !== 'NO EXTENSION').filter(
    (id) => !notImplemented.includes(id),
  );
  return { present: of('present'), absent: of('absent'), unseen: of('unseen'), implemented, notImplemented };
}

export async function runContract(opts: ContractOptions): Promise<ContractReport> {
  const started = Date.now();
  const contract = Contract.load(opts.specFile ?? DEFAULT_SPEC_FILE);
  // The scenario and the file must agree.
  for (const id of [...EXERCISED, ...WRITE_OPERATIONS]) contract.operation(id);
  if ((opts.account === undefined) !== (opts.password === undefined)) {
    throw new Error('account and password go together');
  }
  if (opts.write && opts.account !== undefined && !opts.payCode) {
    throw new Error('write with an account needs its payment code (payCode)');
  }
  const user = opts.account === undefined ? throwawayUser() : undefined;
  const plan: RunPlan = {
    baseUrl: opts.baseUrl,
    specFile: contract.file,
    mode: opts.write ? 'write' : 'read-only',
    account: user
      ? { username: user.username, email: user.email, created: true }
      : { username: opts.account as string, created: false },
  };
  opts.onStart?.(plan);

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

  let fatal: string | undefined;
  try {
    await runScenario(ctx, {
      baseUrl: opts.baseUrl,
      account: opts.account,
      password: opts.password,
      user,
      write: Boolean(opts.write),
      payCode: opts.payCode,
    });
  } catch (e) {
    if (!(e instanceof NetworkError)) throw e;
    fatal = `cannot reach the server: ${e.message}`;
  }
  const summary = summarize(checks);
  const coreChecks = checks.filter((c) => !c.extension);
  const core = summarize(coreChecks);
  const seen = new Set(checks.map((c) => c.operationId));
  return {
    ...plan,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    strict: Boolean(opts.strict),
    checks,
    summary,
    core: {
      passed: core.passed,
      failed: core.failed,
      notImplemented: core.notImplemented,
      skipped: core.skipped,
      ok: !fatal && core.failed === 0,
    },
    extensions: summarizeExtensions(checks),
    notExercised: [...contract.operations.keys()].filter((id) => !seen.has(id)),
    fatal,
    ok: !fatal && summary.failed === 0,
  };
}

/** The report's first lines: what is checked, and what a --write run creates and on which account. */
export function formatHeader(plan: RunPlan): string {
  const spec = path.relative(process.cwd(), plan.specFile) || plan.specFile;
  const lines = [`contract: checking ${plan.baseUrl} against ${spec}`];
  const { account } = plan;
  if (plan.mode === 'read-only') {
    lines.push(
      `contract: read-only run: public reads and the own records of ${account.created ? `a throw-away account it registers (${account.username})` : `the account ${account.username}`}; no money moves, nothing shared changes (--write runs the money path)`,
    );
  } else if (account.created) {
    lines.push(
      `contract: --write: registers the throw-away account ${account.username} (${account.email}) on ${plan.baseUrl} and runs the money path on it: addresses and bag lines (deleted again), an order (cancelled when unpaid, then deleted), a top-up of 10.00 declared with an uploaded image (left auditing), a withdrawal of the smallest amount allowed (min_price, else 10.00; refused at balance 0)`,
    );
  } else {
    lines.push(
      `contract: --write on the given account ${account.username} at ${plan.baseUrl}: it pays a real order from the balance when the balance covers it (a bill line), declares a top-up of 10.00 (left auditing) and requests a withdrawal of the smallest amount allowed (min_price, else 10.00; held until an operator decides); addresses, bag lines and unpaid orders it makes are removed again`,
    );
  }
  return lines.join('\n');
}

/** What a check got: HTTP status, envelope code, the msg of a non-success. */
function gotOf(r: CheckResult): string {
  if (r.status === undefined) return '';
  let got = `HTTP ${r.status}`;
  if (r.code !== undefined) got += ` code ${JSON.stringify(r.code)}`;
  if (r.code !== 1 && r.msg) got += ` ${JSON.stringify(r.msg.length > 60 ? `${r.msg.slice(0, 57)}...` : r.msg)}`;
  return got;
}

/**
 * One line per check: outcome, operation, method path, ms, what it got, the expected business
 * outcome when the call has one, the extension fields of a success; a failure's problems indented.
 */
export function formatCheck(r: CheckResult): string {
  const name = r.variant ? `${r.operationId} [${r.variant}]` : r.operationId;
  const ms = r.ms !== undefined ? `${r.ms}ms` : '';
  let line = `${r.outcome.padEnd(15)} ${name.padEnd(44)} ${`${r.method} ${r.path}`.padEnd(36)} ${ms.padStart(6)}`;
  const parts: string[] = [];
  if (r.outcome === 'PASS' || r.outcome === 'FAIL') {
    const got = gotOf(r);
    if (got) parts.push(got);
    if (r.expected && r.expected !== 'success') parts.push(`expected ${r.expected}`);
  }
  if (r.note) parts.push(r.note);
  if (r.extension && r.outcome === 'PASS') parts.push('extension operation');
  if (r.extensions) {
    const { present, absent, unseen } = r.extensions;
    let ext = `extensions ${present.length} of ${present.length + absent.length}`;
    if (absent.length) ext += `, lacks ${absent.join(', ')}`;
    if (unseen.length) ext += `, ${unseen.length} not seen (empty or null)`;
    parts.push(ext);
  }
  if (parts.length) line += `  ${parts.join('; ')}`;
  for (const e of r.errors) line += `\n    ${e}`;
  return line.trimEnd();
}

export function formatSummary(report: ContractReport): string {
  const s = report.summary;
  const lines: string[] = [];
  if (report.fatal) lines.push(`contract: ${report.fatal}`);
  if (!report.fatal && report.notExercised.length) {
    const why =
      report.mode === 'read-only'
        ? 'read-only run: they change data or move money; --write calls the money path'
        : "they need an operator's step first, change shared counts, send messages or change the account's login";
    lines.push(`not called (${why}): ${report.notExercised.join(', ')}`);
  }
  const c = report.core;
  lines.push(
    `family core: ${c.ok ? 'pass' : 'FAIL'} (${c.passed} passed, ${c.failed} failed, ${c.notImplemented} not implemented, ${c.skipped} skipped)`,
  );
  const x = report.extensions;
  const fields = x.present.length + x.absent.length;
  const ops = x.implemented.length + x.notImplemented.length;
  lines.push(
    `extensions (informational, never a failure): ${x.present.length} of ${fields} fields present, ${x.implemented.length} of ${ops} operations implemented`,
  );
  if (x.absent.length) lines.push(`  lacks: ${x.absent.join(', ')}`);
  if (x.notImplemented.length) lines.push(`  extension not implemented: ${x.notImplemented.join(', ')}`);
  if (x.unseen.length) lines.push(`  not seen (empty lists or null in every answer): ${x.unseen.join(', ')}`);
  lines.push(
    `contract: ${report.mode}: ${s.passed} passed, ${s.failed} failed, ${s.notImplemented} not implemented, ${s.skipped} skipped, ${s.noExtension} extensions not implemented`,
  );
  return lines.join('\n');
}
