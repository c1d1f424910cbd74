import { virtual } from '@guidepup/virtual-screen-reader';

/**
 * A shopper who uses a screen reader: guidepup's virtual screen reader over the whole page
 * (document.body: the app, its sheets and dialogs, and the live regions it announces through). The
 * shopper reaches things only as such a user does: by moving to the next or previous item, acting on
 * the one they are on, and typing into it.
 */
export const sr = virtual;

const isLive = (phrase: string) => /^(polite|assertive): /.test(phrase);

/**
 * Everything spoken since the screen reader started, without the empty "announcements" a live region
 * makes when it is cleared before its next message (src/shared/ui/live-region.ts): a screen reader
 * says nothing for those.
 */
export async function spoken(): Promise<string[]> {
  return (await sr.spokenPhraseLog()).filter((phrase) => !/^(polite|assertive):\s*$/.test(phrase));
}

/** What was spoken after the first `from` entries of spoken() (a mark taken with `mark()`). */
export async function spokenSince(from: number): Promise<string[]> {
  return (await spoken()).slice(from);
}

/** A place in the transcript to read from later (spokenSince). */
export async function mark(): Promise<number> {
  return (await spoken()).length;
}

/** Only the live announcements (toasts, errors), as "polite: text" / "assertive: text". */
export async function announcementsSince(from: number): Promise<string[]> {
  return (await spokenSince(from)).filter(isLive);
}

/** The item the screen reader is on, as it was last spoken (live announcements aside). */
export async function current(): Promise<string> {
  exposeCheckedness();
  const log = await sr.spokenPhraseLog();
  for (let index = log.length - 1; index >= 0; index -= 1) if (!isLive(log[index]!)) return log[index]!;
  return '';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * guidepup reads a native radio's or checkbox's state from its `checked` content attribute (its
 * HTML-AAM table), while browsers expose the control's checkedness, which React sets as a property
 * only: after a tap, the radio tapped would be read as "not checked". The attribute is made to say
 * what a browser's accessibility tree says before each move. (Checkedness itself never follows the
 * attribute once the control has been used, so this changes nothing else.)
 */
function exposeCheckedness(): void {
  document.querySelectorAll<HTMLInputElement>('input[type=radio], input[type=checkbox]').forEach((input) => {
    if (input.checked !== input.hasAttribute('checked')) input.toggleAttribute('checked', input.checked);
  });
}

/** How the shopper moves: item by item (swipe), or by landmark, heading or link (the rotor). */
export type MoveBy = 'item' | 'landmark' | 'navigation' | 'heading' | 'link';

async function step(by: MoveBy, direction: 'next' | 'previous'): Promise<void> {
  exposeCheckedness();
  if (by === 'item') return direction === 'next' ? sr.next() : sr.previous();
  const kind = { landmark: 'Landmark', navigation: 'Navigation', heading: 'Heading', link: 'Link' }[by];
  const command = `moveTo${direction === 'next' ? 'Next' : 'Previous'}${kind}` as keyof typeof sr.commands;
  const before = (await sr.spokenPhraseLog()).length;
  await sr.perform(sr.commands[command]);
  // None further on: the screen reader goes on item by item (and wraps at the end of the document).
  if ((await sr.spokenPhraseLog()).length === before) await (direction === 'next' ? sr.next() : sr.previous());
}

/** The screen reader's next item (a swipe right). */
export const next = () => step('item', 'next');
/** The screen reader's previous item (a swipe left). */
export const previous = () => step('item', 'previous');

/** Leaves the item and comes back to it, to hear its state now (as a shopper checks what a tap did). */
export async function reread(): Promise<string> {
  await previous();
  await next();
  return current();
}

/**
 * Presses "next" (or "previous") until the item spoken matches `target`, as a screen-reader user
 * listens for what they look for. The page keeps loading meanwhile (it talks to a real server): after
 * every pass over the whole document, and every `breathEvery` steps, time is given to the app. Fails
 * with the phrases passed on the way when `max` steps or `timeout` ms go by without it.
 */
export async function moveTo(
  target: RegExp | string,
  {
    max = 400,
    timeout = 20000,
    direction = 'next',
    by = 'item',
  }: { max?: number; timeout?: number; direction?: 'next' | 'previous'; by?: MoveBy } = {},
): Promise<string> {
  const matches = (phrase: string) => (typeof target === 'string' ? phrase === target : target.test(phrase));
  const passed: string[] = [];
  const started = Date.now();
  for (let count = 0; count < max && Date.now() - started < timeout; count += 1) {
    await step(by, direction);
    const phrase = await current();
    if (matches(phrase)) return phrase;
    passed.push(phrase);
    if (phrase === 'end of document' || phrase === 'document' || count % 25 === 24) await pause(60);
  }
  throw new Error(
    `The screen reader never reached ${String(target)} (${passed.length} steps, ${Date.now() - started} ms). ` +
      `It said:\n  ${passed.join('\n  ')}`,
  );
}

/** Moves to the item that matches `target` and activates it (Enter / a tap on it). */
export async function activate(target: RegExp | string, options?: Parameters<typeof moveTo>[1]): Promise<string> {
  const phrase = await moveTo(target, options);
  await sr.act();
  return phrase;
}

/**
 * Waits until the screen reader has said something that matches `what` since `from` (a mark()):
 * announcements arrive when the server answers.
 */
export async function heard(what: RegExp | string, from: number, timeout = 15000): Promise<string> {
  const matches = (phrase: string) => (typeof what === 'string' ? phrase === what : what.test(phrase));
  const started = Date.now();
  for (;;) {
    const said = await spokenSince(from);
    const found = said.find(matches);
    if (found) return found;
    if (Date.now() - started > timeout) {
      throw new Error(`The screen reader never said ${String(what)}. Since then it said:\n  ${said.join('\n  ')}`);
    }
    await pause(50);
  }
}
