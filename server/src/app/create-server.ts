/**
 * createServer: the Express app with everything wired in order. Security headers and the public
 * origin first; then the API proxy (API_TARGET) or the API itself (app/api.ts); uploads and /media;
 * the SPA's documents and files (web/); the plain 404; and the error envelopes (platform/errors.ts).
 */
import { rmSync } from 'node:fs';
import express, { type Express, type Request, type Response } from 'express';
import { orderExpiry } from '../areas/orders/order-expiry';
import type { AttemptLimits } from '../platform/auth/attempt-limits';
import { allowedOriginOf } from '../platform/allowed-hosts';
import { nowSeconds, openDatabase, type Db } from '../platform/db';
import { apiErrorHandler } from '../platform/errors';
import { securityHeaders } from '../platform/headers';
import { localeMiddleware, publicOriginMiddleware, publicOriginOf } from '../platform/http';
import { rpIdOf } from '../shared/passkeys';
import { defaultRegionOf } from '../shared/phone';
import { EncodeGate, IMAGE_RULES, VariantStore, type EncodeOptions } from '../platform/images';
import { UploadRewriter, type RewriteReport } from '../shared/upload-rewrite';
import { DEFAULT_UPLOAD_QUOTA, STORED_NAME, UPLOAD_URL_PREFIX, type UploadQuota } from '../shared/uploads';
import { apiProxy } from '../web/api-proxy';
import { bagFrame } from '../web/bag-frame';
import { gzipMiddleware } from '../web/compress';
import { signInFrame } from '../web/frame';
import { picturesRouter } from '../web/media/pictures';
import { mediaRouter } from '../web/media/router';
import { lcpPreload } from '../web/preload';
import { pictureTemplateMeta, REFERENCE_PICTURE_TEMPLATE } from '../web/picture-template';
import { staticSite } from '../web/static';
import { apiRouter } from './api';
import { catalogDirOf, startOrderSweep, startPurges, uploadsDirOf, variantsDirOf } from './housekeeping';

/** The catalogue's photographs: fixed names (the seed's), one path segment, a raster extension. */
const CATALOG_NAME = /^[\w-][\w.-]{0,150}\.(jpe?g|png|webp)$/i;

export interface ServerOptions {
  /** A file path, or ':memory:' in tests. */
  databaseFile: string;
  /**
   * The first start's data: called with the opened, migrated database before the server reads it,
   * and it decides whether there is anything to do (main.ts and the test server pass tools/seed's
   * seedIfEmpty). Handed in, so that the app does not import the tools that import it.
   */
  seed?: (db: Db) => void;
  /** Built SPA to serve (with SPA fallback). */
  staticDir?: string;
  /** Proxy /api and /merchant to this backend instead of serving them. */
  apiTarget?: string;
  /** One line per request, and server errors. Never receives tokens or passwords. */
  log?: (line: string) => void;
  /** The contract to validate against; defaults to openapi/openapi.yaml. */
  openapiFile?: string;
  /**
   * Where uploaded images are stored (served under /media/uploads/). Default: `uploads` next to the
   * database file; for ':memory:' a fresh temporary directory, removed by close().
   */
  uploadsDir?: string;
  /**
   * Region (ISO 3166 code, e.g. 'US', 'TH') of a mobile number sent without a calling code and
   * without a leading '+' (the backend family's client sends address mobiles so). Default 'US'.
   */
  defaultRegion?: string;
  /** Origins allowed to call /api and /merchant from a browser; '*' (the default) allows every origin. */
  corsOrigins?: string[] | '*';
  /**
   * The origin shoppers reach this server at (PUBLIC_URL, e.g. https://shop.example.com): the
   * absolute URLs the API sends (images, customer service, uploads) are built from it for its own
   * host and for every host not on the allow-list (platform/allowed-hosts.ts). Unset: requests by a loopback
   * name or one of this machine's addresses get URLs on their own host, the others
   * http://localhost:<port>.
   */
  publicUrl?: string;
  /**
   * More hosts whose requests get absolute URLs on their own host (ALLOWED_HOSTS): `name`,
   * `name:port`, `.domain` or `https://name[:port]` (platform/allowed-hosts.ts).
   */
  allowedHosts?: string[];
  /** Extra img-src / frame-src sources of the SPA's Content-Security-Policy (CSP_IMG_SRC, CSP_FRAME_SRC). */
  cspImgSrc?: string[];
  cspFrameSrc?: string[];
  /**
   * The image-URL template the SPA asks for pictures' widths through (common/picture.ts; README,
   * Pictures; PICTURE_URL_TEMPLATE). Default: this server's own `{url}?w={width}`, or none in front
   * of another backend (apiTarget), whose plain URLs are then used as they come. '' means none.
   */
  pictureUrlTemplate?: string;
  /** What one shopper may upload in a rolling day; default 50 files and 50 MB (stored bytes). */
  uploadQuota?: Partial<UploadQuota>;
  /**
   * The catalogue's photographs, served under /media/catalog/ (with variants). Default: `catalog`
   * next to the database file; for ':memory:' none (those URLs answer 404).
   */
  catalogDir?: string;
  /**
   * Where picture variants are cached. Default: `variants` next to the database file; for ':memory:'
   * a fresh temporary directory, removed by close().
   */
  variantsDir?: string;
  /** Whole seconds one picture may take to decode and encode (sharp's timeout). Default 10. */
  imageTimeoutSeconds?: number;
  /** Failed-login, reset-code and send limits (platform/auth/attempt-limits.ts); defaults for anything left out. */
  attemptLimits?: Partial<AttemptLimits>;
  /**
   * Minutes an unpaid order reserves its stock before it expires (is cancelled and its stock
   * returns). Default 30 (env UNPAID_ORDER_TTL_MINUTES).
   */
  unpaidOrderTtlMinutes?: number;
  /** Unpaid payment numbers one shopper may hold at once; submitOrder refuses more. Default 5. */
  maxUnpaidOrders?: number;
  /** How often expired unpaid orders are swept without any request, in milliseconds. Default 60 000. */
  orderSweepMs?: number;
  /**
   * The current time in Unix seconds for deadlines: unpaid orders' and passkey challenges'. Default
   * the system clock; tests move it.
   */
  clock?: () => number;
  /**
   * The passkeys' relying party ID (WebAuthn): a host name, the shop's public one. Default the host
   * of `publicUrl`, else localhost. Passkeys made for one RP ID work only on that host and under it.
   */
  passkeyRpId?: string;
}

export interface ShopServer {
  app: Express;
  db: Db;
  uploadsDir: string;
  variantsDir: string;
  /**
   * The rewrite of uploads stored before they were re-encoded, started with the server
   * (shared/upload-rewrite.ts): settles when every pending one has been tried.
   */
  uploadsRewritten: Promise<RewriteReport>;
  close(): void;
}

/**
 * Method, path (without the query string), status, duration. Headers and bodies are never logged,
 * so neither the token header nor a password can reach the log.
 */
function requestLog(log: (line: string) => void) {
  return (req: Request, res: Response, next: () => void) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      log(`${req.method} ${req.originalUrl.split('?')[0]} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}

/**
 * The SPA's documents and files. The route's largest picture is announced in the document, and the
 * shopper's bag drawn in it, from this server's own data; in front of another backend (apiTarget)
 * that data is not ours to announce. The sign-in hero's texts are the SPA's own, in front of any
 * backend.
 */
function spaSite(db: Db, staticDir: string, apiTarget: string | undefined, pictureUrlTemplate: string | undefined) {
  const template = (pictureUrlTemplate ?? (apiTarget ? '' : REFERENCE_PICTURE_TEMPLATE)).trim();
  const frames = [
    pictureTemplateMeta(template),
    signInFrame(staticDir),
    ...(apiTarget ? [] : [lcpPreload(db, template || undefined), bagFrame(db, staticDir, template || undefined)]),
  ];
  return staticSite(staticDir, (req, page) => frames.reduce((drawn, frame) => frame(req, drawn), page));
}

export function createServer(opts: ServerOptions): ShopServer {
  const defaultRegion = defaultRegionOf(opts.defaultRegion);
  const db = openDatabase(opts.databaseFile);
  opts.seed?.(db);
  const uploadQuota: UploadQuota = { ...DEFAULT_UPLOAD_QUOTA, ...opts.uploadQuota };
  const uploads = uploadsDirOf(opts.databaseFile, opts.uploadsDir);
  const uploadsDir = uploads.dir;
  const variantsPlace = variantsDirOf(opts.databaseFile, opts.variantsDir);
  const catalogDir = catalogDirOf(opts.databaseFile, opts.catalogDir);

  const publicOrigin = publicOriginOf(opts.publicUrl);
  // The allow-list, with this machine's addresses as they are now, when the server starts.
  const allowedOrigin = allowedOriginOf({ publicOrigin, allowedHosts: opts.allowedHosts });
  const purgeTimer = startPurges(db, uploadsDir, {
    dir: variantsPlace.dir,
    sources: { uploads: uploadsDir, catalog: catalogDir },
  });

  const log = opts.log;
  const reportError = (line: string) => (log ? log(line) : console.error(line));
  // One gate for every encode of this server, 2 at a time: uploads (at most 8 waiting, each holding
  // its body of up to 20 MB), the rewrite of old uploads and variants (a page's first visit asks for
  // many; each waits holding only a stored picture).
  const images: EncodeOptions = {
    gate: new EncodeGate(2, 8),
    timeoutSeconds: opts.imageTimeoutSeconds ?? IMAGE_RULES.timeoutSeconds,
  };
  const served: EncodeOptions = { ...images, maxWaiting: 256 };
  const variants = new VariantStore(variantsPlace.dir, served);
  const rewriter = new UploadRewriter(db, uploadsDir, served, reportError);
  const uploadsRewritten = rewriter.rewritePending().then((report) => {
    const { rewritten, unreadable, deferred } = report;
    if (rewritten.length + unreadable.length + deferred.length > 0) {
      reportError(
        `uploads: ${rewritten.length} rewritten, ${unreadable.length} unreadable (removed), ${deferred.length} left for later`,
      );
    }
    return report;
  });
  const expiry = orderExpiry(db, {
    ttlMinutes: opts.unpaidOrderTtlMinutes,
    maxUnpaid: opts.maxUnpaidOrders,
    now: opts.clock ?? nowSeconds,
  });
  const sweepTimer = startOrderSweep(db, expiry, reportError, opts.orderSweepMs);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'extended');
  if (log) app.use(requestLog(log));
  // First: the SPA's Content-Security-Policy names the request's public origin too.
  app.use(publicOriginMiddleware(publicOrigin, allowedOrigin));
  app.use(
    securityHeaders({ publicOrigin, apiTarget: opts.apiTarget, imgSrc: opts.cspImgSrc, frameSrc: opts.cspFrameSrc }),
  );
  if (opts.apiTarget) app.use(apiProxy(opts.apiTarget));
  app.use(gzipMiddleware);
  app.use(localeMiddleware);
  // Stored pictures and their variants (web/media/pictures.ts): uploads once re-encoded, and the
  // catalogue's photographs.
  app.use(
    UPLOAD_URL_PREFIX.replace(/\/$/, ''),
    picturesRouter(
      { space: 'uploads', dir: uploadsDir, names: STORED_NAME, ready: (name) => rewriter.ready(name) },
      variants,
      reportError,
    ),
  );
  app.use(
    '/media/catalog',
    picturesRouter({ space: 'catalog', dir: catalogDir, names: CATALOG_NAME }, variants, reportError),
  );
  app.use('/media', mediaRouter(db, opts.corsOrigins));
  if (!opts.apiTarget) {
    app.use(
      apiRouter({
        db,
        expiry,
        uploadsDir,
        uploadQuota,
        images,
        defaultRegion,
        corsOrigins: opts.corsOrigins,
        attemptLimits: opts.attemptLimits,
        openapiFile: opts.openapiFile,
        // send_code writes the code to the log (no SMS in the demo); stdout when no log is given.
        log: log ?? ((line) => console.log(line)),
        reportError,
        passkeys: { rpId: opts.passkeyRpId ?? rpIdOf(publicOrigin), now: opts.clock ?? nowSeconds },
      }),
    );
  }
  if (opts.staticDir) app.use(spaSite(db, opts.staticDir, opts.apiTarget, opts.pictureUrlTemplate));
  // Express's own 404 page would replace the security headers' policy with its own.
  app.use((_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(apiErrorHandler(reportError));

  return {
    app,
    db,
    uploadsDir,
    variantsDir: variantsPlace.dir,
    uploadsRewritten,
    close() {
      clearInterval(purgeTimer);
      clearInterval(sweepTimer);
      rewriter.stop();
      if (db.open) db.close();
      if (uploads.temporary) rmSync(uploadsDir, { recursive: true, force: true });
      if (variantsPlace.temporary) rmSync(variantsPlace.dir, { recursive: true, force: true });
    },
  };
}
