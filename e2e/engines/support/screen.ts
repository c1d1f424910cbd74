import path from 'node:path';
import { expect } from '@playwright/test';
import type { ElementRef, EngineDriver } from './drivers';
import type { Drawn } from '../../support/stored-picture';
import { installScript, type Found, type Step, type Wire } from './in-page';

export type TextMatch = string | RegExp;

const wire = (match: TextMatch): Wire =>
  typeof match === 'string' ? { s: match } : { re: match.source, flags: match.flags.replace('g', '') };
const show = (match: TextMatch) => (typeof match === 'string' ? JSON.stringify(match) : String(match));

export interface RoleOptions {
  name?: TextMatch;
  /** As Playwright's: a string name is contained, in any case; exact: true, the whole name. */
  exact?: boolean;
  level?: number;
  checked?: boolean;
  pressed?: boolean;
  selected?: boolean;
  expanded?: boolean;
}

/**
 * Something on the screen, found the way a shopper (or their screen reader) finds it: by role and
 * accessible name, by its text, by its label. Read-only; the Screen acts on it. The words follow
 * Playwright's locators, so a journey here reads like the Chromium journeys in e2e/.
 */
export class Target {
  constructor(
    readonly steps: readonly Step[],
    readonly description: string,
  ) {}

  private then(step: Step, what: string): Target {
    return new Target([...this.steps, step], this.description ? `${this.description} > ${what}` : what);
  }

  getByRole(role: string, options: RoleOptions = {}): Target {
    const { name, exact = false, ...states } = options;
    return this.then(
      { kind: 'role', role, exact, ...(name === undefined ? {} : { name: wire(name) }), ...states },
      `${role}${name === undefined ? '' : ` ${show(name)}`}`,
    );
  }
  getByText(text: TextMatch, { exact = false }: { exact?: boolean } = {}): Target {
    return this.then({ kind: 'text', text: wire(text), exact }, `text ${show(text)}`);
  }
  getByLabel(text: TextMatch, { exact = false }: { exact?: boolean } = {}): Target {
    return this.then({ kind: 'label', text: wire(text), exact }, `labelled ${show(text)}`);
  }
  /** CSS, for what has no role or text of its own (a picture's class, a file input). */
  locator(selector: string): Target {
    return this.then({ kind: 'css', selector }, selector);
  }
  filter({ hasText }: { hasText: TextMatch }): Target {
    return this.then({ kind: 'hasText', text: wire(hasText) }, `with text ${show(hasText)}`);
  }
  /** The element right after each found one, if it matches `selector` (a dt's dd). */
  next(selector: string): Target {
    return this.then({ kind: 'next', selector }, `next ${selector}`);
  }
  nth(index: number): Target {
    return this.then({ kind: 'nth', index }, `#${index}`);
  }
  first(): Target {
    return this.nth(0);
  }
}

const ROOT = new Target([], '');
const TIMEOUT = 15_000;
const POLL = [100, 200, 300, 500];

/** Where journeys leave the screenshots a person looks at (Playwright's output folder). */
export const SCREENSHOTS = path.resolve(__dirname, '..', '..', '..', 'test-results', 'engines');

/**
 * The shopper's screen in one engine: open pages, find things on them, tap, type, and wait for what
 * a shopper would wait for. Every wait polls the page until the expectation holds or times out.
 */
export class Screen {
  constructor(
    readonly driver: EngineDriver,
    readonly baseURL: string,
  ) {}

  get engine() {
    return this.driver.engine;
  }

  // Queries from the document's root, as on Playwright's page.
  getByRole(role: string, options?: RoleOptions) {
    return ROOT.getByRole(role, options);
  }
  getByText(text: TextMatch, options?: { exact?: boolean }) {
    return ROOT.getByText(text, options);
  }
  getByLabel(text: TextMatch, options?: { exact?: boolean }) {
    return ROOT.getByLabel(text, options);
  }
  locator(selector: string) {
    return ROOT.locator(selector);
  }

  async goto(pathOrUrl: string): Promise<void> {
    await this.driver.goto(new URL(pathOrUrl, this.baseURL).href);
  }
  async reload(): Promise<void> {
    await this.driver.reload();
  }
  async back(): Promise<void> {
    await this.driver.back();
  }
  async url(): Promise<URL> {
    return new URL(await this.driver.currentUrl());
  }

  /** The queries, installed in the page the first time a document is asked (each load is a new one). */
  private async ensureQueries(): Promise<void> {
    const ready = await this.driver.run<boolean>('return Boolean(window.__journey);');
    if (!ready) await this.driver.run(installScript());
  }

  /**
   * What `target` finds now. A page that is being replaced (a reload, a tap that navigates) answers
   * `error` instead of failing: expectations poll again, and none takes it for an absence.
   */
  async found(target: Target): Promise<Found> {
    try {
      await this.ensureQueries();
      return await this.driver.run<Found>('return window.__journey.found(arguments[0]);', target.steps);
    } catch (error) {
      const reason = firstLine(error);
      return { count: 0, visible: [], texts: [], error: reason, nearby: [`(the page could not be read: ${reason})`] };
    }
  }

  /** Whether the page, read now, shows no `target` (false while it cannot be read). */
  async isAbsent(target: Target): Promise<boolean> {
    const found = await this.found(target);
    return !found.error && !found.visible.some(Boolean);
  }

  private async resolve(target: Target): Promise<ElementRef[]> {
    await this.ensureQueries();
    return this.driver.elements('return window.__journey.resolve(arguments[0]);', target.steps);
  }

  /**
   * Runs `action` once on the one element `target` finds, once it has settled where a tap would reach
   * it (`settle`). Finding is retried until there is exactly one; the action is retried only after a
   * failure that happens before anything reached the page (the element covered, gone or not
   * interactable), or when it can be repeated harmlessly (`repeatable`): a tap that may have landed
   * is never tapped again (a second digit, a second order).
   */
  private async act<T>(
    target: Target,
    what: string,
    action: (element: ElementRef) => Promise<T>,
    { settle, repeatable }: { settle: boolean; repeatable: boolean },
  ): Promise<T> {
    const deadline = Date.now() + TIMEOUT;
    let last = '';
    for (let attempt = 0; ; attempt += 1) {
      if (settle) await this.untilActionable(target, what, deadline);
      let elements: ElementRef[] = [];
      try {
        elements = await this.resolve(target);
        last = elements.length === 1 ? '' : elements.length === 0 ? 'found none' : `found ${elements.length}`;
      } catch (error) {
        last = firstLine(error); // the page is being replaced
      }
      if (elements.length === 1) {
        try {
          return await action(elements[0]!);
        } catch (error) {
          last = firstLine(error);
          if (!repeatable && !NOT_DISPATCHED.test(last)) {
            throw new Error(`${this.engine}: ${what} ${target.description} failed: ${last}`);
          }
        }
      }
      if (Date.now() > deadline) {
        const found = await this.found(target);
        const nearby = found.nearby?.length ? `; on the screen instead: ${found.nearby.join(', ')}` : '';
        throw new Error(`${this.engine}: cannot ${what} ${target.description}: ${last}${nearby}`);
      }
      await sleep(POLL[Math.min(attempt, POLL.length - 1)]!);
    }
  }

  /**
   * Waits until a tap on `target` would reach it (shown, enabled, still, on top at its centre), as a
   * shopper taps what has settled on the screen, and as Playwright's actionability checks do:
   * Puppeteer's click does not wait, and a dialog's button tapped during its opening animation
   * (antd-mobile sets pointer-events: none until it ends) lost the tap to the dialog's frame in Firefox.
   */
  private async untilActionable(target: Target, what: string, deadline = Date.now() + TIMEOUT): Promise<void> {
    let state = '';
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.ensureQueries();
        state = await this.driver.run<string>('return window.__journey.actionable(arguments[0]);', target.steps);
        if (state === 'ready') return;
      } catch (error) {
        state = firstLine(error);
      }
      if (Date.now() > deadline) throw new Error(`${this.engine}: cannot ${what} ${target.description}: ${state}`);
      await sleep(POLL[Math.min(attempt, POLL.length - 1)]!);
    }
  }

  /** `target` has settled where a tap would reach it (a sheet or dialog done opening). */
  async expectReady(target: Target): Promise<void> {
    await this.untilActionable(target, 'see settled');
  }

  async click(target: Target): Promise<void> {
    await this.act(target, 'tap', (element) => this.driver.click(element), { settle: true, repeatable: false });
  }

  /** Replaces what the field holds with `text`, typed key by key as a shopper types (repeatable: it clears first). */
  async fill(target: Target, text: string): Promise<void> {
    await this.act(
      target,
      'type into',
      async (element) => {
        await this.driver.click(element);
        const hadText = await this.driver.run<boolean>(
          'var el = document.activeElement; if (!el || !("value" in el) || !el.value) return false;' +
            ' try { el.select(); } catch (e) { el.setSelectionRange(0, el.value.length); } return true;',
        );
        if (hadText) await this.driver.press('Backspace');
        if (text) await this.driver.type(element, text);
      },
      { settle: true, repeatable: true },
    );
  }

  async press(key: 'Enter' | 'Backspace' | 'Escape' | 'Tab'): Promise<void> {
    await this.driver.press(key);
  }

  /**
   * Chooses the option of a native <select> whose text is `option`, as the phone's own picker does:
   * the option selected, then input and change, as Playwright's selectOption and Puppeteer's select
   * do (each engine's picker is a window of its own, which the drivers do not reach).
   */
  async select(target: Target, option: string): Promise<void> {
    await this.untilActionable(target, `choose '${option}' in`);
    const result = await this.driver.run<string>(
      'var found = window.__journey.resolve(arguments[0]);' +
        ' if (found.length !== 1) return "found " + found.length;' +
        ' var select = found[0];' +
        ' var index = -1;' +
        ' for (var i = 0; i < select.options.length; i += 1) if (select.options[i].text.trim() === arguments[1]) index = i;' +
        ' if (index < 0) return "it has no such option";' +
        ' select.focus();' +
        ' select.selectedIndex = index;' +
        ' select.dispatchEvent(new Event("input", { bubbles: true }));' +
        ' select.dispatchEvent(new Event("change", { bubbles: true }));' +
        ' return "chosen";',
      target.steps,
      option,
    );
    if (result !== 'chosen') {
      throw new Error(`${this.engine}: cannot choose '${option}' in ${target.description}: ${result}`);
    }
  }

  /**
   * Waits until the one <img> `target` finds has drawn its picture (scrolled to, as a shopper scrolls
   * to a lazy picture; loaded and decoded: a natural size), and says what it drew and from where.
   */
  async expectDrawn(target: Target): Promise<Drawn> {
    let drawn: Drawn | undefined;
    await expect
      .poll(
        async () => {
          await this.ensureQueries().catch(() => {});
          drawn = await this.ask<Drawn | undefined>(
            'var found = window.__journey.resolve(arguments[0]);' +
              ' if (found.length !== 1) return undefined;' +
              ' var img = found[0];' +
              ' img.scrollIntoView({ block: "center" });' +
              ' return { complete: img.complete, width: img.naturalWidth, height: img.naturalHeight,' +
              ' src: img.currentSrc || img.src };',
            target.steps,
          );
          return Boolean(drawn?.complete && drawn.width > 0);
        },
        { message: `${this.engine}: ${target.description} drawn`, timeout: TIMEOUT, intervals: POLL },
      )
      .toBe(true);
    return drawn!;
  }

  /** A file input is usually hidden under its picker: chosen directly, as a shopper's file dialog does. */
  async upload(target: Target, file: string): Promise<void> {
    await this.act(target, 'choose a file in', (element) => this.driver.upload(element, file), {
      settle: false,
      repeatable: true,
    });
  }

  /** The page's answer to a script (a function body; `arguments[i]`). */
  run<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.driver.run<T>(body, ...args);
  }

  /** As run, for polling: undefined while the page is being replaced. */
  async ask<T>(body: string, ...args: unknown[]): Promise<T | undefined> {
    try {
      return await this.driver.run<T>(body, ...args);
    } catch {
      return undefined;
    }
  }

  // --- Expectations (each polls until it holds) --------------------------------------------------

  async expectVisible(target: Target, { timeout = TIMEOUT }: { timeout?: number } = {}): Promise<void> {
    await expect
      .poll(async () => summary(await this.found(target)), {
        message: `${this.engine}: ${target.description} is visible`,
        timeout,
        intervals: POLL,
      })
      .toBe('one, visible');
  }

  async expectHidden(target: Target, { timeout = TIMEOUT }: { timeout?: number } = {}): Promise<void> {
    await expect
      .poll(() => this.isAbsent(target), {
        message: `${this.engine}: ${target.description} is not shown`,
        timeout,
        intervals: POLL,
      })
      .toBe(true);
  }

  async expectCount(target: Target, count: number): Promise<void> {
    await expect
      .poll(
        async () => ((found) => (found.error ? `unreadable: ${found.error}` : found.count))(await this.found(target)),
        {
          message: `${this.engine}: how many ${target.description}`,
          timeout: TIMEOUT,
          intervals: POLL,
        },
      )
      .toBe(count);
  }

  /** The one element's text (whitespace collapsed) equals `text`, or matches it. */
  async expectText(target: Target, text: TextMatch): Promise<void> {
    const poll = expect.poll(async () => (await this.found(target)).texts.join(' | '), {
      message: `${this.engine}: the text of ${target.description}`,
      timeout: TIMEOUT,
      intervals: POLL,
    });
    if (typeof text === 'string') await poll.toBe(text);
    else await poll.toMatch(text);
  }

  async textOf(target: Target): Promise<string> {
    await this.expectVisible(target);
    return (await this.found(target)).texts[0]!;
  }

  /** An attribute of the one element `target` finds (undefined while there is none, or several). */
  async attribute(target: Target, name: string): Promise<string | null | undefined> {
    try {
      await this.ensureQueries();
      return await this.driver.run<string | null | undefined>(
        'var found = window.__journey.resolve(arguments[0]);' +
          ' return found.length === 1 ? found[0].getAttribute(arguments[1]) : undefined;',
        target.steps,
        name,
      );
    } catch {
      return undefined; // the page is being replaced: asked again
    }
  }

  async expectAttribute(target: Target, name: string, value: TextMatch): Promise<void> {
    const poll = expect.poll(() => this.attribute(target, name), {
      message: `${this.engine}: ${name} of ${target.description}`,
      timeout: TIMEOUT,
      intervals: POLL,
    });
    if (typeof value === 'string') await poll.toBe(value);
    else await poll.toMatch(value);
  }

  /** The address bar's path (and query, when `expected` has one), as the shopper's URL shows it. */
  async expectPath(expected: string | RegExp): Promise<void> {
    const poll = expect.poll(
      async () => {
        const url = await this.url();
        return typeof expected === 'string' && !expected.includes('?') ? url.pathname : url.pathname + url.search;
      },
      { message: `${this.engine}: the page's path`, timeout: TIMEOUT, intervals: POLL },
    );
    if (typeof expected === 'string') await poll.toBe(expected);
    else await poll.toMatch(expected);
  }

  /** A toast's screen-reader announcement: a live region (status, or alert for failures) saying `text`. */
  async expectAnnounced(text: string, role: 'status' | 'alert' = 'status'): Promise<void> {
    await expect
      .poll(async () => (await this.found(this.getByRole(role).filter({ hasText: text }))).count, {
        message: `${this.engine}: '${text}' announced (role ${role})`,
        timeout: TIMEOUT,
        intervals: POLL,
      })
      .toBeGreaterThan(0);
  }

  /**
   * Saves the viewport to test-results/engines/<engine>-<name>.png for a person to look at (not a
   * visual assertion), once any toast has gone so it does not cover the screen.
   */
  async screenshot(name: string): Promise<string> {
    await this.expectHidden(this.locator('.adm-toast-mask'));
    const file = path.join(SCREENSHOTS, `${this.engine}-${name}.png`);
    await this.driver.screenshot(file);
    return file;
  }
}

/** Errors of an action that failed before it reached the page, in the three protocols' words. */
const NOT_DISPATCHED =
  /click intercepted|not interactable|stale element|not attached|detached|is not visible|not clickable|no longer/i;

function firstLine(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

function summary(found: Found): string {
  if (found.count === 0) return `none${found.nearby?.length ? ` (on the screen: ${found.nearby.join(', ')})` : ''}`;
  if (found.count > 1) return `${found.count} of them`;
  return found.visible[0] ? 'one, visible' : 'one, not visible';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
