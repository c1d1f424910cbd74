import { useTimeLeftAnnouncements } from '../../src/shared/ui/use-time-left-announcements';
import { clearLiveRegions, recordAnnouncements } from '../support/dom';
import { renderScreenHook } from '../support/render-hook';

// The time left to pay (the payment screen, an unpaid order) counts down every second without being
// announced; a screen-reader shopper hears it at 5 minutes and at 1 minute, once each.

beforeEach(() => clearLiveRegions());

/** What is said while the time left goes from `start` through each of `ticks` (seconds left). */
async function said(start: number, ticks: number[]) {
  const hook = await renderScreenHook(({ left }: { left: number | undefined }) => useTimeLeftAnnouncements(left), {
    initialProps: { left: start },
  });
  const recorded = recordAnnouncements();
  for (const left of ticks) hook.rerender({ left });
  // announce() writes the text a moment after the call; anything said twice would be there by then too.
  await new Promise((resolve) => setTimeout(resolve, 100));
  recorded.stop();
  hook.unmount();
  return recorded.said();
}

/** Every second from `from` down to `to`. */
const seconds = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => from - index);

describe('The time left to pay, said to screen readers', () => {
  it('is said at 5 minutes and at 1 minute, once each, and not at every second', async () => {
    expect(await said(305, seconds(304, 1))).toEqual(['status:5 minutes left to pay', 'status:1 minute left to pay']);
  });

  it('says nothing for a mark already passed when the screen opened, or at 0 (the expiry says so)', async () => {
    expect(await said(200, seconds(199, 61))).toEqual([]);
    expect(await said(59, seconds(58, 0))).toEqual([]);
  });

  it('says the minutes really left when a tick passes both marks at once, and says it once', async () => {
    expect(await said(320, [40, 39])).toEqual(['status:1 minute left to pay']);
  });

  it('says a mark once even when a tick skips it (a phone that slept)', async () => {
    // 250 s left: the 5-minute mark was passed, and what is left rounds up to 5 minutes.
    expect(await said(320, [250, 249])).toEqual(['status:5 minutes left to pay']);
  });
});
