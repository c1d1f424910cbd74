import { execFileSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * Run the reference server's operator CLI (`tsx server/src/tools/ops/cli.ts <args>`) on the database of the
 * server under test (E2E_DATA_DIR, set by scripts/e2e.mjs), e.g. `ops('recharge:pass', '12')`.
 * Returns its standard output, trimmed; throws with its output when it fails.
 */
export function ops(...args: string[]): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) {
    throw new Error('E2E_DATA_DIR is not set: run the e2e tests with `npm run test:e2e`.');
  }
  try {
    return execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join('server', 'src', 'tools', 'ops', 'cli.ts'), ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 60_000,
      },
    ).trim();
  } catch (error) {
    const failure = error as { status?: number | null; stdout?: string; stderr?: string };
    throw new Error(
      `ops ${args.join(' ')} failed (exit ${failure.status ?? '?'}):\n${failure.stdout ?? ''}${failure.stderr ?? ''}`,
    );
  }
}

/** A pending record as `ops list --json` prints it (the fields the journeys use). */
interface PendingRecord {
  id: number;
  username: string;
  amountCents: number;
}

const PENDING_SECTION = { recharge: 'Pending recharges', extract: 'Pending withdrawals' } as const;

/**
 * The id of `username`'s only pending recharge or withdrawal, as the operator finds it with
 * `ops list --json`. Throws when there is none or more than one (the journey would be ambiguous).
 */
export function pendingIdOf(kind: keyof typeof PENDING_SECTION, username: string): number {
  const listed = JSON.parse(ops('list', '--json')) as Record<string, PendingRecord[] | undefined>;
  const section = PENDING_SECTION[kind];
  const mine = (listed[section] ?? []).filter((record) => record.username === username);
  if (mine.length !== 1) {
    throw new Error(`Expected one pending ${kind} of ${username} in \`ops list\`, found ${mine.length}.`);
  }
  return mine[0]!.id;
}

/**
 * The proof images of the refund request of order `orderId` waiting for a decision, as the operator
 * reviews it with `ops list --json` (comma-separated URLs as the shopper sent them).
 */
export function pendingRefundImages(orderId: number): string[] {
  const listed = JSON.parse(ops('list', '--json')) as Record<string, { orderId: number; images: string }[] | undefined>;
  const refund = (listed['Pending refunds'] ?? []).find((record) => record.orderId === orderId);
  if (!refund) throw new Error(`No pending refund of order ${orderId} in \`ops list\`.`);
  return refund.images.split(',').filter(Boolean);
}
