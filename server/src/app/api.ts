/**
 * The API's pipeline for /api and /merchant: CORS, JSON body, token -> req.auth, the unpaid-order
 * deadline, the upload's early checks, express-openapi-validator (requests, security and responses
 * against the contract), the areas' routers, and the 404 envelope.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { CountryCode } from 'libphonenumber-js';
import { accountRouter } from '../areas/account/account.routes';
import { addressRouter } from '../areas/address/address.routes';
import { cartRouter } from '../areas/cart/cart.routes';
import { catalogRouter } from '../areas/catalog/catalog.routes';
import type { OrderExpiry } from '../areas/orders/order-expiry';
import { ordersRouter } from '../areas/orders/orders.routes';
import { supportRouter } from '../areas/support/support.routes';
import { uploadsRouter } from '../areas/uploads/uploads.routes';
import { walletRouter } from '../areas/wallet/wallet.routes';
import { AttemptGuards, type AttemptLimits } from '../platform/auth/attempt-limits';
import { authMiddleware } from '../platform/auth/sessions';
import { DEFAULT_OPENAPI_FILE, openApiValidator } from '../platform/contract/openapi';
import { apiCors } from '../platform/cors';
import type { Db } from '../platform/db';
import { apiNotFound } from '../platform/errors';
import type { EncodeOptions } from '../platform/images';
import { isApiPath, unauthorized } from '../platform/http';
import type { PasskeySettings } from '../shared/passkeys';
import { uploadGuard, type UploadQuota } from '../shared/uploads';

export interface ApiOptions {
  db: Db;
  expiry: OrderExpiry;
  uploadsDir: string;
  uploadQuota: UploadQuota;
  /** The encode gate and time limit uploads are re-encoded with (platform/images). */
  images: EncodeOptions;
  defaultRegion: CountryCode;
  corsOrigins?: string[] | '*';
  attemptLimits?: Partial<AttemptLimits>;
  openapiFile?: string;
  /** send_code writes the code here (no SMS in the demo). */
  log: (line: string) => void;
  reportError: (line: string) => void;
  /** The relying party ID and the clock of passkey challenges (shared/passkeys.ts). */
  passkeys: PasskeySettings;
}

export function apiRouter(o: ApiOptions): Router {
  const { db, expiry } = o;
  const api = express.Router();
  const corsHandler = apiCors(o.corsOrigins);
  api.use((req: Request, res: Response, next: NextFunction) =>
    isApiPath(req.path) ? corsHandler(req, res, next) : next(),
  );
  api.use(express.json({ limit: '1mb' }));
  api.use(authMiddleware(db));
  // Before any API request is answered, unpaid orders past their deadline are cancelled and their
  // stock returned, so every read (orders, payment, stock) and every checkout sees the deadline kept.
  api.use((req: Request, _res: Response, next: NextFunction) => {
    if (isApiPath(req.path)) expiry.expireDue();
    next();
  });
  // Refuse an upload without a valid token before its body (up to 20 MB) is read.
  api.post('/merchant/common/upload', (req: Request, _res: Response, next: NextFunction) =>
    next(req.auth ? undefined : unauthorized()),
  );
  // ... and one too large or over the shopper's daily quota, also before its body is read.
  api.post('/merchant/common/upload', uploadGuard(db, o.uploadQuota));
  const validator = openApiValidator(o.openapiFile ?? DEFAULT_OPENAPI_FILE);
  if (validator) api.use(validator);
  else o.reportError('WARNING: openapi/openapi.yaml not found; requests and responses are NOT validated');
  const guards = new AttemptGuards(o.attemptLimits);
  api.use(accountRouter({ db, guards, log: o.log, passkeys: o.passkeys }));
  api.use(walletRouter({ db, guards, passkeys: o.passkeys }));
  api.use(addressRouter({ db, defaultRegion: o.defaultRegion }));
  api.use(supportRouter({ db }));
  api.use(uploadsRouter({ db, uploadsDir: o.uploadsDir, quota: o.uploadQuota, images: o.images }));
  api.use(catalogRouter({ db }));
  api.use(cartRouter({ db }));
  api.use(ordersRouter({ db, expiry }));
  api.use(apiNotFound);
  return api;
}
