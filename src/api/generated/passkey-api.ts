import { emptyApi as api } from '../empty-api';
export const addTagTypes = ['account', 'wallet'] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listPasskeys: build.query<ListPasskeysApiResponse, ListPasskeysApiArg>({
        query: () => ({ url: `/api/user/passkey/list` }),
        providesTags: ['account'],
      }),
      beginPasskeyRegistration: build.mutation<BeginPasskeyRegistrationApiResponse, BeginPasskeyRegistrationApiArg>({
        query: (queryArg) => ({
          url: `/api/user/passkey/register_options`,
          method: 'POST',
          body: queryArg.beginPasskeyRegistrationRequest,
        }),
        invalidatesTags: ['account'],
      }),
      finishPasskeyRegistration: build.mutation<FinishPasskeyRegistrationApiResponse, FinishPasskeyRegistrationApiArg>({
        query: (queryArg) => ({
          url: `/api/user/passkey/register`,
          method: 'POST',
          body: queryArg.finishPasskeyRegistrationRequest,
        }),
        invalidatesTags: ['account'],
      }),
      deletePasskey: build.mutation<DeletePasskeyApiResponse, DeletePasskeyApiArg>({
        query: (queryArg) => ({ url: `/api/user/passkey/delete`, method: 'POST', body: queryArg.deletePasskeyRequest }),
        invalidatesTags: ['account'],
      }),
      beginPasskeyLogin: build.mutation<BeginPasskeyLoginApiResponse, BeginPasskeyLoginApiArg>({
        query: () => ({ url: `/api/user/passkey/login_options`, method: 'POST' }),
        invalidatesTags: ['account'],
      }),
      finishPasskeyLogin: build.mutation<FinishPasskeyLoginApiResponse, FinishPasskeyLoginApiArg>({
        query: (queryArg) => ({
          url: `/api/user/passkey/login`,
          method: 'POST',
          body: queryArg.passkeyAssertionRequest,
        }),
        invalidatesTags: ['account'],
      }),
      beginPasskeyPayment: build.mutation<BeginPasskeyPaymentApiResponse, BeginPasskeyPaymentApiArg>({
        query: (queryArg) => ({
          url: `/api/user/passkey/pay_options`,
          method: 'POST',
          body: queryArg.beginPasskeyPaymentRequest,
        }),
        invalidatesTags: ['wallet'],
      }),
      verifyPayPasskey: build.mutation<VerifyPayPasskeyApiResponse, VerifyPayPasskeyApiArg>({
        query: (queryArg) => ({
          url: `/api/user/passkey/verify_pay`,
          method: 'POST',
          body: queryArg.passkeyAssertionRequest,
        }),
        invalidatesTags: ['wallet'],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as enhancedApi };
export type ListPasskeysApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ PasskeyListEnvelope | FailureEnvelope;
export type ListPasskeysApiArg = void;
export type BeginPasskeyRegistrationApiResponse =
  | /** status 200 Success (code 1) or business failure (code 0, data null). */ PasskeyCreationOptionsEnvelope
  | FailureEnvelope;
export type BeginPasskeyRegistrationApiArg = {
  beginPasskeyRegistrationRequest: BeginPasskeyRegistrationRequest;
};
export type FinishPasskeyRegistrationApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ PasskeyEnvelope | FailureEnvelope;
export type FinishPasskeyRegistrationApiArg = {
  finishPasskeyRegistrationRequest: FinishPasskeyRegistrationRequest;
};
export type DeletePasskeyApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type DeletePasskeyApiArg = {
  deletePasskeyRequest: DeletePasskeyRequest;
};
export type BeginPasskeyLoginApiResponse =
  | /** status 200 Success (code 1) or business failure (code 0, data null). */ PasskeyRequestOptionsEnvelope
  | FailureEnvelope;
export type BeginPasskeyLoginApiArg = void;
export type FinishPasskeyLoginApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ LoginDataEnvelope | FailureEnvelope;
export type FinishPasskeyLoginApiArg = {
  passkeyAssertionRequest: PasskeyAssertionRequest;
};
export type BeginPasskeyPaymentApiResponse =
  | /** status 200 Success (code 1) or business failure (code 0, data null). */ PasskeyPaymentOptionsEnvelope
  | FailureEnvelope;
export type BeginPasskeyPaymentApiArg = {
  beginPasskeyPaymentRequest: BeginPasskeyPaymentRequest;
};
export type VerifyPayPasskeyApiResponse =
  /** status 200 Success (code 1) or business failure (code 0, data null). */ OkEnvelope | FailureEnvelope;
export type VerifyPayPasskeyApiArg = {
  passkeyAssertionRequest: PasskeyAssertionRequest;
};
export type Base64Url = string;
export type DateTime = string | number;
export type Passkey = {
  /** The passkey's id here (deletePasskey takes it). */
  id: number;
  /** What the shopper called it (the device). */
  name: string;
  /** The WebAuthn credential id. */
  credential_id: Base64Url;
  /** When it was added. */
  createtime: DateTime;
  /** When it last signed in or confirmed a payment; null before its first use. */
  lastusetime: DateTime | null;
  /** 1 when the authenticator backs it up (a synced passkey), from WebAuthn's BS flag. */
  backed_up: 0 | 1;
};
export type PasskeyList = {
  /** How many passkeys the account has. */
  count: number;
  list: Passkey[];
};
export type PasskeyListEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: PasskeyList;
};
export type FailureEnvelope = {
  /** Always 0 for a business failure. */
  code: 0;
  /** What went wrong, for the shopper, in the language of the `lang` request header. */
  msg: string;
  /** Always null on failure. */
  data: null;
};
export type ErrorEnvelope = {
  /** Always 0. */
  code: 0;
  /** Clear message; for a validation failure it names the field. */
  msg: string;
  data: null;
};
export type UnauthorizedEnvelope = {
  /** Always 401. */
  code: 401;
  /** Localized 'Please login first'. */
  msg: string;
  data: null;
};
export type PasskeyCredentialDescriptor = {
  id: Base64Url;
  type: 'public-key';
  /** How the client may reach the authenticator (WebAuthn AuthenticatorTransport). */
  transports?: string[];
};
export type PasskeyCreationOptions = {
  challenge: Base64Url;
  rp: {
    /** The relying party ID, the shop's public host name. */
    id: string;
    name: string;
  };
  user: {
    /** The account's WebAuthn user handle (random, not the database id). */
    id: Base64Url;
    name: string;
    displayName: string;
  };
  pubKeyCredParams: {
    type: 'public-key';
    /** A COSE algorithm (-7 ES256, -8 EdDSA, -257 RS256). */
    alg: number;
  }[];
  /** Milliseconds. */
  timeout?: number;
  attestation?: string;
  excludeCredentials?: PasskeyCredentialDescriptor[];
  authenticatorSelection?: {
    authenticatorAttachment?: string;
    residentKey?: string;
    requireResidentKey?: boolean;
    userVerification?: string;
  };
  hints?: string[];
  extensions?: object;
};
export type PasskeyCreationOptionsEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: PasskeyCreationOptions;
};
export type BeginPasskeyRegistrationRequest = {
  /** The login password. */
  password?: string;
  /** The `userinfo.passkey_grant` of this session's login with the password. */
  grant?: string;
};
export type PasskeyEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: Passkey;
};
export type PasskeyRegistrationResponse = {
  id: Base64Url;
  rawId: Base64Url;
  type: 'public-key';
  authenticatorAttachment?: string;
  clientExtensionResults?: object;
  response: {
    clientDataJSON: Base64Url;
    attestationObject: Base64Url;
    authenticatorData?: Base64Url;
    transports?: string[];
    publicKeyAlgorithm?: number;
    publicKey?: Base64Url;
  };
};
export type FinishPasskeyRegistrationRequest = {
  /** What the shopper calls the device (1-40 characters after trimming). */
  name: string;
  response: PasskeyRegistrationResponse;
};
export type OkEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  /** This operation returns no data. */
  data: null;
};
export type Id = number | string;
export type DeletePasskeyRequest = {
  id: Id;
  /** The login password (without it, code 0 'Please enter your login password'). */
  password?: string;
};
export type PasskeyRequestOptions = {
  challenge: Base64Url;
  rpId?: string;
  /** Milliseconds. */
  timeout?: number;
  userVerification?: string;
  allowCredentials?: PasskeyCredentialDescriptor[];
  hints?: string[];
  extensions?: object;
};
export type PasskeyRequestOptionsEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: PasskeyRequestOptions;
};
export type LoginUser = {
  /** Session token: send it in the `token` header of every protected call. */
  token: string;
  /** Extension: user id. */
  id?: number;
  /** Extension: account name. */
  username?: string;
  /** Extension: display name. */
  nickname?: string;
  /** Extension: avatar URL, or '' when none. */
  avatar?: string;
  /** Extension: after a login with the password, a one-time grant to add a passkey without the
    password again within 10 minutes (beginPasskeyRegistration's `grant`): the offer of a
    passkey right after a login. Keep it in memory only; the token alone cannot add a passkey.
    Not sent after finishPasskeyLogin, nor by a backend without passkeys. */
  passkey_grant?: string;
};
export type LoginData = {
  userinfo: LoginUser;
};
export type LoginDataEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: LoginData;
};
export type PasskeyAuthenticationResponse = {
  id: Base64Url;
  rawId: Base64Url;
  type: 'public-key';
  authenticatorAttachment?: string;
  clientExtensionResults?: object;
  response: {
    clientDataJSON: Base64Url;
    authenticatorData: Base64Url;
    signature: Base64Url;
    userHandle?: Base64Url;
  };
};
export type PasskeyAssertionRequest = {
  response: PasskeyAuthenticationResponse;
};
export type Money = string;
export type PasskeyPaymentOptions = {
  options: PasskeyRequestOptions;
  /** What the confirmed operation will take, computed by the server. */
  amount: Money;
};
export type PasskeyPaymentOptionsEnvelope = {
  /** Always 1 for success. */
  code: 1;
  /** Localized success message (may be empty). */
  msg: string;
  data: PasskeyPaymentOptions;
};
export type AmountInput = string;
export type BeginPasskeyPaymentRequest = {
  action: 'pay_new' | 'pay_order' | 'extract';
  out_trade_no?: string;
  order_id?: Id;
  /** 0 bank card, 1 on chain. */
  extract_type?: 0 | 1 | '0' | '1';
  price?: AmountInput;
  bank_card?: string;
  bank_name?: string;
  real_name?: string;
  blockchain?: string;
  network?: string;
};
export const {
  useListPasskeysQuery,
  useLazyListPasskeysQuery,
  useBeginPasskeyRegistrationMutation,
  useFinishPasskeyRegistrationMutation,
  useDeletePasskeyMutation,
  useBeginPasskeyLoginMutation,
  useFinishPasskeyLoginMutation,
  useBeginPasskeyPaymentMutation,
  useVerifyPayPasskeyMutation,
} = injectedRtkApi;
