import type { Middleware } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  matchPath,
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
import { readFirstScreen } from '../../src/api/first-screen-reads';
import { AppContent, AppProviders } from '../../src/app/app';
import { routes } from '../../src/app/routes';
import { loggedIn } from '../../src/store/session.slice';
import { makeRehydratedStore } from './store';

/**
 * Records where the router is, so a test can say "the shopper is on /login", and gives the test the
 * browser's own Back button (history.back), which a memory router has no window for.
 */
function LocationProbe({ onChange }: { onChange: (location: Location, navigate: NavigateFunction) => void }) {
  onChange(useLocation(), useNavigate());
  return null;
}

/**
 * Renders the real app (store, persistence, languages, guard, routes) at `path` in a memory router,
 * with a fresh store read back from the cookies. Pass `token` to start logged in (a token obtained
 * from the reference server); `middleware` is added to the store's (makeStore). `firstScreenReads`
 * starts the app as a page load does (src/main.tsx): the first screen's reads first, then the render.
 */
export async function renderApp(
  path: string,
  options: { token?: string; middleware?: Middleware[]; firstScreenReads?: boolean } = {},
) {
  // The app talks to a real server: its updates arrive whenever the network answers, outside any
  // act() scope. Tests wait for what the shopper sees (findBy*, waitFor) instead.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  // The screen's code is there before the app renders, as a chunk the browser has cached: requiring a
  // screen's modules for the first time took longer, on a busy machine, than the 5 s a test then waits
  // for what the screen shows. Its data still comes from the server while the test waits.
  const pathname = path.split(/[?#]/)[0]!;
  const route = routes.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));
  if (route && 'preload' in route.Screen) await route.Screen.preload();
  const bundle = await makeRehydratedStore({ devTools: false, middleware: options.middleware });
  if (options.token) bundle.store.dispatch(loggedIn({ token: options.token }));
  const reads = options.firstScreenReads ? readFirstScreen(bundle.store, pathname) : undefined;
  await reads?.done;
  reads?.rendering();
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  const user = userEvent.setup();
  const view = render(
    <AppProviders bundle={bundle}>
      <MemoryRouter initialEntries={[path]}>
        <AppContent bundle={bundle} />
        <LocationProbe
          onChange={(next, go) => {
            location = next;
            navigate = go;
          }}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  reads?.release();
  return {
    ...view,
    ...bundle,
    user,
    /** The current path of the memory router. */
    pathname: () => location?.pathname,
    locationState: () => location?.state as unknown,
    /** Follows an in-app link to `to` (the same app and store, no reload), e.g. one from a notification. */
    visit: (to: string) =>
      act(async () => {
        await navigate?.(to);
      }),
    /** The browser's Back button. */
    browserBack: () =>
      act(async () => {
        await navigate?.(-1);
      }),
  };
}

/** Lets pending promises and timers (lazy chunks, toasts) settle inside act(). */
export async function settle(ms = 50): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}
