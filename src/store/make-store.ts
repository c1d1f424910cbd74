import { combineReducers, configureStore, createListenerMiddleware, isAnyOf, type Middleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistConfig,
  type Storage,
} from 'redux-persist';
import { api } from '../api';
import { clearSessionCaches } from '../shared/lib/offline-caches';
import { appearanceSlice, themeChosen, type AppearanceState } from './appearance.slice';
import { localeChanged, userInfoLoaded } from './events';
import { languageSlice, type LanguageState } from './language.slice';
import {
  discardAllDrafts,
  formKept,
  KEPT_BACK_DATA,
  keptFormsCleared,
  keptFormsSlice,
  keptFormTaken,
  keptSecrets,
  selectKeptForm,
} from './kept-forms.slice';
import { cookieStorage } from './persistence';
import { backDataMerged, loggedIn, loggedOut, sessionExpired, sessionSlice, type SessionState } from './session.slice';

// serialize: false hands plain objects to the cookie storage; `deserialize` is missing from the typings.
const sessionPersist = {
  key: 'session',
  storage: cookieStorage,
  whitelist: ['token'],
  serialize: false,
  deserialize: false,
} as PersistConfig<SessionState>;

const languagePersist = {
  key: 'language',
  storage: cookieStorage,
  whitelist: ['selected'],
  serialize: false,
  deserialize: false,
} as PersistConfig<LanguageState>;

const appearancePersist = {
  key: 'appearance',
  storage: cookieStorage,
  whitelist: ['theme'],
  serialize: false,
  deserialize: false,
} as PersistConfig<AppearanceState>;

/**
 * The root reducer, one per store. redux-persist's wrappers keep their storage writer inside the
 * reducer (each change of a persisted slice is written to `storage`), so a replay of recorded actions
 * (Redux DevTools time travel, the replay test) folds a fresh one with a storage of its own and
 * writes no cookie of the live store.
 */
export function makeRootReducer(storage: Storage = cookieStorage) {
  return combineReducers({
    session: persistReducer({ ...sessionPersist, storage }, sessionSlice.reducer),
    language: persistReducer({ ...languagePersist, storage }, languageSlice.reducer),
    appearance: persistReducer({ ...appearancePersist, storage }, appearanceSlice.reducer),
    // Not persisted: what a form held when the session ended stays in memory only.
    keptForms: keptFormsSlice.reducer,
    [api.reducerPath]: api.reducer,
  });
}

export type RootState = ReturnType<ReturnType<typeof makeRootReducer>>;

/**
 * A fresh store (one per app start, one per test), persisted to cookies; the API cache never is.
 * `middleware` comes after every other one, so it sees each action as the reducers get it (the
 * replay test records the actions of a journey with it).
 */
export function makeStore(options: { devTools?: boolean; middleware?: Middleware[] } = {}) {
  const listeners = createListenerMiddleware();
  const store = configureStore({
    reducer: makeRootReducer(),
    devTools: options.devTools ?? process.env.NODE_ENV !== 'production',
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listeners.middleware)
        .concat(api.middleware, ...(options.middleware ?? [])),
  });
  // Logout is one event: the session slice resets on it and the API cache is cleared here, with what
  // the service worker cached of the session (catalog answers carrying the shopper's likes, images).
  listeners.startListening({
    matcher: isAnyOf(loggedOut, sessionExpired),
    effect: async (_action, listenerApi) => {
      void clearSessionCaches();
      // The call that met the 401 must settle (and reject) before the cache it belongs to is reset.
      await listenerApi.delay(0);
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  // Logging out forgets what forms kept through a 401 and every draft of this tab. A 401 does not:
  // the shopper logs in again and finds the form as they left it.
  listeners.startListening({
    actionCreator: loggedOut,
    effect: (_action, listenerApi) => {
      discardAllDrafts();
      keptSecrets.clear();
      listenerApi.dispatch(keptFormsCleared());
    },
  });
  // A 401 clears the session with its backData: a checkout's selection (and the address it picked)
  // is kept and handed back when the same shopper is logged in again, wherever the checkout is in the
  // history (kept screens are hidden and hold no listeners of their own).
  listeners.startListening({
    actionCreator: sessionExpired,
    effect: (_action, listenerApi) => {
      const { backData, userInfo } = (listenerApi.getOriginalState() as RootState).session;
      if (Object.keys(backData).length === 0) return;
      listenerApi.dispatch(formKept({ formId: KEPT_BACK_DATA, values: backData, owner: userInfo?.username ?? null }));
    },
  });
  listeners.startListening({
    actionCreator: userInfoLoaded,
    effect: (action, listenerApi) => {
      const kept = selectKeptForm(listenerApi.getState() as RootState, KEPT_BACK_DATA);
      if (!kept) return;
      listenerApi.dispatch(keptFormTaken(KEPT_BACK_DATA));
      if (kept.owner === action.payload.username) listenerApi.dispatch(backDataMerged(kept.values));
    },
  });
  // Every fresh user info the server sends becomes the session's (and may switch the language).
  listeners.startListening({
    matcher: api.endpoints.getUserInfo.matchFulfilled,
    effect: (action, listenerApi) => {
      const userInfo = action.payload.data;
      if (userInfo) listenerApi.dispatch(userInfoLoaded(userInfo));
    },
  });
  setupListeners(store.dispatch);
  const persistor = persistStore(store);
  // Write the cookies at once when the session, language or theme changes, so a reload right after
  // never finds the previous state.
  listeners.startListening({
    matcher: isAnyOf(loggedIn, loggedOut, sessionExpired, localeChanged, themeChosen),
    effect: async () => {
      await persistor.flush();
    },
  });
  return { store, persistor, startListening: listeners.startListening };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
