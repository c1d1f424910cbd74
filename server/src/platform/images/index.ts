/**
 * The server's image pipeline (CONVENTIONS.md, Pictures), knowing nothing of the shop: what a file
 * is (sniff.ts), decoding with limits, orienting, stripping, sizing and encoding (encode.ts), how
 * many run at once (gate.ts), and the variants served at the listed widths (variants.ts). The
 * uploads area stores through it, shared/ rewrites pictures stored before it, web/ serves them.
 */
export { EncodeGate, GateBusyError } from './gate';
export {
  encodeForStorage,
  EXTENSION_OF,
  IMAGE_RULES,
  ImageError,
  MIME_OF,
  reencodeAs,
  renderVariant,
  type EncodedImage,
  type EncodeOptions,
  type ImageProblem,
  type StoredFormat,
  type VariantFormat,
} from './encode';
export { sniffImage, type SniffedKind } from './sniff';
export { pruneVariants, VariantStore, variantFormatFor, variantWidthFor, type PictureFile } from './variants';
