/**
 * What a picture's first bytes say, without decoding it: its format, its size in pixels and whether
 * it carries metadata (where a phone writes the place a photo was taken, the device, the owner). Pure,
 * on a Uint8Array, so it runs in the page, in a worker and in jest on real files.
 */

/** A format by its magic bytes; null when the bytes are none of these. */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif' | 'avif';

export interface ImageFacts {
  kind: ImageKind | null;
  /** Pixels as stored (before any EXIF orientation); null when the bytes read do not say. */
  width: number | null;
  height: number | null;
  /** An EXIF, XMP, IPTC or multi-picture segment / chunk, or a comment, was found in the bytes read. */
  hasMetadata: boolean;
}

const UNKNOWN: ImageFacts = { kind: null, width: null, height: null, hasMetadata: false };

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, start: number, text: string): boolean {
  return ascii(bytes, start, text.length) === text;
}

function contains(bytes: Uint8Array, text: string): boolean {
  const first = text.charCodeAt(0);
  for (let i = bytes.indexOf(first); i !== -1; i = bytes.indexOf(first, i + 1)) {
    if (startsWith(bytes, i, text)) return true;
  }
  return false;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const u32le = (b: Uint8Array, i: number) => u16le(b, i) + u16le(b, i + 2) * 0x10000;

/** The APP1 payloads that are metadata: EXIF and XMP (its main packet and its extension). */
const APP1_METADATA = ['Exif\0', 'http://ns.adobe.com/xap/1.0/\0', 'http://ns.adobe.com/xmp/extension/\0'];

/**
 * A JPEG's markers up to its first scan (ITU T.81 B.1.1: every segment before SOS is a marker, two
 * length bytes, then its payload). Metadata: APP1 (EXIF, XMP), APP13 (Photoshop's IPTC), APP2 'MPF'
 * (CIPA's multi-picture format: a phone's depth map or second photo after the first one's end) and
 * COM. The frame header (SOF0..SOF15 but DHT, JPG and DAC) gives the size.
 */
function jpegFacts(b: Uint8Array): ImageFacts {
  const facts: ImageFacts = { kind: 'jpeg', width: null, height: null, hasMetadata: false };
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) break;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // a fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // a marker without a length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // the scan starts, or the image ends
    const length = u16be(b, i + 2);
    const payload = i + 4;
    if (marker === 0xe1 && APP1_METADATA.some((id) => startsWith(b, payload, id))) facts.hasMetadata = true;
    if (marker === 0xe2 && startsWith(b, payload, 'MPF\0')) facts.hasMetadata = true;
    if (marker === 0xed || marker === 0xfe) facts.hasMetadata = true;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && payload + 5 <= b.length) {
      facts.height = u16be(b, payload + 1);
      facts.width = u16be(b, payload + 3);
    }
    i = i + 2 + length;
  }
  return facts;
}

/** Text chunks that hold metadata: Adobe's XMP (iTXt), and ImageMagick's 'Raw profile type exif|xmp|iptc'. */
function isMetadataText(b: Uint8Array, data: number): boolean {
  return startsWith(b, data, 'XML:com.adobe.xmp\0') || startsWith(b, data, 'Raw profile type ');
}

/** PNG chunks (PNG 3rd edition, 5.3): IHDR gives the size; eXIf and XMP / raw-profile text chunks are metadata. */
function pngFacts(b: Uint8Array): ImageFacts {
  const facts: ImageFacts = { kind: 'png', width: null, height: null, hasMetadata: false };
  let i = 8;
  while (i + 8 <= b.length) {
    const length = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    const data = i + 8;
    if (type === 'IHDR' && data + 8 <= b.length) {
      facts.width = u32be(b, data);
      facts.height = u32be(b, data + 4);
    } else if (type === 'eXIf') {
      facts.hasMetadata = true;
    } else if ((type === 'iTXt' || type === 'tEXt' || type === 'zTXt') && isMetadataText(b, data)) {
      facts.hasMetadata = true;
    } else if (type === 'IEND') {
      break;
    }
    i = data + length + 4; // data, then its CRC
  }
  return facts;
}

/**
 * WebP's RIFF chunks (RFC 9649): VP8X gives the canvas size and flags EXIF (0x08) and XMP (0x04);
 * a simple file has only VP8 (lossy: 14-bit sizes after the start code) or VP8L (lossless).
 */
function webpFacts(b: Uint8Array): ImageFacts {
  const facts: ImageFacts = { kind: 'webp', width: null, height: null, hasMetadata: false };
  let i = 12;
  while (i + 8 <= b.length) {
    const type = ascii(b, i, 4);
    const size = u32le(b, i + 4);
    const data = i + 8;
    if (type === 'VP8X' && data + 10 <= b.length) {
      if (((b[data] ?? 0) & 0x0c) !== 0) facts.hasMetadata = true;
      facts.width = u24le(b, data + 4) + 1;
      facts.height = u24le(b, data + 7) + 1;
    } else if (type === 'EXIF' || type === 'XMP ') {
      facts.hasMetadata = true;
    } else if (type === 'VP8 ' && facts.width === null && data + 10 <= b.length) {
      facts.width = u16le(b, data + 6) & 0x3fff;
      facts.height = u16le(b, data + 8) & 0x3fff;
    } else if (type === 'VP8L' && facts.width === null && data + 5 <= b.length && b[data] === 0x2f) {
      const bits = u32le(b, data + 1);
      facts.width = (bits & 0x3fff) + 1;
      facts.height = ((bits >>> 14) & 0x3fff) + 1;
    }
    i = data + size + (size % 2); // chunks are padded to an even size
  }
  return facts;
}

/** GIF's logical screen size; XMP travels in an application extension named 'XMP DataXMP'. */
function gifFacts(b: Uint8Array): ImageFacts {
  return { kind: 'gif', width: u16le(b, 6), height: u16le(b, 8), hasMetadata: contains(b, 'XMP DataXMP') };
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/**
 * HEIF (an iPhone's HEIC) and AVIF by the ISO BMFF 'ftyp' box's brands. Their size lives deep in
 * the 'meta' box; it is left unknown (the decoder says it, where the engine has one).
 */
function isoFacts(b: Uint8Array): ImageFacts | null {
  if (!startsWith(b, 4, 'ftyp')) return null;
  const boxEnd = Math.min(b.length, u32be(b, 0));
  const brands: string[] = [ascii(b, 8, 4)];
  for (let i = 16; i + 4 <= boxEnd; i += 4) brands.push(ascii(b, i, 4));
  if (brands.some((brand) => brand === 'avif' || brand === 'avis')) {
    return { kind: 'avif', width: null, height: null, hasMetadata: false };
  }
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) {
    return { kind: 'heif', width: null, height: null, hasMetadata: false };
  }
  return null;
}

/**
 * The facts of a picture from its first bytes (the whole file, or enough of its head: a JPEG's
 * segments before the scan, a PNG's chunks before the pixels, a WebP's first chunks).
 */
export function readImageFacts(bytes: Uint8Array): ImageFacts {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegFacts(bytes);
  if (startsWith(bytes, 0, '\x89PNG\r\n\x1a\n')) return pngFacts(bytes);
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return webpFacts(bytes);
  if (startsWith(bytes, 0, 'GIF87a') || startsWith(bytes, 0, 'GIF89a')) return gifFacts(bytes);
  return isoFacts(bytes) ?? UNKNOWN;
}
