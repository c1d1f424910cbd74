// Runs the reference server (fresh in-memory database, seeded) in its own Node process for the
// browser-side tests. In jsdom the server's OpenAPI loader sees `window` and would resolve the
// contract's file path as a URL, so the server cannot run inside a jsdom test itself.
import { startTestServer } from '../../server/src/testing/test-server';

void startTestServer().then((server) => {
  process.stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl })}\n`);
  const stop = () => void server.stop().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  // The test process went away: do not linger.
  process.stdin.on('end', stop);
  process.stdin.resume();
});
