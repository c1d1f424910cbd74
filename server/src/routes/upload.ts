/**
 * POST /merchant/common/upload (uploadImage). The multipart body is parsed by multer (memory
 * storage, 5 MB, one file) inside express-openapi-validator (see openapi.ts fileUploader); this
 * route sniffs the type from the bytes, stores the file under the uploads directory with a random
 * name and records it with its owner. Files are served under /media/uploads/<name>.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { nowSeconds, type Db } from '../db';
import { absoluteUrl, ok, refused, requireAuth } from '../http';

export const UPLOAD_URL_PREFIX = '/media/uploads/';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  ext: 'jpg' | 'png' | 'gif' | 'webp';
}

/** The image type from the file's magic bytes, or null. The name and the sent mime are ignored. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: 'png' };
  }
  const head6 = b.subarray(0, 6).toString('latin1');
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return { mime: 'image/gif', ext: 'gif' };
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

/** Stored names are 32 hex digits and the sniffed extension. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/;

/**
 * The stored path ('/media/uploads/<name>') of an upload URL (absolute or root-relative) when it
 * names a file this user uploaded, else null.
 */
export function uploadedFileOf(db: Db, userId: number, url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url.trim(), 'http://x').pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = pathname.slice(UPLOAD_URL_PREFIX.length);
  if (!STORED_NAME.test(name)) return null;
  const row = db
    .prepare<[string, number], { id: number }>('SELECT id FROM uploads WHERE file_name = ? AND user_id = ?')
    .get(name, userId);
  return row ? UPLOAD_URL_PREFIX + name : null;
}

interface MulterFile {
  fieldname: string;
  buffer: Buffer;
  size: number;
}

export function uploadRouter(db: Db, uploadsDir: string): Router {
  const r = Router();
  r.post('/common/upload', (req, res) => {
    const auth = requireAuth(req);
    const files = (req as unknown as { files?: MulterFile[] }).files ?? [];
    const file = files.find((f) => f.fieldname === 'file');
    // The shopper's choice of file: refusals (HTTP 200, code 0), not HTTP 400.
    if (!file || file.size === 0) throw refused('Please choose an image to upload');
    if (file.size > MAX_UPLOAD_BYTES) throw refused('The image must be at most 5 MB');
    const type = sniffImageType(file.buffer);
    if (!type) throw refused('Only JPEG, PNG, GIF or WebP images can be uploaded');
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
  });
  return r;
}
