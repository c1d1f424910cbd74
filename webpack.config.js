// Production: route-level code splitting, content-hashed files, CSS extracted.
// Development: webpack-dev-server with hot reload, proxying the API to the reference server.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const { BundleAnalyzerPlugin } = require('webpack-bundle-analyzer');

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  const apiTarget = process.env.DEV_API_TARGET || 'http://localhost:3001';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // Translations are compiled to ASTs at build time (scripts/icu-ast-loader.mjs), so react-intl
      // needs no ICU parser at run time: its no-parser build saves some 8 KiB gzip on the first load.
      alias: {
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
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: 'tsconfig.json' } },
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(png|svg|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
        {
          test: /[\\/]translations[\\/][^\\/]+\.json$/,
          use: path.resolve(__dirname, 'scripts/icu-ast-loader.mjs'),
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'src/index.html', favicon: 'src/favicon.svg', scriptLoading: 'defer' }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'assets/[name].[contenthash:10].css',
              chunkFilename: 'assets/[name].[contenthash:10].css',
            }),
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
      runtimeChunk: 'single',
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
