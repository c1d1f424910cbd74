/** jest + ts-jest. Browser-side tests run in jsdom with Node's fetch; server tests opt into node. */
module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/__tests__/**/*.test.ts?(x)'],
  testEnvironment: '<rootDir>/__tests__/support/jsdom-with-fetch.js',
  // The default report, and where the time went (each folder's, the slowest files) at the end.
  reporters: ['default', '<rootDir>/__tests__/support/timing-reporter.js'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      'ts-jest',
      {
        tsconfig: {
          jsx: 'react-jsx',
          module: 'commonjs',
          moduleResolution: 'node',
          target: 'ES2022',
          esModuleInterop: true,
          resolveJsonModule: true,
          allowJs: true,
          isolatedModules: true,
        },
        // Types are checked by `npm run typecheck`; here only transpile, for speed.
        diagnostics: false,
      },
    ],
  },
  // antd-mobile's es build, its icons and react-intl's formatjs parts are ESM-only.
  transformIgnorePatterns: [
    '/node_modules/(?!(antd-mobile|antd-mobile-icons|@react-spring|react-intl|@formatjs|intl-messageformat|rc-util|ahooks|staged-components|lodash-es|use-sync-external-store|runes2|classnames)/)',
  ],
  // A part of a translation file (`en.json?part=shell`, split by the build) is the whole file here.
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy', '^(.+\\.json)\\?part=[a-z]+$': '$1' },
  // A whole test's budget (and a hook's: beforeAll starts a reference server in a child process). On a
  // 2-core machine busy with other work, starting that server took up to 19 s and the first test of a
  // file (its screens' modules loading) 22-25 s, so 20 s timed out tests that were only slow. Races
  // are not covered by this: each wait for what the shopper sees stays bounded by Testing Library's
  // 5 s (__tests__/support/dom.ts), and a read made too early fails on its own assertion.
  testTimeout: 60000,
  // Jest's default is one worker per core but one, so a single worker on a 2-core CI machine. Half of
  // a server test's time is spent waiting on the reference server (a child process) and on sockets,
  // so two workers there run the suite in 390 s instead of 645 s.
  maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
};
