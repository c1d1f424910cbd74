// Config for @rtk-query/codegen-openapi 2.2.0 (`npm run codegen`; options as in its src/types.ts).
// Paths are relative to this file. The output is committed and never edited by hand:
// `node scripts/check-generated.mjs` fails when it differs from a fresh run.

/** The contract's passkey operations (listPasskeys, beginPasskeyLogin, verifyPayPasskey, ...). */
const isPasskeyOperation = (name) => /passkey/i.test(name);

/** @type {import('@rtk-query/codegen-openapi').ConfigFile} */
const config = {
  schemaFile: './openapi.yaml',
  apiFile: '../src/api/empty-api.ts',
  apiImport: 'emptyApi',
  // The passkey operations (an extension) go to a file of their own, imported only by the code that
  // uses passkeys (src/api/passkey-api.ts), so their endpoints stay out of the entry that every
  // first visit loads (/home's and /login's budget).
  outputFiles: {
    '../src/api/generated/shop-api.ts': { filterEndpoints: (name) => !isPasskeyOperation(name) },
    '../src/api/generated/passkey-api.ts': { filterEndpoints: isPasskeyOperation },
  },
  hooks: { queries: true, lazyQueries: true, mutations: true },
  // providesTags / invalidatesTags from each operation's tag (account, wallet, ...); finer
  // invalidation lives in src/api/enhance.ts.
  tag: true,
  endpointOverrides: [
    // GETs that change state (the backend family's paths): as queries they would be cached and
    // deduplicated, so a second call with the same arguments would never reach the server.
    { pattern: ['setLanguage', 'deleteAddress'], type: 'mutation' },
    // merCreate only prices a checkout: a query lets the screen reload it (DESIGN.md 4). No tags, so
    // submitOrder's invalidation does not re-run it after the bag lines are gone.
    { pattern: 'previewOrder', type: 'query', providesTags: [] },
    // Logout clears the whole API cache itself; refetching account data afterwards would only 401.
    { pattern: 'logout', invalidatesTags: [] },
  ],
};

module.exports = config;
