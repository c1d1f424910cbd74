import { execFileSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * Run the reference server's operator CLI (`tsx server/src/ops.ts <args>`) on the database of the
 * server under test (E2E_DATA_DIR, set by scripts/e2e.mjs), e.g. `ops('recharge:pass', '12')`.
 * Returns its standard output, trimmed; throws with its output when it fails.
 */
export function ops(...args: string[]): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) {
    throw new Error('E2E_DATA_DIR is not set: run the e2e tests with `npm run test:e2e`.');
  }
  try {
    return execFileSync(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'ops.ts'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    }).trim();
  } catch (error) {
    const failure = error as { status?: number | null; stdout?: string; stderr?: string };
    throw new Error(
      `ops ${args.join(' ')} failed (exit ${failure.status ?? '?'}):\n${failure.stdout ?? ''}${failure.stderr ?? ''}`,
    );
  }
}
