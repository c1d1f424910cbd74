// `npm run test:e2e`: Playwright journeys against the production build and a fresh reference server.
//   1. dist/ is rebuilt (always under CI=true, otherwise when stale, like `npm start`)
//   2. the server starts on a free port with a new temporary DATA_DIR (fresh, seeded database)
//      and STATIC_DIR=a copy of dist/ in that folder, and must answer GET /api/index/index
//   3. `playwright test -c e2e/playwright.config.ts [extra args]` runs with BASE_URL, E2E_DATA_DIR,
//      E2E_STATIC_DIR (what the server serves) and E2E_SERVER_LOG (the server's output so far, appended
//      live: journeys read e.g. `[send_code]` codes)
//   4. the server's process group is stopped and the temporary folder removed
// Exits with Playwright's code. Extra arguments go to Playwright: npm run test:e2e -- --grep login
//
// --engines (`npm run test:engines`): the shopper's main journeys in WebKitGTK, Firefox ESR and Chromium
// (e2e/engines/playwright.config.ts). Also starts Xvfb and WebKitWebDriver (scripts/lib/engines.mjs)
// and the journeys give the browsers their own way to the server, a TCP relay they can cut
// (e2e/engines/support/cut-proxy.ts). A build made by the run before (test:e2e) is used when it is
// fresh, in CI too.
//
// --dev-build (`npm run test:e2e:dev`): a development build instead (webpack --mode development into
// a temporary folder, never dist/), where Redux Toolkit's serializability and mutation checks run,
// and only the journey of e2e/dev-checks.spec.ts (E2E_DEV_BUILD=1), which fails on their warnings.
// The server's CSP shapes it: no source maps (the development ones are eval'd; script-src 'self') and
// CSS in files (webpack --env extractCss; style-src 'self' refuses injected style tags).
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIST_DIR, ensureBuild } from './lib/build.mjs';
import { CHROMIUM_PATH, chromiumMissingMessage } from './lib/chromium.mjs';
import { MINIBROWSER, enginesMissingMessage, missingEngines, startWebKitDriver } from './lib/engines.mjs';
import {
  ProcessGroup,
  ROOT,
  bin,
  describeExit,
  run,
  exitCodeOf,
  freePort,
  onTermination,
  serverCommand,
  signalExitCode,
  stopAll,
  waitForHttp,
} from './lib/proc.mjs';

/** Ends the run with `code` after cleaning up. */
class ExitError extends Error {
  constructor(code, message = '') {
    super(message);
    this.code = code;
  }
}

const inCI = process.env.CI === 'true' || process.env.CI === '1';

if (!existsSync(CHROMIUM_PATH)) {
  console.error(chromiumMissingMessage({ inCI }));
  process.exit(1);
}
const engines = process.argv.includes('--engines');
if (engines && process.argv.includes('--dev-build')) {
  console.error('--engines runs the production build (the journeys need its service worker); leave out --dev-build.');
  process.exit(2);
}
if (engines && missingEngines().length > 0) {
  console.error(enginesMissingMessage(missingEngines(), { inCI }));
  process.exit(1);
}

const terminatedBy = onTermination(() => {
  stopAll();
});
const isCancelled = () => Boolean(terminatedBy());

const serverLog = [];
let dataDir = null;
let devDist = null;
let exitCode = 1;
const devBuild = process.argv.includes('--dev-build');
const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== '--dev-build' && arg !== '--engines');
const playwrightConfig = engines ? 'e2e/engines/playwright.config.ts' : 'e2e/playwright.config.ts';

try {
  let staticDir = DIST_DIR;
  if (devBuild) {
    devDist = mkdtempSync(path.join(os.tmpdir(), 'orbit-market-dev-dist-'));
    console.log(`Building the SPA for development into ${devDist} ...`);
    const started = Date.now();
    const buildCode = await run('build', bin('webpack'), [
      '--mode',
      'development',
      '--no-devtool',
      '--env',
      'extractCss',
      '--stats',
      'errors-warnings',
      '--output-path',
      devDist,
    ]);
    if (buildCode !== 0) throw new ExitError(buildCode, 'The development build failed; no e2e run.');
    console.log(`Development build finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    staticDir = devDist;
  } else {
    const buildCode = await ensureBuild({ force: inCI && !engines, forceReason: 'CI=true always builds afresh' });
    if (buildCode !== 0) throw new ExitError(buildCode, 'The production build failed; no e2e run.');
  }
  if (isCancelled()) throw new ExitError(signalExitCode(terminatedBy()));

  dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-market-e2e-'));
  if (!devBuild) {
    // The server serves a copy: journeys that deploy a new service worker edit what is served
    // (e2e/support/deploy.ts), and a run stopped half-way must leave dist/ as built.
    const copy = path.join(dataDir, 'static');
    cpSync(staticDir, copy, { recursive: true });
    staticDir = copy;
  }
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const command = serverCommand();
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir };
  delete env.API_TARGET; // the journeys need the local, freshly seeded server
  // The browsers' absolute URLs follow the host they open the shop by (the journeys' relay, on a
  // loopback port of its own: server/src/platform/allowed-hosts.ts), so no PUBLIC_URL pins them elsewhere.
  delete env.PUBLIC_URL;

  console.log(`Starting the reference server on ${baseURL} (DATA_DIR=${dataDir}) ...`);
  const server = new ProcessGroup('server', command.cmd, command.args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Also written as it comes to a file in the temporary folder, so the journeys can read it live.
  const serverLogFile = path.join(dataDir, 'e2e-server.log');
  writeFileSync(serverLogFile, '');
  const keep = (chunk) => {
    serverLog.push(chunk.toString());
    try {
      appendFileSync(serverLogFile, chunk);
    } catch {
      // The folder is gone (the run is over): the in-memory copy is saved instead.
    }
  };
  server.child.stdout.on('data', keep);
  server.child.stderr.on('data', keep);

  const started = Date.now();
  try {
    await waitForHttp(`${baseURL}/api/index/index`, {
      group: server,
      timeoutMs: 120_000,
      isCancelled,
      accept: (response) => response.ok,
    });
  } catch (error) {
    if (isCancelled()) throw new ExitError(signalExitCode(terminatedBy()));
    printServerLog();
    throw new ExitError(1, `The server did not come up: ${error.message}`);
  }
  let webkit = null;
  if (engines) {
    try {
      webkit = await startWebKitDriver({ isCancelled });
    } catch (error) {
      if (isCancelled()) throw new ExitError(signalExitCode(terminatedBy()));
      throw new ExitError(1, `WebKitWebDriver did not start: ${error.message}`);
    }
    console.log(`WebKitWebDriver at ${webkit.url} on display ${webkit.display}.`);
  }
  console.log(`Server ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Running Playwright ...`);

  const playwright = new ProcessGroup(
    'playwright',
    bin('playwright'),
    ['test', '-c', playwrightConfig, ...playwrightArgs],
    {
      env: {
        ...process.env,
        BASE_URL: baseURL,
        E2E_DATA_DIR: dataDir,
        E2E_SERVER_LOG: serverLogFile,
        E2E_STATIC_DIR: staticDir,
        ...(devBuild ? { E2E_DEV_BUILD: '1' } : {}),
        ...(engines ? { WEBKIT_WEBDRIVER_URL: webkit.url, MINIBROWSER_PATH: MINIBROWSER } : {}),
      },
    },
  );
  // A server crash mid-run is worth saying plainly (the tests would only see connection errors).
  server.exited.then((serverStatus) => {
    if (!isCancelled() && !playwright.done) {
      console.error(`\nThe server exited during the run (${describeExit(serverStatus)}).`);
    }
  });
  const status = await playwright.exited;
  exitCode = isCancelled() ? signalExitCode(terminatedBy()) : exitCodeOf(status);
  if (exitCode !== 0 && !isCancelled()) printServerLog();
} catch (error) {
  if (error instanceof ExitError) {
    if (error.message) console.error(error.message);
    exitCode = error.code;
  } else {
    console.error(error.stack ?? String(error));
    exitCode = 1;
  }
} finally {
  await stopAll('SIGTERM', 10_000);
  saveServerLog();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (devDist) rmSync(devDist, { recursive: true, force: true });
}
process.exit(exitCode);

function printServerLog() {
  const lines = serverLog.join('').trimEnd().split('\n');
  if (lines.length === 1 && lines[0] === '') return;
  const tail = lines.slice(-60);
  console.error(`\n--- server output (last ${tail.length} of ${lines.length} lines) ---\n${tail.join('\n')}\n---`);
}

function saveServerLog() {
  if (serverLog.length === 0) return;
  // test-results/ is Playwright's output folder (gitignored); it is emptied when a run starts.
  const dir = path.join(ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'e2e-server.log'), serverLog.join(''));
}
