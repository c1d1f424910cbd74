// Runs the reference server (fresh in-memory database, seeded) in its own Node process for the
// browser-side tests. In jsdom the server's OpenAPI loader sees `window` and would resolve the
// contract's file path as a URL, so the server cannot run inside a jsdom test itself.
//
// Operator actions (DESIGN.md section 3.4: recharge:pass, extract:refuse, ...) are asked for on
// stdin, one JSON line {id, command, args} each, and run with the ops CLI's own commands on this
// server's database; the answer is one JSON line {id, output} or {id, error} on stdout. No HTTP
// endpoint exists for them, as in production.
//
// `clock:advance SECONDS` (tests only) moves the server's clock for order deadlines forward, so an
// unpaid order can expire without the test waiting 30 minutes.
//
// `code:sent PHONE` (tests only) answers the newest verification code sent to PHONE ('+1 2015550101'),
// read from the server's `[send_code]` log line: the demo server's only way of "texting" it (DESIGN.md
// section 3.4), which is how a shopper of the demo reads it too.
import { attemptLimitsFromEnv } from '../../server/src/platform/auth/attempt-limits';
import { COMMANDS } from '../../server/src/tools/ops/cli';
import { startTestServer } from '../../server/src/tools/testing/test-server';

interface OpsRequest {
  id: number;
  command: string;
  args: string[];
}

let clockOffset = 0;

// Attempt limits as `npm start` reads them (LIMIT_LOGIN_LOCK_SECONDS, ...), set by startServer({ env }).
void startTestServer({
  attemptLimits: attemptLimitsFromEnv(process.env),
  // The pages of the browser-side tests are jsdom's, at http://localhost: passkeys there are localhost's.
  passkeyRpId: 'localhost',
  clock: () => Math.floor(Date.now() / 1000) + clockOffset,
}).then((server) => {
  process.stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl })}\n`);
  const stop = () => void server.stop().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  // The test process went away: do not linger.
  process.stdin.on('end', stop);
  let pending = '';
  process.stdin.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (!line.trim()) continue;
      const request = JSON.parse(line) as OpsRequest;
      let answer: { id: number; output?: string; error?: string };
      try {
        if (request.command === 'clock:advance') {
          clockOffset += Number(request.args[0]);
          process.stdout.write(`${JSON.stringify({ id: request.id, output: String(clockOffset) })}\n`);
          continue;
        }
        if (request.command === 'code:sent') {
          const prefix = `[send_code] mobile ${request.args[0]} code `;
          const line = server.logLines.findLast((candidate) => candidate.startsWith(prefix));
          if (!line) throw new Error(`no code sent to ${request.args[0]}`);
          process.stdout.write(`${JSON.stringify({ id: request.id, output: line.slice(prefix.length) })}\n`);
          continue;
        }
        const command = COMMANDS.find((candidate) => candidate.name === request.command);
        if (!command) throw new Error(`unknown ops command ${request.command}`);
        answer = { id: request.id, output: command.run(server.db, request.args) };
      } catch (error) {
        answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      }
      process.stdout.write(`${JSON.stringify(answer)}\n`);
    }
  });
  process.stdin.resume();
});
