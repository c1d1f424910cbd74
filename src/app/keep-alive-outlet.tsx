import { Activity, Suspense, useEffect, useMemo, useState } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import ConfigProvider, { useConfig } from 'antd-mobile/es/components/config-provider';
import { matchPath, Route, Routes, useLocation, useNavigationType, type Location } from 'react-router-dom';
import { tabPaths } from '../shared/config/paths';
import type { AppRoute } from '../shared/config/route';
import { progress } from '../shared/lib/progress';
import { useOnline } from '../shared/lib/use-online';
import { Page } from '../shared/ui/page';
import { OfflineState } from '../shared/ui/states';
import { useAppSelector } from '../store/hooks';
import { selectToken } from '../store/session.slice';
import { nextKeepAliveState, type KeepAliveState } from './keep-alive';
import { RouteErrorBoundary } from './route-error-boundary';

function RouteLoading() {
  useEffect(() => {
    progress.begin();
    return () => progress.end();
  }, []);
  return <div className="page page--loading" aria-busy="true" />;
}

function findRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** A screen that needs the network, while offline: its title and the offline state. */
function OfflineScreen({ titleId }: { titleId: string }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: titleId })}>
      <OfflineState />
    </Page>
  );
}

function ScreenAt({ location, routes }: { location: Location; routes: readonly AppRoute[] }) {
  const online = useOnline();
  const route = findRoute(routes, location.pathname);
  // Offline, a screen that needs the network is hidden, not unmounted: what the shopper typed
  // (e.g. a withdrawal form) is there again when the network is back.
  const offline = !online && route?.needsNetwork === true;
  return (
    <>
      {offline && <OfflineScreen titleId={route.titleId} />}
      <Activity mode={offline ? 'hidden' : 'visible'}>
        <RouteErrorBoundary titleId={route?.titleId}>
          <Suspense fallback={<RouteLoading />}>
            <Routes location={location}>
              {routes.map(({ path, Screen }) => (
                <Route key={path} path={path} element={<Screen />} />
              ))}
            </Routes>
          </Suspense>
        </RouteErrorBoundary>
      </Activity>
    </>
  );
}

/**
 * Renders the current screen and keeps the others alive with React's <Activity>: hidden screens keep
 * their state and are shown again as they were.
 */
export function KeepAliveOutlet({ routes, fallback }: { routes: readonly AppRoute[]; fallback: React.ReactNode }) {
  const intl = useIntl();
  const antd = useConfig();
  const location = useLocation();
  const navigationType = useNavigationType();
  const token = useAppSelector(selectToken);
  const route = findRoute(routes, location.pathname);
  const isTab = tabPaths.includes(location.pathname);
  const keepAlive = route?.keepAlive !== false;

  const [kept, setKept] = useState<KeepAliveState>({ tabs: [], stack: [] });
  const [seenKey, setSeenKey] = useState<string | null>(null);
  if (seenKey !== location.key) {
    // Derived from navigation during render (React's pattern for state that follows props).
    setSeenKey(location.key);
    setKept((state) => nextKeepAliveState(state, location, navigationType, { isTab, keepAlive, previousKey: seenKey }));
  }

  // Logging out drops every kept screen: they showed the previous shopper's data.
  const [seenToken, setSeenToken] = useState(token);
  if (seenToken !== token) {
    setSeenToken(token);
    if (!token) setKept({ tabs: [], stack: [] });
  }

  const entries = useMemo(() => [...kept.tabs, ...kept.stack], [kept]);
  const activeId = isTab
    ? location.pathname
    : (kept.stack.find((entry) => entry.location.key === location.key)?.id ?? location.key);
  const activeKept = entries.some((entry) => entry.id === activeId);

  if (!route) return <>{fallback}</>;
  return (
    <>
      {entries.map((entry) => (
        <Activity key={entry.id} mode={entry.id === activeId ? 'visible' : 'hidden'}>
          {/* React does not carry context changes into a hidden <Activity> when it is shown again, so a
              language switch would leave kept screens in the old language: providers inside each
              boundary re-render with the screen and hand the new language down from there. */}
          <IntlProvider locale={intl.locale} messages={intl.messages} defaultLocale="en">
            <ConfigProvider locale={antd.locale}>
              <ScreenAt location={entry.location} routes={routes} />
            </ConfigProvider>
          </IntlProvider>
        </Activity>
      ))}
      {!activeKept && <ScreenAt key={location.key} location={location} routes={routes} />}
    </>
  );
}
