import type { ImgHTMLAttributes } from 'react';
import { PICTURE_SLOTS } from '../../../common/picture';
import { pictureSourceOf } from '../config/pictures';

export type PictureSlot = keyof typeof PICTURE_SLOTS;

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  /** The picture's URL as the API sent it. */
  src: string;
  /**
   * Where it is drawn: a slot of the layout (common/picture.ts, PICTURE_SLOTS), or the width in CSS
   * pixels of a thumbnail drawn at a fixed size (a 72 px review photo asks for 160 px on a 2x phone).
   */
  drawn: PictureSlot | number;
}

/**
 * An <img> that downloads the picture at the size it is drawn: with `srcset` and `sizes` from the
 * deployment's image-URL template (src/shared/config/pictures.ts), so a thumbnail costs a few KB and
 * a gallery is sharp on a 3x phone; without a template, or for a drawing (SVG) or a local preview,
 * the URL as it is.
 */
export function Picture({ src, drawn, ...img }: PictureProps) {
  const slot = typeof drawn === 'number' ? { sizes: `${drawn}px`, fallbackWidth: drawn * 2 } : PICTURE_SLOTS[drawn];
  const source = pictureSourceOf(src, slot);
  // eslint-disable-next-line jsx-a11y/alt-text -- alt is the caller's, passed through with the rest
  return <img {...img} src={source.src} srcSet={source.srcSet} sizes={source.sizes} />;
}
