import { escapeHtml, type FrameDrawer } from './frame';

/** The meta the SPA reads its image-URL template from (src/shared/config/pictures.ts). */
export const PICTURE_TEMPLATE_META = 'picture-url-template';

/**
 * The reference server's own template: its stored photos and catalogue pictures answer `?w=` with a
 * variant of that width (web/media/pictures.ts). Drawings (SVG) are left as they are by the SPA.
 */
export const REFERENCE_PICTURE_TEMPLATE = '{url}?w={width}';

/**
 * Writes the deployment's image-URL template (common/picture.ts; README, Pictures) into every
 * document of the SPA, so pictures are asked for at the width they are drawn. An empty template is
 * written too: it tells the SPA its pictures are to be used as they come (a family backend's plain
 * URLs), whatever a build or an earlier visit said.
 */
export function pictureTemplateMeta(template: string): FrameDrawer {
  const meta = `<meta name="${PICTURE_TEMPLATE_META}" content="${escapeHtml(template)}" />`;
  return (_req, page) => ({ ...page, html: page.html.replace('</head>', `${meta}</head>`) });
}
