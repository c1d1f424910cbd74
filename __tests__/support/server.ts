import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setApiOrigin } from '../../src/shared/config/env';

export interface ReferenceServer {
  baseUrl: string;
  /** fetch + JSON; `token` and `lang` become headers, `json` a JSON body. */
  call<T = unknown>(
    path: string,
    init?: { method?: string; token?: string; lang?: string; json?: unknown },
  ): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

const entry = path.join(__dirname, 'reference-server-process.ts');
const tsxCli = require.resolve('tsx/cli');

/**
 * Starts the reference server (server/src/testing/test-server.ts: fresh in-memory database, seeded,
 * demo/demo123) in a child process and points the request layer at it.
 */
export async function startServer(): Promise<ReferenceServer> {
  const child: ChildProcess = spawn(process.execPath, [tsxCli, entry], {
    cwd: path.resolve(__dirname, '../..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        try {
          resolve((JSON.parse(line) as { baseUrl: string }).baseUrl);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  setApiOrigin(baseUrl);
  return {
    baseUrl,
    async call(urlPath, init = {}) {
      const headers: Record<string, string> = {};
      if (init.token !== undefined) headers.token = init.token;
      if (init.lang !== undefined) headers.lang = init.lang;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(baseUrl + urlPath, {
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
      return { status: res.status, body: body as never };
    },
    stop() {
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

interface LoginBody {
  code: number;
  msg: string;
  data: { userinfo: { token: string } } | null;
}

/** Logs in through the real server (not through the SPA) and returns the token. */
export async function serverLogin(server: ReferenceServer, account = 'demo', password = 'demo123'): Promise<string> {
  const res = await server.call<LoginBody>('/api/user/login', { json: { account, password } });
  if (res.body.code !== 1 || !res.body.data) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data.userinfo.token;
}
