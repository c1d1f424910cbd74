import { deployNewWorker } from '../support/deploy';
import { expect, test } from './support/fixtures';
import type { Screen } from './support/screen';

// The installable app in every engine (src/sw/sw.ts): pages opened once the service worker controls
// them, the shop with the server out of reach, and a new deployment's prompt. The network goes away
// by cutting the relay between the browser and the server (support/cut-proxy.ts), the same in each
// engine; the browser itself still says it is online.

const LAPTOP = /UltraBook Pro Laptop/;

/** Waits until a service worker controls the page (its first install claims the open page). */
async function controlled(phone: Screen): Promise<void> {
  await expect
    .poll(() => phone.ask<string | null>('return navigator.serviceWorker.controller?.scriptURL ?? null;'), {
      message: `${phone.engine}: a service worker controls the page`,
      timeout: 30_000,
    })
    .toMatch(/\/sw\.js$/);
}

/** A product picture of the page has loaded (a decoded image from /media/product/). */
async function expectProductPicture(phone: Screen): Promise<void> {
  await expect
    .poll(
      () =>
        phone.ask<number>(
          'return Array.from(document.images).filter(function (i) {' +
            ' return i.complete && i.naturalWidth > 0 && /\\/media\\/product\\//.test(i.currentSrc); }).length;',
        ),
      { message: `${phone.engine}: a product picture is drawn` },
    )
    .toBeGreaterThan(0);
}

/** Each page, by what its screen shows once the app has drawn it (not the server's static frame). */
const PAGES: { path: string; shows: (phone: Screen) => ReturnType<Screen['getByRole']> }[] = [
  { path: '/login', shows: (phone) => phone.getByRole('button', { name: 'Log in', exact: true }) },
  { path: '/explore', shows: (phone) => phone.getByRole('navigation', { name: 'Browse', exact: true }) },
  { path: '/detail/8/4', shows: (phone) => phone.getByRole('button', { name: 'Add to bag', exact: true }) },
  { path: '/home', shows: (phone) => phone.getByRole('group', { name: 'Categories', exact: true }) },
  { path: '/bag', shows: (phone) => phone.getByRole('button', { name: 'Log in', exact: true }) },
];

test('pages opened after the service worker took control show their screen: typed, reloaded, repeated', async ({
  phone,
}) => {
  // WebKit lost about one such page in 40 to a blank 'Not found' (src/sw/sw.ts says why): 120 pages
  // there, so a comeback shows (this failed 4 of 5 runs on the build before the fix); the other
  // engines once through every way of opening a page.
  const rounds = phone.engine === 'webkit' ? 16 : 2;
  test.setTimeout(60_000 + rounds * PAGES.length * 4_000);

  await test.step('a first visit, browsing while the worker installs, is offered no new version', async () => {
    // The first install is no update. Firefox holds a first worker 'installed' a moment before it
    // activates, and a page opened in that moment found it waiting and offered 'New version
    // available': pages are opened one after another until a worker controls one, each watched.
    const prompt = phone.getByText('New version available');
    const expectNoPrompt = async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Read from the page (a page being replaced is read again), and not there.
      await expect
        .poll(() => phone.isAbsent(prompt), { message: `${phone.engine}: offered a new version on a first visit` })
        .toBe(true);
    };
    for (let opened = 0; opened < 40; opened += 1) {
      await phone.goto(PAGES[opened % PAGES.length]!.path);
      for (let look = 0; look < 3; look += 1) await expectNoPrompt();
      if (await phone.ask<boolean>('return Boolean(navigator.serviceWorker.controller);')) break;
    }
    await controlled(phone);
    for (let look = 0; look < 6; look += 1) await expectNoPrompt();
  });

  await test.step(`${rounds} rounds of ${PAGES.length} pages, each opened by its address, then reloaded`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      for (const page of PAGES) {
        await phone.goto(page.path);
        await phone.expectVisible(page.shows(phone));
        // The page came through the worker (a repeat visit), not around it.
        await controlled(phone);
        if (round % 2 === 1) {
          await phone.reload();
          await phone.expectVisible(page.shows(phone));
        }
      }
    }
    await phone.goto('/home');
    await phone.expectVisible(PAGES[3]!.shows(phone));
    await phone.screenshot('pwa-1-repeat-visit');
  });
});

test('with the shop out of reach, Home and a product the shopper looked at still open', async ({ phone, network }) => {
  let productPath = '';
  await test.step('online: Home, a category and a product, through the worker', async () => {
    await phone.goto('/home');
    await controlled(phone);
    // Opened again now that the worker controls the page, so the catalog answers pass through it.
    await phone.goto('/home');
    await phone.click(
      phone.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Computers', exact: true }),
    );
    await phone.click(phone.getByRole('list', { name: 'Recommended for you' }).getByRole('link', { name: LAPTOP }));
    await phone.expectVisible(phone.getByRole('heading', { name: LAPTOP, level: 2 }));
    productPath = (await phone.url()).pathname;
    // The product's picture is drawn (and so kept by the worker) before the network goes.
    await expectProductPicture(phone);
  });

  network.cut();

  await test.step('offline: Home opens from the worker, with the category the shopper chose', async () => {
    await phone.goto('/home');
    await phone.click(
      phone.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Computers', exact: true }),
    );
    await phone.expectVisible(
      phone.getByRole('list', { name: 'Recommended for you' }).getByRole('link', { name: LAPTOP }),
    );
    await phone.screenshot('pwa-2-offline-home');
  });

  await test.step('offline: the product opens, with its picture', async () => {
    await phone.goto(productPath);
    await phone.expectVisible(phone.getByRole('heading', { name: LAPTOP, level: 2 }));
    await expectProductPicture(phone);
    await phone.screenshot('pwa-3-offline-product');
  });

  await test.step('offline: a product never opened says it could not load, with a way to try again', async () => {
    await phone.goto('/detail/999999/1');
    await phone.expectVisible(phone.getByText('Could not load this', { exact: true }));
    await phone.expectVisible(phone.getByRole('button', { name: 'Try again' }));
  });

  network.restore();
  await test.step('back online: the shop answers again', async () => {
    await phone.goto('/home');
    await phone.expectVisible(phone.getByRole('group', { name: 'Categories', exact: true }));
  });
});

test('a new deployment shows the update prompt, and Reload brings the new version', async ({ phone }) => {
  await phone.goto('/home');
  await controlled(phone);
  // Opened again under the worker: the app registers it with a controller, as on a return visit.
  await phone.reload();
  await phone.expectVisible(phone.getByRole('group', { name: 'Categories', exact: true }));
  const deployment = deployNewWorker();
  try {
    await phone.run(
      'navigator.serviceWorker.getRegistration().then(function (r) { return r && r.update(); }); return true;',
    );
    const prompt = phone.getByRole('status').filter({ hasText: 'New version available' });
    await phone.expectVisible(prompt.getByText('New version available', { exact: true }), { timeout: 30_000 });
    await phone.screenshot('pwa-4-update-prompt');
    // Marks this document: gone once Reload has brought a new one.
    await phone.run('window.__beforeReload = true; return true;');
    await phone.click(prompt.getByRole('button', { name: 'Reload', exact: true }));
    // A new document, and the new worker active (none waits any more), which precached the new
    // revision of the shell.
    await expect
      .poll(
        () =>
          phone.ask<string>(
            'var revision = arguments[0];' +
              ' if (window.__beforeReload) return "the old page";' +
              ' return navigator.serviceWorker.getRegistration().then(function (r) {' +
              '  if (!r || r.waiting) return "a worker still waits";' +
              // The new worker is the active one (WebKit may leave the reload itself uncontrolled,
              // made while the worker was still activating; the next page is controlled).
              '  if (!r.active || r.active.state !== "activated") return "no activated worker";' +
              '  return caches.keys().then(function (names) { return Promise.all(names.map(function (n) { return caches.open(n).then(function (cache) { return cache.keys(); }); })); })' +
              '   .then(function (lists) { return lists.some(function (keys) { return keys.some(function (k) { return k.url.indexOf(revision) !== -1; }); }) ? "new version" : "old precache"; });' +
              ' });',
            deployment.revision,
          ),
        { message: `${phone.engine}: the reloaded page runs the new version`, timeout: 30_000 },
      )
      .toBe('new version');
    await phone.expectVisible(phone.getByRole('group', { name: 'Categories', exact: true }));
    await phone.expectHidden(phone.getByText('New version available'));
  } finally {
    deployment.restore();
  }
});
