import { gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;
const MIN_BYTES = 1024;

/** The encodings the request accepts (q > 0), from its Accept-Encoding header ('*' counts). */
export function acceptedEncodings(header: string | undefined): (name: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return (name) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
}

/**
 * gzip for text responses, with Node's zlib only (no compression package). It buffers the
 * response body, which is fine for this server's payloads (JSON pages, HTML, JS/CSS bundles of a
 * few hundred KiB); streaming or huge responses are not its job.
 */
export function gzipMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'HEAD' || !acceptedEncodings(req.get('accept-encoding'))('gzip')) {
    next();
    return;
  }
  const chunks: Buffer[] = [];
  const origWrite = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const origEnd = res.end.bind(res) as (...args: unknown[]) => Response;
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : null;

  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    if (res.headersSent) return origWrite(chunk, encoding, cb);
    const buf = toBuffer(chunk, encoding);
    if (buf) chunks.push(buf);
    const callback = typeof encoding === 'function' ? encoding : cb;
    if (typeof callback === 'function') process.nextTick(callback as () => void);
    return true;
  }) as Response['write'];

  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    const callback = [chunk, encoding, cb].find((a) => typeof a === 'function');
    if (chunk !== undefined && typeof chunk !== 'function') {
      const buf = toBuffer(chunk, encoding);
      if (buf) chunks.push(buf);
    }
    if (res.headersSent) return origEnd(...[Buffer.concat(chunks), callback].filter((a) => a !== undefined));
    let body = Buffer.concat(chunks);
    const type = String(res.getHeader('Content-Type') ?? '');
    const eligible =
      COMPRESSIBLE.test(type) &&
      !res.getHeader('Content-Encoding') &&
      !res.getHeader('Content-Range') &&
      res.statusCode !== 204 &&
      res.statusCode !== 304 &&
      res.statusCode !== 206;
    if (eligible) {
      res.vary('Accept-Encoding');
      if (body.length >= MIN_BYTES) {
        body = gzipSync(body, { level: 6 });
        res.setHeader('Content-Encoding', 'gzip');
        const etag = res.getHeader('ETag');
        // A strong ETag names the identity bytes; the gzip bytes differ.
        if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
      }
    }
    if (res.statusCode !== 204 && res.statusCode !== 304) res.setHeader('Content-Length', body.length);
    return origEnd(...[body, callback].filter((a) => a !== undefined));
  }) as Response['end'];
  next();
}
