/**
 * Pictures at the size they are drawn (CONVENTIONS.md, Pictures): the widths a picture is asked for,
 * and the URL of one width, from an image-URL template. The SPA builds its <img srcset sizes> with it
 * (src/shared/ui/picture.tsx) and the reference server its drawn frames and LCP preloads
 * (server/src/web/preload.ts), so both name the same variant. No imports: code both sides run.
 *
 * A template is a deployment's setting (README, Pictures): the reference server's own is
 * `{url}?w={width}` (it serves its stored photos at these widths); a family backend's pictures can go
 * through an imgproxy or Thumbor address, or an object store's resize parameters, e.g.
 *   `https://img.example.com/insecure/rs:fit:{width}:0/plain/{url_encoded}`   (imgproxy)
 *   `https://thumbor.example.com/unsafe/{width}x0/{url}`                       (Thumbor)
 *   `{url}?x-oss-process=image/resize,w_{width}`                               (Alibaba Cloud OSS)
 * Placeholders: {url} the absolute URL as sent, {url_encoded} the same percent-encoded, {path} its
 * path and query, {width} the width in pixels. When {url} already has a query, a `?` that follows
 * {url} in the template becomes `&`. Without a template every URL is used as it is.
 */

/** The widths (px) pictures are asked for: a 72 px thumbnail on a 2x phone up to a full-screen photo on a 3x one. */
export const PICTURE_WIDTHS = [160, 320, 640, 1280] as const;

export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** The smallest listed width at least `wanted` px (the largest when none is). */
export function pictureWidthFor(wanted: number): PictureWidth {
  for (const width of PICTURE_WIDTHS) if (width >= wanted) return width;
  return 1280;
}

/**
 * Whether a URL can be asked for at another width: an http(s) raster picture. A drawing (SVG) is
 * sharp at every size, and data: / blob: URLs (a preview of the shopper's own file) are local.
 */
export function isResizable(url: string): boolean {
  if (!/^(https?:)?\/\//i.test(url) && !url.startsWith('/')) return false;
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return !/\.svgz?$/i.test(path);
}

/** `url` (absolute, or root-relative to `origin`) at `width` px through `template`; `url` itself without one. */
export function variantUrl(url: string, width: number, template: string | undefined, origin?: string): string {
  if (!template || !isResizable(url)) return url;
  let absolute: URL;
  try {
    absolute = new URL(url, origin ?? 'http://localhost');
  } catch {
    return url;
  }
  // A root-relative URL stays root-relative when the template starts with {url} (same origin).
  const asSent = /^(https?:)?\/\//i.test(url) ? absolute.href : url;
  const path = absolute.pathname + absolute.search;
  const hasQuery = asSent.includes('?');
  return template.replace(/\{(url_encoded|url|path|width)\}(\?)?/g, (_match, name: string, mark?: string) => {
    const after = mark ? (hasQuery && name === 'url' ? '&' : '?') : '';
    if (name === 'width') return `${width}${after}`;
    if (name === 'path') return `${path}${after}`;
    if (name === 'url_encoded') return `${encodeURIComponent(absolute.href)}${after}`;
    return `${asSent}${after}`;
  });
}

/** What an <img> needs to fetch a picture at the size it is drawn. */
export interface PictureSource {
  src: string;
  /** Every width, for the browser to choose by `sizes` and the screen's pixel ratio; absent when the URL cannot be resized. */
  srcSet?: string;
  sizes?: string;
}

/**
 * The <img> attributes of a picture drawn `sizes` wide (a CSS length or a media list, e.g. '72px',
 * '100vw', '(min-width: 560px) 560px, 100vw'). `fallbackWidth` is the width asked for by a browser
 * that ignores srcset (twice the drawn width is a good guess).
 */
export function pictureSource(
  url: string,
  { sizes, fallbackWidth }: { sizes: string; fallbackWidth: number },
  template: string | undefined,
  origin?: string,
): PictureSource {
  if (!template || !isResizable(url)) return { src: url };
  return {
    src: variantUrl(url, pictureWidthFor(fallbackWidth), template, origin),
    srcSet: PICTURE_WIDTHS.map((width) => `${variantUrl(url, width, template, origin)} ${width}w`).join(', '),
    sizes,
  };
}

/**
 * Where the SPA's pictures are drawn, by role: the `sizes` and fallback width the screens and the
 * server's frames use. The app column is at most 560 px wide (src/shared/ui/theme.css).
 */
export const PICTURE_SLOTS = {
  /** Home's banner and a shop's banner: the whole column. */
  banner: { sizes: '(min-width: 560px) 560px, 100vw', fallbackWidth: 640 },
  /** A product page's gallery: the whole column, square. */
  gallery: { sizes: '(min-width: 560px) 560px, 100vw', fallbackWidth: 640 },
  /** A product card in the two-column grid. */
  card: { sizes: '(min-width: 560px) 270px, 50vw', fallbackWidth: 320 },
  /** Full screen, to zoom into (the image viewer). */
  full: { sizes: '100vw', fallbackWidth: 1280 },
} as const;
