// `npm test`: every check and test, one part after another, stopping at the first that fails, with
// the time each took printed as it ends and all of them at the end (README, Testing: CI time). Each
// part is its own npm script and prints where its own time went (jest's and Playwright's timing
// reporters: __tests__/support/timing-reporter.js, e2e/support/timing-reporter.ts).
import { spawn } from 'node:child_process';

const PARTS = ['check', 'test:unit', 'test:e2e', 'test:engines', 'test:e2e:dev'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const took = [];
const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)}s`;

function summary(failed) {
  const parts = took.map(({ part, ms }) => `${part} ${seconds(ms)}`).join(', ');
  const verdict = failed ? `npm test FAILED in '${failed}'` : 'npm test passed';
  console.log(`\n${verdict} after ${seconds(Date.now() - started)} (${parts})`);
}

let child = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child?.kill(signal);
    process.exit(130);
  });
}

for (const part of PARTS) {
  const partStarted = Date.now();
  console.log(`\n== npm run ${part}`);
  const code = await new Promise((resolve) => {
    child = spawn(npm, ['run', part], { stdio: 'inherit' });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  took.push({ part, ms: Date.now() - partStarted });
  console.log(
    `== npm run ${part} ${code === 0 ? 'done' : `failed (exit ${code})`} in ${seconds(Date.now() - partStarted)}`,
  );
  if (code !== 0) {
    summary(part);
    process.exit(code);
  }
}
summary(null);
