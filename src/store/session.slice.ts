import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '../api/types';
import { localeChanged, userInfoLoaded } from './events';

/** SPEC.md section 3 "Session data": token, userInfo, backData (a merged object), setting.lang. */
export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  /** Data a screen hands back to the one that opened it (e.g. a chosen address), merged key by key. */
  backData: Record<string, unknown>;
  setting: { lang: string | null };
  /**
   * The session has just ended (a 401, a logout) and whatever ended it has told the shopper: the
   * request layer shows the server's message (SPEC.md section 8), a logout its own. The route guard
   * then does not add its 'Please login first' to the redirect that follows, and notes it
   * (sessionEndNoted). Kept in the store, not in the guard, because a page load's first reads
   * (src/main.tsx) can end the session before the guard has rendered. How it ended decides where a
   * login then leads: back to the screen a 401 interrupted, but not to the one a logout left.
   */
  justEnded: null | 'expired' | 'logout';
  /**
   * How this session was opened on this page, when it was (not after a reload): a login with the
   * password is offered a passkey once (app/passkey-offer-slot.tsx).
   */
  signedInWith: null | 'password' | 'passkey';
}

export const initialSessionState: SessionState = {
  token: null,
  userInfo: null,
  backData: {},
  setting: { lang: null },
  justEnded: null,
  signedInWith: null,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loggedIn(state, action: PayloadAction<{ token: string; method?: 'password' | 'passkey' }>) {
      state.token = action.payload.token;
      state.userInfo = null;
      state.justEnded = null;
      state.signedInWith = action.payload.method ?? null;
    },
    /** The user logged out, or a password reset completed (SPEC.md section 4). */
    loggedOut(): SessionState {
      return { ...initialSessionState, justEnded: 'logout' };
    },
    /** The server said the token is no longer valid (HTTP 401). */
    sessionExpired(): SessionState {
      return { ...initialSessionState, justEnded: 'expired' };
    },
    /** The route guard has seen the ended session (see SessionState.justEnded). */
    sessionEndNoted(state) {
      state.justEnded = null;
    },
    backDataMerged(state, action: PayloadAction<Record<string, unknown>>) {
      Object.assign(state.backData, action.payload);
    },
    backDataCleared(state, action: PayloadAction<string[] | undefined>) {
      if (!action.payload) state.backData = {};
      else for (const key of action.payload) delete state.backData[key];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(userInfoLoaded, (state, action) => {
        state.userInfo = action.payload;
        if (action.payload.lang?.file_name) state.setting.lang = action.payload.lang.file_name;
      })
      .addCase(localeChanged, (state, action) => {
        state.setting.lang = action.payload.file_name;
      });
  },
});

export { userInfoLoaded };
export const { loggedIn, loggedOut, sessionExpired, sessionEndNoted, backDataMerged, backDataCleared } =
  sessionSlice.actions;

interface WithSession {
  session: SessionState;
}
export const selectToken = (state: WithSession) => state.session.token;
export const selectUserInfo = (state: WithSession) => state.session.userInfo;
export const selectIsLoggedIn = (state: WithSession) => Boolean(state.session.token);
export const selectSessionJustEnded = (state: WithSession) => state.session.justEnded;
export const selectBackData = (state: WithSession) => state.session.backData;
export const selectSignedInWith = (state: WithSession) => state.session.signedInWith;
