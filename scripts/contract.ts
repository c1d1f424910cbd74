/**
 * npm run contract -- --base-url URL [options]
 *
 * Calls a backend the way the SPA does and checks every answer against openapi/openapi.yaml;
 * read-only unless --write. Exit 0: no failure; 1: at least one check failed; 2: could not run
 * (usage, contract file, server unreachable).
 */
import path from 'node:path';
import {
  formatCheck,
  formatHeader,
  formatSummary,
  runContract,
  DEFAULT_SPEC_FILE,
  type ContractOptions,
} from './contract/index';

const HELP = `Usage: npm run contract -- --base-url URL [options]

Checks a backend against openapi/openapi.yaml (see openapi/README.md).

Read-only (the default): calls the public reads, signs up a throw-away user (US mobile 2015550123,
quhao 1), logs in, reads that user's own records, sets its language, logs out, and makes a few
failing calls on purpose (no token, empty login, unknown path). No money moves and nothing shared
changes. Calls that change only the throw-away user belong here too: it adds a passkey to it with a
software authenticator, signs in with it and removes it again (an extension; with --account the
passkeys are only listed).

--write: also runs the whole money path on that account: payment code, two addresses, two bag
lines, checkout preview, order, payment code check, payment (a new account has balance 0: the
refusal 'Insufficient balance', HTTP 200 code 0, is the expected answer), the same payment confirmed
with the throw-away user's passkey instead (its challenge must name the order's total), order
detail, cancel, an
image upload, a top-up record (10.00, left auditing), a withdrawal of the smallest amount allowed
(getExtractInfo's min_price, else 10.00; refused at balance 0), and deletes the addresses, bag
lines and cancelled order again. With --account of a funded account
it really pays an order (the bill gets a line) and the withdrawal is held until an operator
decides. The first line of the report names the account.

Every answer must have a status the contract declares for the operation, a body matching that
status's schema, the envelope rule (code 1 on success; HTTP 200 code 0 with a msg for a refusal the
shopper can cause; 401 only for a missing or bad token) and, on the money path, the expected
business outcome. Family operations answered 404 are NOT IMPLEMENTED (a warning). Our extensions
(x-extension in the contract) are reported as present or lacking, never as a failure; an extension
operation answered 404 is NO EXTENSION.

Options:
  --base-url URL        the backend (required), e.g. http://localhost:8080
  --write               also run the money path (see above); without it the run is read-only
  --no-register         do not sign up a throw-away user; log in with --account/--password instead
  --account NAME        username or email to log in with (implies --no-register)
  --password PASSWORD   its password
  --pay-code CODE       the account's 6-digit payment code (needed with --write and --account;
                        set on the account with resetPayPassword when it has none)
  --strict              count NOT IMPLEMENTED (HTTP 404 of a family operation) as failures
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
  const takesValue = new Set(['base-url', 'account', 'password', 'pay-code', 'timeout', 'lang', 'spec']);
  const known = new Set([...takesValue, 'no-register', 'write', 'strict', 'json', 'help']);
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
    if (values['pay-code'] !== undefined && !/^\d{6}$/.test(values['pay-code'])) {
      throw new UsageError('--pay-code must be 6 digits');
    }
    if (flags.has('write') && values.account !== undefined && values['pay-code'] === undefined) {
      throw new UsageError("--write with --account needs --pay-code (the account's payment code)");
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
      write: flags.has('write'),
      payCode: values['pay-code'],
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
  let report;
  try {
    report = await runContract({
      ...options,
      onStart: json ? undefined : (plan) => console.log(formatHeader(plan)),
      onCheck: json ? undefined : (r) => console.log(formatCheck(r)),
    });
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
