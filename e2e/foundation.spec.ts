import { expect, test } from '@playwright/test';
import {
  announcement,
  appStartedAt,
  atPath,
  languageOption,
  largestPaints,
  logIn,
  logInAt,
  oneOf,
  translationsOf,
  watchAppStart,
  watchLargestPaints,
} from './support/app';
import { apiToken } from './support/shopper';
import { registerUser, uniqueUser } from './support/users';
import { expectNoAxeViolations } from './support/axe';

// The shell's journeys (SPEC.md 2, 8) at a phone viewport (see e2e/playwright.config.ts), against the
// production build and a freshly seeded reference server (scripts/e2e.mjs).

test.describe('Foundation', () => {
  test('a new user registers, logs in, switches to Thai, keeps both across a reload and logs out', async ({ page }) => {
    const user = uniqueUser();

    await test.step('registers and is sent to the login page', async () => {
      await page.goto('/register');
      await page.getByRole('textbox', { name: 'Account', exact: true }).fill(user.username);
      await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill(user.nickname);
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
      // The calling-code picker defaults to +1 (United States); the mobile is a valid US number.
      await expect(page.getByRole('button', { name: /Calling code/ })).toContainText(`+${user.quhao}`);
      await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(user.mobile);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
      await expectNoAxeViolations(page, 'register');
      await page.getByRole('button', { name: 'Register', exact: true }).click();

      await expect(announcement(page, 'Register Success')).toBeAttached();
      await expect(page).toHaveURL(atPath('/login'));
      await expectNoAxeViolations(page, 'login (after registering)');
    });

    await test.step('logs in and lands on Home (it came from no private page)', async () => {
      await logIn(page, user.username, user.password);
      await expect(announcement(page, 'Login Success')).toBeAttached();
      await expect(page).toHaveURL(atPath('/home'));
    });

    await test.step('sees their nickname and balance on the Me tab', async () => {
      await page.getByRole('link', { name: 'Me', exact: true }).click();
      await expect(page).toHaveURL(atPath('/filter'));
      await expect(page.getByRole('heading', { name: user.nickname })).toBeVisible();
      await expect(page.getByText('Balance').first()).toBeVisible();
      await expectNoAxeViolations(page, 'me');
    });

    await test.step('can back out of logging out', async () => {
      await page.getByRole('button', { name: 'Log out', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: 'Log out', exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'log-out confirmation');
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(atPath('/filter'));
      await expect(page.getByRole('heading', { name: user.nickname })).toBeVisible();
    });

    await test.step('switches the interface to Thai at once', async () => {
      await page.getByRole('link', { name: 'Language' }).click();
      await expect(page).toHaveURL(atPath('/language'));
      // Native radios in a labelled fieldset (role group) or an ARIA radiogroup: either is right.
      const languages = page
        .getByRole('radiogroup', { name: 'Language' })
        .or(page.getByRole('group', { name: 'Language' }));
      for (const name of ['English', '简体中文', '日本語', '한국어', 'ไทย']) {
        await expect(languageOption(languages, name)).toHaveCount(1);
      }
      await expect(languageOption(languages, 'English')).toBeChecked();
      await expectNoAxeViolations(page, 'language');

      // Once Thai applies, the group's own label is Thai too: find the option by its native name.
      const thai = languageOption(page, 'ไทย');
      await thai.click();
      await expect(thai).toBeChecked();
      await expect(page.locator('html')).toHaveAttribute('lang', 'th');
      // The language applies at once; the server has it when it says so (the reload below reads it).
      await expect(announcement(page, translationsOf('Setting Success', 'tai')[0]!)).toBeAttached();
    });

    const thaiMe = oneOf(translationsOf('Me', 'tai'));
    const meTab = page.locator('a[href="/filter"]');

    await test.step('sees the Me tab in Thai', async () => {
      await page.goBack();
      await expect(page).toHaveURL(atPath('/filter'));
      await expect(meTab).toBeVisible();
      await expect(meTab).not.toHaveAccessibleName('Me');
      await expect(meTab).toHaveAccessibleName(thaiMe);
    });

    await test.step('stays logged in and in Thai after a reload', async () => {
      await page.reload();
      await expect(page).toHaveURL(atPath('/filter'));
      await expect(page.getByRole('heading', { name: user.nickname })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'th');
      await expect(meTab).toHaveAccessibleName(thaiMe);
      await expectNoAxeViolations(page, 'me (Thai)');
    });

    await test.step('logs out, in Thai, after confirming', async () => {
      const logOut = oneOf(translationsOf('Log out', 'tai'));
      await page.getByRole('button', { name: logOut }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button')).toHaveCount(2);
      await dialog.getByRole('button', { name: logOut }).click();
      await expect(page).toHaveURL(atPath('/login', '/home'));

      // Logged out for real: the Me tab is private again.
      await page.goto('/filter');
      await expect(page).toHaveURL(atPath('/login'));
      await expect(page.locator('html')).toHaveAttribute('lang', 'th');
      await expect(page.getByRole('button', { name: oneOf(translationsOf('Log in', 'tai')) })).toBeVisible();
      await expectNoAxeViolations(page, 'login (Thai)');
    });
  });

  test('opening the cart logged out asks to log in first and returns to the cart after login', async ({ page }) => {
    await page.goto('/bag');
    await expect(page).toHaveURL(atPath('/login'));
    await expect(announcement(page, 'Please login first')).toBeAttached();
    await expectNoAxeViolations(page, 'login (asked to log in first)');

    await logIn(page, 'demo', 'demo123');
    await expect(announcement(page, 'Login Success')).toBeAttached();
    await expect(page).toHaveURL(atPath('/bag'));
  });

  test('a first visit of /login has every text it shows and checks the form with code fetched on first focus', async ({
    page,
  }) => {
    // /login loads only the shell's and the sign-in texts, and Yup when the form is first focused
    // (shared/config/route.ts, shared/lib/lazy-schema.ts): nothing on it may show a message id.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login');
    await expect(
      page.getByText('Welcome back. Log in to shop, pay from your wallet and track your orders.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /i18n-en-screens|login-schema/.test(path))).toEqual([]);

    await page.getByRole('button', { name: 'Log in' }).click();
    const account = page.getByRole('textbox', { name: 'Account', exact: true });
    await expect(account).toHaveAccessibleDescription('Please input account and password');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'Please input account and password',
    );
    expect(scripts.some((path) => path.includes('login-schema'))).toBe(true);
    await expect(page.locator('body')).not.toContainText(/\b(account|validation|route|common|app)\.[a-z]+[A-Za-z.]*\b/);
  });

  test('a first visit paints the sign-in hero before the app starts, and fetches only code its document announced', async ({
    page,
  }) => {
    // The server draws the hero into /login's frame (server/src/web/frame.ts) and names the route's chunks
    // in <head> (route-chunks.ts); the app's scripts start after the frame's first paint (src/boot.ts).
    await watchLargestPaints(page);
    await watchAppStart(page);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (['script', 'stylesheet'].includes(request.resourceType())) fetched.push(new URL(request.url()).pathname);
    });
    const response = await page.goto('/login');
    const documentHtml = (await response?.text()) ?? '';
    const lead = 'Welcome back. Log in to shop, pay from your wallet and track your orders.';
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    const beforeTheForm = [...fetched];

    const seen = { largest: await largestPaints(page), appStartedAt: await appStartedAt(page) };
    // The page's largest paint is the frame's welcome line, painted before the app's scripts were added;
    // the screen's own line, in the same place and size, is no larger.
    expect(seen.largest.length).toBeGreaterThan(0);
    expect(seen.largest.at(-1)).toMatchObject({ inFrame: true, text: lead });
    expect(seen.appStartedAt).toBeDefined();
    expect(seen.largest[0]!.at).toBeLessThanOrEqual(seen.appStartedAt!);
    // Nothing the form needed was discovered late: every script and style it fetched is in the document
    // (but what waits for an idle moment: the service worker's registration, src/app/service-worker.ts,
    // and signing in with a passkey, features/account/components/passkey-sign-in.tsx, with the
    // WebAuthn library it loads).
    const announced = new Set([...documentHtml.matchAll(/(?:src|href)="?([^" >]+\.(?:js|css))/g)].map((m) => m[1]));
    const late = beforeTheForm.filter(
      (file) => !announced.has(file) && !/\/(service-worker|passkey-sign-in|webauthn)\./.test(file),
    );
    expect(late).toEqual([]);
    expect(beforeTheForm.length).toBeGreaterThan(announced.size / 2);
    // The route's own chunks wait in the document's inert template and are asked for once the frame's
    // largest paint is on screen (server/src/web/static.ts, src/boot.ts).
    const held = [
      ...(/<template data-after-paint>(.*?)<\/template>/.exec(documentHtml)?.[1] ?? '').matchAll(/href="([^"]+)"/g),
    ].map((m) => m[1]!);
    expect(held.length).toBeGreaterThan(0);
    const { askedAt, stylesArrived } = await page.evaluate((files) => {
      const entry = (file: string) =>
        performance.getEntriesByName(new URL(file, location.href).href)[0] as PerformanceResourceTiming | undefined;
      // The document's own styles: a screen's part loaded later adds its own link.
      const styles = Array.from(document.querySelectorAll<HTMLLinkElement>('head link[rel=stylesheet]')).filter(
        (link) => !link.href.includes('/passkey-sign-in.'),
      );
      return {
        askedAt: files.map((file) => entry(file)?.startTime),
        stylesArrived: Math.max(...styles.map((link) => entry(link.href)?.responseEnd ?? 0)),
      };
    }, held);
    // The frame cannot paint before the styles it needs have arrived, and asked from the document the
    // chunks would start at its parse, beside those styles. (The largest paint's own time is when its
    // frame was presented, which a busy machine's compositor may put frames after the main thread
    // painted it and boot asked: no bound for this check.)
    expect(stylesArrived).toBeGreaterThan(0);
    for (const at of askedAt) expect(at).toBeGreaterThanOrEqual(stylesArrived);
  });

  test('a logged-in first visit of the bag asks for the user info and the bag once each, before the app starts', async ({
    page,
  }) => {
    // The document's first script starts the reads a logged-in /bag cannot render without, and the
    // app's own requests are answered by them (src/api/early-reads.ts): on a phone's network the two
    // round trips no longer wait for the app's code.
    await logInAt(page, 'demo', 'demo123');
    await watchAppStart(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) reads.push(`${request.method()} ${pathname}`);
    });
    await page.goto('/bag');
    await expect(page.getByRole('heading', { name: 'Cart', exact: true })).toBeVisible();
    await expect(
      page.getByText('Your cart is empty').or(page.getByRole('button', { name: /^Checkout \(/ })),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(reads.filter((read) => read === 'GET /api/user/getUserInfo')).toHaveLength(1);
    expect(reads.filter((read) => read === 'GET /api/cart/index')).toHaveLength(1);
    const timing = {
      appStartedAt: await appStartedAt(page),
      reads: await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => /\/api\/(user\/getUserInfo|cart\/index)$/.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    };
    expect(timing.appStartedAt).toBeDefined();
    expect(timing.reads).toHaveLength(2);
    for (const startedAt of timing.reads) expect(startedAt).toBeLessThan(timing.appStartedAt!);
  });

  test("a logged-in first visit of the bag shows the shopper's lines before the app starts, and the screen takes their place without a blink", async ({
    page,
    baseURL,
  }) => {
    // The server draws the bag's lines into /bag's frame with the screen's own classes
    // (server/src/web/bag-frame.ts); the app keeps the frame until its first render can draw the same lines
    // (src/api/first-screen-reads.ts).
    const user = uniqueUser();
    await registerUser(page.request, user);
    const token = await apiToken(page.request, user);
    const lines = [
      { title: "Men's Slim Fit Oxford Shirt, Long Sleeve", add: { product_id: 6, mer_id: 2, spec: 'Blue|L' } },
      {
        title: 'Ergonomic Wireless Mouse, Silent Click, 2.4G and Bluetooth',
        add: { product_id: 21, mer_id: 1, spec: 'White' },
      },
    ];
    for (const line of lines) {
      const added = await page.request.post('/api/cart/add', { data: { ...line.add, num: 1 }, headers: { token } });
      expect(((await added.json()) as { code: number }).code).toBe(1);
    }
    // A session as the SPA keeps it (src/store/persistence.ts), in a browser that never opened the shop:
    // no service worker stands between it and the server yet.
    await page.context().addCookies([{ name: 'token', value: token, url: baseURL!, sameSite: 'Strict' }]);
    await page.addInitScript(() => {
      /** What #app showed, frame by frame: the titles drawn, and whether it was the frame. */
      const states: string[] = [];
      (window as unknown as { __bagStates: string[] }).__bagStates = states;
      // Looked at before every frame the browser paints (not at every change of the DOM: the parser
      // inserts the frame's elements one by one, but paints only what it has when a frame comes).
      const look = () => {
        const app = document.getElementById('app');
        if (app && document.readyState !== 'loading') {
          const state = `${app.querySelector('.app-frame') ? 'frame' : 'screen'}: ${Array.from(
            app.querySelectorAll('.bag-line__title'),
            (title) => title.textContent,
          ).join(' / ')}`;
          if (states.at(-1) !== state) states.push(state);
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await watchLargestPaints(page);
    await watchAppStart(page);
    await page.goto('/bag');
    // The screen's own bar: the frame's is inert and hidden from assistive technology.
    await expect(page.getByRole('button', { name: 'Checkout (0)' })).toBeVisible();
    await expect(page.getByRole('link', { name: lines[0]!.title })).toBeVisible();

    const seen = {
      states: await page.evaluate(() => (window as unknown as { __bagStates: string[] }).__bagStates),
      largest: await largestPaints(page),
    };
    const startedAt = await appStartedAt(page);
    // Newest first, from the document's parse to the screen: never an empty page or a loading state between.
    const titles = [...lines]
      .reverse()
      .map((line) => line.title)
      .join(' / ');
    expect(seen.states).toEqual([`frame: ${titles}`, `screen: ${titles}`]);
    // The largest paint is a line of the frame, painted before the app's scripts were added.
    expect(seen.largest.length).toBeGreaterThan(0);
    expect(seen.largest.at(-1)).toMatchObject({ inFrame: true });
    expect(startedAt).toBeDefined();
    expect(seen.largest.at(-1)!.at).toBeLessThanOrEqual(startedAt!);
    await expectNoAxeViolations(page, 'bag (first visit)');
  });

  test('a wrong password shows the server’s message and keeps the account typed', async ({ page, request }) => {
    const wrongPassword = 'not-the-password';
    // The message is the server's to choose: ask it what it says to these credentials.
    const response = await request.post('/api/user/login', {
      data: { account: 'demo', password: wrongPassword },
      headers: { lang: 'en' },
    });
    const envelope = (await response.json()) as { code: number; msg: string };
    expect(envelope.code).not.toBe(1);
    expect(envelope.msg).toBeTruthy();

    await page.goto('/login');
    await logIn(page, 'demo', wrongPassword);

    await expect(announcement(page, envelope.msg, 'alert')).toBeAttached();
    await expect(page).toHaveURL(atPath('/login'));
    await expect(page.getByRole('textbox', { name: 'Account', exact: true })).toHaveValue('demo');
    await expectNoAxeViolations(page, 'login (wrong password)');
  });
});
