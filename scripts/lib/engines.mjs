// The other engines' processes for `npm run test:engines` (e2e/engines/): an X display for WebKitGTK's
// MiniBrowser (it has no headless mode) and WebKitWebDriver on it. Firefox ESR runs headless and is
// started by each journey itself (e2e/engines/support/drivers.ts). All from Debian's packages.
import { existsSync } from 'node:fs';
import { ProcessGroup, freePort, waitForHttp } from './proc.mjs';

export const WEBKIT_WEBDRIVER = process.env.WEBKIT_WEBDRIVER_PATH || '/usr/bin/WebKitWebDriver';
/** Debian installs MiniBrowser under the machine's multiarch folder (x86_64-linux-gnu, aarch64-linux-gnu). */
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ||
  [`${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu`]
    .map((triplet) => `/usr/lib/${triplet}/webkit2gtk-4.1/MiniBrowser`)
    .find(existsSync) ||
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
export const XVFB = '/usr/bin/Xvfb';

/** Debian's packages of the engines, as .ci/run installs them. */
export const ENGINE_PACKAGES = ['webkit2gtk-driver', 'xvfb', 'firefox-esr'];

/** What is missing of the engines, as file paths; empty when everything is there. */
export function missingEngines() {
  return [WEBKIT_WEBDRIVER, MINIBROWSER, FIREFOX, XVFB].filter((file) => !existsSync(file));
}

export function enginesMissingMessage(missing, { inCI }) {
  const install = `apt-get update && apt-get install -y ${ENGINE_PACKAGES.join(' ')}`;
  const list = missing.join(', ');
  return inCI
    ? `CI: ${list} missing. The engine journeys need Debian's WebKitGTK driver, Xvfb and Firefox ESR; .ci/run installs them (${install}).`
    : `${list} missing. The engine journeys drive Debian's WebKitGTK (Safari's engine) and Firefox ESR and never download a browser.\n` +
        `Install them (as root):\n  ${install}\nthen run this again.`;
}

/**
 * A virtual screen of a phone's size (390x844, the journeys' viewport) and WebKitWebDriver drawing on
 * it. Xvfb picks a free display number itself (-displayfd). Resolves with the driver's URL once it
 * answers /status; both processes are stopped with the others (stopAll).
 */
export async function startWebKitDriver({ isCancelled }) {
  const xvfb = new ProcessGroup(
    'xvfb',
    XVFB,
    ['-displayfd', '3', '-screen', '0', '390x844x24', '-nolisten', 'tcp', '-noreset'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const display = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not report its display within 10 s.')), 10_000);
    xvfb.child.stdio[3].on('data', (chunk) => {
      text += chunk.toString();
      const match = /(\d+)\s*$/m.exec(text);
      if (match && text.endsWith('\n')) {
        clearTimeout(timer);
        resolve(`:${match[1]}`);
      }
    });
    xvfb.exited.then((status) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited before it was ready (${JSON.stringify(status)}).`));
    });
  });
  const port = await freePort();
  // One session at a time; a new one replaces a session a failed journey could not close (a hung
  // MiniBrowser), so one stuck browser does not fail every WebKit journey after it.
  const driver = new ProcessGroup(
    'webkit-webdriver',
    WEBKIT_WEBDRIVER,
    [`--port=${port}`, '--replace-on-new-session'],
    {
      env: { ...process.env, DISPLAY: display },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/status`, { group: driver, timeoutMs: 30_000, isCancelled, accept: (r) => r.ok });
  return { url, display };
}
