import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { AppProviders } from '../../src/app/app';
import { loadEnglish } from '../../src/shared/i18n/messages';
import { loggedIn } from '../../src/store/session.slice';
import { makeRehydratedStore } from './store';

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/**
 * Runs a screen's hook as its screen does: inside the real providers (a fresh store read back from the
 * cookies, the languages) and a memory router at `path`, talking to the reference server the test
 * started. `token` starts logged in. The English texts every screen loads are loaded first, so what
 * the hook says (toasts, announcements) reads as the shopper reads it. `pathname()` is where the
 * router is, so a test sees where the hook navigated.
 */
export async function renderScreenHook<Result, Props>(
  hook: (props: Props) => Result,
  options: { path?: string; token?: string; initialProps?: Props } = {},
) {
  // As in renderApp: the server's answers arrive outside any act() scope; tests wait with waitFor.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  await Promise.all([loadEnglish('catalog'), loadEnglish('signin'), loadEnglish('screens')]);
  const bundle = await makeRehydratedStore({ devTools: false });
  if (options.token) bundle.store.dispatch(loggedIn({ token: options.token }));
  let location: Location | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders bundle={bundle}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        {children}
        <LocationProbe
          onChange={(next) => {
            location = next;
          }}
        />
      </MemoryRouter>
    </AppProviders>
  );
  const view = renderHook(hook, { wrapper, initialProps: options.initialProps });
  return {
    ...view,
    ...bundle,
    /** The current path of the memory router. */
    pathname: () => location?.pathname,
    /** The current query string of the memory router. */
    search: () => location?.search,
  };
}
