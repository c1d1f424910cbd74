/**
 * Security headers of every answer (helmet): the SPA's Content-Security-Policy, nosniff, a referrer
 * policy, no framing, and HSTS only over HTTPS; the build's scripts and styles, which are never
 * documents, only what applies to them (nosniff, CORP, HSTS).
 *
 * - The SPA's production build loads only its own files (webpack's runtime is a file of its own,
 *   index.html has no inline script or style), so script-src and style-src are 'self'. React and
 *   antd-mobile set styles through the CSSOM, which CSP does not restrict; server HTML reaches the
 *   DOM sanitized and without style attributes (src/shared/lib/sanitize-html.ts).
 * - Images and the customer-service frame come from this server: absolute URLs on the request's
 *   public origin (req.publicOrigin, http.ts), which img-src and frame-src name per request. That is
 *   the page's own origin ('self') when its host is on the allow-list (allowed-hosts.ts), and the
 *   configured one (PUBLIC_URL, else http://localhost:<port>) when it is not. Plus the backend's
 *   origin when /api is proxied to another one, plus what CSP_IMG_SRC / CSP_FRAME_SRC add (a CDN, a
 *   third-party chat page).
 * - The API and /media answer with a policy that allows nothing (a JSON answer or an SVG opened as a
 *   page runs nothing); the small HTML pages under /media set their own (server/src/web/media).
 * - Nothing may frame the SPA or the API (frame-ancestors 'none', X-Frame-Options DENY): the
 *   customer-service page alone is framed, by the SPA (serviceFrameAncestors).
 * - HSTS only when the request came over HTTPS (req.secure: TLS, or X-Forwarded-Proto from a trusted
 *   proxy, see 'trust proxy'): sent over plain HTTP it would be ignored, and on localhost it would
 *   pin every other local project to HTTPS.
 */
import type { IncomingMessage } from 'node:http';
import helmet, { contentSecurityPolicy, strictTransportSecurity } from 'helmet';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export interface SecurityHeaderOptions {
  /**
   * The configured public origin (PUBLIC_URL), when set: named when a request has no
   * req.publicOrigin (publicOriginMiddleware, which runs first, sets it on every request).
   */
  publicOrigin?: string;
  /** The backend /api is proxied to, when it is. */
  apiTarget?: string;
  /** Extra sources for img-src and frame-src (CSP_IMG_SRC, CSP_FRAME_SRC). */
  imgSrc?: string[];
  frameSrc?: string[];
}

const SELF = "'self'";
const NONE = "'none'";
const isApiOrMedia = (p: string) => /^\/(api|merchant|media)(\/|$)/.test(p);
const isMedia = (p: string) => /^\/media(\/|$)/.test(p);

const originOf = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

const unique = <T>(list: T[]): T[] => [...new Set(list)];

/** `CSP_IMG_SRC='https://cdn.example https://img.example'` (spaces or commas) -> the list. */
export function sourceListOf(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A source of a directive: as is, or worked out for each request. */
type Source = string | ((req: IncomingMessage) => string);

/** The Content-Security-Policy the SPA is served with, as directives. */
export function spaDirectives(opts: SecurityHeaderOptions): Record<string, Source[]> {
  // The origin this request's absolute URLs are built from (http.ts, publicOriginMiddleware).
  const fallback = originOf(opts.publicOrigin)[0] ?? SELF;
  const publicOrigin: Source = (req) => (req as Partial<Request>).publicOrigin ?? fallback;
  // The configured one too: a stored absolute URL on PUBLIC_URL's origin may reach a page opened by
  // another allowed host (ALLOWED_HOSTS).
  const own = unique<Source>([SELF, publicOrigin, ...originOf(opts.publicOrigin), ...originOf(opts.apiTarget)]);
  return {
    'default-src': [SELF],
    'script-src': [SELF],
    'style-src': [SELF],
    'img-src': unique([...own, 'data:', 'blob:', ...(opts.imgSrc ?? [])]),
    'font-src': [SELF, 'data:'],
    // The request layer calls the page's own origin (src/shared/config/env.ts).
    'connect-src': [SELF],
    // The PWA: its service worker (/sw.js) and web app manifest are the SPA's own files.
    'worker-src': [SELF],
    'manifest-src': [SELF],
    'frame-src': unique([...own, ...(opts.frameSrc ?? [])]),
    'object-src': [NONE],
    'base-uri': [SELF],
    'form-action': [SELF],
    'frame-ancestors': [NONE],
  };
}

/** Directives of the API's JSON and /media's images: nothing runs, nothing frames them. */
const NOTHING: Record<string, string[]> = {
  'default-src': [NONE],
  'frame-ancestors': [NONE],
  'base-uri': [NONE],
  'form-action': [NONE],
};

/**
 * frame-ancestors of the customer-service page: the SPA of this origin frames it, and so may the
 * origins CORS_ORIGIN lets call the API (an SPA served elsewhere).
 */
export function serviceFrameAncestors(corsOrigins: string[] | '*' | undefined): string {
  return unique([SELF, ...(Array.isArray(corsOrigins) ? corsOrigins.flatMap((o) => originOf(o)) : [])]).join(' ');
}

/** The build's scripts and styles (content-hashed files under /assets). */
const isBuiltCode = (p: string) => /^\/assets\/[^/]+\.(js|css)$/.test(p);

export function securityHeaders(opts: SecurityHeaderOptions = {}): RequestHandler {
  const common = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    // Headers for browsers nobody shops with any more (IE's download prompt, Flash's and Acrobat's
    // cross-domain policies, the XSS auditors every browser removed); and DNS prefetching stays the
    // browser's default, which speeds up the links a page shows.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xDnsPrefetchControl: false,
    // Set below: same-origin, but /media's images cross-origin (the sandboxed service frame has an
    // opaque origin, and the family's client may be served from another origin).
    crossOriginResourcePolicy: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const spaCsp = contentSecurityPolicy({ useDefaults: false, directives: spaDirectives(opts) });
  const bareCsp = contentSecurityPolicy({ useDefaults: false, directives: NOTHING });
  const hsts = strictTransportSecurity({ maxAge: 180 * 24 * 60 * 60, includeSubDomains: false });
  return (req: Request, res: Response, next: NextFunction) => {
    // A script or a stylesheet is never a document: a policy, framing or opener rules in its answer
    // would go unread, and over HTTP/1.1 (no header compression) they cost a first visit some 0.6 KB
    // per file. Such a file keeps what applies to it: nosniff (it runs only as the type it is),
    // same-origin CORP, and HSTS over HTTPS.
    if (isBuiltCode(req.path)) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      if (req.secure) hsts(req, res, next);
      else next();
      return;
    }
    common(req, res, (err?: unknown) => {
      if (err) return next(err);
      const apiOrMedia = isApiOrMedia(req.path);
      res.setHeader('Cross-Origin-Resource-Policy', isMedia(req.path) ? 'cross-origin' : 'same-origin');
      const csp = apiOrMedia ? bareCsp : spaCsp;
      if (req.secure) hsts(req, res, () => csp(req, res, next));
      else csp(req, res, next);
    });
  };
}
