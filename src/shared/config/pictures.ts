/**
 * The deployment's image-URL template (common/picture.ts; README, Pictures): where the SPA asks for a
 * picture at the width it draws it. In order:
 * 1. the document's `<meta name="picture-url-template">`, written by the server that serves the SPA
 *    (the reference server writes its own `{url}?w={width}`, or IMAGE_URL_TEMPLATE; an empty content
 *    means none: pictures are used as they come). It is remembered, because a page the service worker
 *    answered with its precached shell (offline, or a slow network) carries no server-written meta, and
 *    its pictures must be the same URLs the image cache holds;
 * 2. what a page of this origin remembered of it;
 * 3. the build's PICTURE_URL_TEMPLATE (a static deployment with an image service and no server of ours).
 */
import { pictureSource, type PictureSource } from '../../../common/picture';

export const PICTURE_TEMPLATE_META = 'picture-url-template';
const REMEMBERED = 'pictureUrlTemplate';

let template: string | undefined;

function remembered(): string | null {
  try {
    return localStorage.getItem(REMEMBERED);
  } catch {
    return null;
  }
}

function remember(value: string): void {
  try {
    localStorage.setItem(REMEMBERED, value);
  } catch {
    // Storage refused (private mode, quota): the next shell page uses the build's template.
  }
}

/** Reads the template from the document (once, at start). */
export function readPictureTemplate(doc: Document): void {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${PICTURE_TEMPLATE_META}"]`);
  if (meta) {
    const value = meta.content.trim();
    remember(value);
    template = value || undefined;
    return;
  }
  const kept = remembered();
  if (kept !== null) template = kept || undefined;
  else template = process.env.PICTURE_URL_TEMPLATE || undefined;
}

/** Sets the template (tests; embedding). */
export function setPictureTemplate(value: string | undefined): void {
  template = value || undefined;
}

/** The template in use, if any. */
export function pictureTemplate(): string | undefined {
  return template;
}

/** The <img> attributes of `url` drawn `sizes` wide, through the deployment's template. */
export function pictureSourceOf(url: string, slot: { sizes: string; fallbackWidth: number }): PictureSource {
  return pictureSource(url, slot, template);
}
