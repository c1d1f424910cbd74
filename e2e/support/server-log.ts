import { readFileSync } from 'node:fs';

/**
 * The reference server's output so far. scripts/e2e.mjs appends it live to the file named by
 * E2E_SERVER_LOG (and saves the whole of it to test-results/e2e-server.log when the run ends).
 */
export function serverLog(): string {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) {
    throw new Error('E2E_SERVER_LOG is not set: run the e2e tests with `npm run test:e2e`.');
  }
  return readFileSync(file, 'utf8');
}

/** Where the log ends now: pass it to verificationCode() to skip every line written before. */
export function serverLogMark(): number {
  return Buffer.byteLength(serverLog(), 'utf8');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The 6-digit code the server "sent" to +quhao mobile, from its log line
 * `[send_code] mobile +<quhao> <mobile> code <6 digits>` (the demo has no SMS). Only lines after
 * `since` (a serverLogMark()) count, and the newest wins; waits up to `timeoutMs` for the line.
 */
export async function verificationCode(
  quhao: string,
  mobile: string,
  { since = 0, timeoutMs = 10_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<string> {
  const line = new RegExp(
    `\\[send_code\\] mobile \\+${escapeRegExp(quhao)} ${escapeRegExp(mobile)} code (\\d{6})\\b`,
    'g',
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const written = Buffer.from(serverLog(), 'utf8').subarray(since).toString('utf8');
    const codes = [...written.matchAll(line)].map((match) => match[1]!);
    if (codes.length > 0) return codes[codes.length - 1]!;
    if (Date.now() > deadline) {
      throw new Error(`No [send_code] line for +${quhao} ${mobile} in the server log after ${timeoutMs} ms.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
