import { statSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type NextFunction, type Router } from 'express';
import { buildFile } from './build-file';
import { acceptedEncodings } from './compress';
import { themedDocument, type DrawnPage, type FrameDrawer } from './frame';
import { routePreloads } from './route-chunks';

/** Content-hashed file names, e.g. main.3f2a9c1b.js or 812.a1b2c3d4e5.chunk.css. */
const HASHED = /[.-][0-9a-f]{8,}\./i;
const NOT_SPA = /^\/(api|merchant|media)(\/|$)/;
/** The build's route manifest (scripts/lib/route-chunks.cjs): public asset names only. */
const ROUTE_CHUNKS = 'route-chunks.json';
/** Files the build pre-compresses (scripts/compress-dist.mjs writes name.br and name.gz beside them). */
const PRECOMPRESSED = /\.(js|css|svg|json|webmanifest|txt)$/i;
/** Our preference among the encodings the build writes: Brotli is smaller, gzip is everywhere. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Whether a request is for a page: it asks for HTML, or it is a browser's navigation to a document,
 * whatever its Accept says. WebKit sometimes sends a page's request again from the service worker
 * without the navigation's Accept (src/sw/sw.ts no longer gives it cause); a navigation answered with
 * the plain 'Not found' below is a blank page. A script's fetch of a page URL still gets the 404.
 */
function wantsDocument(req: Request): boolean {
  if (req.get('sec-fetch-mode') === 'navigate' || req.get('sec-fetch-dest') === 'document') return true;
  return Boolean(req.accepts('html')) && (req.get('accept') ?? '').includes('text/html');
}

const cacheControlOf = (file: string) =>
  HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';

/** Types express.static may not know (the PWA's manifest, application/manifest+json by the W3C spec). */
const TYPES: Record<string, string> = { '.webmanifest': 'application/manifest+json; charset=utf-8' };

/** Whether a file exists, remembered (dist/ does not change under a running server). */
function fileChecker(): (file: string) => boolean {
  const exists = new Map<string, boolean>();
  return (file) => {
    let known = exists.get(file);
    if (known === undefined) {
      try {
        known = statSync(file).isFile();
      } catch {
        known = false;
      }
      exists.set(file, known);
    }
    return known;
  };
}

/**
 * The build's pre-compressed variant of a text asset: Brotli when the request accepts it, else
 * gzip; with the plain file's Content-Type and `Vary: Accept-Encoding`. Anything else goes on.
 */
function precompressed(root: string, isFile: (file: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED.test(req.path)) {
      next();
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      next();
      return;
    }
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep) || relative.includes('\0') || !isFile(file)) {
      next();
      return;
    }
    const variants = ENCODINGS.filter((e) => isFile(file + e.suffix));
    if (variants.length === 0) {
      next();
      return;
    }
    res.vary('Accept-Encoding');
    const accepts = acceptedEncodings(req.get('accept-encoding'));
    const chosen = variants.find((e) => accepts(e.name));
    if (!chosen) {
      next();
      return;
    }
    res.setHeader('Content-Encoding', chosen.name);
    res.setHeader('Cache-Control', cacheControlOf(file));
    const type = TYPES[path.extname(file)];
    if (type) res.setHeader('Content-Type', type);
    else res.type(path.extname(file));
    res.sendFile(file + chosen.suffix, { dotfiles: 'deny', cacheControl: false }, (err) => {
      if (!err) return;
      if (res.headersSent) {
        next(err);
        return;
      }
      res.removeHeader('Content-Encoding');
      next();
    });
  };
}

/**
 * The route's document: index.html as `draw` drew it, announcing the chunks its first render loads.
 * When the frame already holds the page's largest paint, the route's chunks are asked for once it
 * has painted (src/boot.ts takes them out of the inert <template>): they are needed only after the
 * entry scripts ran, and asked for at once they would share the first round trips with the picture.
 * Otherwise (a page whose screen needs its code to draw anything) at once, beside the entry
 * scripts. A frame drawn with the screen's own classes (/bag) needs its styles at once, linked.
 * The entry scripts themselves are not held: the screen needs them first, and held until the
 * paint they reached a throttled phone's screen 0.15-0.6 s later for a paint only 0-50 ms sooner.
 */
function routeDocument(root: string, draw?: FrameDrawer) {
  const indexHtml = buildFile(path.join(root, 'index.html'), (text) => text, '');
  const preloadsOf = routePreloads(path.join(root, ROUTE_CHUNKS));
  return (req: Request, res: Response, next: NextFunction) => {
    if (NOT_SPA.test(req.path) || !wantsDocument(req)) {
      next();
      return;
    }
    const index = indexHtml();
    if (!index) {
      next();
      return;
    }
    const page: DrawnPage = draw ? draw(req, { html: index }) : { html: index };
    // The chosen theme on <html> (the document already differs by Cookie, below).
    let html = themedDocument(page.html, req.get('cookie'));
    // A document differs by its cookies (the language of /login's hero, the shopper's bag): private,
    // and kept apart per Cookie by any cache. One that holds the shopper's own data is not stored at all.
    res.setHeader('Cache-Control', page.frame?.personal ? 'private, no-store' : 'private, no-cache');
    res.vary('Cookie');
    const screenStyles = page.frame?.screenStyles === true;
    const tags = preloadsOf(req.path, { linkStyles: screenStyles });
    const tagsOf = (keep: (kind: string) => boolean) =>
      tags
        .filter((tag) => keep(tag.kind))
        .map((tag) => tag.tag)
        .join('');
    let announced = tagsOf(() => true);
    if (page.frame) {
      const held = tagsOf((kind) => !screenStyles || kind === 'script');
      announced = `${screenStyles ? tagsOf((kind) => kind === 'style') : ''}${held ? `<template data-after-paint>${held}</template>` : ''}`;
    }
    if (announced) html = html.replace('</head>', `${announced}</head>`);
    res.type('html').send(html);
  };
}

/**
 * Serves the built SPA: hashed assets cached for a year (immutable), everything else
 * (index.html, the service worker sw.js, the manifest and its icons) revalidated on every load, so a
 * new deployment is seen at once and its service worker installs; and index.html for client-side routes.
 * Text assets go out pre-compressed when the build wrote variants: Brotli when the request accepts
 * it, else gzip, else the plain file; always with the plain file's Content-Type and
 * `Vary: Accept-Encoding`, so a shared cache keeps one copy per encoding.
 * A route's document announces the chunks its first render loads (route-chunks.ts); `draw` (optional)
 * writes more into it first (e.g. the LCP picture's preload and the frame that draws it, frame.ts).
 */
export function staticSite(dir: string, draw?: FrameDrawer): Router {
  const root = path.resolve(dir);
  const router = express.Router();
  router.use(precompressed(root, fileChecker()));
  router.use(
    express.static(root, {
      index: false,
      setHeaders(res, file) {
        const type = TYPES[path.extname(file)];
        if (type) res.setHeader('Content-Type', type);
        res.setHeader('Cache-Control', cacheControlOf(file));
      },
    }),
  );
  router.get(/.*/, routeDocument(root, draw));
  return router;
}
