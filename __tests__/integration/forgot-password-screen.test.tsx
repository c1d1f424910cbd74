import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderApp } from '../support/render-app';
import { serverLogin, type ReferenceServer } from '../support/server';

/**
 * The reference server in a child process, as support/server.ts starts it, that also passes on its
 * `[send_code] mobile +1 2015550101 code 123456` log lines: the demo server's only way of "texting"
 * the code (DESIGN.md section 3.4), which is how a shopper of the demo, and this test, reads it.
 */
interface CodeServer extends Pick<ReferenceServer, 'baseUrl' | 'call' | 'stop'> {
  /** The newest code sent to `phone` ('+1 2015550101'), waiting for it to be logged. */
  codeFor(phone: string): Promise<string>;
}

const testServerModule = path.resolve(__dirname, '../../server/src/tools/testing/test-server.ts');
const childScript = `
const mod = await import(${JSON.stringify(testServerModule)});
const { startTestServer } = mod.startTestServer ? mod : mod.default;
const server = await startTestServer();
process.stdout.write(JSON.stringify({ baseUrl: server.baseUrl }) + '\\n');
let seen = 0;
setInterval(() => {
  while (seen < server.logLines.length) {
    const line = server.logLines[seen++];
    if (line.startsWith('[send_code]')) process.stdout.write(JSON.stringify({ log: line }) + '\\n');
  }
}, 10);
const stop = () => void server.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
`;

async function startCodeServer(): Promise<CodeServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', childScript], {
    cwd: path.resolve(__dirname, '../..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const codes = new Map<string, string>();
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      let newline: number;
      while ((newline = out.indexOf('\n')) >= 0) {
        const line = out.slice(0, newline);
        out = out.slice(newline + 1);
        const message = JSON.parse(line) as { baseUrl?: string; log?: string };
        if (message.baseUrl) resolve(message.baseUrl);
        const sent = message.log?.match(/^\[send_code\] mobile (\+\d+ \d+) code (\d{6})$/);
        if (sent) codes.set(sent[1]!, sent[2]!);
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
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(baseUrl + urlPath, {
        method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      });
      return { status: res.status, body: (await res.json()) as never };
    },
    async codeFor(phone) {
      let code: string | undefined;
      await waitFor(() => {
        code = codes.get(phone);
        if (!code) throw new Error(`no code logged for ${phone}`);
      });
      codes.delete(phone);
      return code!;
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

let server: CodeServer;
beforeAll(async () => {
  server = await startCodeServer();
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await closeToasts();
});

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

let shoppers = 0;
/** A new shopper with a mobile number of their own (US 201 555 01xx) and the password 'secret12'. */
async function freshShopper(): Promise<{ username: string; mobile: string; phone: string }> {
  shoppers += 1;
  const username = `forgot_${shoppers}`;
  const mobile = `20155501${String(shoppers).padStart(2, '0')}`;
  const registered = await server.call<Envelope>('/api/user/register', {
    json: {
      username,
      nickname: `Forgot ${shoppers}`,
      password: 'secret12',
      repPwd: 'secret12',
      email: `${username}@example.com`,
      quhao: '1',
      mobile,
    },
  });
  if (registered.body.code !== 1) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  return { username, mobile, phone: `+1 ${mobile}` };
}

async function canLogIn(account: string, password: string): Promise<boolean> {
  const res = await server.call<Envelope>('/api/user/login', { json: { account, password } });
  return res.body.code === 1;
}

type App = Awaited<ReturnType<typeof renderApp>>;

async function fill(app: App, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const input = await screen.findByLabelText(label);
    await app.user.clear(input);
    if (value) await app.user.type(input, value);
  }
}

const describedAs = (label: string, message: string) =>
  waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message));

/** Step 1 done: the number typed, the code sent; resolves with the code the server logged. */
async function requestCode(app: App, mobile: string, phone: string): Promise<string> {
  await fill(app, { 'Mobile number': mobile });
  await app.user.click(screen.getByRole('button', { name: 'Send code' }));
  await findAnnouncement('Code sent. You can ask for another in 60 seconds.');
  await screen.findByLabelText('Verification code');
  return server.codeFor(phone);
}

const resetButton = () => screen.getByRole('button', { name: 'Reset password' });

describe('ForgotPasswordScreen', () => {
  it('resets the password with the texted code, clears the session and opens /login', async () => {
    const { username, mobile, phone } = await freshShopper();
    // Logged in on this device: a completed reset ends that session too (SPEC.md section 4).
    const token = await serverLogin(server as unknown as ReferenceServer, username, 'secret12');
    const app = await renderApp('/forgotPassword', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Calling code \+1 United States/ })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Mobile number');

    const code = await requestCode(app, mobile, phone);
    expect(screen.getByText(`We sent a code to ${phone}.`)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('New password');
    const codeInput = screen.getByLabelText('Verification code');
    expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeInput).toHaveAttribute('inputmode', 'numeric');

    await fill(app, {
      'Verification code': code,
      'New password': 'reset-pass-1',
      'Confirm new password': 'reset-pass-1',
    });
    await app.user.click(resetButton());
    await findAnnouncement('Change Successful');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(app.store.getState().session.token).toBeNull();
    expect(await canLogIn(username, 'reset-pass-1')).toBe(true);
    expect(await canLogIn(username, 'secret12')).toBe(false);
    expect((await server.call('/api/user/getUserInfo', { token })).status).toBe(401);
  });

  it('with the same digits registered in two countries, resets only the account of the calling code chosen', async () => {
    // 2037460155 is a valid number both in the US (+1) and in London (+44).
    const register = async (username: string, quhao: string) => {
      const res = await server.call<Envelope>('/api/user/register', {
        json: {
          username,
          nickname: username,
          password: 'secret12',
          repPwd: 'secret12',
          email: `${username}@example.com`,
          quhao,
          mobile: '2037460155',
        },
      });
      expect(res.body.code).toBe(1);
    };
    await register('forgot_us', '1');
    await register('forgot_uk', '44');
    const app = await renderApp('/forgotPassword');
    await app.user.click(await screen.findByRole('button', { name: /^Calling code/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Calling code' });
    await app.user.type(within(sheet).getByRole('searchbox'), 'United Kingdom');
    const uk = within(sheet).getByRole('button', { name: /United Kingdom/ });
    await waitUntilClickable(uk);
    await app.user.click(uk);
    expect(await screen.findByRole('button', { name: /^Calling code \+44 / })).toBeInTheDocument();
    const code = await requestCode(app, '2037460155', '+44 2037460155');
    expect(screen.getByText('We sent a code to +44 2037460155.')).toBeInTheDocument();
    await fill(app, {
      'Verification code': code,
      'New password': 'uk-only-12',
      'Confirm new password': 'uk-only-12',
    });
    await app.user.click(resetButton());
    await findAnnouncement('Change Successful');
    expect(await canLogIn('forgot_uk', 'uk-only-12')).toBe(true);
    expect(await canLogIn('forgot_us', 'uk-only-12')).toBe(false);
    expect(await canLogIn('forgot_us', 'secret12')).toBe(true);
  });

  it('counts down before another code can be asked for, and says when it can', async () => {
    const { mobile, phone } = await freshShopper();
    const app = await renderApp('/forgotPassword');
    const asked = Date.now();
    await requestCode(app, mobile, phone);
    const resend = screen.getByRole('button', { name: /^Send again in \d+ s$/ });
    expect(resend).toBeDisabled();
    const first = Number(/(\d+)/.exec(resend.textContent ?? '')![1]);
    // 60 s from the server's answer, less what has passed since (seconds on a loaded machine).
    expect(first).toBeLessThanOrEqual(60);
    expect(first).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - asked) / 1000));
    await waitFor(() => expect(Number(/(\d+)/.exec(resend.textContent ?? '')![1])).toBeLessThan(first));

    // Going back to correct the number keeps the wait (and what was typed).
    await app.user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(screen.getByLabelText('Mobile number')).toHaveValue(mobile);
    expect(screen.getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled();

    // A minute later (the clock moved on, not the test's patience) it may be asked again.
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000);
    await findAnnouncement('You can ask for a new code now.');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('keeps everything typed when the server refuses a wrong code, and stops after 5 wrong codes', async () => {
    const { username, mobile, phone } = await freshShopper();
    const app = await renderApp('/forgotPassword');
    const code = await requestCode(app, mobile, phone);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

    await fill(app, {
      'Verification code': wrong(1),
      'New password': 'reset-pass-2',
      'Confirm new password': 'reset-pass-2',
    });
    await app.user.click(resetButton());
    await findAnnouncement('Incorrect verification code', 'alert');
    expect(app.pathname()).toBe('/forgotPassword');
    expect(screen.getByLabelText('Verification code')).toHaveValue(wrong(1));
    expect(screen.getByLabelText('New password')).toHaveValue('reset-pass-2');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('reset-pass-2');
    await waitFor(() => expect(resetButton()).toBeEnabled());

    for (const n of [2, 3, 4]) {
      clearLiveRegions();
      await fill(app, { 'Verification code': wrong(n) });
      await app.user.click(resetButton());
      await findAnnouncement('Incorrect verification code', 'alert');
      await waitFor(() => expect(resetButton()).toBeEnabled());
    }
    clearLiveRegions();
    await fill(app, { 'Verification code': wrong(5) });
    await app.user.click(resetButton());
    await findAnnouncement('Too many wrong codes. Please ask for a new one', 'alert');
    // Even the right code is refused now.
    clearLiveRegions();
    await fill(app, { 'Verification code': code });
    await app.user.click(resetButton());
    await findAnnouncement('Too many wrong codes. Please ask for a new one', 'alert');
    expect(await canLogIn(username, 'secret12')).toBe(true);
  });

  it("shows the server's refusal of a code asked for too soon and keeps the number", async () => {
    const { mobile } = await freshShopper();
    const sent = await server.call<Envelope>('/api/user/send_code', { json: { mobile, quhao: '1' } });
    expect(sent.body.code).toBe(1);
    const app = await renderApp('/forgotPassword');
    await fill(app, { 'Mobile number': mobile });
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    await findAnnouncement(/^Please wait \d+ seconds before asking for another code$/, 'alert');
    expect(screen.getByLabelText('Mobile number')).toHaveValue(mobile);
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled());
  });

  it('asks for a mobile number valid for its country before sending anything', async () => {
    const app = await renderApp('/forgotPassword');
    await app.user.click(await screen.findByRole('button', { name: 'Send code' }));
    await describedAs('Mobile number', 'Please enter your mobile number');
    await fill(app, { 'Mobile number': '12345' });
    await describedAs('Mobile number', 'Please enter a correct mobile phone number');
    // A Thai number is not a US one.
    await fill(app, { 'Mobile number': '812345678' });
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    await describedAs('Mobile number', 'Please enter a correct mobile phone number');
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it('asks for the code and the new password twice, each with its message', async () => {
    const { mobile, phone } = await freshShopper();
    const app = await renderApp('/forgotPassword');
    await requestCode(app, mobile, phone);
    await app.user.click(resetButton());
    await describedAs('Verification code', 'Please enter the verification code');
    await describedAs('New password', 'Please enter a password');
    await describedAs('Confirm new password', 'Please enter the password again');

    await fill(app, { 'Verification code': '12345', 'New password': 'abc12', 'Confirm new password': 'abc12' });
    await app.user.click(resetButton());
    await describedAs('Verification code', 'The verification code is 6 digits');
    await describedAs('New password', 'Use at least 6 characters');

    await fill(app, {
      'Verification code': '123456',
      'New password': 'reset-pass-3',
      'Confirm new password': 'reset-pass-4',
    });
    await app.user.click(resetButton());
    await describedAs('Confirm new password', 'Passwords do not match');
    expect(app.pathname()).toBe('/forgotPassword');
  });

  it('is open to visitors and leads back to /login', async () => {
    const app = await renderApp('/forgotPassword');
    await app.user.click(await screen.findByRole('link', { name: 'Remembered it? Log in' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
});
