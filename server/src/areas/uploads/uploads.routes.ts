import { Router } from 'express';
import type { Db } from '../../platform/db';
import type { EncodeOptions } from '../../platform/images';
import type { UploadQuota } from '../../shared/uploads';
import { uploadImage } from './upload.handlers';

export interface UploadsDeps {
  db: Db;
  /** Where the files are written (served under /media/uploads/). */
  uploadsDir: string;
  quota: UploadQuota;
  /** The server's encode gate and time limit (platform/images). */
  images: EncodeOptions;
}

/** The upload tag of the contract. */
export function uploadsRouter(deps: UploadsDeps): Router {
  const r = Router();
  r.post('/merchant/common/upload', uploadImage(deps));
  return r;
}
