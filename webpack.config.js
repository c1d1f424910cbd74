// Production: route-level code splitting, content-hashed files, CSS extracted.
// Development: webpack-dev-server with hot reload, proxying the API to the reference server.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const { BundleAnalyzerPlugin } = require('webpack-bundle-analyzer');
const { InjectManifest } = require('workbox-webpack-plugin');
const { PwaAssetsPlugin } = require('./scripts/lib/pwa-assets.cjs');
const { FrameTextsPlugin } = require('./scripts/lib/frame-texts.cjs');
const { PaintFirstPlugin } = require('./scripts/lib/paint-first.cjs');
const { RouteChunksPlugin } = require('./scripts/lib/route-chunks.cjs');

/**
 * The production service worker: src/sw/sw.ts (its routes and why), compiled by Workbox's
 * InjectManifest with the build's file list. Source maps, licence files, the maskable icons and the
 * server's own build files are not precached; hashed file names are their own revision.
 */
function serviceWorker() {
  return new InjectManifest({
    swSrc: path.resolve(__dirname, 'src/sw/sw.ts'),
    swDest: 'sw.js',
    exclude: [/\.map$/, /\.LICENSE\.txt$/, /^icons\/maskable-/, /^(route-chunks|frame-texts)\.json$/],
    dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
  });
}

module.exports = (env, argv) => {
  const production = argv.mode === 'production';
  // CSS in files, not injected <style> tags: the server's CSP (style-src 'self') refuses those, so a
  // development build it serves (`--env extractCss`, scripts/e2e.mjs --dev-build) needs this too.
  const extractCss = production || Boolean(env?.extractCss);
  const apiTarget = process.env.DEV_API_TARGET || 'http://localhost:3001';
  return {
    mode: production ? 'production' : 'development',
    // boot first: the document runs it while the app's scripts download (src/boot.ts). It carries
    // webpack's runtime too (main depends on it), so the document starts with one small script.
    entry: { boot: './src/boot.ts', main: { import: './src/main.tsx', dependOn: 'boot' } },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // Translations are compiled to ASTs at build time (scripts/icu-ast-loader.mjs), so react-intl
      // needs no ICU parser at run time: its no-parser build saves some 8 KiB gzip on the first load.
      alias: {
        // react-router exports only its development build to bundlers (no "production" condition);
        // the production build leaves out the development warnings.
        ...(production
          ? {
              'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
            }
          : {}),
        '@formatjs/icu-messageformat-parser$': path.resolve(
          __dirname,
          'node_modules/@formatjs/icu-messageformat-parser/no-parser.js',
        ),
      },
    },
    module: {
      // A missing export is an error, not a warning: a build must never ship a screen that imports nothing.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          // Only Formik's connect() (which the SPA does not use) calls it; the package declares no
          // sideEffects, so without this webpack keeps it and react-is in /login's first visit.
          test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/,
          sideEffects: false,
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: 'tsconfig.json' } },
        },
        {
          test: /\.css$/,
          use: [extractCss ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(png|svg|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
        {
          test: /[\\/]node_modules[\\/]antd-mobile-icons[\\/]es[\\/][A-Za-z]+\.js$/,
          use: path.resolve(__dirname, 'scripts/icon-precision-loader.cjs'),
        },
        {
          test: /[\\/]translations[\\/][^\\/]+\.json$/,
          use: path.resolve(__dirname, 'scripts/icu-ast-loader.mjs'),
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'src/index.html', favicon: 'src/favicon.svg', scriptLoading: 'defer' }),
      new PwaAssetsPlugin(),
      // A static deployment's image-URL template (README, Pictures; src/shared/config/pictures.ts):
      // used when no server writes one into the document. Empty: pictures are used as they come.
      new webpack.DefinePlugin({
        'process.env.PICTURE_URL_TEMPLATE': JSON.stringify(process.env.PICTURE_URL_TEMPLATE || ''),
      }),
      // antd-mobile's ConfigProvider defaults to its Chinese texts, which every first visit would
      // download; the SPA always passes the shopper's locale (src/app/i18n-provider.tsx), so the
      // default is English, already in the entry, and Chinese loads with the Chinese translations.
      // Formik's four lodash helpers pull in lodash's clone machinery (4 KiB of Brotli on /login's
      // first visit); Formik gets the same behaviour from src/shared/lib/formik-lodash (klona,
      // property-expr). Only Formik's imports are replaced; __tests__/unit/formik-lodash.test.ts
      // compares each with lodash.
      new webpack.NormalModuleReplacementPlugin(/^lodash-es\/(cloneDeep|clone|toPath|isPlainObject)$/, (resource) => {
        if (!/[\\/]node_modules[\\/]formik[\\/]/.test(resource.context)) return;
        const file = { cloneDeep: 'clone-deep', clone: 'clone', toPath: 'to-path', isPlainObject: 'is-plain-object' }[
          resource.request.slice('lodash-es/'.length)
        ];
        resource.request = path.resolve(__dirname, 'src/shared/lib/formik-lodash', `${file}.ts`);
      }),
      new webpack.NormalModuleReplacementPlugin(/^\.\.\/\.\.\/locales\/zh-CN$/, (resource) => {
        if (/[\\/]antd-mobile[\\/]es[\\/]components[\\/]config-provider$/.test(resource.context)) {
          resource.request = '../../locales/en-US';
        }
      }),
      ...(extractCss
        ? [
            new MiniCssExtractPlugin({
              filename: 'assets/[name].[contenthash:8].css',
              chunkFilename: 'assets/[name].[contenthash:8].css',
            }),
          ]
        : []),
      ...(production
        ? [
            // V8's explicit compile hint: every function of the scripts the document loads is
            // compiled while the script streams in, off the main thread, instead of one by one on
            // the main thread at its first call, nearly all of which happen during start-up
            // (https://v8.dev/blog/explicit-compile-hints; browsers without it read a comment).
            // Measured on /login at 4x CPU slowdown, Lighthouse's blocking time fell from 193 to
            // 129 ms (medians of 3). Added after minification, which would drop the comment.
            new webpack.BannerPlugin({
              banner: '//# allFunctionsCalledOnLoad',
              raw: true,
              entryOnly: true,
              test: /\.js$/,
              stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
            }),
            // dist/route-chunks.json: what each route's first render loads, for the server to
            // announce in the route's document (server/src/web/static.ts).
            new RouteChunksPlugin(),
            // The app's scripts start after the static frame's first paint (src/boot.ts).
            new PaintFirstPlugin(),
            // dist/frame-texts.json: the sign-in hero's texts for the server's app frame (server/src/web/frame.ts).
            new FrameTextsPlugin(),
            serviceWorker(),
          ]
        : []),
      ...(process.env.ANALYZE ? [new BundleAnalyzerPlugin({ analyzerMode: 'static', openAnalyzer: false })] : []),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // What every screen runs (React, the router, the store): one chunk that changes only when
          // those libraries do, so a new build of our code does not download it again. The rest of
          // node_modules splits by the screens that use it (antd-mobile's sheets, dialogs, swipe
          // actions, Formik and Yup load with the screens that import them, never on /home).
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|redux|@reduxjs[\\/]toolkit|immer|reselect|redux-persist|use-sync-external-store)[\\/]/,
            name: 'framework',
            chunks: 'initial',
            priority: 20,
            enforce: true,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.PORT || 8080),
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/merchant', '/media'], target: apiTarget, changeOrigin: true }],
    },
  };
};
