import { writeFileSync } from 'node:fs';
import {
  chromium,
  type Browser as PlaywrightBrowser,
  type CDPSession,
  type ElementHandle,
  type Page,
} from '@playwright/test';
import puppeteer, { type Browser as PuppeteerBrowser, type ElementHandle as PuppeteerHandle } from 'puppeteer-core';
import { Builder, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import { Marionette } from './marionette';

/**
 * The three engines shoppers use, each driven through its own standard protocol from one interface,
 * so a journey is written once (e2e/engines/*.spec.ts) and runs in all of them:
 *
 * - WebKit (every iPhone browser): WebKitGTK's MiniBrowser through WebKitWebDriver, classic W3C
 *   WebDriver, with selenium-webdriver (4.46: the last release for Node 20; four small dependencies).
 * - Firefox ESR: WebDriver BiDi straight to Firefox, with puppeteer-core. WebdriverIO and
 *   selenium-webdriver reach Firefox only through geckodriver, which neither Debian nor npm provides
 *   here without a download; Playwright's BiDi Firefox needs commands ESR 153 lacks
 *   (emulation.setMediaFeaturesOverride: "unknown command" on newContext). BiDi has no WebAuthn
 *   commands, so a journey with passkeys also speaks to Firefox's Marionette (marionette.ts).
 * - Chromium: Playwright, as the rest of e2e/ drives it.
 *
 * What differs between engines stays in here: opening pages, running a script in the page, and the
 * few native inputs a journey needs (a click, typed text, a key, a file). Finding elements is the same
 * script in every engine (screen.ts), so a name or a role means the same thing everywhere.
 */
export type EngineName = 'webkit' | 'firefox' | 'chromium';

/** A DOM element of the page, as the engine's protocol refers to it. */
export type ElementRef = WebElement | PuppeteerHandle<Element> | ElementHandle<Element>;

export interface EngineDriver {
  readonly engine: EngineName;
  /** The browser's own name and version, for reports. */
  readonly version: string;
  /** Opens `url` (absolute) and waits for its load event. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  back(): Promise<void>;
  currentUrl(): Promise<string>;
  /** Runs `body` (a function body: `return ...`; arguments as `arguments[i]`) in the page; JSON back. */
  run<T>(body: string, ...args: unknown[]): Promise<T>;
  /** Runs `body` in the page and returns the elements of the array it returns. */
  elements(body: string, ...args: unknown[]): Promise<ElementRef[]>;
  /** A real click at the element's centre, after scrolling it into view. */
  click(element: ElementRef): Promise<void>;
  /** Focuses the element and types `text` key by key. */
  type(element: ElementRef, text: string): Promise<void>;
  /** A key press ('Enter', 'Backspace', 'Escape', 'Tab') to the focused element. */
  press(key: 'Enter' | 'Backspace' | 'Escape' | 'Tab'): Promise<void>;
  /** Selects the file at `file` (an absolute path) in an <input type=file>. */
  upload(element: ElementRef, file: string): Promise<void>;
  /** The viewport as a PNG file. */
  screenshot(file: string): Promise<void>;
  /**
   * Gives the browser a virtual authenticator (WebAuthn's WebDriver extension, "Add Virtual
   * Authenticator": VIRTUAL_AUTHENTICATOR), as a phone's own fingerprint or face unlock that always
   * recognises its owner: passkeys are made and used with no prompt. Absent where the engine has no
   * WebAuthn (WebKitGTK).
   */
  addVirtualAuthenticator?(): Promise<void>;
  /** Puts a passkey made elsewhere on that authenticator (WebAuthn's "Add Credential"). */
  addPasskey?(passkey: VirtualPasskey): Promise<void>;
  close(): Promise<void>;
}

/** A discoverable passkey, as WebAuthn's "Add Credential" takes it (binary fields in base64url). */
export interface VirtualPasskey {
  credentialId: string;
  rpId: string;
  /** Its private key, PKCS #8 DER. */
  privateKey: string;
  userHandle: string;
  signCount: number;
}

/**
 * A platform authenticator that keeps passkeys (resident keys) and verifies its user, every time:
 * what the shop's passkeys ask of a phone (user verification required).
 */
export const VIRTUAL_AUTHENTICATOR = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
} as const;

/** A phone's viewport (iPhone 13-15), as the Playwright journeys use. */
export const VIEWPORT = { width: 390, height: 844 } as const;

// --- WebKit: classic WebDriver (WebKitWebDriver) ---------------------------------------------------

const WEBKIT_KEYS = { Enter: Key.ENTER, Backspace: Key.BACK_SPACE, Escape: Key.ESCAPE, Tab: Key.TAB } as const;

class WebKitDriver implements EngineDriver {
  readonly engine = 'webkit' as const;
  constructor(
    private readonly driver: WebDriver,
    readonly version: string,
  ) {}

  async goto(url: string) {
    await this.driver.get(url);
  }
  async reload() {
    await this.driver.navigate().refresh();
  }
  async back() {
    await this.driver.navigate().back();
  }
  currentUrl() {
    return this.driver.getCurrentUrl();
  }
  run<T>(body: string, ...args: unknown[]) {
    return this.driver.executeScript<T>(body, ...args);
  }
  async elements(body: string, ...args: unknown[]) {
    return (await this.driver.executeScript<WebElement[] | null>(body, ...args)) ?? [];
  }
  async click(element: ElementRef) {
    await (element as WebElement).click();
  }
  async type(element: ElementRef, text: string) {
    await (element as WebElement).sendKeys(text);
  }
  async press(key: keyof typeof WEBKIT_KEYS) {
    await this.driver.actions().sendKeys(WEBKIT_KEYS[key]).perform();
  }
  async upload(element: ElementRef, file: string) {
    await (element as WebElement).sendKeys(file);
  }
  async screenshot(file: string) {
    writeFileSync(file, Buffer.from(await this.driver.takeScreenshot(), 'base64'));
  }
  async close() {
    await this.driver.quit();
  }
}

/** MiniBrowser, the WebKitGTK browser WebKitWebDriver starts (Debian's webkit2gtk-driver; scripts/lib/engines.mjs finds it). */
export const MINIBROWSER = process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * A new MiniBrowser session (a fresh, ephemeral profile: no cookies, caches or service worker) at the
 * phone's viewport. MiniBrowser has no headless mode: it draws on the X display WebKitWebDriver was
 * started with (Xvfb in tests). Full screen hides its toolbar, so the window is all viewport; its
 * toolbar would otherwise hold the window at 447 px wide at least.
 */
export async function openWebKit(webDriverUrl: string): Promise<EngineDriver> {
  const driver = await new Builder()
    .usingServer(webDriverUrl)
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--full-screen'] },
    })
    .build();
  try {
    await driver
      .manage()
      .window()
      .setRect({ x: 0, y: 0, ...VIEWPORT });
    const capabilities = await driver.getCapabilities();
    return new WebKitDriver(driver, `WebKitGTK ${String(capabilities.get('browserVersion'))}`);
  } catch (error) {
    await driver.quit().catch(() => {});
    throw error;
  }
}

/** A page's array, as Puppeteer's and Playwright's handles have it: its items' handles. */
interface ArrayHandle {
  getProperties(): Promise<Map<string, { asElement(): unknown; dispose(): Promise<void> }>>;
  dispose(): Promise<void>;
}

/** The element handles of an array handle, in order; the array's own handle and the rest let go. */
async function elementsOf(list: ArrayHandle): Promise<ElementRef[]> {
  const properties = await list.getProperties();
  await list.dispose();
  const found: ElementRef[] = [];
  for (const [key, value] of properties) {
    const element = value.asElement();
    if (/^\d+$/.test(key) && element) found.push(element as ElementRef);
    else await value.dispose();
  }
  return found;
}

// --- Firefox: WebDriver BiDi (puppeteer-core) ------------------------------------------------------

/** Puppeteer evaluates functions, not bodies: a body becomes one function taking the arguments. */
function asFunction(body: string): (...args: unknown[]) => unknown {
  return new Function(body) as (...args: unknown[]) => unknown;
}

class FirefoxDriver implements EngineDriver {
  readonly engine = 'firefox' as const;
  private authenticatorId: string | undefined;
  constructor(
    private readonly browser: PuppeteerBrowser,
    private readonly page: import('puppeteer-core').Page,
    readonly version: string,
    private readonly marionette?: Marionette,
  ) {}

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load' });
  }
  async reload() {
    await this.page.reload({ waitUntil: 'load' });
  }
  async back() {
    await this.page.goBack({ waitUntil: 'load' });
  }
  async currentUrl() {
    return this.page.url();
  }
  run<T>(body: string, ...args: unknown[]) {
    return this.page.evaluate(asFunction(body), ...args) as Promise<T>;
  }
  async elements(body: string, ...args: unknown[]) {
    return elementsOf(await this.page.evaluateHandle(asFunction(body), ...args));
  }
  async click(element: ElementRef) {
    await (element as PuppeteerHandle<Element>).click();
  }
  async type(element: ElementRef, text: string) {
    await (element as PuppeteerHandle<Element>).type(text);
  }
  async press(key: 'Enter' | 'Backspace' | 'Escape' | 'Tab') {
    await this.page.keyboard.press(key);
  }
  async upload(element: ElementRef, file: string) {
    await (element as PuppeteerHandle<HTMLInputElement>).uploadFile(file);
  }
  async screenshot(file: string) {
    await this.page.screenshot({ path: file as `${string}.png` });
  }
  async addVirtualAuthenticator() {
    if (!this.marionette) throw new Error('Firefox was opened without WebAuthn: openFirefox({ webAuthn: true })');
    this.authenticatorId = await this.marionette.command<string>('WebAuthn:AddVirtualAuthenticator', {
      ...VIRTUAL_AUTHENTICATOR,
    });
  }
  async addPasskey(passkey: VirtualPasskey) {
    if (!this.marionette || !this.authenticatorId)
      throw new Error('No virtual authenticator: addVirtualAuthenticator first');
    // Marionette takes the credential under `credentials` (geckodriver wraps the W3C endpoint's body so).
    await this.marionette.command('WebAuthn:AddCredential', {
      authenticatorId: this.authenticatorId,
      credentials: { ...passkey, isResidentCredential: true },
    });
  }
  async close() {
    this.marionette?.close();
    await this.browser.close();
  }
}

/** Debian's Firefox ESR (package firefox-esr). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/**
 * What Firefox needs for virtual authenticators: Marionette listening (on a free port it picks), and
 * WebAuthn requests sent to authenticator-rs's test token, where virtual authenticators live, rather
 * than to USB keys (the usbtoken pref wins over the softtoken one: with both on, every ceremony ended
 * in NotAllowedError).
 */
const FIREFOX_WEBAUTHN = {
  args: ['--marionette'],
  prefs: {
    'marionette.port': 0,
    'security.webauth.webauthn_enable_softtoken': true,
    'security.webauth.webauthn_enable_usbtoken': false,
  },
};

/**
 * A new headless Firefox (a fresh temporary profile) at the phone's viewport. `webAuthn`: ready for
 * addVirtualAuthenticator (Marionette on, and the page in a tab of its own; see below).
 */
export async function openFirefox({ webAuthn = false }: { webAuthn?: boolean } = {}): Promise<EngineDriver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: { ...VIEWPORT, isMobile: false, hasTouch: false },
    args: webAuthn ? FIREFOX_WEBAUTHN.args : [],
    extraPrefsFirefox: {
      // No updates, telemetry or first-run pages in tests (the machine has no internet either).
      'app.update.enabled': false,
      'toolkit.telemetry.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      // Scrollbars over the page, as on a phone, instead of a desktop's 12 px gutter beside it.
      'ui.useOverlayScrollbars': 1,
      ...(webAuthn ? FIREFOX_WEBAUTHN.prefs : {}),
    },
  });
  let marionette: Marionette | undefined;
  try {
    const [first] = await browser.pages();
    let tab = first ?? (await browser.newPage());
    if (webAuthn) {
      // Firefox lets only the focused tab's page use navigator.credentials ("CredentialsContainer
      // request is not allowed." elsewhere), and the window's first tab never has the focus here:
      // document.hasFocus() stayed false after BiDi's activate and a click in it, while a tab
      // opened over BiDi has it from the start.
      tab = await browser.newPage();
      await first?.close();
      const args = browser.process()?.spawnargs ?? [];
      const profile = args[args.indexOf('--profile') + 1];
      if (!profile) throw new Error(`No --profile among Firefox's arguments: ${args.join(' ')}`);
      marionette = await Marionette.connect(profile);
    }
    await tab.setViewport({ ...VIEWPORT });
    const version = `Firefox ${(await browser.version()).replace(/^firefox\//i, '')}`;
    return new FirefoxDriver(browser, tab, version, marionette);
  } catch (error) {
    marionette?.close();
    await browser.close().catch(() => {});
    throw error;
  }
}

// --- Chromium: Playwright ----------------------------------------------------------------------------

/**
 * `body` called with `args`, as one expression: evaluated by the DevTools protocol like any
 * page.evaluate, outside the page's Content-Security-Policy (which refuses eval and new Function in
 * the page itself, as it should).
 */
function callExpression(body: string, args: unknown[]): string {
  return `(function () {\n${body}\n}).apply(null, ${JSON.stringify(args)})`;
}

class ChromiumDriver implements EngineDriver {
  readonly engine = 'chromium' as const;
  /** Kept: WebAuthn.enable and the authenticators hold for the DevTools session they were sent on. */
  private webAuthn: CDPSession | undefined;
  private authenticatorId: string | undefined;
  constructor(
    private readonly browser: PlaywrightBrowser,
    private readonly page: Page,
    readonly version: string,
  ) {}

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load' });
  }
  async reload() {
    await this.page.reload({ waitUntil: 'load' });
  }
  async back() {
    await this.page.goBack({ waitUntil: 'load' });
  }
  async currentUrl() {
    return this.page.url();
  }
  run<T>(body: string, ...args: unknown[]) {
    return this.page.evaluate(callExpression(body, args)) as Promise<T>;
  }
  async elements(body: string, ...args: unknown[]) {
    return elementsOf(await this.page.evaluateHandle(callExpression(body, args)));
  }
  async click(element: ElementRef) {
    await (element as ElementHandle<Element>).click();
  }
  async type(element: ElementRef, text: string) {
    await (element as ElementHandle<Element>).type(text);
  }
  async press(key: 'Enter' | 'Backspace' | 'Escape' | 'Tab') {
    await this.page.keyboard.press(key);
  }
  async upload(element: ElementRef, file: string) {
    await (element as ElementHandle<HTMLInputElement>).setInputFiles(file);
  }
  async screenshot(file: string) {
    await this.page.screenshot({ path: file });
  }
  async addVirtualAuthenticator() {
    this.webAuthn ??= await this.page.context().newCDPSession(this.page);
    await this.webAuthn.send('WebAuthn.enable');
    // automaticPresenceSimulation: the owner's touch, at once, as isUserVerified is their fingerprint.
    const added = await this.webAuthn.send('WebAuthn.addVirtualAuthenticator', {
      options: { ...VIRTUAL_AUTHENTICATOR, automaticPresenceSimulation: true },
    });
    this.authenticatorId = added.authenticatorId;
  }
  async addPasskey({ credentialId, rpId, privateKey, userHandle, signCount }: VirtualPasskey) {
    if (!this.webAuthn || !this.authenticatorId)
      throw new Error('No virtual authenticator: addVirtualAuthenticator first');
    // The DevTools protocol's binary fields are plain base64.
    const base64 = (text: string) => Buffer.from(text, 'base64url').toString('base64');
    await this.webAuthn.send('WebAuthn.addCredential', {
      authenticatorId: this.authenticatorId,
      credential: {
        credentialId: base64(credentialId),
        isResidentCredential: true,
        rpId,
        privateKey: base64(privateKey),
        userHandle: base64(userHandle),
        signCount,
      },
    });
  }
  async close() {
    await this.browser.close();
  }
}

/** A new headless Chromium at the phone's viewport, launched as e2e/playwright.config.ts launches it. */
export async function openChromium(): Promise<EngineDriver> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'allow', locale: 'en-US' });
    const page = await context.newPage();
    return new ChromiumDriver(browser, page, `Chromium ${browser.version()}`);
  } catch (error) {
    await browser.close().catch(() => {});
    throw error;
  }
}
