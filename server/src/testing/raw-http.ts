import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent (still compressed when the answer says Content-Encoding). */
  body: Buffer;
  /** The body read as UTF-8 text. */
  text: string;
}

/**
 * A GET with exactly the headers given: fetch would add its own Accept-Encoding, decode the body,
 * and never let a test forge the Host header.
 */
export function rawGet(baseUrl: string, pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, baseUrl);
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
