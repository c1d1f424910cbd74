// Where a phone on the same Wi-Fi opens the demo: this machine's LAN addresses as URLs, and a QR code
// of the first for the terminal (`npm start`).
import os from 'node:os';
import QRCode from 'qrcode';

/**
 * URLs of this machine's LAN addresses on `port`: non-internal IPv4 first, then IPv6 (not link-local
 * fe80::/10, which a URL cannot name without its interface). The server answers requests by these
 * addresses with pictures on the same address (server/src/allowed-hosts.ts) unless PUBLIC_URL is
 * set, which pins the pictures to itself: then there are none to show.
 */
export function lanUrls(port, { env = process.env, interfaces = os.networkInterfaces() } = {}) {
  if (env.PUBLIC_URL) return [];
  const addresses = Object.values(interfaces)
    .flat()
    .filter((info) => info && !info.internal);
  const v4 = addresses.filter((info) => info.family === 'IPv4').map((info) => info.address);
  const v6 = addresses
    .filter((info) => info.family === 'IPv6' && !/^fe[89ab]/i.test(info.address))
    .map((info) => `[${info.address}]`);
  return [...new Set([...v4, ...v6])].map((address) => `http://${address}:${port}`);
}

/**
 * The lines that tell a phone where to go, indented for the start banner: the LAN URLs and a QR code
 * of the first; none when the machine has no LAN address (or its interfaces cannot be read).
 */
export async function phoneLines(port, options) {
  let urls;
  try {
    urls = lanUrls(port, options);
  } catch {
    return [];
  }
  if (!urls.length) return [];
  const label = 'On a phone on the same Wi-Fi:';
  const lines = urls.map((url, i) => `  ${i === 0 ? label : ' '.repeat(label.length)} ${url}`);
  try {
    const code = await QRCode.toString(urls[0], { type: 'terminal', small: true });
    lines.push(
      ...code
        .trimEnd()
        .split('\n')
        .map((line) => `  ${line}`),
    );
  } catch {
    // no code: the URLs above still work
  }
  return lines;
}
