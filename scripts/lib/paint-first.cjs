// The production document lets its static app frame paint before the app starts (src/boot.ts): the
// app's entry scripts become `<link rel=preload as=script data-app-script>` (fetched at once, in
// parallel and at low priority, as the deferred scripts were), and the boot entry (with webpack's
// runtime), the only script the document runs itself, adds them once the frame has been painted.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const BOOT = /\/boot\.[0-9a-f]+\.js$/;

class PaintFirstPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PaintFirstPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PaintFirstPlugin', (data) => {
        const retag = (tags) =>
          tags.map((tag) => {
            const src = tag.tagName === 'script' ? tag.attributes.src : undefined;
            if (typeof src !== 'string' || BOOT.test(src)) return tag;
            return HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: src,
              // The priority the deferred scripts had: the styles and the frame's picture first.
              fetchpriority: 'low',
              'data-app-script': true,
            });
          });
        if (!data.headTags.some((tag) => BOOT.test(tag.attributes?.src ?? ''))) {
          throw new Error('paint-first: the document has no boot script to start the app');
        }
        // The preloads come after the styles: a browser asks in document order, and on HTTP/1.1 the
        // first requests get the connections; the render-blocking styles must not wait behind them.
        const head = retag(data.headTags);
        const isAppScript = (tag) => tag.attributes?.['data-app-script'] === true;
        data.headTags = [...head.filter((tag) => !isAppScript(tag)), ...head.filter(isAppScript)];
        data.bodyTags = retag(data.bodyTags);
        return data;
      });
    });
  }
}

module.exports = { PaintFirstPlugin };
