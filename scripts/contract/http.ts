/** One HTTP call of the checker, timed, with the body read as text and parsed as JSON when it is. */

export interface CallInit {
  method: string;
  path: string;
  query?: Record<string, string | number | undefined>;
  token?: string;
  json?: unknown;
  /** A multipart body (uploadImage); fetch sets its content-type with the boundary. */
  form?: FormData;
  /** Further request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
}

export interface CallResult {
  url: string;
  status: number;
  contentType: string;
  text: string;
  /** The parsed body; undefined when it is not JSON. */
  body: unknown;
  isJson: boolean;
  ms: number;
}

export class NetworkError extends Error {}

export interface HttpClient {
  call(init: CallInit): Promise<CallResult>;
}

export function httpClient(baseUrl: string, opts: { timeoutMs: number; lang?: string }): HttpClient {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async call(init) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) qs.set(k, String(v));
      const url = `${base}${init.path}${qs.size ? `?${qs}` : ''}`;
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
      if (opts.lang) headers.lang = opts.lang;
      if (init.token !== undefined) headers.token = init.token;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const start = performance.now();
      let res: Response;
      let text: string;
      try {
        res = await fetch(url, {
          method: init.method,
          headers,
          body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
          signal: AbortSignal.timeout(opts.timeoutMs),
          redirect: 'manual',
        });
        text = await res.text();
      } catch (e) {
        const err = e as Error & { cause?: { code?: string; message?: string } };
        const why =
          err.name === 'TimeoutError'
            ? `no answer within ${opts.timeoutMs} ms`
            : (err.cause?.code ?? err.cause?.message ?? err.message);
        throw new NetworkError(`${init.method} ${url}: ${why}`);
      }
      const ms = Math.round(performance.now() - start);
      let body: unknown;
      let isJson = false;
      try {
        body = JSON.parse(text);
        isJson = true;
      } catch {
        body = undefined;
      }
      return { url, status: res.status, contentType: res.headers.get('content-type') ?? '', text, body, isJson, ms };
    },
  };
}
