import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// Accessibility checks in the journeys: axe-core on the screen the shopper sees, against WCAG 2.2 AA
// and axe's best practices, with the 24px target-size rule (WCAG 2.5.8) switched on (axe ships it
// off). Every violation fails the journey; nothing is excluded.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

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

/**
 * What the shopper sees has stopped moving, so colour contrast is measured on what stays on screen:
 * finite CSS animations and transitions have ended (endless ones, a spinner, are not waited for),
 * and no element is part-way through a scripted fade (antd-mobile's toasts, dialogs and sheets
 * animate an inline opacity from JavaScript).
 */
async function settle(page: Page): Promise<void> {
  // A toast fades out on its own timer, which can fall inside the axe run and have a half-faded
  // toast measured; its text is also announced in a live region, which stays and is checked.
  await page.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
  await page
    .waitForFunction(
      () => {
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
        return cssDone && fadesDone;
      },
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {
      // Still moving after 5 s: check what is there rather than fail on the wait.
    });
}

/**
 * Runs axe on the page as it is now (call it once the screen has settled: its heading or content
 * visible) and fails with every violation, named by `screen`, rule, impact and target selectors.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await test.step(`axe: ${screen}`, async () => {
    await settle(page);
    const results = await new AxeBuilder({ page })
      // options() first: withTags() adds runOnly to these options (options() replaces them all).
      .options({ rules: { 'target-size': { enabled: true } } })
      .withTags(TAGS)
      .analyze();
    // The rule really ran (it is off by default): it passed, failed, was unsure or found no target.
    const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
    expect(
      ran.some((rule) => rule.id === 'target-size'),
      'axe ran the target-size rule',
    ).toBe(true);
    const where = page.url().replace(/^https?:\/\/[^/]+/, '');
    console.log(`axe: ${screen} (${where}): ${results.violations.length} violation(s)`);
    // Soft: the journey goes on, so one run lists the violations of every screen; it still fails.
    expect
      .soft(
        results.violations.length,
        `axe found ${results.violations.length} violation(s) on "${screen}" (${where}):\n${describeViolations(results.violations)}`,
      )
      .toBe(0);
  });
}
