import { crc32, deflateSync, inflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of `size` x `size` pixels in one RGB colour, built from bytes (signature, IHDR, IDAT
 * with zlib-deflated scanlines, IEND; CRCs by zlib's crc32), so no binary fixture is committed.
 * The upload route sniffs the magic bytes, so this passes as a real image.
 */
export function solidPng(size = 1, [red, green, blue]: readonly [number, number, number] = [46, 139, 87]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour RGB
  // compression, filter and interlace methods: 0
  const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB triples
  for (let x = 0; x < size; x += 1) row.set([red, green, blue], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What readPng learns of a PNG: its size and its least opaque pixel (255: fully opaque). */
export interface PngFacts {
  width: number;
  height: number;
  minAlpha: number;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * Reads a non-interlaced 8-bit PNG (grey, RGB, grey + alpha or RGBA, as scripts/lib/pwa-assets.cjs
 * writes them): the IHDR size, then the IDAT data inflated and unfiltered (None, Sub, Up, Average,
 * Paeth) to find the lowest alpha. Throws on anything else rather than guess.
 */
export function readPng(file: Buffer): PngFacts {
  if (!file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    throw new Error('Not a PNG (no PNG signature).');
  }
  let width = 0;
  let height = 0;
  let channels = 0;
  let transparencyChunk = false;
  const data: Buffer[] = [];
  for (let offset = 8; offset < file.length;) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('ascii', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [bitDepth, colourType, , , interlace] = body.subarray(8, 13);
      channels = CHANNELS[colourType!] ?? 0;
      if (bitDepth !== 8 || !channels || interlace !== 0) {
        throw new Error(
          `readPng reads 8-bit non-interlaced PNGs only (bit depth ${bitDepth}, colour type ${colourType}).`,
        );
      }
    } else if (type === 'tRNS') transparencyChunk = true;
    else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const previous = Buffer.alloc(stride);
  const row = Buffer.alloc(stride);
  let minAlpha = channels === 2 || channels === 4 ? 255 : transparencyChunk ? 0 : 255;
  for (let y = 0; y < height; y += 1) {
    const start = y * (stride + 1);
    const filter = raw[start];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[start + 1 + x]!;
      const left = x >= channels ? row[x - channels]! : 0;
      const up = previous[x]!;
      const upLeft = x >= channels ? previous[x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [toLeft, toUp, toUpLeft] = [
          Math.abs(estimate - left),
          Math.abs(estimate - up),
          Math.abs(estimate - upLeft),
        ];
        predicted = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
      }
      row[x] = (value + predicted) & 0xff;
    }
    if (channels === 2 || channels === 4) {
      for (let x = channels - 1; x < stride; x += channels) minAlpha = Math.min(minAlpha, row[x]!);
    }
    row.copy(previous);
  }
  return { width, height, minAlpha };
}
