import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { paths, tabPaths } from '../shared/config/paths';
import { loginReturnFrom } from '../shared/config/login-return';
import type { makeStore } from '../store/make-store';
import { sessionExpired } from '../store/session.slice';
import { RouteGuard } from './guard';
import { I18nProvider } from './i18n-provider';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { NavigationEffects } from './navigation-effects';
import { NotFoundScreen } from './not-found-screen';
import { PasskeyOfferSlot } from './passkey-offer-slot';
import { routes } from './routes';
import { ThemeSync } from './theme-sync';
import { TabBar } from './tab-bar-slot';
import { UpdatePrompt } from './update-prompt';

type StoreBundle = ReturnType<typeof makeStore>;

/**
 * When the server ends the session (401), the shopper goes to /login (SPEC.md section 8), and after
 * logging in back to the screen they were on, with its history state (e.g. an address form opened to
 * pick an address), where the form they were filling in finds its values again (store/use-form-keeper).
 */
function SessionRedirects({ startListening }: { startListening: StoreBundle['startListening'] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  useEffect(
    () =>
      startListening({
        actionCreator: sessionExpired,
        effect: () => navigate(paths.login, { replace: true, state: loginReturnFrom(here.current) }),
      }),
    [startListening, navigate],
  );
  return null;
}

function Shell() {
  const { pathname } = useLocation();
  if (pathname === paths.root) return <Navigate to={paths.home} replace />;
  return (
    <div className={`app-shell${tabPaths.includes(pathname) ? ' app-shell--tabs' : ''}`}>
      <NavigationEffects routes={routes} />
      <RouteGuard>
        <KeepAliveOutlet routes={routes} fallback={<NotFoundScreen />} />
      </RouteGuard>
      {tabPaths.includes(pathname) && (
        // Its place is kept while its code loads (only on a tab opened after a first visit elsewhere).
        <Suspense fallback={<div className="tab-bar" aria-hidden="true" />}>
          <TabBar />
        </Suspense>
      )}
      <UpdatePrompt />
    </div>
  );
}

/** Everything the screens need: store, persisted session, languages, router. */
export function AppProviders({ bundle, children }: { bundle: StoreBundle; children: ReactNode }) {
  return (
    <Provider store={bundle.store}>
      <PersistGate loading={null} persistor={bundle.persistor}>
        <ThemeSync />
        <I18nProvider>{children}</I18nProvider>
      </PersistGate>
    </Provider>
  );
}

/** The routed app inside a router: BrowserRouter in the browser, MemoryRouter in tests. */
export function AppContent({ bundle }: { bundle: StoreBundle }) {
  return (
    <>
      <SessionRedirects startListening={bundle.startListening} />
      <Shell />
      {/* Beside the shell, not in it: the shell's frame unmounts for a moment at / (the redirect a
          login can pass through), which would take the offer with it. */}
      <PasskeyOfferSlot />
    </>
  );
}

export function App({ bundle }: { bundle: StoreBundle }) {
  return (
    <AppProviders bundle={bundle}>
      <BrowserRouter>
        <AppContent bundle={bundle} />
      </BrowserRouter>
    </AppProviders>
  );
}
