/**
 * Uploaded images as the areas use them (uploadImage stores them, areas/uploads): where they are
 * kept, whether a URL names one of the shopper's own (payment evidence, refund proofs, review
 * photos, avatars), the shopper's daily quota, and the removal of those no record uses once they
 * are a day old. Files are served under /media/uploads/<name>.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_MB } from '../platform/contract/upload-limits';
import { nowSeconds, type Db } from '../platform/db';
import { refuse, refused, type ApiError } from '../platform/http';

export const UPLOAD_URL_PREFIX = '/media/uploads/';

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

/**
 * Stored names are 32 hex digits and the stored format's extension: jpg or png; gif and webp only
 * for pictures stored before uploads were re-encoded (rewritten in place, see upload-rewrite.ts).
 */
export const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/;

/** uploads.encoded: what became of a file stored before uploads were re-encoded (migration 13). */
export const UPLOAD_ENCODED = { pending: 0, done: 1, unreadable: 2 } as const;

/**
 * The stored path ('/media/uploads/<name>') of an upload URL (absolute or root-relative) when it
 * names a file this user uploaded (and not one removed as undecodable by the rewrite), else null.
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
    .prepare<[string, number, number], { id: number }>(
      'SELECT id FROM uploads WHERE file_name = ? AND user_id = ? AND encoded <> ?',
    )
    .get(name, userId, UPLOAD_ENCODED.unreadable);
  return row ? UPLOAD_URL_PREFIX + name : null;
}

/** What the shopper uploaded in the last 24 hours: files, and the bytes stored (the re-encoded ones). */
export function usedToday(db: Db, userId: number): { files: number; bytes: number } {
  const row = db
    .prepare<[number, number], { files: number; bytes: number | null }>(
      'SELECT COUNT(*) AS files, SUM(size) AS bytes FROM uploads WHERE user_id = ? AND created_at > ?',
    )
    .get(userId, nowSeconds() - DAY_SECONDS);
  return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
}

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
    if (declared > MAX_UPLOAD_BODY_BYTES) refusal = refuse(req, 'The image must be at most {n} MB', MAX_UPLOAD_MB);
    else if (req.auth) {
      const used = usedToday(db, req.auth.userId);
      if (used.files >= quota.files || used.bytes >= quota.bytes)
        refusal = refused("You have reached today's upload limit. Please try again tomorrow");
    }
    if (refusal) res.set('Connection', 'close');
    next(refusal ?? undefined);
  };
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
