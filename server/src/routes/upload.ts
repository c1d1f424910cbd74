/**
 * POST /merchant/common/upload (uploadImage). The multipart body is parsed by multer (memory
 * storage, UPLOAD_LIMITS: one file of 5 MB and a few short fields) inside express-openapi-validator
 * (see openapi.ts fileUploader); this route sniffs the type from the bytes, stores the file under
 * the uploads directory with a random name and records it with its owner, within the shopper's
 * daily quota. Files are served under /media/uploads/<name>; removeOrphanUploads deletes those no
 * record uses once they are a day old.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { nowSeconds, type Db } from '../db';
import { absoluteUrl, ok, refused, requireAuth, type ApiError } from '../http';

export const UPLOAD_URL_PREFIX = '/media/uploads/';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * multer's limits for the multipart body (DESIGN.md 3.4, uploads are size-limited): the one image
 * and at most a few short text fields, so a request can hold at most about 5 MB in memory. A body
 * that breaks one is cut off as soon as the limit is passed (multer stops buffering and answers).
 */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 6,
  headerPairs: 20,
} as const;

/** What one shopper may upload in 24 hours (a rolling day). */
export interface UploadQuota {
  files: number;
  bytes: number;
}
export const DEFAULT_UPLOAD_QUOTA: UploadQuota = { files: 50, bytes: 50 * 1024 * 1024 };
const DAY_SECONDS = 24 * 60 * 60;
/** An upload no record uses is removed once it is this old (time to fill in the form that uses it). */
export const ORPHAN_UPLOAD_SECONDS = DAY_SECONDS;

/** Where uploads are kept next to a database file (the server's default, and the ops CLI's). */
export function defaultUploadsDir(databaseFile: string): string {
  return path.join(path.dirname(path.resolve(databaseFile)), 'uploads');
}

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

function usedToday(db: Db, userId: number): { files: number; bytes: number } {
  const row = db
    .prepare<[number, number], { files: number; bytes: number | null }>(
      'SELECT COUNT(*) AS files, SUM(size) AS bytes FROM uploads WHERE user_id = ? AND created_at > ?',
    )
    .get(userId, nowSeconds() - DAY_SECONDS);
  return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
}

/** The largest multipart body that can pass UPLOAD_LIMITS (the image, a few short fields, framing). */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * Checks an upload before its body is read (mount it before the multipart parser, after the token
 * check): a declared body larger than any acceptable one, or a shopper whose daily quota is used
 * up, is refused at once and the connection closed, so the rest of the body is never read.
 * (Within the body, multer's limits stop a chunked one; it drains the rest without keeping it.)
 */
export function uploadGuard(db: Db, quota: UploadQuota) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const declared = Number(req.get('content-length') ?? 0);
    let refusal: ApiError | null = null;
    if (declared > MAX_UPLOAD_BODY_BYTES) refusal = refused('The image must be at most 5 MB');
    else if (req.auth) {
      const used = usedToday(db, req.auth.userId);
      if (used.files >= quota.files || used.bytes >= quota.bytes)
        refusal = refused("You have reached today's upload limit. Please try again tomorrow");
    }
    if (refusal) res.set('Connection', 'close');
    next(refusal ?? undefined);
  };
}

interface MulterFile {
  fieldname: string;
  buffer: Buffer;
  size: number;
}

export function uploadRouter(db: Db, uploadsDir: string, quota: UploadQuota = DEFAULT_UPLOAD_QUOTA): Router {
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
  });
  return r;
}

/**
 * Every column that can hold an uploaded image's path (one URL, or a comma list of them): payment
 * evidence, refund proofs, review photos and avatars, and the catalogue's images (an operator may
 * point them at an upload). An upload named in any of them is in use.
 */
const IMAGE_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['recharges', 'image'],
  ['refunds', 'images'],
  ['reviews', 'pics'],
  ['reviews', 'avatar'],
  ['users', 'avatar'],
  ['shops', 'avatar'],
  ['shops', 'banner'],
  ['shop_banners', 'image'],
  ['banners', 'image'],
  ['products', 'image'],
  ['product_images', 'image'],
  ['order_products', 'image'],
  ['platform', 'logo'],
];

const NAME_IN_TEXT = /[0-9a-f]{32}\.(?:jpg|png|gif|webp)/g;

function referencedUploads(db: Db): Set<string> {
  const names = new Set<string>();
  for (const [table, column] of IMAGE_COLUMNS) {
    const rows = db
      .prepare<[string], { v: string }>(`SELECT ${column} AS v FROM ${table} WHERE instr(${column}, ?) > 0`)
      .all(UPLOAD_URL_PREFIX);
    for (const { v } of rows) for (const name of v.match(NAME_IN_TEXT) ?? []) names.add(name);
  }
  return names;
}

export interface UploadCleanup {
  /** File names removed (rows and files). */
  removed: string[];
}

/**
 * Removes uploads that no record uses and that are older than `olderThanSeconds` (default a day):
 * their rows and their files, and files in the directory that have no row at all (a write whose
 * insert never happened). Run by the server every hour and by `npm run ops -- uploads:clean`.
 */
export function removeOrphanUploads(
  db: Db,
  uploadsDir: string,
  { olderThanSeconds = ORPHAN_UPLOAD_SECONDS, now = nowSeconds() } = {},
): UploadCleanup {
  const cutoff = now - olderThanSeconds;
  // One immediate transaction: a record written by another process (the ops CLI beside the server)
  // between the scan and the delete cannot lose its image.
  const removed = db
    .transaction(() => {
      const used = referencedUploads(db);
      const old = db
        .prepare<[number], { id: number; file_name: string }>('SELECT id, file_name FROM uploads WHERE created_at < ?')
        .all(cutoff)
        .filter((u) => !used.has(u.file_name));
      const del = db.prepare('DELETE FROM uploads WHERE id = ?');
      for (const u of old) del.run(u.id);
      const known = new Set(
        db
          .prepare<[], { file_name: string }>('SELECT file_name FROM uploads')
          .all()
          .map((u) => u.file_name),
      );
      let stray: string[] = [];
      try {
        stray = readdirSync(uploadsDir).filter(
          (name) =>
            STORED_NAME.test(name) &&
            !known.has(name) &&
            !used.has(name) &&
            statSync(path.join(uploadsDir, name)).mtimeMs / 1000 < cutoff,
        );
      } catch {
        // no uploads directory yet: nothing stray
      }
      return [...new Set([...old.map((u) => u.file_name), ...stray])];
    })
    .immediate();
  for (const name of removed) rmSync(path.join(uploadsDir, name), { force: true });
  return { removed };
}
