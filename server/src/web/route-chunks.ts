import { buildFile } from './build-file';

/**
 * What each client-side route's first render loads beyond the entry scripts, as the build wrote it
 * (dist/route-chunks.json, scripts/lib/route-chunks.cjs). Announced in the route's document as
 * preloads, the browser fetches a screen's code while the entry scripts download, instead of after
 * they ran and asked for it: one round trip less before a first visit's screen appears.
 */
interface Manifest {
  routes: { path: string; files: string[] }[];
}

interface CompiledRoute {
  pattern: RegExp;
  files: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A react-router pattern as a regular expression over the path: `:name` one segment, `:name?` an
 * optional one, a trailing `*` anything; case-insensitive and an optional trailing slash, as
 * react-router matches.
 */
export function routePattern(routePath: string): RegExp {
  const segments = routePath.split('/').filter(Boolean);
  const body = segments
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${escapeRegExp(segment)}`;
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`, 'i');
}

/** The SPA sends `/` to /home (src/app/app.tsx): the same first screen. */
const ALIASES: Record<string, string> = { '/': '/home' };

const FILE = /^\/[\w./-]+\.(js|css)$/;

/**
 * The route's files as tags for its document, empty when the build has no manifest or the path is
 * no route of it: scripts as `<link rel=preload>` at low priority (the entry scripts the document
 * lists come first); styles as preloads too, or, with `linkStyles`, as stylesheets (a frame drawn with
 * the screen's own classes needs them applied, frame.ts DrawnPage.frame.screenStyles). The SPA's style loader finds
 * a stylesheet already linked and does not load it again.
 */
export function routePreloads(
  manifestFile: string,
): (requestPath: string, options?: { linkStyles?: boolean }) => { kind: 'style' | 'script'; tag: string }[] {
  const routes = buildFile<CompiledRoute[]>(
    manifestFile,
    (text) =>
      (JSON.parse(text) as Manifest).routes.map((route) => ({
        pattern: routePattern(route.path),
        // Only plain asset paths go into the document.
        files: route.files.filter((name) => FILE.test(name)),
      })),
    [],
  );
  return (requestPath, options = {}) => {
    const wanted = ALIASES[requestPath] ?? requestPath;
    const route = routes().find((candidate) => candidate.pattern.test(wanted));
    return (route?.files ?? []).map((file) =>
      file.endsWith('.css')
        ? {
            kind: 'style',
            tag: options.linkStyles
              ? `<link rel="stylesheet" href="${file}" />`
              : `<link rel="preload" as="style" href="${file}" />`,
          }
        : { kind: 'script', tag: `<link rel="preload" as="script" href="${file}" fetchpriority="low" />` },
    );
  };
}
