import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// Accessibility checks in the journeys: axe-core on the screen the shopper sees, against every rule
// of WCAG 2.x A and AA and axe's best practices. Every violation fails the journey; nothing is excluded.

/** axe's tags of WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const TAGS = [...WCAG_TAGS, 'best-practice'];

/** The axe-core that AxeBuilder injects (its own dependency, not necessarily the top-level one Lighthouse runs). */
const axeCore = createRequire(require.resolve('@axe-core/playwright'))('axe-core') as typeof import('axe-core');

/**
 * The WCAG A/AA rules axe ships switched off, switched on by name: `runOnly` tags leave out a rule that
 * is off by default (target-size, WCAG 2.5.8) or tagged 'experimental' (label-content-name-mismatch,
 * WCAG 2.5.3 Label in Name, in axe 4.13; p-as-heading; css-orientation-lock; the table rules), and a
 * rule named in `rules` runs whatever its tags. The ones axe marks deprecated (superseded) stay off.
 */
const RULES_SWITCHED_ON = axeCore
  .getRules(WCAG_TAGS)
  .filter((rule) => !rule.enabled && !rule.tags.includes('deprecated'))
  .map((rule) => rule.ruleId);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One readable paragraph per violated rule: id, impact, what it asks, and every element at fault. */
export function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    - ${node.target.join(' >>> ')}\n      ${node.html.slice(0, 300)}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
        )
        .join('\n');
      return `  ${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/** Consecutive animation frames in which nothing on screen may change before axe runs. */
const STILL_FRAMES = 3;

declare global {
  interface Window {
    __axeSettle?: { snapshot: string; still: number };
  }
}

/**
 * What the shopper sees has stopped moving, so colour contrast is measured on what stays on screen:
 * finite CSS animations and transitions have ended (endless ones, a spinner, are not waited for),
 * and nothing is part-way through a scripted fade or slide. antd-mobile's dialogs, sheets and masks
 * animate an inline opacity and transform from JavaScript (react-spring), and a dialog opened with
 * Dialog.confirm is first rendered hidden at opacity 0 and starts fading in a frame or two later: an
 * inline opacity of 0 is not "at rest" then, and a check that took it for a finished fade let axe read
 * the dialog half-faded (colour-contrast on the address-delete confirmation). So: every popup that is
 * displayed shows its content and its mask at full opacity, no inline opacity is between 0 and 1, and
 * the computed opacity and transform of every animated element are the same STILL_FRAMES frames in a row.
 */
async function settle(page: Page): Promise<void> {
  // A toast fades out on its own timer, which can fall inside the axe run and have a half-faded
  // toast measured; its text is also announced in a live region, which stays and is checked.
  await page.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
  await page.evaluate(() => {
    window.__axeSettle = { snapshot: '', still: 0 };
  });
  await page
    .waitForFunction(
      (stillFrames) => {
        const cssDone = document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          );
        const fadesDone = Array.from(document.querySelectorAll<HTMLElement>('[style*="opacity"]')).every((element) => {
          const opacity = Number.parseFloat(element.style.opacity);
          return Number.isNaN(opacity) || opacity <= 0 || opacity >= 1;
        });
        // Neither it nor an ancestor is display: none (a closed popup kept in the page).
        const displayed = (element: Element) => element.getClientRects().length > 0;
        // A popup on screen (its root displayed) has its content and mask fully shown: not about to
        // fade in, not at the end of a fade out.
        const popupsShown = Array.from(
          document.querySelectorAll('.adm-center-popup-wrap > div, .adm-mask, .adm-popup-body'),
        ).every((element) => !displayed(element) || getComputedStyle(element).opacity === '1');
        const animated = Array.from(
          document.querySelectorAll(
            '.adm-mask, .adm-center-popup-wrap > div, .adm-popup-body, [style*="opacity"], [style*="transform"]',
          ),
        );
        const snapshot = animated
          .map((element) => {
            const style = getComputedStyle(element);
            return `${style.display}|${style.opacity}|${style.transform}`;
          })
          .join(';');
        // A toast shown since the wait above (Toast.show mounts it a frame or two after the live
        // region announced its text) fades out on its own timer too: wait it out here as well.
        const toastsGone = Array.from(document.querySelectorAll('.adm-toast-mask')).every(
          (element) => !displayed(element),
        );
        const state = (window.__axeSettle ??= { snapshot: '', still: 0 });
        state.still = snapshot === state.snapshot ? state.still + 1 : 0;
        state.snapshot = snapshot;
        return cssDone && fadesDone && popupsShown && toastsGone && state.still >= stillFrames;
      },
      STILL_FRAMES,
      { timeout: 5_000, polling: 'raf' },
    )
    .catch(() => {
      // Still moving after 5 s: check what is there rather than fail on the wait.
      console.log('axe: the page was still moving after 5 s; checked as it is');
    });
}

type Theme = 'light' | 'dark';

/** axe on the page as it is now, with every WCAG A/AA rule on, experimental ones too; what it found. */
async function analyze(page: Page): Promise<AxeResults> {
  const results = await new AxeBuilder({ page })
    // options() first: withTags() adds runOnly to these options (options() replaces them all).
    .options({ rules: Object.fromEntries(RULES_SWITCHED_ON.map((id) => [id, { enabled: true }])) })
    .withTags(TAGS)
    .analyze();
  // Each rule switched on really ran: it passed, failed, was unsure or found nothing to check.
  const ran = new Set(
    [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((rule) => rule.id),
  );
  expect(
    RULES_SWITCHED_ON.filter((id) => !ran.has(id)),
    'axe ran every rule switched on',
  ).toEqual([]);
  return results;
}

/** What axe finds on the page once it has settled, with the journeys' rules: each violation fails them. */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  await settle(page);
  return (await analyze(page)).violations;
}

/** axe on the page as it is now (settled); prints and returns what it found. */
async function runAxe(page: Page, label: string): Promise<AxeResults['violations']> {
  const violations = await axeViolations(page);
  const where = page.url().replace(/^https?:\/\/[^/]+/, '');
  console.log(`axe: ${label} (${where}): ${violations.length} violation(s)`);
  // Soft: the journey goes on, so one run lists the violations of every screen; it still fails.
  expect
    .soft(
      violations.length,
      `axe found ${violations.length} violation(s) on "${label}" (${where}):\n${describeViolations(violations)}`,
    )
    .toBe(0);
  return violations;
}

/** The theme the page paints in now (src/shared/lib/theme.ts puts it on <html>). */
const paintedTheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme') ?? 'light');

/**
 * Runs axe on the page as it is now (call it once the screen has settled: its heading or content
 * visible) and fails with every violation, named by `screen`, rule, impact and target selectors.
 * Every screen is checked in both themes: as it is, then with the phone switched to the other
 * colour scheme (the app follows the phone unless the shopper chose a theme in Settings), and back.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await test.step(`axe: ${screen}`, async () => {
    const first = (await paintedTheme(page)) as Theme;
    await runAxe(page, `${screen}, ${first}`);
    const other: Theme = first === 'dark' ? 'light' : 'dark';
    await page.emulateMedia({ colorScheme: other });
    try {
      // A theme chosen in Settings does not follow the phone: then there is no other theme to check.
      const switched = await page
        .waitForFunction(
          (theme) => document.documentElement.getAttribute('data-prefers-color-scheme') === theme,
          other,
          { timeout: 2_000 },
        )
        .then(() => true)
        .catch(() => false);
      // Without a chosen theme (no theme cookie) the app must follow the phone: a page that did not
      // switch is a broken theme, not a screen to skip.
      const chosen = (await page.context().cookies(page.url())).some((cookie) => cookie.name === 'theme');
      if (!chosen) expect(switched, `"${screen}" follows the phone's switch to ${other}`).toBe(true);
      if (switched) await runAxe(page, `${screen}, ${other}`);
    } finally {
      await page.emulateMedia({ colorScheme: first });
    }
  });
}
