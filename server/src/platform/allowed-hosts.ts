/**
 * Which hosts a request may name for the absolute URLs the server writes (images, the
 * customer-service page, uploads' fullurl, the document's LCP preload and frames): an allow-list, as
 * web frameworks keep one (Django's ALLOWED_HOSTS, Rails' config.hosts). A request whose host is on
 * it gets URLs on that host, so the demo opened as http://127.0.0.1:8080, or from a phone on the same
 * Wi-Fi as http://192.168.1.20:8080, loads its pictures from where it was opened (a URL naming
 * 'localhost' is the phone itself there). Any other host, a forged Host or X-Forwarded-Host among
 * them, gets the configured origin (http.ts, publicOriginMiddleware), never itself: a forged header
 * must not put someone else's site into the image and customer-service links of an answer (Host
 * header poisoning).
 *
 * The list:
 * - without PUBLIC_URL (the demo, `npm start`): the loopback names (localhost and every
 *   *.localhost, which browsers resolve to loopback; 127.0.0.1; [::1]) and this machine's own
 *   addresses (every address of os.networkInterfaces(), IPv4 and IPv6, read again at most every 10 s),
 *   each on whatever port its Host names. Not the machine's host name: a single-label or .local name
 *   is resolved by each client's own search domains or multicast DNS, so it may name another machine
 *   there (add it to ALLOWED_HOSTS when it is right).
 * - with PUBLIC_URL: its host, answered with PUBLIC_URL's origin, and the loopback names and the
 *   machine's addresses are left out, as Django drops its development defaults once ALLOWED_HOSTS is
 *   set. Behind a reverse proxy the Host reaching the server is often the proxy's upstream address:
 *   nginx sends `Host: 127.0.0.1:8080` unless told `proxy_set_header Host $host`, and `npm run dev`'s
 *   webpack proxy sends localhost:3001. Following it would give every shopper pictures on an address
 *   only the server can reach; PUBLIC_URL answers them instead.
 * - plus ALLOWED_HOSTS, either way: comma-separated `name`, `name:port`, `.domain` (the domain and
 *   every name under it) or `https://name[:port]` (answered with exactly that origin, whatever scheme
 *   the request came with, e.g. behind a TLS proxy that sends no X-Forwarded-Proto). '*' is refused.
 *
 * The host is Express's req.host (the Host header; X-Forwarded-Host only from a trusted proxy, 'trust
 * proxy' being 'loopback'), the scheme req.protocol (TLS, or X-Forwarded-Proto from that proxy).
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { Request } from 'express';

type Scheme = 'http' | 'https';

const DEFAULT_PORT: Record<Scheme, number> = { http: 80, https: 443 };

interface HostRule {
  /** The name as URL normalizes it: lowercase, IPv4 in dotted form, IPv6 compressed in brackets. */
  name: string;
  /** '.example.com': the name and every name under it. */
  subdomains: boolean;
  /** Only this port (the Host's, else its scheme's default), when the entry names one. */
  port?: number;
  /** The origin to answer with (PUBLIC_URL, an entry with a scheme); else the request's scheme and host. */
  origin?: string;
}

/** A Host header's value: a name or a bracketed IPv6 address, and an optional port. */
const HOST = /^(\[[0-9a-f:.]+\]|[^\s:/?#@[\]\\]+)(?::(\d{1,5}))?$/i;

/** `name[:port]` as URL normalizes it, or undefined when it is not a host. */
function parseHost(value: string): { name: string; port?: number } | undefined {
  const m = HOST.exec(value.trim());
  if (!m?.[1]) return undefined;
  let name: string;
  try {
    name = new URL(`http://${m[1]}`).hostname;
  } catch {
    return undefined;
  }
  const port = m[2] === undefined ? undefined : Number(m[2]);
  if (!name || (port !== undefined && (port < 1 || port > 65535))) return undefined;
  return { name, port };
}

/** One ALLOWED_HOSTS entry as a rule; throws on anything else. */
function ruleOf(entry: string): HostRule {
  const problem = () =>
    new Error(
      `ALLOWED_HOSTS entries are host names such as shop.example.com, shop.example.com:8443, .example.com or https://shop.example.com, not '${entry}'`,
    );
  if (entry === '*') throw new Error("ALLOWED_HOSTS cannot be '*': answers would name any host a request forges");
  if (entry.includes('://')) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw problem();
    }
    const scheme = url.protocol.slice(0, -1);
    if ((scheme !== 'http' && scheme !== 'https') || url.username || url.password || url.search || url.hash)
      throw problem();
    if (url.pathname.replace(/\/+$/, '') !== '') throw problem();
    return {
      name: url.hostname,
      subdomains: false,
      port: url.port ? Number(url.port) : DEFAULT_PORT[scheme],
      origin: url.origin,
    };
  }
  const subdomains = entry.startsWith('.');
  const host = parseHost(subdomains ? entry.slice(1) : entry);
  if (!host) throw problem();
  return { name: host.name, subdomains, ...(host.port === undefined ? {} : { port: host.port }) };
}

/**
 * `ALLOWED_HOSTS='shop2.example.com, .example.org'` -> its entries, trimmed (unset or empty: none).
 * Throws on an entry that is not a host, so a typo stops the server at start, as PUBLIC_URL's does.
 */
export function allowedHostsOf(setting: string | undefined): string[] {
  const entries = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  entries.forEach(ruleOf);
  return entries;
}

/** This machine's addresses as Host names them: IPv4 as is, IPv6 in brackets. */
export function machineAddresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  return Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .map((info) => (info.family === 'IPv6' ? `[${info.address}]` : info.address));
}

/** The loopback names every machine answers to (and *.localhost, RFC 6761). */
const LOOPBACK = ['.localhost', '127.0.0.1', '[::1]'];

export interface AllowedHostOptions {
  /** The configured public origin (PUBLIC_URL, already checked by publicOriginOf), when set. */
  publicOrigin?: string;
  /** ALLOWED_HOSTS entries. */
  allowedHosts?: readonly string[];
  /**
   * This machine's network interfaces; unless given, read when asked and again at most every 10 s,
   * so a laptop that joins a Wi-Fi after `npm start` answers a phone there with its new address.
   */
  interfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>;
}

/** How long this machine's addresses are taken as known before they are read again. */
const ADDRESSES_FOR_MS = 10_000;

function rulesOf(entries: readonly string[]): HostRule[] {
  const rules: HostRule[] = [];
  for (const entry of entries) {
    // An interface address URL cannot hold (an IPv6 zone) is simply not on the list.
    try {
      rules.push(ruleOf(entry));
    } catch {
      // skipped
    }
  }
  return rules;
}

/**
 * The origin a request's absolute URLs may use when its host is on the allow-list (see above);
 * undefined when it is not, and the configured origin answers it.
 */
export function allowedOriginOf(opts: AllowedHostOptions = {}): (req: Request) => string | undefined {
  const fixed: HostRule[] = opts.publicOrigin
    ? [{ name: new URL(opts.publicOrigin).hostname, subdomains: false, origin: opts.publicOrigin }]
    : rulesOf(LOOPBACK);
  fixed.push(...(opts.allowedHosts ?? []).map(ruleOf));
  // This machine's addresses: only without PUBLIC_URL (see above).
  let machine: { rules: HostRule[]; at: number } | undefined;
  const machineRules = (): HostRule[] => {
    if (opts.publicOrigin) return [];
    if (opts.interfaces) return (machine ??= { rules: rulesOf(machineAddresses(opts.interfaces)), at: 0 }).rules;
    if (!machine || Date.now() - machine.at > ADDRESSES_FOR_MS) {
      machine = { rules: rulesOf(machineAddresses()), at: Date.now() };
    }
    return machine.rules;
  };

  return (req) => {
    const rules = [...fixed, ...machineRules()];
    const raw = req.host;
    const host = raw ? parseHost(raw) : undefined;
    if (!host) return undefined;
    const sent = req.protocol;
    const scheme: Scheme = sent === 'https' ? 'https' : 'http';
    const rule = rules.find((r) => {
      if (r.name !== host.name && !(r.subdomains && host.name.endsWith(`.${r.name}`))) return false;
      if (r.port === undefined) return true;
      // A Host without a port names the default port of the entry's scheme, else of the request's.
      const portScheme: Scheme = r.origin ? (r.origin.startsWith('https:') ? 'https' : 'http') : scheme;
      return (host.port ?? DEFAULT_PORT[portScheme]) === r.port;
    });
    if (!rule) return undefined;
    // URL drops the scheme's default port: http://localhost, not http://localhost:80.
    return rule.origin ?? new URL(`${scheme}://${host.name}${host.port === undefined ? '' : `:${host.port}`}`).origin;
  };
}
