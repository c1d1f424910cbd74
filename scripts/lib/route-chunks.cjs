// The code each client-side route's first render needs, written at build time to dist/route-chunks.json,
// so the server can announce it in the route's document (server/src/web/static.ts): the browser then fetches
// a route's chunks while the app's entry scripts download, instead of after they ran (main.tsx asks for
// the first screen's code only once its own script has been evaluated: a round trip more on a phone's
// first visit).
//
// The route table is read from the source (src/features/*/*.routes.tsx, with TypeScript's parser): each
// `{ path: '/x', Screen: lazyScreen(() => import('./screens/y'), { needs }) }` gives the route's pattern,
// the import whose chunk group holds its screen, and what else the screen needs (shared/config/route.ts:
// 'shell' nothing, 'catalog' the catalog's texts, 'signin' the sign-in texts, 'all' those, the other
// screens' texts and screens.css).
// A route written otherwise is left out (no announcement, nothing breaks); one whose import webpack
// did not split is an error, so the manifest never silently misses a screen.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..', '..');
const FEATURES = path.join(ROOT, 'src', 'features');
const MANIFEST = 'route-chunks.json';

/** The chunk groups (by webpackChunkName) each `needs` of lazyScreen loads (shared/config/route.ts). */
const NEEDS = {
  shell: [],
  catalog: ['i18n-en-catalog'],
  signin: ['i18n-en-signin'],
  all: ['screens', 'i18n-en-catalog', 'i18n-en-signin', 'i18n-en-screens'],
};

const propertyOf = (object, name) =>
  object.properties.find((p) => ts.isPropertyAssignment(p) && p.name && p.name.getText() === name);

/** [{ file, path, request, needs }] of every lazily loaded route in the feature route files. */
function readRoutes() {
  const routes = [];
  for (const feature of readdirSync(FEATURES, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const dir = path.join(FEATURES, feature.name);
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.routes.tsx'))) {
      const file = path.join(dir, name);
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node) => {
        if (ts.isObjectLiteralExpression(node)) {
          const route = routeOf(node);
          if (route) routes.push({ file, ...route });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return routes;
}

function routeOf(object) {
  const pathProperty = propertyOf(object, 'path');
  const screen = propertyOf(object, 'Screen');
  if (!pathProperty || !screen || !ts.isStringLiteral(pathProperty.initializer)) return null;
  const call = screen.initializer;
  if (!ts.isCallExpression(call) || call.expression.getText() !== 'lazyScreen') return null;
  const [load, options] = call.arguments;
  if (!load || !ts.isArrowFunction(load) || !ts.isCallExpression(load.body)) return null;
  const importCall = load.body;
  if (importCall.expression.kind !== ts.SyntaxKind.ImportKeyword) return null;
  const [specifier] = importCall.arguments;
  if (!specifier || !ts.isStringLiteral(specifier)) return null;
  let needs = 'all';
  if (options && ts.isObjectLiteralExpression(options)) {
    const needsProperty = propertyOf(options, 'needs');
    if (needsProperty && ts.isStringLiteral(needsProperty.initializer)) needs = needsProperty.initializer.text;
  }
  if (!(needs in NEEDS)) throw new Error(`route-chunks: ${pathProperty.initializer.text} needs '${needs}', unknown`);
  return { path: pathProperty.initializer.text, request: specifier.text, needs };
}

/**
 * The paths that show the tab bar (src/shared/config/paths.ts: `tabPaths = [paths.home, ...]`, each a
 * property of its `paths` object): their first render also loads the tab bar's chunk
 * (src/app/tab-bar-slot.ts). An unreadable list is an error: the tabs' documents would miss it.
 */
function readTabPaths() {
  const file = path.join(ROOT, 'src', 'shared', 'config', 'paths.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const declarations = new Map();
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let value = node.initializer;
      while (ts.isAsExpression(value) || ts.isSatisfiesExpression?.(value)) value = value.expression;
      declarations.set(node.name.text, value);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const paths = declarations.get('paths');
  const tabs = declarations.get('tabPaths');
  if (!paths || !ts.isObjectLiteralExpression(paths) || !tabs || !ts.isArrayLiteralExpression(tabs)) {
    throw new Error('route-chunks: src/shared/config/paths.ts has no readable paths / tabPaths');
  }
  return tabs.elements.map((element) => {
    const name = ts.isPropertyAccessExpression(element) ? element.name.text : undefined;
    const property = name && propertyOf(paths, name);
    if (!property || !ts.isStringLiteral(property.initializer)) {
      throw new Error(`route-chunks: tabPaths entry ${element.getText()} is not a paths.<name> string`);
    }
    return property.initializer.text;
  });
}

class RouteChunksPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      // After the content hashes are final (RealContentHashPlugin renames files at OPTIMIZE_HASH).
      compilation.hooks.processAssets.tap(
        { name: 'RouteChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        () => {
          const publicPath = compilation.outputOptions.publicPath;
          const prefix = typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : '/';
          /** The files of a chunk group that the entry's own scripts do not already bring. */
          const filesOf = (group) =>
            group.chunks
              .filter((chunk) => !chunk.canBeInitial())
              .flatMap((chunk) => [...chunk.files])
              .filter((file) => /\.(js|css)$/.test(file));
          const byOrigin = new Map();
          for (const group of compilation.chunkGroups) {
            for (const origin of group.origins) {
              if (origin.module?.resource && origin.request)
                byOrigin.set(`${origin.module.resource}|${origin.request}`, group);
            }
          }
          const named = (name) => {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) throw new Error(`route-chunks: no chunk group named '${name}'`);
            return filesOf(group);
          };
          const tabPaths = new Set(readTabPaths());
          const routes = readRoutes().map((route) => {
            const group = byOrigin.get(`${route.file}|${route.request}`);
            if (!group) {
              throw new Error(`route-chunks: ${route.path}: webpack has no chunk for import('${route.request}')`);
            }
            const files = [
              ...new Set([
                ...filesOf(group),
                ...NEEDS[route.needs].flatMap(named),
                ...(tabPaths.has(route.path) ? named('tab-bar') : []),
              ]),
            ];
            return { path: route.path, files: files.map((file) => prefix + file) };
          });
          compilation.emitAsset(MANIFEST, new sources.RawSource(`${JSON.stringify({ routes }, null, 1)}\n`));
        },
      );
    });
  }
}

module.exports = { RouteChunksPlugin, MANIFEST };
