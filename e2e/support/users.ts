/** A registration form's worth of data for a user nobody has registered yet. */
export interface NewUser {
  username: string;
  nickname: string;
  email: string;
  password: string;
  /** Calling code digits without '+'. */
  quhao: string;
  /** National number, valid for `quhao`. */
  mobile: string;
}

let counter = 0;

/**
 * A fresh user: username and email are unique per call and per run (only those two must be
 * unique); the mobile is a valid US number, the register screen's default calling code.
 */
export function uniqueUser(overrides: Partial<NewUser> = {}): NewUser {
  counter += 1;
  // 'e2e' + 8 base36 time digits + 2 counter + 3 random = 16 chars: within 3-20 of [A-Za-z0-9_].
  const stamp = Date.now().toString(36).slice(-8);
  const random = Math.floor(Math.random() * 36 ** 3)
    .toString(36)
    .padStart(3, '0');
  const username = `e2e${stamp}${counter.toString(36).padStart(2, '0')}${random}`;
  return {
    username,
    nickname: `Tester ${username.slice(-5).toUpperCase()}`,
    email: `${username}@example.com`,
    password: 'secret-pass-1',
    quhao: '1',
    mobile: '2015550199',
    ...overrides,
  };
}

/**
 * A US mobile number nobody else uses in this run (201-555-XXXX, all valid for libphonenumber-js):
 * for journeys where the number must lead to this one account (forgot password).
 */
export function uniqueUsMobile(): string {
  const digits = (Date.now() * 7 + counter * 131 + Math.floor(Math.random() * 10_000)) % 10_000;
  counter += 1;
  return `201555${digits.toString().padStart(4, '0')}`;
}

/** Minimal view of Playwright's APIRequestContext (page.request or the `request` fixture). */
interface ApiClient {
  post(
    url: string,
    options: { data: unknown; headers?: Record<string, string> },
  ): Promise<{
    json(): Promise<unknown>;
  }>;
}

/**
 * Registers `user` through the API (the register screen has its own journey in foundation.spec.ts):
 * a quick, independent starting point for journeys that begin with a fresh account.
 */
export async function registerUser(request: ApiClient, user: NewUser): Promise<void> {
  const response = await request.post('/api/user/register', {
    data: { ...user, repPwd: user.password },
    headers: { lang: 'en' },
  });
  const envelope = (await response.json()) as { code: number; msg: string };
  if (envelope.code !== 1) throw new Error(`Registering ${user.username} failed: ${envelope.msg}`);
}
