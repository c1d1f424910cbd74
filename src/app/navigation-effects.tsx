import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { matchPath, useLocation } from 'react-router-dom';
import type { AppRoute } from '../shared/config/route';
import { progress } from '../shared/lib/progress';

/** SPEC.md section 2: scroll offset from the top of the app container after a navigation. */
export const SCROLL_OFFSET_PX = 20;

/** Page title, top progress bar and scroll after every navigation. */
export function NavigationEffects({ routes }: { routes: readonly AppRoute[] }) {
  const intl = useIntl();
  const location = useLocation();
  const route = routes.find((candidate) => matchPath({ path: candidate.path, end: true }, location.pathname));
  const title = route ? intl.formatMessage({ id: route.titleId }) : undefined;
  const appName = intl.formatMessage({ id: 'app.name' });

  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);

  useEffect(() => {
    progress.begin();
    // Measured in the next frame, where the browser lays the page out anyway: measuring here would
    // force that layout inside the render's task (on the first render, some 100 ms of a mid-range
    // phone's start-up in one block).
    const frame = requestAnimationFrame(() => {
      progress.end();
      const app = document.getElementById('app');
      if (!app) return;
      const top = app.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
      window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
    });
    return () => {
      cancelAnimationFrame(frame);
      progress.end();
    };
  }, [location.key]);

  return null;
}
