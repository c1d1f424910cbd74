import { createAction } from '@reduxjs/toolkit';
import type { UserInfo } from '../api/types';
import type { LanguageRef } from '../shared/i18n/locales';

// Events that more than one slice reacts to live here, so slices never import each other.

/** The server answered getUserInfo for the current token. */
export const userInfoLoaded = createAction<UserInfo>('session/userInfoLoaded');

/** The shopper chose an interface language (or the server's user info carried a different one). */
export const localeChanged = createAction<LanguageRef>('language/localeChanged');
