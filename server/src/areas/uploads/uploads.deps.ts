/**
 * What the upload handler is given (app/api.ts builds it, uploads.routes.ts passes it on). It lives
 * here, not in the routes file, so that imports run one way: routes -> handlers -> deps.
 */
import type { Db } from '../../platform/db';
import type { EncodeOptions } from '../../platform/images';
import type { UploadQuota } from '../../shared/uploads';

export interface UploadsDeps {
  db: Db;
  /** Where the files are written (served under /media/uploads/). */
  uploadsDir: string;
  quota: UploadQuota;
  /** The server's encode gate and time limit (platform/images). */
  images: EncodeOptions;
}
