import { decideNavigation, isPublicPath } from '../../src/app/route-guard';
import { restoreSession } from '../../src/app/session';
import { setApiOrigin } from '../../src/shared/config/env';
import { loggedIn } from '../../src/store/session.slice';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { serverLogin, startServer, type ReferenceServer } from '../support/server';
import { closedOrigin, envelope, ok, startStandIn } from '../support/stand-in-server';
import { makeRehydratedStore } from '../support/store';

describe('isPublicPath', () => {
  it.each([
    '/login',
    '/register',
    '/home',
    '/shop',
    '/explore',
    '/detail',
    '/search',
    '/forgotPassword',
    '/changePassword',
  ])('lets a visitor open %s (exact match)', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each(['/shop/12', '/searchs', '/detail/1/2', '/detail/5'])('lets a visitor open %s (prefix match)', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each(['/bag', '/filter', '/', '/order', '/language', '/changePayPwd', '/payment', '/myPurchases/0', '/address'])(
    'keeps %s private',
    (path) => {
      expect(isPublicPath(path)).toBe(false);
    },
  );

  it('matches against the list it is given', () => {
    expect(isPublicPath('/bag', ['/bag'])).toBe(true);
    expect(isPublicPath('/home', ['/bag'])).toBe(false);
  });
});

describe('decideNavigation', () => {
  it('sends a visitor without a token from a private path to /login with "Please login first"', () => {
    expect(decideNavigation({ pathname: '/bag', token: null, hasUserInfo: false })).toEqual({
      type: 'redirect',
      to: '/login',
      messageId: 'guard.loginFirst',
    });
    expect(decideNavigation({ pathname: '/filter', token: null, hasUserInfo: false })).toMatchObject({
      type: 'redirect',
      to: '/login',
    });
  });

  it('lets a visitor without a token open a public path', () => {
    expect(decideNavigation({ pathname: '/login', token: null, hasUserInfo: false })).toEqual({ type: 'allow' });
    expect(decideNavigation({ pathname: '/shop/12', token: null, hasUserInfo: false })).toEqual({ type: 'allow' });
  });

  it('sends a logged-in shopper opening /login to /', () => {
    expect(decideNavigation({ pathname: '/login', token: 't', hasUserInfo: true })).toEqual({
      type: 'redirect',
      to: '/',
    });
  });

  it('lets a logged-in shopper with user info open private and public paths', () => {
    expect(decideNavigation({ pathname: '/bag', token: 't', hasUserInfo: true })).toEqual({ type: 'allow' });
    expect(decideNavigation({ pathname: '/home', token: 't', hasUserInfo: true })).toEqual({ type: 'allow' });
  });

  it('loads user info first when there is a token but no user info, whatever the path', () => {
    for (const pathname of ['/bag', '/home', '/login']) {
      expect(decideNavigation({ pathname, token: 't', hasUserInfo: false })).toEqual({ type: 'loadUserInfo' });
    }
  });
});

describe('restoreSession', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    setApiOrigin(server.baseUrl);
    clearCookies();
    clearLiveRegions();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => closeToasts());

  it('loads the user info of a valid token', async () => {
    const { store } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: await serverLogin(server) }));
    const navigate = jest.fn();
    await store.dispatch(restoreSession(navigate));
    expect(store.getState().session.userInfo).toMatchObject({
      username: 'demo',
      nickname: 'Demo Shopper',
      money: '1000.00',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('clears the session of a token the server no longer knows (401)', async () => {
    const { store } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: 'f'.repeat(64) }));
    const navigate = jest.fn();
    await store.dispatch(restoreSession(navigate));
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().session.userInfo).toBeNull();
    // The 401 path sends the shopper to /login (the app listens for sessionExpired), never to /.
    expect(navigate).not.toHaveBeenCalledWith('/', expect.anything());
  });

  it('logs out and goes to /login when user info fails but logout works', async () => {
    const standIn = await startStandIn((request, response) => {
      if (request.url.startsWith('/api/user/getUserInfo'))
        envelope(response, { code: 0, msg: 'Server error', data: null }, 500);
      else ok(response);
    });
    try {
      setApiOrigin(standIn.origin);
      const { store } = await makeRehydratedStore();
      store.dispatch(loggedIn({ token: 'token-abc' }));
      const navigate = jest.fn();
      await store.dispatch(restoreSession(navigate));
      expect(standIn.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
        'GET /api/user/getUserInfo',
        'POST /api/user/logout?lang=zh-cn',
      ]);
      expect(store.getState().session.token).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    } finally {
      await standIn.close();
    }
  });

  it('keeps the session when the user-info call is cut because the shopper is leaving the page', async () => {
    const standIn = await startStandIn((request, response) => {
      // The page is being left while the call is in flight: the browser cuts it.
      if (request.url.startsWith('/api/user/getUserInfo')) {
        window.dispatchEvent(new Event('beforeunload'));
        response.destroy();
      } else ok(response);
    });
    try {
      setApiOrigin(standIn.origin);
      const { store } = await makeRehydratedStore();
      store.dispatch(loggedIn({ token: 'token-abc' }));
      const navigate = jest.fn();
      await store.dispatch(restoreSession(navigate));
      // No logout call ended the session on the server, and this page did not go anywhere.
      expect(standIn.requests.map((request) => request.url)).toEqual(['/api/user/getUserInfo']);
      expect(store.getState().session.token).toBe('token-abc');
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      window.dispatchEvent(new Event('pageshow'));
      await standIn.close();
    }
  });

  it('clears the token and goes to / when the server is down and logout fails too', async () => {
    setApiOrigin(await closedOrigin());
    const { store } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: 'token-abc' }));
    const navigate = jest.fn();
    await store.dispatch(restoreSession(navigate));
    expect(store.getState().session.token).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });
});
