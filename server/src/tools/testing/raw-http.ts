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

/** What a test sends: POST with a JSON body when `json` is given, else GET; the session as the `token` header. */
export interface CallInit {
  method?: string;
  token?: string;
  lang?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

/**
 * One call to a running server as a client makes it; the body parsed as JSON, or its text when it is
 * not JSON (the checks look at the text then).
 */
export async function callJson(
  baseUrl: string,
  pathname: string,
  init: CallInit = {},
): Promise<{ status: number; body: never; headers: Headers }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers.token = init.token;
  if (init.lang !== undefined) headers.lang = init.lang;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(baseUrl + pathname, {
    method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the caller looks at the text
  }
  return { status: res.status, body: body as never, headers: res.headers };
}
