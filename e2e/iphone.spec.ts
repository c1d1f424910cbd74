import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parse } from 'parse5';
import { logInAt } from './support/app';
import { ShopperApi, receivedOrder, teaInBag, type FlowContext } from './support/fault-flows';
import { readPng } from './support/png';
import { apiToken, fundShopper } from './support/shopper';
import {
  bottomPadding,
  canBeTextField,
  declarationsOf,
  declaredFontSizePx,
  isBareElement,
  NOT_TYPED_INPUT_TYPES,
  rootFontSizePx,
  selectsExactly,
  shippedRules,
  subjectsOf,
  textFieldClasses,
  unitsIn,
  usesSafeAreaBottom,
  type ShippedRule,
} from './support/shipped-styles';
import { registerUser, uniqueUser } from './support/users';

// What Safari on iPhone does and no engine on this machine shows, kept by reading what the build
// ships and what the server sends, then measuring the fields in Chromium:
// - the viewport meta lays the page out at the phone's width, under the notch and the home
//   indicator (viewport-fit=cover), and leaves pinch zoom on;
// - the home-screen icon (apple-touch-icon): a PNG of 180 px or more, opaque (iOS shows transparent
//   pixels black and rounds the corners itself); theme-color tints Safari's bars;
// - what sits on the bottom edge pads itself with env(safe-area-inset-bottom), which is 0 everywhere
//   but on a phone with a home indicator;
// - heights in dvh follow Safari's toolbars as they show and hide: a vh value before each one for
//   browsers without dvh, and no vh min-height beside it (vh is the viewport with the toolbars hidden,
//   which would push the bottom of the screen under them again);
// - Safari zooms the page into a text field whose font-size is under 16 px when it takes the focus,
//   and does not zoom back: no shipped rule that can reach a text field sets less, fields never
//   inherit the body's 15 px, and every field of every screen measures 16 px or more.

const SHOPPER_PAY_CODE = '135790';
const TEA = 'Japanese Sencha Green Tea, 100 Bags';

interface HtmlNode {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
}

function elementsIn(node: HtmlNode, tag: string, into: HtmlNode[] = []): HtmlNode[] {
  if (node.nodeName === tag) into.push(node);
  for (const child of node.childNodes ?? []) elementsIn(child, tag, into);
  return into;
}

function attr(node: HtmlNode, name: string): string | undefined {
  return node.attrs?.find((item) => item.name === name)?.value;
}

/** GET a document as a browser's navigation asks for it; its <head>, parsed by the HTML standard's parser. */
async function servedHead(request: APIRequestContext, path: string, cookie?: string): Promise<HtmlNode> {
  const answer = await request.get(path, {
    headers: { accept: 'text/html,application/xhtml+xml', ...(cookie ? { cookie } : {}) },
  });
  expect(answer.status(), `GET ${path}`).toBe(200);
  expect(answer.headers()['content-type'], `GET ${path}`).toMatch(/^text\/html/);
  const document = parse(await answer.text()) as unknown as HtmlNode;
  const head = elementsIn(document, 'head')[0];
  if (!head) throw new Error(`GET ${path}: no <head>`);
  return head;
}

test.describe('iPhone details (Safari behaviours no engine here shows)', () => {
  test('the documents the server sends: viewport, theme colour, home-screen icon', async ({ request }) => {
    const user = uniqueUser();
    await registerUser(request, user);
    const token = await apiToken(request, user);
    await teaInBag(new ShopperApi(request, token));
    const session = `token=${token}`;
    const documents: [string, string | undefined][] = [
      ['/home', undefined],
      ['/login', undefined],
      ['/bag', undefined],
      // A live session: the server draws the shopper's bag lines into this one (server/src/web/bag-frame.ts).
      ['/bag', session],
    ];
    const icons = new Set<string>();
    for (const [path, cookie] of documents) {
      const which = `${path}${cookie ? ' (logged in)' : ''}`;
      const head = await servedHead(request, path, cookie);
      const metas = elementsIn(head, 'meta');

      const viewports = metas.filter((meta) => attr(meta, 'name') === 'viewport');
      expect(viewports, `${which}: one viewport meta`).toHaveLength(1);
      const viewport = new Map(
        (attr(viewports[0]!, 'content') ?? '').split(',').map((part) => {
          const [key = '', value = ''] = part.split('=').map((text) => text.trim().toLowerCase());
          return [key, value] as const;
        }),
      );
      expect(viewport.get('width'), `${which}: width=device-width`).toBe('device-width');
      expect(Number(viewport.get('initial-scale')), `${which}: initial-scale=1`).toBe(1);
      expect(viewport.get('viewport-fit'), `${which}: viewport-fit=cover (the page goes under the notch)`).toBe(
        'cover',
      );
      // Pinch zoom stays: no user-scalable=no, no maximum-scale that caps it (axe: meta-viewport-large).
      expect(['no', '0'], `${which}: user-scalable must not turn zoom off`).not.toContain(
        viewport.get('user-scalable'),
      );
      const maximum = viewport.get('maximum-scale');
      if (maximum !== undefined) expect(Number(maximum), `${which}: maximum-scale`).toBeGreaterThanOrEqual(5);

      const themeColours = metas.filter((meta) => attr(meta, 'name') === 'theme-color');
      expect(themeColours.length, `${which}: a theme-color meta`).toBeGreaterThan(0);
      for (const meta of themeColours)
        expect(attr(meta, 'content'), `${which}: theme-color`).toMatch(/^#[0-9a-f]{6}$/i);

      const touchIcons = elementsIn(head, 'link').filter((link) =>
        (attr(link, 'rel') ?? '').toLowerCase().split(/\s+/).includes('apple-touch-icon'),
      );
      expect(touchIcons.length, `${which}: an apple-touch-icon link`).toBeGreaterThan(0);
      for (const link of touchIcons) icons.add(attr(link, 'href') ?? '');
    }

    for (const href of icons) {
      const answer = await request.get(href);
      expect(answer.status(), `apple-touch-icon ${href}`).toBe(200);
      expect(answer.headers()['content-type'], `apple-touch-icon ${href}`).toMatch(/^image\/png/);
      const icon = readPng(await answer.body());
      expect(icon.width, `apple-touch-icon ${href}: square`).toBe(icon.height);
      expect(icon.width, `apple-touch-icon ${href}: iOS asks for 180 x 180`).toBeGreaterThanOrEqual(180);
      expect(
        icon.minAlpha,
        `apple-touch-icon ${href}: opaque (iOS draws transparent pixels black and rounds the corners itself)`,
      ).toBe(255);
    }
  });

  test('the shipped CSS: safe areas, dvh with fallbacks, no text field under 16 px', () => {
    const rules = shippedRules();
    const problems: string[] = [];

    // What lies on the bottom edge, and must clear the home indicator.
    const bottomEdges = [
      { selector: '.tab-bar', what: 'the tab bar (src/app/tab-bar.tsx; theme.css)', height: true },
      {
        selector: '.sheet',
        what: "the bottom sheets: antd-mobile Popup's body (pin sheet, country sheet, language sheet)",
      },
      { selector: '.pin-sheet', what: 'the payment-code sheet, whose keypad lies over its bottom' },
      {
        selector: '.adm-safe-area-position-bottom',
        what: "antd-mobile's SafeArea under the NumberKeyboard (the pin sheet's keypad)",
      },
      { selector: '.page__footer', what: "a screen's bottom bar (the bag's Checkout, forms' actions)" },
      { selector: '.image-viewer__nav', what: "the full-screen picture viewer's controls (product page)" },
    ];
    for (const edge of bottomEdges) {
      const matching = rules.filter(({ rule }) => selectsExactly(rule, edge.selector));
      const paddings = matching.flatMap(({ rule, where }) =>
        declarationsOf(rule).flatMap((declaration) => {
          const bottom = bottomPadding(declaration);
          return bottom === undefined ? [] : [{ where, declaration, bottom }];
        }),
      );
      if (paddings.length === 0) problems.push(`${edge.selector} (${edge.what}): no bottom padding in the shipped CSS`);
      for (const { where, declaration, bottom } of paddings) {
        if (!usesSafeAreaBottom(bottom)) {
          problems.push(`${where} { ${declaration.toString()} } (${edge.what}): no env(safe-area-inset-bottom)`);
        }
      }
      if (!edge.height) continue;
      // The padding comes out of the bar's height: the height must grow by the same inset.
      for (const { rule, where } of matching) {
        for (const declaration of declarationsOf(rule)) {
          if (declaration.prop === 'height' && !usesSafeAreaBottom(declaration.value)) {
            problems.push(`${where} { ${declaration.toString()} } (${edge.what}): no env(safe-area-inset-bottom)`);
          }
        }
      }
    }

    // Landscape: Safari enlarges 'small' text unless the page says its sizes are meant.
    const sizeAdjust = rules
      .filter(({ rule }) => selectsExactly(rule, 'html'))
      .flatMap(({ rule }) => declarationsOf(rule))
      .filter((declaration) => declaration.prop === '-webkit-text-size-adjust');
    if (!sizeAdjust.some((declaration) => declaration.value === '100%')) {
      problems.push('html: no -webkit-text-size-adjust: 100% (Safari on iPhone enlarges text in landscape)');
    }

    // dvh: a vh (or svh) value of the same property first, and no vh min-size that undoes it.
    let dvhDeclarations = 0;
    for (const { rule, where } of rules) {
      const declarations = declarationsOf(rule);
      declarations.forEach((declaration, index) => {
        if (!unitsIn(declaration.value).has('dvh')) return;
        dvhDeclarations += 1;
        const fallback = declarations.slice(0, index).some((earlier) => {
          const units = unitsIn(earlier.value);
          return earlier.prop === declaration.prop && !units.has('dvh') && (units.has('vh') || units.has('svh'));
        });
        if (!fallback) {
          problems.push(
            `${where} { ${declaration.toString()} }: no vh or svh ${declaration.prop} declared before it for browsers without dvh`,
          );
        }
        const undoing = declarations.find((other) => {
          const units = unitsIn(other.value);
          return other.prop === `min-${declaration.prop}` && (units.has('vh') || units.has('lvh'));
        });
        if (undoing) {
          problems.push(
            `${where} { ${undoing.toString()} } undoes { ${declaration.toString()} } on an iPhone: vh is the viewport with Safari's toolbars hidden, so the bottom of the screen goes under them`,
          );
        }
      });
    }
    const screenHeights = rules.filter(
      ({ rule }) =>
        selectsExactly(rule, '.page') &&
        declarationsOf(rule).some(
          (declaration) => declaration.prop === 'height' && unitsIn(declaration.value).has('dvh'),
        ),
    );
    if (screenHeights.length === 0) problems.push(".page: the screens' height is not in dvh");
    expect(dvhDeclarations, 'dvh declarations in the shipped CSS').toBeGreaterThan(0);

    // Text fields: no rule that can reach one sets a decidable size under 16 px (sizes relative to the
    // parent or set through variables are measured in the browser test below) ...
    const fieldClasses = textFieldClasses();
    const rootPx = rootFontSizePx(rules);
    const withOwners = (selector: string) => {
      const owners = [...new Set(selector.match(/\.[\w-]+/g) ?? [])].flatMap(
        (name) => fieldClasses.get(name.slice(1)) ?? [],
      );
      return owners.length ? `${selector} (${[...new Set(owners)].join(', ')})` : selector;
    };
    for (const { rule, where } of rules) {
      const reached = subjectsOf(rule).filter((subject) => canBeTextField(subject, fieldClasses));
      if (reached.length === 0) continue;
      for (const declaration of declarationsOf(rule)) {
        if (declaration.prop !== 'font-size' && declaration.prop !== 'font') continue;
        const px = declaredFontSizePx(declaration, rootPx);
        if (px !== undefined && px < 16) {
          problems.push(
            `${where} { ${declaration.toString()} } is ${px}px on a text field: ${reached.map((subject) => withOwners(subject.selector)).join(', ')}`,
          );
        }
      }
    }
    // ... and a field without a size of its own does not inherit the body's 15 px: the last bare
    // element rule (input, textarea, select: as specific as an element, so every component may go
    // larger) that sizes each of them sets 16 px or more.
    for (const tag of ['input', 'textarea', 'select']) {
      let last: { found: ShippedRule; declaration: string; px: number | undefined } | undefined;
      for (const found of rules) {
        if (!subjectsOf(found.rule).some((subject) => isBareElement(subject, tag))) continue;
        for (const declaration of declarationsOf(found.rule)) {
          if (declaration.prop !== 'font-size' && declaration.prop !== 'font') continue;
          last = { found, declaration: declaration.toString(), px: declaredFontSizePx(declaration, rootPx) };
        }
      }
      if (!last) problems.push(`${tag}: no element rule sizes it, so a field without a size of its own inherits one`);
      else if (last.px === undefined || last.px < 16) {
        problems.push(
          `${tag}: its last element rule, ${last.found.where} { ${last.declaration} }, is not 16px or more, so a field without a size of its own inherits the body's`,
        );
      }
    }

    expect(problems, 'iPhone details in dist/assets/*.css').toEqual([]);
  });
});

/** A rendered text field and its computed font size. */
interface MeasuredField {
  screen: string;
  name: string;
  element: string;
  fontSize: number;
}

/**
 * Every text field rendered on the page now (not display:none, e.g. a kept-alive screen behind):
 * visible, or focusable (transparent or off screen), or disabled for now (it may be enabled later).
 * Named as a screen reader would in the common cases: aria-labelledby, aria-label, its labels, then
 * placeholder or title.
 */
function renderedTextFields(page: Page): Promise<Omit<MeasuredField, 'screen'>[]> {
  return page.evaluate((notTyped) => {
    const textOf = (ids: string) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
        .trim();
    type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
    const nameOf = (field: Field) =>
      (field.getAttribute('aria-labelledby') && textOf(field.getAttribute('aria-labelledby')!)) ||
      field.getAttribute('aria-label')?.trim() ||
      Array.from(field.labels ?? [])
        .map((label) => label.textContent?.trim() ?? '')
        .join(' ')
        .trim() ||
      field.getAttribute('placeholder') ||
      field.getAttribute('title') ||
      '(no name)';
    return Array.from(document.querySelectorAll<Field>('input, textarea, select'))
      .filter((field) => !(field instanceof HTMLInputElement && notTyped.includes(field.type)))
      .filter((field) => field.checkVisibility())
      .map((field) => ({
        name: nameOf(field),
        element:
          `${field.localName}${field instanceof HTMLInputElement ? `[type=${field.type}]` : ''}` +
          Array.from(field.classList)
            .map((name) => `.${name}`)
            .join('') +
          (field.disabled ? ' (disabled)' : ''),
        fontSize: parseFloat(getComputedStyle(field).fontSize),
      }));
  }, NOT_TYPED_INPUT_TYPES);
}

/** Measures the text fields screen by screen; `expectAllLegible` then lists every field under 16 px. */
class FieldSizes {
  private readonly measured: MeasuredField[] = [];

  constructor(private readonly page: Page) {}

  /** Measures the fields on screen now, as `screen`; a screen with no field at all fails (it did not load). */
  async measure(screen: string): Promise<void> {
    const fields = await renderedTextFields(this.page);
    expect(fields.length, `${screen}: no text field rendered`).toBeGreaterThan(0);
    this.measured.push(...fields.map((field) => ({ screen, ...field })));
  }

  expectAllLegible(): void {
    const offenders = this.measured
      .filter((field) => field.fontSize < 16)
      .map((field) => `${field.screen}: "${field.name}" ${field.element} is ${field.fontSize}px`);
    expect(
      offenders,
      `Safari on iPhone zooms into these fields on focus (font-size under 16px), of ${this.measured.length} measured`,
    ).toEqual([]);
  }
}

test.describe('iPhone details: every text field is 16 px or more (Safari zooms into smaller ones)', () => {
  test('before logging in: sign-in, sign-up, forgotten password, search', async ({ page }) => {
    const sizes = new FieldSizes(page);
    const firstTextbox = () => expect(page.getByRole('textbox').first()).toBeVisible();

    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: 'Account', exact: true })).toBeVisible();
    await sizes.measure('/login');

    await page.goto('/register');
    await firstTextbox();
    await sizes.measure('/register');
    // The calling code's sheet, with its search field.
    await page.getByRole('button', { name: /^Calling code \+/ }).click();
    await expect(
      page.getByRole('dialog', { name: 'Calling code' }).getByRole('searchbox', { name: 'Search a country or code' }),
    ).toBeVisible();
    await sizes.measure('/register (calling code sheet)');

    await page.goto('/forgotPassword');
    await firstTextbox();
    await sizes.measure('/forgotPassword');

    // Home's search bar is a link to /search, whose field takes the focus.
    await page.goto('/home');
    await page.getByRole('link', { name: 'Search products', exact: true }).click();
    const search = page.getByRole('combobox', { name: 'Search products', exact: true });
    await expect(search).toBeFocused();
    await sizes.measure('/search (from /home)');
    await search.fill('tea');
    await search.press('Enter');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await sizes.measure('/search (results, filters open)');

    await page.goto('/explore');
    await expect(page.getByRole('searchbox', { name: 'Search hot products', exact: true })).toBeVisible();
    await sizes.measure('/explore');

    sizes.expectAllLegible();
  });

  test('a shopper: bag, product, checkout, address, wallet, passwords, payment code, refund, review', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const sizes = new FieldSizes(page);
    const firstTextbox = () => expect(page.getByRole('textbox').first()).toBeVisible();

    // A funded shopper with a received order (refund and review forms) and a line in the bag.
    const user = uniqueUser();
    await registerUser(request, user);
    await fundShopper(request, user, { payCode: SHOPPER_PAY_CODE, balance: '300.00' });
    const shopper: FlowContext = {
      page,
      api: new ShopperApi(request, await apiToken(request, user)),
      user,
      payCode: SHOPPER_PAY_CODE,
      data: {},
    };
    await receivedOrder(shopper);
    await teaInBag(shopper.api);
    await logInAt(page, user.username, user.password);

    await page.goto('/bag');
    await expect(page.getByRole('textbox', { name: `Quantity of ${TEA}`, exact: true })).toBeVisible();
    await sizes.measure('/bag');
    await page.getByRole('checkbox', { name: `Select ${TEA}`, exact: true }).check();
    await page.getByRole('button', { name: 'Checkout (1)', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Promo code', exact: true })).toBeVisible();
    await sizes.measure('/checkout');

    await page.goto('/detail/18/7');
    await expect(page.getByRole('textbox', { name: 'Quantity', exact: true })).toBeVisible();
    await sizes.measure('/detail/18/7');

    await page.goto('/addressForm');
    await expect(page.getByRole('textbox', { name: 'Addressee', exact: true })).toBeVisible();
    await sizes.measure('/addressForm');
    await page.getByRole('button', { name: /^Country or region\b/ }).click();
    const areas = page.getByRole('dialog', { name: 'Country or region' });
    await expect(areas.getByRole('searchbox')).toBeVisible();
    await sizes.measure('/addressForm (country sheet)');

    for (const path of ['/walletTopUp', '/changePayPwd', '/changePassword', '/profile']) {
      await page.goto(path);
      await firstTextbox();
      await sizes.measure(path);
    }

    await page.goto('/withDraw');
    const bank = page
      .getByRole('group', { name: 'Withdraw to' })
      .getByRole('button', { name: 'Bank card', exact: true });
    await bank.click();
    await expect(bank).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('textbox', { name: 'Amount (USD)', exact: true }).fill('20');
    await page.getByRole('textbox', { name: 'Bank card number', exact: true }).fill('6222 0212 3456 7890');
    await page.getByRole('textbox', { name: 'Bank name', exact: true }).fill('Example Bank');
    await page.getByRole('textbox', { name: 'Real name', exact: true }).fill(user.nickname);
    await sizes.measure('/withDraw');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Enter your payment code' });
    await expect(sheet).toBeVisible();
    // PasscodeInput's native input (off screen, disabled by the sheet) is measured here too.
    await sizes.measure('/withDraw (payment code sheet)');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toBeHidden();

    const orderId = Number(shopper.data.orderId);
    await page.goto(`/orderInfo/${orderId}`);
    await page.getByRole('button', { name: 'Apply refund', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Refund amount (USD)', exact: true })).toBeVisible();
    await sizes.measure('/refund');

    await page.goto(`/orderInfo/${orderId}`);
    await page.getByRole('link', { name: `Review ${TEA}`, exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Your review', exact: true })).toBeVisible();
    await sizes.measure('/comment');

    sizes.expectAllLegible();
  });
});
