import type { NextFunction, Request, Response } from 'express';
import { resolveLocale, t, type Locale, type MessageKey, type MessageVars } from './i18n';

export interface AuthContext {
  userId: number;
  sessionId: number;
}

// Express's Request, as every handler sees it (module augmentation: no global namespace needed).
declare module 'express-serve-static-core' {
  interface Request {
    /** Locale of the server's messages, from the `lang` header. */
    locale: Locale;
    /** Set when the request carries a valid `token` header. */
    auth?: AuthContext;
    /**
     * The origin absolute URLs are built from (publicOriginMiddleware): the request's own when its
     * host is on the allow-list (allowed-hosts.ts), else the configured one; never a forged Host.
     */
    publicOrigin: string;
  }
}

/** Whether a path belongs to the API (/api and /merchant), which the contract describes. */
export const isApiPath = (p: string) => /^\/(api|merchant)(\/|$)/.test(p);

/** The envelope every API response uses (common.md). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
}

/**
 * An error with its HTTP status and envelope. `message` is a catalog key (translated at send time)
 * unless `raw` is set, in which case it is sent as is.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey | null,
    readonly raw?: string,
    readonly code: number = status === 401 ? 401 : 0,
  ) {
    super(raw ?? key ?? 'error');
  }
  text(locale: Locale): string {
    return this.raw ?? (this.key ? t(locale, this.key) : '');
  }
}

/** A field-validation failure: HTTP 400, code 0. */
export const badRequest = (key: MessageKey) => new ApiError(400, key);
/** A business failure: HTTP 200, code 0. */
export const refused = (key: MessageKey) => new ApiError(200, key);
export const unauthorized = () => new ApiError(401, 'Please login first');

/** A business failure (HTTP 200, code 0) with a localized message (a message with values: `{n}`, `{title}`). */
export const refuse = (req: Request, key: MessageKey, vars?: MessageVars) =>
  new ApiError(200, null, t(req.locale, key, vars));

/** HTTP 400 naming a field, for a request no client would build: 'cart_ids: is invalid'. */
export const fieldInvalid = (req: Request, field: string) =>
  new ApiError(400, null, `${field}: ${t(req.locale, 'is invalid')}`);

/** The success envelope with a localized message. */
export function success<T>(req: Request, key: MessageKey, data: T) {
  return { code: 1, msg: t(req.locale, key), data };
}

export function sendSuccess<T>(req: Request, res: Response, key: MessageKey, data: T): void {
  res.json(success(req, key, data));
}

export function ok<T>(req: Request, res: Response, data: T, key: MessageKey = 'Success'): void {
  const body: Envelope<T> = { code: 1, msg: t(req.locale, key), data };
  res.json(body);
}

export function localeMiddleware(req: Request, _res: Response, next: NextFunction): void {
  req.locale = resolveLocale(req.get('lang'));
  next();
}

export function requireAuth(req: Request): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/**
 * The public origin of `PUBLIC_URL` (e.g. 'https://shop.example.com'); undefined when unset or empty.
 * Throws on anything but an http(s) origin: the SPA is served from '/', so a path cannot work.
 */
export function publicOriginOf(setting: string | undefined): string | undefined {
  const value = setting?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: ${value}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.replace(/\/+$/, '') !== '' || url.search)
    throw new Error(`PUBLIC_URL must be an http(s) origin such as https://shop.example.com, not ${value}`);
  return url.origin;
}

/**
 * Sets req.publicOrigin, the one place every absolute URL the server writes takes its origin from:
 * the request's own scheme and host when the host is on the allow-list (`allowedOrigin`,
 * allowed-hosts.ts: without PUBLIC_URL the loopback names and this machine's addresses, with it its
 * host; plus ALLOWED_HOSTS), so the demo works from http://127.0.0.1:8080 and from a phone at the
 * machine's LAN address; else the configured public origin, else http://localhost:<port> (the port
 * the request came in on, as `npm start` prints it). A Host or X-Forwarded-Host off the list never reaches an answer: a forged
 * one must not turn the image and customer-service links of an answer into someone else's site
 * (Host header poisoning). The database keeps root-relative paths ('/media/..'), made absolute on
 * the way out (absoluteUrl), so what was stored through one host reads back on another.
 */
export function publicOriginMiddleware(
  configured: string | undefined,
  allowedOrigin: (req: Request) => string | undefined = () => undefined,
) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    req.publicOrigin = allowedOrigin(req) ?? configured ?? `http://localhost:${req.socket.localPort ?? 80}`;
    next();
  };
}

/**
 * Whether `url`, as a client sends back an absolute URL this server wrote (on whichever host it
 * used) or a root-relative one, names the stored root-relative `path` ('/media/avatar/a.svg').
 */
export function namesStoredPath(url: string, path: string): boolean {
  if (!path.startsWith('/')) return false;
  try {
    const parsed = new URL(url.trim(), 'http://x');
    return parsed.pathname + parsed.search === path;
  } catch {
    return false;
  }
}

/** Makes a stored '/media/..' path absolute on the public origin; absolute URLs pass. */
export function absoluteUrl(req: Request, path: string): string {
  if (!path) return '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  return `${req.publicOrigin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * A moment (Unix seconds) as the backend family writes dates (createtime, updatetime): display text
 * 'YYYY-MM-DD HH:mm:ss', here in UTC (BACKEND-FAMILY.md, Conventions; the contract's DateTime).
 */
export function displayTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Image paths as the family sends a list of images in one field: absolute URLs joined by commas
 * ('' when none; BACKEND-FAMILY.md, Conventions).
 */
export function commaUrlList(req: Request, paths: readonly string[]): string {
  return paths
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => absoluteUrl(req, p))
    .join(',');
}

/**
 * page >= 1 (default 1), limit 1..maxLimit (default 10; 50 unless the operation allows more), from
 * already-validated query values.
 */
/** The largest page number the contract accepts (components.parameters.Page). */
export const MAX_PAGE = 100000;

export function paging(
  query: Record<string, unknown>,
  defaultLimit = 10,
  maxLimit = 50,
): { page: number; limit: number; offset: number } {
  const int = (v: unknown, d: number) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isInteger(n) ? n : d;
  };
  // The contract bounds page to 1..100000; clamped here too, so an offset is always a small integer.
  const page = Math.min(MAX_PAGE, Math.max(1, int(query.page, 1)));
  const limit = Math.min(maxLimit, Math.max(1, int(query.limit, defaultLimit)));
  return { page, limit, offset: (page - 1) * limit };
}

/** Reads a string field of a JSON body or query; '' when absent. */
export function str(source: unknown, name: string): string {
  if (source && typeof source === 'object') {
    const v = (source as Record<string, unknown>)[name];
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return String(v);
  }
  return '';
}

/** A positive integer body or query field, or null. */
export function positiveInt(source: unknown, name: string): number | null {
  const raw = str(source, name).trim();
  if (!/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

/** '3,7,3' -> [3, 7]; null when it is not a comma list of positive integers. */
export function commaIds(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length || !parts.every((p) => /^\d{1,15}$/.test(p) && Number(p) > 0)) return null;
  return [...new Set(parts.map(Number))];
}

/** Comma list of URLs, trimmed, empty entries dropped. */
export const commaUrls = (text: string) =>
  text
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
