/**
 * npm run contract -- --base-url URL [options]
 *
 * Calls a backend the way the SPA does and checks every answer against openapi/openapi.yaml.
 * Exit 0: no failure; 1: at least one check failed; 2: could not run (usage, contract file,
 * server unreachable).
 */
import path from 'node:path';
import { formatCheck, formatSummary, runContract, DEFAULT_SPEC_FILE, type ContractOptions } from './contract/index';

const HELP = `Usage: npm run contract -- --base-url URL [options]

Checks a backend against openapi/openapi.yaml: calls the public reads, signs up a throwaway user
(US mobile 2015550123, quhao 1), logs in, reads that user's own records, sets its language, logs
out, and makes a few failing calls on purpose (no token, empty login, unknown path). Every answer
must have a status the contract declares for the operation, a body matching that status's schema,
and the envelope rule (code 1 on success, 401 for a missing token, 0 with a msg for a bad request).
Operations answered with 404 are reported as NOT IMPLEMENTED (a warning). Nothing touches money
or other users' data.

Options:
  --base-url URL        the backend (required), e.g. http://localhost:8080
  --no-register         do not sign up a throwaway user; log in with --account/--password instead
  --account NAME        username or email to log in with (implies --no-register)
  --password PASSWORD   its password
  --strict              count NOT IMPLEMENTED (HTTP 404) as failures
  --json                print a machine-readable report instead of lines
  --timeout MS          per request (default 10000)
  --lang CODE           lang header sent with every call (default en)
  --spec FILE           the contract (default openapi/openapi.yaml)
  --help                this text

Exit status: 0 no failure, 1 a check failed, 2 could not run.`;

class UsageError extends Error {}

function parseArgs(argv: string[]): { options: ContractOptions; json: boolean; help: boolean } {
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  const takesValue = new Set(['base-url', 'account', 'password', 'timeout', 'lang', 'spec']);
  const known = new Set([...takesValue, 'no-register', 'strict', 'json', 'help']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '-h') {
      flags.add('help');
      continue;
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m || !known.has(m[1] as string)) throw new UsageError(`unknown argument: ${arg}`);
    const name = m[1] as string;
    if (takesValue.has(name)) {
      const value = m[2] ?? argv[++i];
      if (value === undefined || (m[2] === undefined && value.startsWith('--')))
        throw new UsageError(`--${name} needs a value`);
      values[name] = value;
    } else {
      if (m[2] !== undefined) throw new UsageError(`--${name} takes no value`);
      flags.add(name);
    }
  }
  const help = flags.has('help');
  const baseUrl = values['base-url'];
  if (!help) {
    if (!baseUrl) throw new UsageError('--base-url is required');
    if (!/^https?:\/\/[^/]+/i.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, got ${baseUrl}`);
    if ((values.account === undefined) !== (values.password === undefined)) {
      throw new UsageError('--account and --password go together');
    }
    if (flags.has('no-register') && values.account === undefined) {
      throw new UsageError('--no-register needs --account and --password');
    }
  }
  const timeout = values.timeout !== undefined ? Number(values.timeout) : undefined;
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0))
    throw new UsageError('--timeout must be a positive integer (ms)');
  return {
    help,
    json: flags.has('json'),
    options: {
      baseUrl: baseUrl ?? '',
      account: values.account,
      password: values.password,
      strict: flags.has('strict'),
      timeoutMs: timeout,
      lang: values.lang,
      specFile: values.spec ? path.resolve(values.spec) : DEFAULT_SPEC_FILE,
    },
  };
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`contract: ${e.message}\n\n${HELP}`);
    return 2;
  }
  if (parsed.help) {
    console.log(HELP);
    return 0;
  }
  const { options, json } = parsed;
  if (!json) {
    console.log(
      `contract: checking ${options.baseUrl} against ${path.relative(process.cwd(), options.specFile ?? DEFAULT_SPEC_FILE) || options.specFile}`,
    );
  }
  let report;
  try {
    report = await runContract({ ...options, onCheck: json ? undefined : (r) => console.log(formatCheck(r)) });
  } catch (e) {
    console.error(`contract: ${(e as Error).message}`);
    return 2;
  }
  if (json) console.log(JSON.stringify(report, null, 2));
  else console.log(formatSummary(report));
  if (report.fatal) return 2;
  return report.ok ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e);
    process.exitCode = 2;
  },
);
