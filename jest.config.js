/** jest + ts-jest. Browser-side tests run in jsdom with Node's fetch; server tests opt into node. */
module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/__tests__/**/*.test.ts?(x)'],
  testEnvironment: '<rootDir>/__tests__/support/jsdom-with-fetch.js',
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
  testTimeout: 20000,
};
