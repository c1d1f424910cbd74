import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, {
  type ErrorRequestHandler,
  type Express,
  type Request,
  type Response,
  type NextFunction,
} from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { allowedOriginOf } from '../platform/allowed-hosts';
import { AttemptGuards, type AttemptLimits } from '../platform/auth/attempt-limits';
import { authMiddleware, purgeExpiredSessions } from '../platform/auth/sessions';
import { gzipMiddleware } from '../web/compress';
import { apiCors } from '../platform/cors';
import { nowSeconds, openDatabase, type Db } from '../platform/db';
import { securityHeaders } from '../platform/headers';
import {
  ApiError,
  localeMiddleware,
  publicOriginMiddleware,
  publicOriginOf,
  unauthorized,
  type Envelope,
} from '../platform/http';
import { purgeIdempotencyKeys } from '../platform/idempotency';
import { resolveLocale, t, type MessageKey } from '../platform/i18n';
import { mediaRouter } from '../web/media/router';
import { DEFAULT_ORDER_SWEEP_MS, orderExpiry } from '../areas/orders/order-expiry';
import { DEFAULT_OPENAPI_FILE, describeIssue, isValidatorError, openApiValidator } from '../platform/contract/openapi';
import { shopperRefusal } from '../platform/contract/refusals';
import { accountRouter } from '../areas/account/account';
import { addressRouter } from '../areas/address/address';
import { cartRouter } from '../areas/cart/cart';
import { catalogRouter } from '../areas/catalog/catalog';
import { homeRouter } from '../areas/support/home';
import { checkoutRouter } from '../areas/orders/checkout';
import { orderRouter } from '../areas/orders/orders';
import { shopServiceRouter } from '../areas/support/shop-service';
import {
  DEFAULT_UPLOAD_QUOTA,
  defaultUploadsDir,
  removeOrphanUploads,
  uploadGuard,
  UPLOAD_URL_PREFIX,
  type UploadQuota,
} from '../shared/uploads';
import { uploadsRouter } from '../areas/uploads/uploads.routes';
import { userRouter } from '../areas/account/user';
import { defaultRegionOf } from '../shared/phone';
import { walletRouter } from '../areas/wallet/wallet';
import { isSeeded, seed } from '../tools/seed';
import { bagFrame } from '../web/bag-frame';
import { signInFrame } from '../web/frame';
import { lcpPreload } from '../web/preload';
import { staticSite } from '../web/static';

export type Database = Db;

export interface ServerOptions {
  /** A file path, or ':memory:' in tests. */
  databaseFile: string;
  /** Fill an empty database with the demo data. */
  seed?: boolean;
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
   * host and for every host not on the allow-list (allowed-hosts.ts). Unset: requests by a loopback
   * name or one of this machine's addresses get URLs on their own host, the others
   * http://localhost:<port>.
   */
  publicUrl?: string;
  /**
   * More hosts whose requests get absolute URLs on their own host (ALLOWED_HOSTS): `name`,
   * `name:port`, `.domain` or `https://name[:port]` (allowed-hosts.ts).
   */
  allowedHosts?: string[];
  /** Extra img-src / frame-src sources of the SPA's Content-Security-Policy (CSP_IMG_SRC, CSP_FRAME_SRC). */
  cspImgSrc?: string[];
  cspFrameSrc?: string[];
  /** What one shopper may upload in a rolling day; default 50 files and 50 MB. */
  uploadQuota?: Partial<UploadQuota>;
  /** Failed-login, reset-code and send limits (attempt-limits.ts); defaults for anything left out. */
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
  /** The current time in Unix seconds for order deadlines. Default the system clock; tests move it. */
  clock?: () => number;
}

export interface ShopServer {
  app: Express;
  db: Db;
  uploadsDir: string;
  close(): void;
}

const isApi = (p: string) => /^\/(api|merchant)(\/|$)/.test(p);

/**
 * Error envelopes are sent as serialized text, not res.json: the response validator hooks
 * res.json, and an error about an invalid response must not itself be re-validated.
 */
function sendEnvelope(res: Response, status: number, body: Envelope<null>): void {
  res.status(status).type('application/json').send(JSON.stringify(body));
}

/** The message of a multer limit error (its text, as express-openapi-validator passes it on). */
function multerRefusal(message: string): MessageKey | null {
  if (message === 'File too large') return 'The image must be at most 5 MB';
  if (message === 'Too many files') return 'Upload one image at a time';
  if (/^(Too many parts|Too many fields|Field value too long|Field name too long|Unexpected file field)$/.test(message))
    return 'Please upload the image alone, without other data';
  return null;
}

export function createServer(opts: ServerOptions): ShopServer {
  const defaultRegion = defaultRegionOf(opts.defaultRegion);
  const db = openDatabase(opts.databaseFile);
  if (opts.seed && !isSeeded(db)) seed(db);
  const uploadQuota: UploadQuota = { ...DEFAULT_UPLOAD_QUOTA, ...opts.uploadQuota };

  const temporaryUploads = !opts.uploadsDir && opts.databaseFile === ':memory:';
  const uploadsDir = opts.uploadsDir
    ? path.resolve(opts.uploadsDir)
    : temporaryUploads
      ? mkdtempSync(path.join(tmpdir(), 'shop-uploads-'))
      : defaultUploadsDir(opts.databaseFile);
  mkdirSync(uploadsDir, { recursive: true });

  const publicOrigin = publicOriginOf(opts.publicUrl);
  // The allow-list, with this machine's addresses as they are now, when the server starts.
  const allowedOrigin = allowedOriginOf({ publicOrigin, allowedHosts: opts.allowedHosts });
  const purge = () => {
    purgeExpiredSessions(db);
    purgeIdempotencyKeys(db);
    // Uploads no record uses, a day after their upload (DESIGN.md 3.4: uploads are limited).
    removeOrphanUploads(db, uploadsDir);
  };
  purge();
  const purgeTimer = setInterval(purge, 60 * 60 * 1000);
  purgeTimer.unref();

  const log = opts.log;
  const reportError = (line: string) => (log ? log(line) : console.error(line));

  const expiry = orderExpiry(db, {
    ttlMinutes: opts.unpaidOrderTtlMinutes,
    maxUnpaid: opts.maxUnpaidOrders,
    now: opts.clock ?? nowSeconds,
  });
  // Expired unpaid orders give their stock back even when nobody sends a request.
  const sweepTimer = setInterval(() => {
    if (!db.open) return;
    try {
      expiry.expireDue();
    } catch (error) {
      reportError(`ERROR order expiry sweep: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, opts.orderSweepMs ?? DEFAULT_ORDER_SWEEP_MS);
  sweepTimer.unref();

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'extended');

  if (log) {
    // Method, path (without the query string), status, duration. Headers and bodies are never
    // logged, so neither the token header nor a password can reach the log.
    app.use((req, res, next) => {
      const start = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        log(`${req.method} ${req.originalUrl.split('?')[0]} ${res.statusCode} ${ms.toFixed(1)}ms`);
      });
      next();
    });
  }

  // First: the SPA's Content-Security-Policy names the request's public origin too.
  app.use(publicOriginMiddleware(publicOrigin, allowedOrigin));
  app.use(
    securityHeaders({ publicOrigin, apiTarget: opts.apiTarget, imgSrc: opts.cspImgSrc, frameSrc: opts.cspFrameSrc }),
  );

  if (opts.apiTarget) {
    app.use(
      createProxyMiddleware({
        target: opts.apiTarget,
        changeOrigin: true,
        pathFilter: (p: string) => isApi(p),
        xfwd: true,
      }),
    );
  }

  app.use(gzipMiddleware);
  app.use(localeMiddleware);
  // Uploaded images: random names, so cached for good; only sniffed image types are ever stored.
  app.use(
    UPLOAD_URL_PREFIX.replace(/\/$/, ''),
    express.static(uploadsDir, {
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
    }),
  );
  app.use('/media', mediaRouter(db, opts.corsOrigins));

  if (!opts.apiTarget) {
    const api = express.Router();
    const corsHandler = apiCors(opts.corsOrigins);
    api.use((req: Request, res: Response, next: NextFunction) =>
      isApi(req.path) ? corsHandler(req, res, next) : next(),
    );
    api.use(express.json({ limit: '1mb' }));
    api.use(authMiddleware(db));
    // Before any API request is answered, unpaid orders past their deadline are cancelled and their
    // stock returned, so every read (orders, payment, stock) and every checkout sees the deadline kept.
    api.use((req: Request, _res: Response, next: NextFunction) => {
      if (isApi(req.path)) expiry.expireDue();
      next();
    });
    // Refuse an upload without a valid token before its body (up to 5 MB) is read.
    api.post('/merchant/common/upload', (req: Request, _res: Response, next: NextFunction) =>
      next(req.auth ? undefined : unauthorized()),
    );
    // ... and one too large or over the shopper's daily quota, also before its body is read.
    api.post('/merchant/common/upload', uploadGuard(db, uploadQuota));
    const validator = openApiValidator(opts.openapiFile ?? DEFAULT_OPENAPI_FILE);
    if (validator) api.use(validator);
    else reportError('WARNING: openapi/openapi.yaml not found; requests and responses are NOT validated');
    const guards = new AttemptGuards(opts.attemptLimits);
    api.use('/api/user', userRouter(db, guards));
    api.use('/api/user', walletRouter(db, guards));
    // send_code writes the code to the log (no SMS in the demo); stdout when no log is given.
    api.use('/api/user', accountRouter(db, guards, log ?? ((line) => console.log(line))));
    api.use('/api/user', addressRouter(db, defaultRegion));
    api.use('/api/user', shopServiceRouter(db));
    api.use(uploadsRouter({ db, uploadsDir, quota: uploadQuota }));
    api.use('/api/index', homeRouter(db));
    // Catalog and shops: /api/index/*, /api/product/*, like_list, follow_list, /api/merchant/*.
    api.use(catalogRouter(db));
    // The bag: /api/cart/*.
    api.use(cartRouter(db));
    // Checkout and payment (/api/order/merCreate, merSubmit, merPay, /api/user/pay) and orders
    // (/api/user/order_list, /api/order/*).
    api.use(checkoutRouter(db, expiry));
    api.use(orderRouter(db, expiry));
    // Anything under /api or /merchant that no route answered: an envelope, never HTML.
    // Also reached by operations the contract has but this server does not implement yet; sent
    // raw, because their contract has no 404 response to validate against.
    api.use((req: Request, res: Response, next: NextFunction) => {
      if (isApi(req.path)) sendEnvelope(res, 404, { code: 0, msg: t(req.locale, 'Not found'), data: null });
      else next();
    });
    app.use(api);
  }

  // The route's largest picture is announced in the document, and the shopper's bag drawn in it,
  // from this server's own data; in front of another backend (apiTarget) that data is not ours to
  // announce. The sign-in hero's texts are the SPA's own, in front of any backend.
  if (opts.staticDir) {
    const frames = [
      signInFrame(opts.staticDir),
      ...(opts.apiTarget ? [] : [lcpPreload(db), bagFrame(db, opts.staticDir)]),
    ];
    app.use(staticSite(opts.staticDir, (req, page) => frames.reduce((drawn, frame) => frame(req, drawn), page)));
  }
  // Express's own 404 page would replace the security headers' policy with its own.
  app.use((_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });

  const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const locale = req.locale ?? resolveLocale(req.get('lang'));
    if (err instanceof ApiError) {
      const body = { code: err.code, msg: err.text(locale), data: null };
      // Own failures go through res.json, so the response validator checks them against the
      // contract too (a missing 400/401 response in the contract shows up as a 500 in tests).
      res.status(err.status).json(body);
      return;
    }
    if (isValidatorError(err) && err.status < 500) {
      const status = err.status;
      if (status === 401)
        return sendEnvelope(res, 401, { code: 401, msg: t(locale, 'Please login first'), data: null });
      if (status === 404) return sendEnvelope(res, 404, { code: 0, msg: t(locale, 'Not found'), data: null });
      if (status === 405) return sendEnvelope(res, 405, { code: 0, msg: t(locale, 'Method not allowed'), data: null });
      // multer's limits (uploadImage): a refusal (HTTP 200, code 0), as the contract says.
      const uploadRefusal = req.path === '/merchant/common/upload' ? multerRefusal(err.message) : null;
      if (uploadRefusal) return sendEnvelope(res, 200, { code: 0, msg: t(locale, uploadRefusal), data: null });
      // A value the shopper typed that breaks the contract's rule: HTTP 200, code 0, the rule's
      // message (BACKEND-FAMILY.md, Conventions). Anything else stays HTTP 400 naming the field.
      const refusal = status === 400 ? shopperRefusal(req, err.errors ?? []) : null;
      if (refusal !== null) return sendEnvelope(res, 200, { code: 0, msg: refusal, data: null });
      const first = err.errors?.[0];
      const msg = first ? describeIssue(first, locale) : t(locale, 'Invalid request');
      return sendEnvelope(res, status, { code: 0, msg, data: null });
    }
    const e = err as { status?: number; type?: string; message?: string; stack?: string; errors?: unknown };
    if (e?.type === 'entity.parse.failed' || e?.type === 'entity.too.large') {
      return sendEnvelope(res, e.status ?? 400, { code: 0, msg: `body: ${t(locale, 'is invalid')}`, data: null });
    }
    reportError(
      `ERROR ${req.method} ${req.originalUrl.split('?')[0]}: ${e?.message ?? String(err)}` +
        (e?.errors ? ` ${JSON.stringify(e.errors)}` : '') +
        (e?.stack && !e.errors ? `\n${e.stack}` : ''),
    );
    sendEnvelope(res, 500, { code: 0, msg: t(locale, 'Server error, please try again later'), data: null });
  };
  app.use(errorHandler);

  return {
    app,
    db,
    uploadsDir,
    close() {
      clearInterval(purgeTimer);
      clearInterval(sweepTimer);
      if (db.open) db.close();
      if (temporaryUploads) rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
