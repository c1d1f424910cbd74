/**
 * uploadImage (POST /merchant/common/upload). The multipart body is parsed by multer (memory
 * storage, UPLOAD_LIMITS: one file of 20 MB and a few short fields) inside express-openapi-validator
 * (platform/contract/openapi.ts, fileUploader). This handler has the picture decoded and written
 * anew (platform/images: upright, at most 2048 px, no metadata, JPEG or PNG), stores that under the
 * uploads directory with a random name and records it with its owner, within the shopper's daily
 * quota of stored bytes (shared/uploads.ts). The bytes the client sent are never stored.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from '../../platform/contract/upload-limits';
import { nowSeconds, type Db } from '../../platform/db';
import { absoluteUrl, ok, refuse, refused, requireAuth } from '../../platform/http';
import {
  encodeForStorage,
  EXTENSION_OF,
  ImageError,
  MIME_OF,
  type EncodedImage,
  type ImageProblem,
} from '../../platform/images';
import type { MessageKey } from '../../platform/i18n';
import { UPLOAD_ENCODED, UPLOAD_URL_PREFIX, usedToday, type UploadQuota } from '../../shared/uploads';
import type { UploadsDeps } from './uploads.deps';

interface MulterFile {
  fieldname: string;
  buffer: Buffer;
  size: number;
}

/** The shopper's message for each reason a picture is not taken (the contract lists them). */
const PROBLEM_MESSAGES: Record<ImageProblem, MessageKey> = {
  'not-an-image': 'Only JPEG, PNG, GIF or WebP images can be uploaded',
  'too-many-pixels': 'This image has too many pixels to open. Please choose a smaller one',
  'too-slow': 'This image takes too long to process. Please choose another one',
  heic: 'HEIC photos cannot be uploaded. Please send a JPEG: on an iPhone, choose Settings > Camera > Formats > Most Compatible, or send a screenshot of the photo',
  broken: 'The image is damaged or incomplete. Please choose it again',
  busy: 'The server is busy. Please try again in a moment',
};

/**
 * Refuses when one more file, `storedBytes` more, would pass the daily quota. Checked before the
 * encode (nothing to add yet: a shopper already at the limit is not worth decoding for) and again
 * with the stored size right before the insert.
 */
function checkQuota(db: Db, userId: number, quota: UploadQuota, storedBytes: number): void {
  const used = usedToday(db, userId);
  const full = storedBytes === 0 ? used.bytes >= quota.bytes : used.bytes + storedBytes > quota.bytes;
  if (used.files + 1 > quota.files || full) {
    throw refused("You have reached today's upload limit. Please try again tomorrow");
  }
}

/** The picture as it is stored; a picture the pipeline does not take is the shopper's refusal. */
async function encoded(bytes: Buffer, deps: UploadsDeps): Promise<EncodedImage> {
  try {
    return await encodeForStorage(bytes, deps.images);
  } catch (error) {
    throw error instanceof ImageError ? refused(PROBLEM_MESSAGES[error.problem]) : error;
  }
}

export function uploadImage(deps: UploadsDeps): RequestHandler {
  const { db, uploadsDir, quota } = deps;
  return async (req, res) => {
    const auth = requireAuth(req);
    const files = (req as unknown as { files?: MulterFile[] }).files ?? [];
    const file = files.find((f) => f.fieldname === 'file');
    // The shopper's choice of file: refusals (HTTP 200, code 0), not HTTP 400.
    if (!file || file.size === 0) throw refused('Please choose an image to upload');
    if (file.size > MAX_UPLOAD_BYTES) throw refuse(req, 'The image must be at most {n} MB', MAX_UPLOAD_MB);
    checkQuota(db, auth.userId, quota, 0);
    const image = await encoded(file.buffer, deps);
    // From here to the insert nothing awaits (better-sqlite3 and the write are synchronous), so
    // parallel uploads cannot both slip under the quota.
    checkQuota(db, auth.userId, quota, image.data.length);
    const name = `${randomBytes(16).toString('hex')}.${EXTENSION_OF[image.format]}`;
    // 'wx': never overwrite (the name is random; a collision would be a bug, not a replacement).
    writeFileSync(path.join(uploadsDir, name), image.data, { flag: 'wx' });
    db.prepare(
      'INSERT INTO uploads (user_id, file_name, mime, size, created_at, encoded) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(auth.userId, name, MIME_OF[image.format], image.data.length, nowSeconds(), UPLOAD_ENCODED.done);
    ok(req, res, { fullurl: absoluteUrl(req, UPLOAD_URL_PREFIX + name) }, 'Upload successful');
  };
}
