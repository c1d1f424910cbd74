/** The largest image uploadImage takes, in MB: the family's own client sends phone photos unshrunk. */
export const MAX_UPLOAD_MB = 20;
/** The same in bytes. What is stored is the re-encoded picture (platform/images), far smaller. */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/**
 * multer's limits for the multipart body (DESIGN.md 3.4, uploads are size-limited): the one image
 * and at most a few short text fields, so a request can hold at most about 20 MB in memory. A body
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

/** The largest multipart body that can pass UPLOAD_LIMITS (the image, a few short fields, framing). */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
