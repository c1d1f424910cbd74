// Debian's chromium is the only browser the tests and the benchmark use; nothing is downloaded.

/** Where Debian's `chromium` package installs the browser (override with CHROMIUM_PATH). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags for headless chromium in containers and CI (no sandbox, no background traffic). */
export const HEADLESS_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumMissingMessage({ inCI }) {
  const install = 'apt-get update && apt-get install -y chromium fonts-liberation fonts-noto-cjk fonts-thai-tlwg';
  return inCI
    ? `CI: ${CHROMIUM_PATH} is missing. The e2e tests need Debian's chromium; .ci/run installs it (${install}).`
    : `${CHROMIUM_PATH} is missing. The e2e tests drive Debian's chromium and never download a browser.\n` +
        `Install it (as root):\n  ${install}\nor point CHROMIUM_PATH at a Chromium binary, then run this again.`;
}
