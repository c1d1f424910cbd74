import { Router } from 'express';
import type { UploadsDeps } from './uploads.deps';
import { uploadImage } from './upload.handlers';

/** The upload tag of the contract. */
export function uploadsRouter(deps: UploadsDeps): Router {
  const r = Router();
  r.post('/merchant/common/upload', uploadImage(deps));
  return r;
}
