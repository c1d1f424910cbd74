import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { callJson } from '../../server/src/tools/testing/raw-http';
import { setApiOrigin } from '../../src/shared/config/env';

export interface ReferenceServer {
  baseUrl: string;
  /** fetch + JSON; `token` and `lang` become headers, `json` a JSON body. */
  call<T = unknown>(
    path: string,
    init?: { method?: string; token?: string; lang?: string; json?: unknown },
  ): Promise<{ status: number; body: T }>;
  /**
   * Runs an operator command of the ops CLI (DESIGN.md section 3.4) on this server's database, e.g.
   * `ops('recharge:refuse', '1', 'Not received')`; resolves with its output, rejects with its refusal.
   */
  ops(command: string, ...args: string[]): Promise<string>;
  /** Moves the server's clock for order deadlines forward (an unpaid order expires without waiting). */
  advanceClock(seconds: number): Promise<void>;
  /** The newest verification code the server sent to `phone` ('+1 2015550101'); rejects when none was. */
  sentCode(phone: string): Promise<string>;
  stop(): Promise<void>;
}

const entry = path.join(__dirname, 'reference-server-process.ts');
const tsxCli = require.resolve('tsx/cli');

/**
 * Starts the reference server (server/src/tools/testing/test-server.ts: fresh in-memory database, seeded,
 * demo/demo123) in a child process and points the request layer at it. `env` adds environment
 * variables of `npm start` it reads, e.g. smaller attempt limits ({ LIMIT_LOGIN_LOCK_FAILURES: '5' }).
 */
export async function startServer(options: { env?: Record<string, string> } = {}): Promise<ReferenceServer> {
  const child: ChildProcess = spawn(process.execPath, [tsxCli, entry], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // stdout: the first line is {baseUrl}; every later line answers an ops request {id, output|error}.
  const answers = new Map<number, { resolve: (output: string) => void; reject: (error: Error) => void }>();
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    let started = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      let newline: number;
      while ((newline = out.indexOf('\n')) >= 0) {
        const line = out.slice(0, newline);
        out = out.slice(newline + 1);
        if (!line) continue;
        try {
          if (!started) {
            started = true;
            resolve((JSON.parse(line) as { baseUrl: string }).baseUrl);
            continue;
          }
          const answer = JSON.parse(line) as { id: number; output?: string; error?: string };
          const waiting = answers.get(answer.id);
          answers.delete(answer.id);
          if (answer.error !== undefined) waiting?.reject(new Error(answer.error));
          else waiting?.resolve(answer.output ?? '');
        } catch (error) {
          if (!started) reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  let nextOpsId = 0;
  const ops = (command: string, ...args: string[]) => {
    const id = ++nextOpsId;
    return new Promise<string>((resolve, reject) => {
      answers.set(id, { resolve, reject });
      child.stdin!.write(`${JSON.stringify({ id, command, args })}\n`);
    });
  };
  setApiOrigin(baseUrl);
  return {
    baseUrl,
    async call(urlPath, init = {}) {
      const { status, body } = await callJson(baseUrl, urlPath, init);
      return { status, body };
    },
    ops,
    async advanceClock(seconds) {
      await ops('clock:advance', String(seconds));
    },
    sentCode: (phone) => ops('code:sent', phone),
    stop() {
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

/** The response envelope {code, msg, data} of every operation. */
export interface Answer<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** POST `body` as JSON with the token and any other headers (the money operations need Idempotency-Key). */
export async function postJson<T>(
  server: ReferenceServer,
  path: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer<T>;
}

/** The data of a successful answer; anything else fails the set-up with the whole answer. */
export function expectOk<T>(answer: Answer<T>, what: string): T {
  if (answer.code !== 1) throw new Error(`${what} failed: ${JSON.stringify(answer)}`);
  return answer.data;
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

/** A new shopper whose account language is Thai (a logged-in shopper's own language wins over the cookie). */
export async function thaiShopper(server: ReferenceServer): Promise<string> {
  const username = `thai_${Date.now().toString(36)}`;
  const thaiToken = await registerShopper(server, username, {
    nickname: 'Thai shopper',
    quhao: '66',
    mobile: '812345678',
  });
  const languages = await server.call<{ data: { list: { id: number; file_name: string }[] } }>(
    '/api/user/language_list?page=1&limit=10',
  );
  const thai = languages.body.data.list.find((language) => language.file_name === 'tai')!;
  const chosen = await server.call<{ code: number }>(`/api/user/set_language?lang_id=${thai.id}&lang=tai`, {
    token: thaiToken,
  });
  expect(chosen.body.code).toBe(1);
  return thaiToken;
}

/** What a new shopper registers with, where a test needs something else than the defaults. */
export interface ShopperDetails {
  nickname?: string;
  password?: string;
  email?: string;
  /** Calling code digits, e.g. '66'. */
  quhao?: string;
  mobile?: string;
}

/** The login password registerShopper gives a shopper unless told otherwise. */
export const SHOPPER_PASSWORD = 'secret12';

/**
 * Registers a new shopper (no payment code, balance 0) through the API and logs in; returns the token.
 * Defaults: the username as nickname, password SHOPPER_PASSWORD, username@example.com, the US number
 * 201 555 0123 (the server lets several shoppers share a number).
 */
export async function registerShopper(
  server: ReferenceServer,
  username: string,
  details: ShopperDetails = {},
): Promise<string> {
  const { nickname = username, password = SHOPPER_PASSWORD, email = `${username}@example.com` } = details;
  const { quhao = '1', mobile = '2015550123' } = details;
  const registered = await server.call<Answer>('/api/user/register', {
    json: { username, nickname, password, repPwd: password, email, quhao, mobile },
  });
  expectOk(registered.body, 'register');
  return serverLogin(server, username, password);
}
