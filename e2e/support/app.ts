import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * A toast's screen-reader announcement: a live region (role 'status', or 'alert' for failures)
 * whose text contains `text`.
 */
export function announcement(page: Page, text: string, role: 'status' | 'alert' = 'status'): Locator {
  return page.getByRole(role).filter({ hasText: text }).first();
}

/** A predicate for `expect(page).toHaveURL()` that compares the path only (no query, no hash). */
export function atPath(...paths: string[]): (url: URL) => boolean {
  return (url) => paths.includes(url.pathname);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern matching exactly one of `texts` (for accessible names in another language). */
export function oneOf(texts: readonly string[]): RegExp {
  return new RegExp(`^(?:${texts.map(escapeRegExp).join('|')})$`);
}

type Messages = Record<string, string>;

function flatten(value: unknown, prefix = '', into: Messages = {}): Messages {
  if (typeof value === 'string') {
    into[prefix] = value;
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

const catalogues = new Map<string, Messages>();

function catalogue(file: string): Messages {
  let messages = catalogues.get(file);
  if (!messages) {
    messages = flatten(JSON.parse(readFileSync(path.join(repoRoot, 'translations', `${file}.json`), 'utf8')));
    catalogues.set(file, messages);
  }
  return messages;
}

/**
 * What the app shows instead of the English `text` in the language whose file is
 * translations/<file>.json (en, zh-CN, ri, han, tai): the values of every key whose English value
 * is `text`. Lets a journey find a translated button by its real name instead of its position.
 */
export function translationsOf(text: string, file: string): string[] {
  const english = catalogue('en');
  const other = catalogue(file);
  const keys = Object.keys(english).filter((key) => english[key] === text);
  const values = [...new Set(keys.map((key) => other[key]).filter((value): value is string => Boolean(value)))];
  if (values.length === 0) {
    throw new Error(`No message in translations/en.json reads "${text}" with a translation in ${file}.json.`);
  }
  return values;
}

/**
 * A language's radio button, by the language's own name ('ไทย'), which reads the same in every
 * interface language; the option may say more after it (e.g. its Chinese name).
 */
export function languageOption(scope: Page | Locator, languageName: string): Locator {
  return scope.getByRole('radio', { name: new RegExp(`^${escapeRegExp(languageName)}(?:\\s|$)`) });
}

/**
 * Fill the login form and submit it. By role, not by label: a label query also matches the inputs of
 * screens the app keeps alive (hidden) in the back stack, e.g. an earlier /login.
 */
export async function logIn(page: Page, account: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Account', exact: true }).fill(account);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Open /login, log in as `account` and wait until the app has left the login page. */
export async function logInAt(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await logIn(page, account, password);
  await announcement(page, 'Login Success').waitFor({ state: 'attached' });
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * The value (dd) of a term (dt) of a description list in `scope`, e.g. the withdrawal preview's
 * 'Service charge'. Terms and values are paired by position, as a screen reader reads them.
 */
export function definitionOf(scope: Page | Locator, term: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(term)}\\s*$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * Saves what the shopper sees now to test-results/<name>.png for a person to review (not a visual
 * assertion), once any toast has gone so it does not cover the screen.
 */
export async function reviewScreenshot(page: Page, name: string): Promise<void> {
  await page.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
  await page.screenshot({ path: path.join(repoRoot, 'test-results', `${name}.png`) });
}

/**
 * Notes, in the pages `page` opens next, when the app's scripts were added to the document: the boot
 * script adds them after the static frame's first paint (src/boot.ts). Read with appStartedAt.
 */
export async function watchAppStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((records, observer) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes))
          if (node instanceof HTMLScriptElement && /\/framework\./.test(node.src)) {
            (window as unknown as { __appStartedAt?: number }).__appStartedAt = performance.now();
            observer.disconnect();
            return;
          }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** When the app's scripts were added (page time, ms), as watchAppStart noted it; undefined if not yet. */
export function appStartedAt(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (window as unknown as { __appStartedAt?: number }).__appStartedAt);
}

/** A largest-contentful-paint candidate as the page saw it, noted when it was reported. */
export interface LargestPaint {
  /** Painted inside the static app frame (the server's drawing), not the app's screen. */
  inFrame: boolean;
  text: string;
  /** Page time, ms. */
  at: number;
}

/**
 * Notes, in the pages `page` opens next, every largest-paint candidate while its element is still
 * in the document (the app replaces the frame's). Read with largestPaints.
 */
export async function watchLargestPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: LargestPaint[] = [];
    (window as unknown as { __largestPaints: LargestPaint[] }).__largestPaints = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        seen.push({
          inFrame: Boolean(entry.element?.closest('.app-frame')),
          text: entry.element?.textContent ?? '',
          at: entry.startTime,
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** The largest-paint candidates so far, oldest first, as watchLargestPaints noted them. */
export function largestPaints(page: Page): Promise<LargestPaint[]> {
  return page.evaluate(() => (window as unknown as { __largestPaints?: LargestPaint[] }).__largestPaints ?? []);
}
