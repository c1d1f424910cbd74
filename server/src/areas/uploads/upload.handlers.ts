/**
 * uploadImage (POST /merchant/common/upload). The multipart body is parsed by multer (memory
 * storage, UPLOAD_LIMITS: one file of 5 MB and a few short fields) inside express-openapi-validator
 * (platform/contract/openapi.ts, fileUploader); this handler sniffs the type from the bytes, stores
 * the file under the uploads directory with a random name and records it with its owner, within the
 * shopper's daily quota (shared/uploads.ts).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { MAX_UPLOAD_BYTES } from '../../platform/contract/upload-limits';
import { nowSeconds } from '../../platform/db';
import { absoluteUrl, ok, refused, requireAuth } from '../../platform/http';
import { UPLOAD_URL_PREFIX, usedToday } from '../../shared/uploads';
import { sniffImageType } from './image-type';
import type { UploadsDeps } from './uploads.routes';

interface MulterFile {
  fieldname: string;
  buffer: Buffer;
  size: number;
}

export function uploadImage({ db, uploadsDir, quota }: UploadsDeps): RequestHandler {
  return (req, res) => {
    const auth = requireAuth(req);
    const files = (req as unknown as { files?: MulterFile[] }).files ?? [];
    const file = files.find((f) => f.fieldname === 'file');
    // The shopper's choice of file: refusals (HTTP 200, code 0), not HTTP 400.
    if (!file || file.size === 0) throw refused('Please choose an image to upload');
    if (file.size > MAX_UPLOAD_BYTES) throw refused('The image must be at most 5 MB');
    const type = sniffImageType(file.buffer);
    if (!type) throw refused('Only JPEG, PNG, GIF or WebP images can be uploaded');
    // Checked again with this file's size; the check and the insert below run without a pause
    // (better-sqlite3 is synchronous), so parallel uploads cannot both slip under the quota.
    const used = usedToday(db, auth.userId);
    if (used.files + 1 > quota.files || used.bytes + file.size > quota.bytes) {
      throw refused("You have reached today's upload limit. Please try again tomorrow");
    }
    const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
    // 'wx': never overwrite (the name is random; a collision would be a bug, not a replacement).
    writeFileSync(path.join(uploadsDir, name), file.buffer, { flag: 'wx' });
    db.prepare('INSERT INTO uploads (user_id, file_name, mime, size, created_at) VALUES (?, ?, ?, ?, ?)').run(
      auth.userId,
      name,
      type.mime,
      file.size,
      nowSeconds(),
    );
    ok(req, res, { fullurl: absoluteUrl(req, UPLOAD_URL_PREFIX + name) }, 'Upload successful');
  };
}
