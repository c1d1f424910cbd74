import { waitFor } from '@testing-library/react';
import { progress } from '../../src/shared/lib/progress';

const bar = () => document.getElementById('nprogress');

describe('the navigation progress bar (SPEC.md section 2)', () => {
  afterEach(async () => {
    progress.end();
    await waitFor(() => expect(bar()).toBeNull());
  });

  it('shows no bar for a wait that ends at once (an instant navigation does not flash one)', async () => {
    progress.begin();
    await new Promise((resolve) => setTimeout(resolve, 30));
    progress.end();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(bar()).toBeNull();
  });

  it('shows the bar, hidden from screen readers, while a longer wait lasts, and takes it away after', async () => {
    progress.begin();
    await waitFor(() => expect(bar()).not.toBeNull());
    expect(bar()?.querySelector('.bar')?.getAttribute('aria-hidden')).toBe('true');
    expect(bar()?.querySelector('[role]')).toBeNull();
    progress.end();
    await waitFor(() => expect(bar()).toBeNull(), { timeout: 3000 });
  });

  it('stays while any of several waits (a route chunk, the session check) is still running', async () => {
    progress.begin();
    progress.begin();
    await waitFor(() => expect(bar()).not.toBeNull());
    progress.end();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(bar()).not.toBeNull();
  });
});
