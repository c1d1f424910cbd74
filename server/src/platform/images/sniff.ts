/**
 * What kind of picture a file is, from its first bytes: the name and the type a client sent are
 * never trusted. HEIF-family files (AVIF, HEIC) are told apart by their `ftyp` brands; whether a
 * HEIF file is really AV1-coded is settled by the decoder (encode.ts).
 */

/** The picture kinds the pipeline knows; 'heif' is a HEIF container whose brands do not say AVIF. */
export type SniffedKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** Brands of HEIF files (ISO/IEC 23008-12): HEVC-coded (iPhone photos) and the generic ones. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1', 'mif2']);

/** The major and compatible brands of an ISO-BMFF `ftyp` box at the start of the file, or null. */
function ftypBrands(b: Buffer): string[] | null {
  if (b.length < 16 || b.toString('latin1', 4, 8) !== 'ftyp') return null;
  const size = b.readUInt32BE(0);
  if (size < 16 || size > 4096) return null;
  const end = Math.min(size, b.length);
  const brands = [b.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(b.toString('latin1', at, at + 4));
  return brands;
}

/** The kind of picture the bytes hold, or null when they are not one the pipeline reads. */
export function sniffImage(bytes: Uint8Array): SniffedKind | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const head6 = b.toString('latin1', 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  const brands = ftypBrands(b);
  if (brands?.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands?.some((brand) => HEIF_BRANDS.has(brand))) return 'heif';
  return null;
}
