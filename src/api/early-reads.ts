import { getApiOrigin } from '../shared/config/env';
import { screenReadOf, USER_INFO_READ } from '../shared/config/first-screen';
import { cookieStorage } from '../store/persistence';
import { sessionHeaders } from './session-headers';

/**
 * Early reads: the reads a logged-in first screen cannot render without, started by the document's
 * first script (src/boot.ts) while the app's code downloads, and handed to the request layer when the
 * app makes the same request.
 *
 * A page opened with a session cannot show anything before the user info has loaded (SPEC.md section
 * 2's guard), and its screen's own reads only start after that. On a phone's network that was two
 * round trips after some 200 KB of code: the bag opened 2.8 s after the tap (Lighthouse mobile). These
 * reads are GETs with no parameters, the same URLs and headers as the app's own (the token and
 * language come from the cookies the store rehydrates from), so an answer is exactly what the app
 * would have been given, only earlier. A request that differs in anything is not matched and goes out
 * as usual; an early read nobody took is dropped after EARLY_READ_TTL_MS.
 */

/** As long as the request layer would wait for an answer (REQUEST_TIMEOUT_MS). */
const EARLY_READ_TTL_MS = 10_000;

interface EarlyRead {
  headers: Record<string, string>;
  answer: Promise<Response>;
}

const started = new Map<string, EarlyRead>();

/** Starts the reads `pathname`'s first screen needs, when the cookies hold a session. */
export async function startEarlyReads(pathname: string): Promise<void> {
  const [session, language] = await Promise.all([
    cookieStorage.getItem('persist:session') as Promise<{ token?: string } | undefined>,
    cookieStorage.getItem('persist:language') as Promise<{ selected?: { file_name?: string } } | undefined>,
  ]);
  if (!session?.token) return;
  // As the request layer sends them (fetchBaseQuery asks for JSON).
  const headers = { accept: 'application/json', ...sessionHeaders({ session, language }) };
  for (const read of [USER_INFO_READ, screenReadOf(pathname)]) {
    if (!read) continue;
    const url = `${getApiOrigin()}${read.url}`;
    const answer = fetch(url, { headers, credentials: 'same-origin' });
    // Nobody may take it; its failure then must not be an unhandled rejection.
    answer.catch(() => undefined);
    started.set(url, { headers, answer });
    setTimeout(() => {
      if (started.get(url)?.answer === answer) started.delete(url);
    }, EARLY_READ_TTL_MS);
  }
}

/**
 * The early answer to `request`, once, when one was started for the same GET with the same headers.
 * A failed early read is sent again by the caller's own fetch; the request's abort (timeout, a
 * screen that went away) still ends the wait.
 */
export function takeEarlyRead(request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined;
  const early = started.get(request.url);
  if (!early) return undefined;
  const same = Object.entries(early.headers).every(([name, value]) => request.headers.get(name) === value);
  if (!same) return undefined;
  started.delete(request.url);
  const { signal } = request;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    early.answer.then(resolve, () => fetch(request).then(resolve, reject));
  });
}
