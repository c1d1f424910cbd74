import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  /** Path and query string as the server received them. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type StandInHandler = (request: SeenRequest, response: ServerResponse) => void;

export interface StandInServer {
  origin: string;
  /** Every request the server received, in order. */
  requests: SeenRequest[];
  /** Replaces how the server answers. */
  answer(handler: StandInHandler): void;
  /** Resolves when the server has received `count` requests in total. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Answers with a JSON envelope. */
export function envelope(response: ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** getUserInfo's data of the seeded demo account (balance 1000.00, a payment code set), for stand-ins. */
export const DEMO_USER_INFO = {
  id: 1,
  username: 'demo',
  nickname: 'Demo Shopper',
  avatar: '',
  email: 'demo@example.com',
  mobile: '2015550123',
  quhao: '1',
  money: '1000.00',
  order_unpaid: 0,
  order_undelivered: 0,
  order_unreceived: 0,
  order_after_sale: 0,
  have_pay: 1,
  // Never null in the contract: a shopper who never chose a language gets the request's (here English).
  lang: { language_name: 'English', chinese_name: '英语', file_name: 'en' },
};

export const ok = (response: ServerResponse) => envelope(response, { code: 1, msg: 'Success', data: null });

/**
 * A stand-in HTTP server on 127.0.0.1 (a free port, or `options.port`) for the request layer's fault
 * cases and family-shaped backends: it records what arrives and answers however a test says,
 * including never.
 */
export async function startStandIn(
  initial: StandInHandler = (_request, response) => ok(response),
  options: { port?: number; host?: string } = {},
): Promise<StandInServer> {
  let handler = initial;
  const requests: SeenRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      handler(seen, res);
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    requests,
    answer(next) {
      handler = next;
    },
    received(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** An origin where nothing listens: a port that was free a moment ago. */
export async function closedOrigin(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
