import type { Page, Route } from '@playwright/test';

// The eight faults of the fault suite (e2e/faults.spec.ts), each met by ONE request: the last request of
// a flow, matched by its operation's method and path, once (page.route, then unrouted). Only the lost
// and the late answers reach the server (it commits); the others are what a proxy, a gateway or a
// captive portal in the way answers instead of the server, so nothing happened there.

/** SPEC.md section 9: the SPA gives up on a JSON call after 10 s (src/api/base-query.ts). */
export const REQUEST_TIMEOUT_MS = 10_000;

export type FaultName = 'offline' | 'lost' | 'late' | 'html500' | 'empty502' | 'notJson' | 'htmlMsg' | 'unauthorized';

export interface Fault {
  name: FaultName;
  /** How the fault table names it. */
  title: string;
  /** Whether the server received the request and committed its effect. */
  reachesServer: boolean;
  apply(route: Route): Promise<void>;
}

/** The msg of the htmlMsg fault: shown as text, never run (no image request, no script). */
export const HTML_MSG = '<img src="x" onerror="window.__faultXss=1"><b>Refused by the shop</b>';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const FAULTS: readonly Fault[] = [
  {
    name: 'offline',
    title: 'network down before the request left',
    reachesServer: false,
    apply: (route) => route.abort('internetdisconnected'),
  },
  {
    name: 'lost',
    title: 'answer lost after the server committed',
    reachesServer: true,
    apply: async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    },
  },
  {
    name: 'late',
    title: 'answer slower than the 10 s timeout',
    reachesServer: true,
    apply: async (route) => {
      const response = await route.fetch();
      await sleep(REQUEST_TIMEOUT_MS + 1_500);
      // The SPA has given up (its fetch was aborted): the late answer may have nowhere to go.
      await route.fulfill({ response }).catch(() => undefined);
    },
  },
  {
    name: 'html500',
    title: 'a 500 with an HTML page',
    reachesServer: false,
    apply: (route) =>
      route.fulfill({
        status: 500,
        contentType: 'text/html',
        body: '<!doctype html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>',
      }),
  },
  {
    name: 'empty502',
    title: 'an empty 502',
    reachesServer: false,
    apply: (route) => route.fulfill({ status: 502, body: '' }),
  },
  {
    name: 'notJson',
    title: 'a 200 that is not JSON',
    reachesServer: false,
    apply: (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html><body><p>Please accept the terms to use this Wi-Fi.</p></body></html>',
      }),
  },
  {
    name: 'htmlMsg',
    title: 'a code-0 answer whose msg is HTML',
    reachesServer: false,
    apply: (route) => route.fulfill({ status: 200, json: { code: 0, msg: HTML_MSG, data: null } }),
  },
  {
    name: 'unauthorized',
    title: 'a 401',
    reachesServer: false,
    // As the reference server answers a token it no longer knows (server/src/platform/errors.ts).
    apply: (route) => route.fulfill({ status: 401, json: { code: 401, msg: 'Please login first', data: null } }),
  },
];

export interface ArmedFault {
  /** Resolves once the fault has been applied (for 'late': once the late answer was delivered or dropped). */
  readonly done: Promise<void>;
  /** Date.now() when the matching request arrived, or undefined while none has. */
  readonly firedAt: () => number | undefined;
}

/**
 * Makes the next `method` request to `path` (the pathname, any query) meet `fault`; every other
 * request, and any later one to the same operation, goes through untouched.
 */
export async function armFault(page: Page, op: { method: string; path: string }, fault: Fault): Promise<ArmedFault> {
  let fired: number | undefined;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const matches = (url: URL) => url.pathname === op.path;
  const handler = async (route: Route) => {
    if (fired !== undefined || route.request().method() !== op.method) {
      await route.fallback();
      return;
    }
    fired = Date.now();
    try {
      await fault.apply(route);
    } finally {
      // Later requests (the retry) reach the server untouched (they fall back until then).
      await page.unroute(matches, handler).catch(() => undefined);
      finish();
    }
  };
  await page.route(matches, handler);
  return { done, firedAt: () => fired };
}

/** One announcement: the text a live region (role status or alert) held, and when (Date.now()). */
export interface Announcement {
  text: string;
  role: string;
  at: number;
}

declare global {
  interface Window {
    __recordAnnouncement?: (entry: Announcement) => void;
    __faultXss?: number;
  }
}

/** What each page announced, kept in the test process: a screen that goes back after saving may leave the document. */
const announcementsOf = new WeakMap<Page, Announcement[]>();

/**
 * Records, from the first page load on, every text a role=status or role=alert element comes to hold:
 * toasts are announced through such live regions (src/shared/ui/live-region.ts) and gone after 1.2 s,
 * so a test reads what was said from this record instead of racing the toast.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  const said: Announcement[] = [];
  announcementsOf.set(page, said);
  // Sent to the test process as it happens, so what a document said survives its unloading (a
  // screen whose success goes back past the first entry of this document, to an earlier page load).
  await page.exposeFunction('__recordAnnouncement', (entry: Announcement) => {
    said.push(entry);
  });
  await page.addInitScript(() => {
    const last = new WeakMap<Element, string>();
    const scan = () => {
      for (const element of document.querySelectorAll('[role="status"], [role="alert"]')) {
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text && last.get(element) !== text) {
          window.__recordAnnouncement?.({ text, role: element.getAttribute('role') ?? '', at: Date.now() });
        }
        last.set(element, text);
      }
    };
    const start = () => {
      new MutationObserver(scan).observe(document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['role'],
      });
      scan();
    };
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start);
  });
}

/** What was announced at or after `since` (Date.now() of the test process: the same machine's clock). */
export async function announcedSince(page: Page, since: number): Promise<Announcement[]> {
  return (announcementsOf.get(page) ?? []).filter((entry) => entry.at >= since - 50);
}
