import path from 'node:path';
import express, { type Request, type Response, type NextFunction, type Router } from 'express';

/** Content-hashed file names, e.g. main.3f2a9c1b.js or 812.a1b2c3d4e5.chunk.css. */
const HASHED = /[.-][0-9a-f]{8,}\./i;
const NOT_SPA = /^\/(api|merchant|media)(\/|$)/;

/** Types express.static may not know (the PWA's manifest, application/manifest+json by the W3C spec). */
const TYPES: Record<string, string> = { '.webmanifest': 'application/manifest+json; charset=utf-8' };

/**
 * Serves the built SPA: hashed assets cached for a year (immutable), everything else
 * (index.html, the service worker sw.js, the manifest and its icons) revalidated on every load, so a
 * new deployment is seen at once and its service worker installs; and index.html for client-side routes.
 */
export function staticSite(dir: string): Router {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  const router = express.Router();
  router.use(
    express.static(root, {
      index: false,
      setHeaders(res, file) {
        const type = TYPES[path.extname(file)];
        if (type) res.setHeader('Content-Type', type);
        res.setHeader(
          'Cache-Control',
          HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
  );
  router.get(/.*/, (req: Request, res: Response, next: NextFunction) => {
    if (NOT_SPA.test(req.path) || !req.accepts('html') || !(req.get('accept') ?? '').includes('text/html')) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index, (err) => {
      if (err) next();
    });
  });
  return router;
}
