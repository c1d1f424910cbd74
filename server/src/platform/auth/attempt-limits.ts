/**
 * Attempt and send limits against guessing and message bombing: failed logins (and the old-password
 * check of a password change) per account and per client address, password-reset codes sent per
 * phone, per account and per client address, and wrong reset codes per phone, per account and per
 * client address. Counters live in memory per server (rate-limiter-flexible's RateLimiterMemory): a
 * restart forgets them, which only gives an attacker who can restart the server a fresh budget.
 *
 * Every number is configurable (ServerOptions.attemptLimits; `npm start` reads LIMIT_* environment
 * variables, see attemptLimitsFromEnv), so tests can use small windows instead of long sleeps.
 */
import type { Request } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError, refused } from '../http';
import { t, type MessageKey } from '../i18n';
import { dummySecretHash, verifySecret } from './secrets';

export interface AttemptLimits {
  /** Failed logins of one account answered at once; each further one waits loginDelayMs more. */
  loginFreeFailures: number;
  /** The failed login that reaches this many within loginWindowSeconds locks the account. */
  loginLockFailures: number;
  /** Added wait per failure beyond loginFreeFailures (progressive delay), in milliseconds. */
  loginDelayMs: number;
  loginWindowSeconds: number;
  /** How long a locked account refuses every login, the right password included. */
  loginLockSeconds: number;
  /** Failed logins from one client address within loginWindowSeconds (broad: an office shares one). */
  loginAddressFailures: number;
  /** Password checks of one client address running at once; more wait their turn... */
  loginAddressConcurrent: number;
  /** ...up to this many; more are refused at once ('busy'). */
  loginAddressQueue: number;
  /** Codes sent to one phone, to one account and from one client address within codeSendWindowSeconds. */
  codeSendsPerPhone: number;
  codeSendsPerAccount: number;
  codeSendsPerAddress: number;
  codeSendWindowSeconds: number;
  /** Reset-code checks of one phone (or account) and of one client address within codeGuessWindowSeconds. */
  codeGuessesPerPhone: number;
  codeGuessesPerAddress: number;
  codeGuessWindowSeconds: number;
  /** Passkey challenges (sign-in, adding one, paying) one client address may ask for within loginWindowSeconds. */
  passkeyChallengesPerAddress: number;
}

export const DEFAULT_ATTEMPT_LIMITS: AttemptLimits = {
  loginFreeFailures: 5,
  loginLockFailures: 10,
  loginDelayMs: 1000,
  loginWindowSeconds: 15 * 60,
  loginLockSeconds: 15 * 60,
  loginAddressFailures: 100,
  loginAddressConcurrent: 2,
  loginAddressQueue: 20,
  codeSendsPerPhone: 5,
  codeSendsPerAccount: 5,
  codeSendsPerAddress: 20,
  codeSendWindowSeconds: 60 * 60,
  codeGuessesPerPhone: 10,
  codeGuessesPerAddress: 30,
  codeGuessWindowSeconds: 24 * 60 * 60,
  // The login screen asks for one on every visit (passkey autofill): generous, but a bound on the table.
  passkeyChallengesPerAddress: 300,
};

/** 'loginLockSeconds' -> 'LIMIT_LOGIN_LOCK_SECONDS'. */
const envName = (key: string) => `LIMIT_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** The limits set in the environment (LIMIT_LOGIN_LOCK_SECONDS=60, ...); a bad value stops start-up. */
export function attemptLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<AttemptLimits> {
  const limits: Partial<AttemptLimits> = {};
  for (const key of Object.keys(DEFAULT_ATTEMPT_LIMITS) as (keyof AttemptLimits)[]) {
    const raw = env[envName(key)];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`${envName(key)}: expected a whole number, got '${raw}'`);
    limits[key] = value;
  }
  return limits;
}

/** Whole minutes (at least 1) until a refused key may try again. */
export const minutesLeft = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** The wait of a refused consume; rate-limiter-flexible rejects with a RateLimiterRes (or an Error). */
function waitOf(rejection: unknown): number {
  if (rejection instanceof RateLimiterRes) return rejection.msBeforeNext;
  throw rejection;
}

/** A counter: `take` counts one attempt and answers null, or the milliseconds to wait when over. */
export class Counter {
  private readonly limiter: RateLimiterMemory;
  constructor(
    readonly points: number,
    windowSeconds: number,
  ) {
    this.limiter = new RateLimiterMemory({ points, duration: windowSeconds });
  }
  /** Counts one attempt; null and the count so far when allowed, else the wait in ms. */
  async take(key: string): Promise<{ wait: null; count: number } | { wait: number; count: number }> {
    try {
      const res = await this.limiter.consume(key);
      return { wait: null, count: res.consumedPoints };
    } catch (e) {
      return { wait: waitOf(e), count: this.points + 1 };
    }
  }
  /** The wait in ms when the key is over its limit (counting nothing), else null. */
  async waitFor(key: string): Promise<number | null> {
    const res = await this.limiter.get(key);
    return res && res.consumedPoints > this.points ? res.msBeforeNext : null;
  }
  /** Forgives one counted attempt (it succeeded). */
  async forgive(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }
  async clear(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
  /** Refuses the key for `seconds` from now. */
  async lock(key: string, seconds: number): Promise<number> {
    const res = await this.limiter.block(key, seconds);
    return res.msBeforeNext;
  }
}

/** The counters of one server. */
export class AttemptGuards {
  readonly limits: AttemptLimits;
  readonly loginAccount: Counter;
  readonly loginAddress: Counter;
  readonly sendPhone: Counter;
  readonly sendAccount: Counter;
  readonly sendAddress: Counter;
  readonly guessPhone: Counter;
  readonly guessAddress: Counter;
  readonly passkeyChallenges: Counter;
  /** Password checks per client address: how many run, and the turns waiting. */
  private readonly checking = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(overrides: Partial<AttemptLimits> = {}) {
    const l = { ...DEFAULT_ATTEMPT_LIMITS, ...overrides };
    this.limits = l;
    this.loginAccount = new Counter(l.loginLockFailures, l.loginWindowSeconds);
    this.loginAddress = new Counter(l.loginAddressFailures, l.loginWindowSeconds);
    this.sendPhone = new Counter(l.codeSendsPerPhone, l.codeSendWindowSeconds);
    this.sendAccount = new Counter(l.codeSendsPerAccount, l.codeSendWindowSeconds);
    this.sendAddress = new Counter(l.codeSendsPerAddress, l.codeSendWindowSeconds);
    this.guessPhone = new Counter(l.codeGuessesPerPhone, l.codeGuessWindowSeconds);
    this.guessAddress = new Counter(l.codeGuessesPerAddress, l.codeGuessWindowSeconds);
    this.passkeyChallenges = new Counter(l.passkeyChallengesPerAddress, l.loginWindowSeconds);
  }

  /**
   * Admits one password check for a client address: at once while fewer than
   * loginAddressConcurrent of its checks run, else after them in its own queue (at most
   * loginAddressQueue long, else null: refuse). One address flooding logins thus holds only a
   * couple of places in the shared scrypt queue (secrets.ts), ahead of everybody else's login,
   * while an office behind one address logging in at the same moment only waits its turn.
   * Call the returned release when the check is done.
   */
  async admitCheck(address: string): Promise<(() => void) | null> {
    let entry = this.checking.get(address);
    if (!entry) {
      entry = { running: 0, waiting: [] };
      this.checking.set(address, entry);
    }
    const turn = entry;
    if (turn.running < this.limits.loginAddressConcurrent) turn.running += 1;
    else if (turn.waiting.length < this.limits.loginAddressQueue)
      // The place is handed over by the release below (running stays the same).
      await new Promise<void>((resolve) => turn.waiting.push(resolve));
    else return null;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = turn.waiting.shift();
      if (next) next();
      else if ((turn.running -= 1) === 0) this.checking.delete(address);
    };
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A refusal (HTTP 200, code 0) saying how many minutes are left. */
export const refusedMinutes = (req: Request, key: MessageKey, ms: number) =>
  new ApiError(200, null, t(req.locale, key, minutesLeft(ms)));

/** The client address the limits count by (Express's req.ip: the proxy's X-Forwarded-For only from loopback). */
export const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? '';

/**
 * A login password check under the failed-attempt limits: for the account (`accountKey`; a name
 * nobody has is counted like an account, so the answers do not tell them apart) and for the client
 * address. The attempt is counted BEFORE the slow check, so parallel guesses are counted too, and
 * forgiven when the password is right (only failures count; a success clears the account's count).
 * Past loginFreeFailures each attempt waits longer; the failure that reaches loginLockFailures
 * locks the account for loginLockSeconds, during which even the right password is refused.
 *
 * Resolves true (right) or false (wrong: the caller answers its own message); throws the lock
 * refusal, or 'busy' when this address already has its share of checks running and waiting.
 * `hash` undefined (no such account) checks a dummy hash: the same work and time as a wrong password.
 */
export async function checkPasswordGuarded(
  guards: AttemptGuards,
  req: Request,
  accountKey: string,
  password: string,
  hash: string | undefined,
): Promise<boolean> {
  const LOCKED: MessageKey = 'Too many wrong passwords. Try again in {n} minutes';
  const address = addressOf(req);
  const release = await guards.admitCheck(address);
  if (!release) throw refused('The server is busy. Please try again in a moment');
  try {
    const byAddress = await guards.loginAddress.take(address);
    if (byAddress.wait !== null) throw refusedMinutes(req, LOCKED, byAddress.wait);
    const byAccount = await guards.loginAccount.take(accountKey);
    if (byAccount.wait !== null) throw refusedMinutes(req, LOCKED, byAccount.wait);
    const { loginFreeFailures, loginDelayMs, loginLockFailures, loginLockSeconds } = guards.limits;
    if (byAccount.count > loginFreeFailures) await sleep(loginDelayMs * (byAccount.count - loginFreeFailures));
    let valid: boolean;
    try {
      valid = await verifySecret(password, hash ?? (await dummySecretHash()));
    } catch (e) {
      // Not checked (the server was busy): not a failure.
      await guards.loginAccount.forgive(accountKey);
      await guards.loginAddress.forgive(address);
      throw e;
    }
    if (valid && hash !== undefined) {
      await guards.loginAccount.clear(accountKey);
      await guards.loginAddress.forgive(address);
      return true;
    }
    if (byAccount.count >= loginLockFailures) {
      throw refusedMinutes(req, LOCKED, await guards.loginAccount.lock(accountKey, loginLockSeconds));
    }
    return false;
  } finally {
    release();
  }
}
