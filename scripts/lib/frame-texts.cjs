// The texts the server writes into the static app frame of a route's document (server/src/web/frame.ts),
// in every language of the SPA, from its own translations: written at build time to
// dist/frame-texts.json, so the frame says exactly what the screen will say.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const TRANSLATIONS = path.resolve(__dirname, '..', '..', 'translations');
/** Each language's BCP 47 tag, as the SPA formats with it (src/shared/i18n/locales.ts). */
const BCP47 = path.resolve(__dirname, '..', '..', 'src', 'shared', 'i18n', 'bcp47.json');
/** The key the tag is written under, beside the texts: no message id starts with '@'. */
const TAG = '@bcp47';
/**
 * The texts of the frames the server draws: the sign-in screen's hero
 * (src/features/account/screens/login-screen.tsx) and the bag screen's bar, bottom bar, sold-out
 * mark and stock hint (src/features/cart). One list, read here and by the server
 * (server/src/web/frame.ts, bag-frame.ts), which keeps index.html's frame when a text is missing.
 */
const IDS = Object.values(require('../../common/frame-text-ids.json')).flat();
const FILE = 'frame-texts.json';

class FrameTextsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FrameTextsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FrameTextsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const texts = {};
          for (const name of readdirSync(TRANSLATIONS)
            .filter((file) => file.endsWith('.json'))
            .sort()) {
            const file = path.join(TRANSLATIONS, name);
            compilation.fileDependencies.add(file);
            const messages = JSON.parse(readFileSync(file, 'utf8'));
            const missing = IDS.filter((id) => typeof messages[id] !== 'string');
            if (missing.length > 0) throw new Error(`frame-texts: ${name} has no ${missing.join(', ')}`);
            const locale = name.slice(0, -'.json'.length);
            compilation.fileDependencies.add(BCP47);
            const tag = JSON.parse(readFileSync(BCP47, 'utf8'))[locale];
            if (typeof tag !== 'string') throw new Error(`frame-texts: no BCP 47 tag for ${locale}`);
            texts[locale] = { [TAG]: tag, ...Object.fromEntries(IDS.map((id) => [id, messages[id]])) };
          }
          compilation.emitAsset(FILE, new sources.RawSource(`${JSON.stringify(texts, null, 1)}\n`));
        },
      );
    });
  }
}

module.exports = { FrameTextsPlugin };
