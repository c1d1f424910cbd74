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
