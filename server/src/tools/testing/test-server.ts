import type { AddressInfo } from 'node:net';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type ServerOptions, type ShopServer } from '../../app/create-server';
import { seedIfEmpty } from '../seed/first-start';
import { callJson } from './raw-http';

export interface TestServer extends ShopServer {
  baseUrl: string;
  /** fetch + JSON body; `token` and `lang` become headers, `json` a JSON body. */
  call<T = unknown>(
    path: string,
    init?: { method?: string; token?: string; lang?: string; json?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  stop(): Promise<void>;
  /** Every line the server logged so far (request lines, errors, `[send_code] ...`), oldest first. */
  logLines: readonly string[];
}

/**
 * A fresh server on an in-memory database, listening on a free port. For tests. Its public URL is
 * the address tests call (baseUrl) unless `publicUrl` says otherwise.
 */
export async function startTestServer(opts: Partial<ServerOptions> = {}): Promise<TestServer> {
  const lines: string[] = [];
  const logLines: string[] = [];
  // Listen first: the public URL names the port.
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer().listen(0, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const shop = createServer({
    databaseFile: ':memory:',
    seed: seedIfEmpty,
    publicUrl: baseUrl,
    log: (l) => {
      lines.push(l);
      logLines.push(l);
    },
    ...opts,
  });
  server.on('request', shop.app);
  return {
    ...shop,
    baseUrl,
    logLines,
    async call(path, init = {}) {
      const answer = await callJson(baseUrl, path, init);
      // Server errors (e.g. a response that breaks the contract) are logged; show them.
      const errors = lines.filter((l) => l.startsWith('ERROR'));
      if (errors.length) console.error(errors.splice(0).join('\n'));
      lines.length = 0;
      return answer;
    },
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      shop.close();
    },
  };
}

/** Logs in and returns the token. */
export async function loginAs(server: TestServer, account = 'demo', password = 'demo123'): Promise<string> {
  const res = await server.call<{ code: number; data: { userinfo: { token: string } } }>('/api/user/login', {
    json: { account, password },
  });
  if (res.body.code !== 1) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data.userinfo.token;
}
