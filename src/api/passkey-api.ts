import { enhancedApi } from './generated/passkey-api';

// ---- Passkeys (an extension; openapi.yaml listPasskeys) ------------------------------------------
// Their endpoints are generated into a file of their own (openapi/codegen.cjs) and enter the API
// when a screen that uses passkeys loads this module, not with the app's entry.
//
// A ceremony's start only hands out a challenge: it changes nothing a screen shows, and two starts
// with the same body (the sign-in's autofill, then its button) are not a duplicate submission.
// Signing in with one sends no stale token and is quiet at its start, where a backend without
// passkeys answers 404 (or 401) and the login screen then just offers none. Adding or removing one
// changes getUserInfo's count and the list ('account').
export const passkeyApi = enhancedApi.enhanceEndpoints({
  endpoints: {
    beginPasskeyLogin: { extraOptions: { noToken: true, quiet: true, allowRepeat: true }, invalidatesTags: [] },
    finishPasskeyLogin: { extraOptions: { noToken: true }, invalidatesTags: [] },
    beginPasskeyRegistration: { extraOptions: { allowRepeat: true }, invalidatesTags: [] },
    beginPasskeyPayment: { extraOptions: { allowRepeat: true }, invalidatesTags: [] },
    verifyPayPasskey: { invalidatesTags: [] },
  },
});

export const {
  useListPasskeysQuery,
  useBeginPasskeyRegistrationMutation,
  useFinishPasskeyRegistrationMutation,
  useDeletePasskeyMutation,
  useBeginPasskeyLoginMutation,
  useFinishPasskeyLoginMutation,
  useBeginPasskeyPaymentMutation,
  useVerifyPayPasskeyMutation,
} = passkeyApi;

export type {
  BeginPasskeyPaymentRequest,
  Passkey,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
} from './generated/passkey-api';
