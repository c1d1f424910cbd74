/**
 * The largest picture of the first screen, as the server drew it in the static app frame before any
 * JS ran (server/src/web/preload.ts: /home's first banner, a product page's first picture). The screen
 * shows it in its loading state until its own answer arrives, so the picture the shopper already
 * sees never blinks away. Only for the page the app was opened at: after a navigation it is stale.
 */
let remembered: { path: string; src: string } | null = null;

/** Reads the frame's picture; call once, before React replaces the frame. */
export function rememberFirstPicture(doc: Document, path: string): void {
  const image = doc.querySelector<HTMLImageElement>('img[data-lcp-picture]');
  // The API's URL of the picture (the frame draws a width of it through the image-URL template, as
  // the screen's <Picture> does); a frame without it names the picture by its src.
  const src = image?.getAttribute('data-lcp-picture') || image?.getAttribute('src');
  remembered = src ? { path, src } : null;
}

/** The frame's picture when `path` is the page the app was opened at (`/` opens /home). */
export function firstPictureFor(path: string): string | undefined {
  if (!remembered) return undefined;
  const opened = remembered.path === '/' ? '/home' : remembered.path.replace(/\/+$/, '') || '/';
  return opened === path.replace(/\/+$/, '') ? remembered.src : undefined;
}
