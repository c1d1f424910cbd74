// Where a phone on the same Wi-Fi opens the demo: this machine's LAN addresses as URLs, and a QR code
// of the first for the terminal (`npm start`).
import os from 'node:os';
import QRCode from 'qrcode';

/**
 * URLs of this machine's LAN addresses on `port`: non-internal IPv4 first, then IPv6 (not link-local
 * fe80::/10, which a URL cannot name without its interface). The server answers requests by these
 * addresses with pictures on the same address (server/src/platform/allowed-hosts.ts) unless PUBLIC_URL is
 * set, which pins the pictures to itself: then there are none to show.
 */
export function lanUrls(port, { env = process.env, interfaces = os.networkInterfaces() } = {}) {
  if (env.PUBLIC_URL) return [];
  const addresses = Object.entries(interfaces)
    .flatMap(([name, list]) => (list ?? []).map((info) => ({ ...info, name })))
    .filter((info) => !info.internal);
  // The Wi-Fi's address first (the QR code names it): a private IPv4 of a real interface before those
  // of containers, bridges and VPNs (docker0's 172.17.0.1 is no address a phone can reach).
  const virtual = (info) => /^(docker|br-|veth|virbr|vboxnet|vmnet|tun|tap|wg|utun|zt|tailscale)/i.test(info.name);
  const privateV4 = (address) => /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(address);
  const rank = (info) => (virtual(info) ? 2 : 0) + (privateV4(info.address) ? 0 : 1);
  const v4 = addresses
    .filter((info) => info.family === 'IPv4')
    .sort((a, b) => rank(a) - rank(b))
    .map((info) => info.address);
  const v6 = addresses
    .filter((info) => info.family === 'IPv6' && !/^fe[89ab]/i.test(info.address) && !virtual(info))
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
  // Plain HTTP by an address is no secure context: the phone gets the shop without its service
  // worker (no offline use); `npm start` on HTTPS (PUBLIC_URL behind a proxy) has it.
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
