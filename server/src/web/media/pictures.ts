/**
 * Stored pictures under /media: the shoppers' uploads (/media/uploads/<name>) and the catalogue's
 * photographs (/media/catalog/<name>). Without a query a picture is served as stored (already
 * re-encoded, platform/images). With `?w=` it is served as a variant (CONVENTIONS.md, Pictures):
 * the width snapped up to the next of common/picture.ts's PICTURE_WIDTHS (or the largest), never
 * wider than the stored picture, in AVIF, WebP or the source's JPEG/PNG by the Accept header
 * (`Vary: Accept`). Names are random or fixed, so everything is cached for a year as immutable.
 * nosniff and a policy that lets nothing run come from securityHeaders (platform/headers.ts).
 */
import path from 'node:path';
import { Router, type Response } from 'express';
import {
  ImageError,
  MIME_OF,
  variantFormatFor,
  variantWidthFor,
  type VariantFormat,
  type VariantStore,
} from '../../platform/images';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export interface PictureFolder {
  /** Its folder in the variant cache: 'uploads', 'catalog'. */
  space: string;
  /** Where its pictures are; undefined when there is none (a database in memory has no catalogue). */
  dir: string | undefined;
  /** The names it may serve; anything else is 404. */
  names: RegExp;
  /** Whether a picture may be served now ('later': being rewritten, try again in a moment). */
  ready?: (name: string) => Promise<'ready' | 'gone' | 'later'>;
}

function notFound(res: Response): void {
  res.status(404).type('text/plain').send('Not found');
}

function busy(res: Response): void {
  res.status(503).set({ 'Retry-After': '2', 'Cache-Control': 'no-store' }).type('text/plain').send('Busy');
}

function sendPicture(res: Response, file: string, type: string, cacheControl = LONG_CACHE): void {
  res.set({ 'Content-Type': type, 'Cache-Control': cacheControl });
  // Names are checked by the folder's pattern; a data directory under a dot folder must still work.
  res.sendFile(file, { cacheControl: false, dotfiles: 'allow', etag: true, lastModified: true }, (error) => {
    if (error && !res.headersSent) notFound(res);
  });
}

/** Serves one folder of stored pictures and their variants (`variants`: the shared cache). */
export function picturesRouter(
  folder: PictureFolder,
  variants: VariantStore,
  reportError: (line: string) => void,
): Router {
  const r = Router();
  r.get('/:file', async (req, res) => {
    const name = req.params.file;
    if (!folder.dir || !folder.names.test(name)) return notFound(res);
    const state = folder.ready ? await folder.ready(name) : 'ready';
    if (state === 'gone') return notFound(res);
    if (state === 'later') return busy(res);
    const stored = path.join(folder.dir, name);
    const storedType = TYPE_OF_EXTENSION[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
    const width = variantWidthFor(req.query.w);
    if (width === null) return sendPicture(res, stored, storedType);
    res.vary('Accept');
    const format: VariantFormat = variantFormatFor(req.get('accept'), name);
    let file: string | null;
    try {
      file = await variants.file({ space: folder.space, dir: folder.dir, name }, width, format);
    } catch (error) {
      if (!(error instanceof ImageError && error.problem === 'busy')) {
        reportError(`ERROR variant ${folder.space}/${name} w=${width} ${format}: ${String(error)}`);
      }
      // The stored picture rather than none, not kept (the variant may be ready next time).
      return sendPicture(res, stored, storedType, 'no-store');
    }
    if (!file) return notFound(res);
    sendPicture(res, file, MIME_OF[format]);
  });
  return r;
}
