import { configure, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';

// These tests wait on a real server (scrypt logins) and lazily loaded chunks on a 2-core machine that
// runs test files in parallel: 1 s, Testing Library's default, is too tight there. A failure still
// shows up, 5 s later.
configure({ asyncUtilTimeout: 5000 });

/** Removes every cookie jsdom holds for the page (path /). */
export function clearCookies(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

/**
 * Removes the toast live regions (role=status, role=alert) so a test never reads what an earlier test
 * announced; the app creates them again on its next message.
 */
export function clearLiveRegions(): void {
  document.querySelectorAll('[data-live-region]').forEach((element) => element.remove());
}

/**
 * Records what screen readers are told from now on: each text a live region takes (src/shared/ui/
 * live-region.ts), as `role:text`, in order, repeats included. For "said once" checks, which a
 * look at the regions at one moment cannot make (a region holds only its latest text, and writes
 * it a moment after the call).
 */
export function recordAnnouncements(): { said: () => string[]; stop: () => void } {
  const said: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const region = record.target instanceof Element ? record.target : record.target.parentElement;
      if (!region?.hasAttribute('data-live-region') || !region.textContent) continue;
      said.push(`${region.getAttribute('role')}:${region.textContent}`);
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { said: () => [...said], stop: () => observer.disconnect() };
}

/**
 * Waits for toasts the code under test opened (antd-mobile's Toast loads lazily, then shows), closes
 * them and any antd-mobile dialog, and waits until those are gone, so nothing renders after the
 * test's document is gone or leaks into the next test.
 */
export async function closeToasts(): Promise<void> {
  const [{ default: Toast }, { default: Dialog }] = await Promise.all([
    import('antd-mobile/es/components/toast'),
    import('antd-mobile/es/components/dialog'),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  Toast.clear();
  Dialog.clear();
  await waitFor(() => {
    if (document.querySelector('.adm-dialog, .adm-toast-mask')) throw new Error('an overlay is still open');
  });
}

/**
 * Waits until a live region of the given role (the toasts' role=status or role=alert) says `text`.
 * Screens have other role=status elements (loading states), so every one is looked at.
 */
export async function findAnnouncement(
  text: string | RegExp,
  role: 'status' | 'alert' = 'status',
): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .getAllByRole(role)
      .find((element) =>
        typeof text === 'string' ? element.textContent === text : text.test(element.textContent ?? ''),
      );
    if (!found) {
      const seen = screen.queryAllByRole(role).map((element) => JSON.stringify(element.textContent));
      throw new Error(`no role=${role} says ${String(text)}; seen: ${seen.join(', ') || 'none'}`);
    }
  });
  return found!;
}

/**
 * Waits until `element` takes pointer input: antd-mobile sheets block pointer events while they
 * animate open, as in the browser.
 */
export async function waitUntilClickable(element: Element): Promise<void> {
  await waitFor(() => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (getComputedStyle(node).pointerEvents === 'none') throw new Error('still animating (pointer-events: none)');
    }
  });
}

/**
 * Taps Load more until the named list holds `count` items. PullList swaps in its pull-to-refresh
 * wrapper once the page is idle and renders its footer anew then, so a tap at that moment can land on
 * a button that just left the page: only then (nothing loading, nothing added) is the tap repeated.
 */
export async function loadMoreUntil(user: UserEvent, listName: string, count: number) {
  const list = () => screen.getByRole('list', { name: listName });
  const size = () => list().children.length;
  for (let attempt = 0; attempt < 3 && size() < count; attempt += 1) {
    const before = size();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    try {
      await waitFor(() => expect(size() > before || list().getAttribute('aria-busy') === 'true').toBe(true), {
        timeout: 1000,
      });
      break;
    } catch {
      // The tap was lost while the footer was replaced: tap again.
    }
  }
  await waitFor(() => expect(size()).toBe(count));
}
