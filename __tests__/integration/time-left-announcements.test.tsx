import { waitFor } from '@testing-library/react';
import { useTimeLeftAnnouncements } from '../../src/shared/ui/use-time-left-announcements';
import { clearLiveRegions, recordAnnouncements } from '../support/dom';
import { renderScreenHook } from '../support/render-hook';

// The time left to pay (the payment screen, an unpaid order) counts down every second without being
// announced; a screen-reader shopper hears it at 5 minutes and at 1 minute, once each.

beforeEach(() => clearLiveRegions());

async function countDown(from: number, to: number) {
  const hook = await renderScreenHook(({ left }: { left: number | undefined }) => useTimeLeftAnnouncements(left), {
    initialProps: { left: from },
  });
  const said = recordAnnouncements();
  for (let left = from - 1; left >= to; left -= 1) hook.rerender({ left });
  // announce() writes the text a moment after the call.
  await new Promise((resolve) => setTimeout(resolve, 100));
  said.stop();
  hook.unmount();
  return said.said();
}

describe('The time left to pay, said to screen readers', () => {
  it('is said at 5 minutes and at 1 minute, once each, and not at every second', async () => {
    expect(await countDown(305, 1)).toEqual(['status:5 minutes left to pay', 'status:1 minute left to pay']);
  });

  it('says nothing for a mark already passed when the screen opened, or at 0 (the expiry says so)', async () => {
    expect(await countDown(200, 61)).toEqual([]);
    expect(await countDown(59, 0)).toEqual([]);
  });

  it('says the minutes really left when a tick passes both marks at once, and says it once', async () => {
    const hook = await renderScreenHook(({ left }: { left: number | undefined }) => useTimeLeftAnnouncements(left), {
      initialProps: { left: 320 },
    });
    const said = recordAnnouncements();
    hook.rerender({ left: 40 });
    hook.rerender({ left: 39 });
    await waitFor(() => expect(said.said()).toEqual(['status:1 minute left to pay']));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(said.said()).toHaveLength(1);
    said.stop();
  });

  it('says a mark once even when a tick skips it (a phone that slept)', async () => {
    const hook = await renderScreenHook(({ left }: { left: number | undefined }) => useTimeLeftAnnouncements(left), {
      initialProps: { left: 320 },
    });
    const said = recordAnnouncements();
    hook.rerender({ left: 250 });
    hook.rerender({ left: 249 });
    await waitFor(() => expect(said.said()).toEqual(['status:5 minutes left to pay']));
    // 250 s left: the 5-minute mark was passed, and what is left rounds up to 5 minutes.
    said.stop();
  });
});
