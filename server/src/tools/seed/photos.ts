/**
 * Photographs of the demo catalogue, made here from its own drawings (PHOTOS.md): `npm run seed --
 * --photos`, or SEED_PHOTOS=1 at a first start. Each product's three drawings (web/media/svg.ts) are
 * set in a studio (a backdrop sweeping into the floor, a key light, a shadow on the floor, light
 * falling off towards the corners), the home banners get the same light, and all get a photograph's
 * grain (seeded gaussian noise, softened by a slight blur on the products) so that they weigh what a
 * shop's photographs weigh: 800x800 progressive JPEGs of 60-180 KB, 750x300 banners of 40-90 KB.
 * They are written to the catalogue folder (served as /media/catalog/<name> with variants) and the
 * rows then name them. Deterministic: the same catalogue gives the same bytes on the same machine
 * (the texts are drawn in the system's fonts).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../platform/db';
import { HOME_BANNER_TEXTS } from '../../web/media/router';
import { bannerSvg, hueFor, productSvg } from '../../web/media/svg';
import { prng } from './prng';

/** What a product picture and a home banner measure, and the weights they must land in (bytes). */
export const PHOTO_RULES = {
  product: { width: 800, height: 800, minBytes: 60_000, maxBytes: 180_000 },
  banner: { width: 750, height: 300, minBytes: 40_000, maxBytes: 90_000 },
} as const;

/** The URL of a picture in the catalogue folder. */
export const CATALOG_URL_PREFIX = '/media/catalog/';

/**
 * As a camera or an ordinary export writes them: progressive, Huffman tables optimised, without
 * mozjpeg's trellis quantisation (four times slower here, and these are meant to weigh what a
 * shop's photographs weigh, not the least a JPEG can).
 */
const JPEG = { quality: 80, progressive: true, optimiseCoding: true } as const;
/**
 * The grain (its deviation in 8-bit levels, where a picture starts) and the blur that softens it:
 * found by measuring, so that the pictures land in the middle of their weights at the first try.
 * The banners' grain is not blurred: blurred, it had to be so strong to weigh a photograph's weight
 * that it showed.
 */
const LOOK = {
  product: { grain: 22, blur: 0.8 },
  banner: { grain: 11, blur: null },
} as const;

/** Gaussian samples (mean 0, deviation 1) from a fixed seed: the grain every picture takes a stretch of. */
const PLATE_SIZE = 1 << 20;
let plate: Float32Array | undefined;
function grainPlate(): Float32Array {
  if (plate) return plate;
  const rand = prng(20250101);
  plate = new Float32Array(PLATE_SIZE);
  for (let i = 0; i < PLATE_SIZE; i += 2) {
    // Box-Muller: two samples from two uniform ones.
    const r = Math.sqrt(-2 * Math.log(rand() || 1e-12));
    const t = 2 * Math.PI * rand();
    plate[i] = r * Math.cos(t);
    plate[i + 1] = r * Math.sin(t);
  }
  return plate;
}

/** How much light is left at each pixel: none lost in the middle, 40% in the far corners. */
const falloffs = new Map<string, Float32Array>();
function falloff(width: number, height: number): Float32Array {
  const key = `${width}x${height}`;
  const known = falloffs.get(key);
  if (known) return known;
  const light = new Float32Array(width * height);
  // Centred a little above and left of the middle, where the key light is.
  const cx = width * 0.45;
  const cy = height * 0.42;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot((x - cx) / (width * 0.75), (y - cy) / (height * 0.75));
      light[y * width + x] = 1 - 0.4 * Math.min(1, Math.max(0, (d - 0.45) / 0.55));
    }
  }
  falloffs.set(key, light);
  return light;
}

/**
 * What the camera adds to raw RGB pixels: the light falling off towards the edges, and a film-like
 * grain of deviation `sigma` in 8-bit levels, mostly luminance noise and a little per channel, from
 * a stretch of the plate that `seed` chooses (different for each picture).
 */
function develop(pixels: Buffer, width: number, height: number, seed: number, sigma: number): Buffer {
  const noise = grainPlate();
  const light = falloff(width, height);
  const rand = prng(seed);
  const start = Math.floor(rand() * PLATE_SIZE);
  const [r, g, b] = [0, 1, 2].map(() => Math.floor(rand() * PLATE_SIZE)) as [number, number, number];
  const chroma = sigma * 0.35;
  const mask = PLATE_SIZE - 1;
  // A clamped array rounds and clamps each value as it is stored.
  const out = new Uint8ClampedArray(pixels.length);
  for (let i = 0, p = 0; i < pixels.length; i += 3, p++) {
    const lit = light[p]!;
    const grain = noise[(start + p) & mask]! * sigma;
    out[i] = pixels[i]! * lit + grain + noise[(r + p) & mask]! * chroma;
    out[i + 1] = pixels[i + 1]! * lit + grain + noise[(g + p) & mask]! * chroma;
    out[i + 2] = pixels[i + 2]! * lit + grain + noise[(b + p) & mask]! * chroma;
  }
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360} ${s}% ${l}%)`;

/** Where the product's board stands in the 800x800 picture. */
const BOARD = { x: 130, y: 92, size: 540 };

/**
 * The studio's light, the same for every product: where the key light from the upper left brightens
 * the backdrop, and the soft shadow where the product stands with a darker one where it touches the
 * floor (each 0-255, one byte a pixel). Drawn once as gradients, not blurred: a blur of a shadow this
 * large took longer than all the rest.
 */
let studioLight: Promise<{ key: Buffer; shadow: Buffer }> | undefined;
function studioLightOf(): Promise<{ key: Buffer; shadow: Buffer }> {
  const { width: size } = PHOTO_RULES.product;
  const floor = BOARD.y + BOARD.size;
  const mask = (body: string) =>
    sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${body}</svg>`))
      .extractChannel('alpha')
      .raw()
      .toBuffer();
  studioLight ??= Promise.all([
    mask(
      `<defs><radialGradient id="key" cx="0.36" cy="0.3" r="0.7"><stop offset="0" stop-opacity="0.55"/><stop offset="1" stop-opacity="0"/></radialGradient></defs><rect width="${size}" height="${size}" fill="url(#key)"/>`,
    ),
    mask(
      `<defs><radialGradient id="shadow"><stop offset="0" stop-opacity="0.45"/><stop offset="0.55" stop-opacity="0.2"/><stop offset="1" stop-opacity="0"/></radialGradient></defs><ellipse cx="${size / 2 + 24}" cy="${floor + 6}" rx="350" ry="60" fill="url(#shadow)"/><ellipse cx="${size / 2 + 6}" cy="${floor}" rx="290" ry="14" fill="url(#shadow)"/>`,
    ),
  ]).then(([key, shadow]) => ({ key, shadow }));
  return studioLight;
}

/** The backdrop's colour on each row: a wall sweeping into the floor, in a tint of the product's hue. */
function wallSvg(hue: number): string {
  const { height } = PHOTO_RULES.product;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="${height}"><defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 14, 84)}"/><stop offset="0.7" stop-color="${hsl(hue, 12, 93)}"/><stop offset="0.76" stop-color="${hsl(hue, 10, 90)}"/><stop offset="1" stop-color="${hsl(hue, 12, 80)}"/></linearGradient></defs><rect width="1" height="${height}" fill="url(#wall)"/></svg>`;
}

/**
 * The studio with the product's board standing in it, as raw RGB pixels: the wall's colour, the key
 * light, the shadows, and the board (RGBA) laid over them. Put together here rather than by libvips:
 * enlarging and compositing an 800x800 backdrop cost more than everything else together.
 */
async function studioPixels(hue: number, board: Buffer): Promise<Buffer> {
  const { width, height } = PHOTO_RULES.product;
  const [{ key, shadow }, wall] = await Promise.all([
    studioLightOf(),
    sharp(Buffer.from(wallSvg(hue)))
      .removeAlpha()
      .raw()
      .toBuffer(),
  ]);
  const out = new Uint8ClampedArray(width * height * 3);
  for (let y = 0, p = 0; y < height; y++) {
    const inRows = y >= BOARD.y && y < BOARD.y + BOARD.size;
    for (let x = 0; x < width; x++, p++) {
      const lit = key[p]! / 255;
      const shade = 1 - shadow[p]! / 255;
      let r = (wall[y * 3]! + (255 - wall[y * 3]!) * lit) * shade;
      let g = (wall[y * 3 + 1]! + (255 - wall[y * 3 + 1]!) * lit) * shade;
      let b = (wall[y * 3 + 2]! + (255 - wall[y * 3 + 2]!) * lit) * shade;
      if (inRows && x >= BOARD.x && x < BOARD.x + BOARD.size) {
        const q = ((y - BOARD.y) * BOARD.size + (x - BOARD.x)) * 4;
        const a = board[q + 3]! / 255;
        r = board[q]! * a + r * (1 - a);
        g = board[q + 1]! * a + g * (1 - a);
        b = board[q + 2]! * a + b * (1 - a);
      }
      out[p * 3] = r;
      out[p * 3 + 1] = g;
      out[p * 3 + 2] = b;
    }
  }
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** The product's drawing as a printed board: rounded corners, a sheen from the upper left. */
function boardSvg(drawing: string): string {
  const { size } = BOARD;
  // The drawing's own root element, nested at the board's size.
  const nested = drawing.replace(/^<svg [^>]*?(viewBox="[^"]*")[^>]*>/, `<svg width="${size}" height="${size}" $1>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>
<clipPath id="round"><rect width="${size}" height="${size}" rx="${size * 0.05}"/></clipPath>
</defs>
<g clip-path="url(#round)">${nested}<rect width="${size}" height="${size}" fill="url(#sheen)"/></g>
</svg>`;
}

/** A banner's drawing under a soft light from the upper right. */
function litBannerSvg(drawing: string): string {
  const { width, height } = PHOTO_RULES.banner;
  const light = `<defs><radialGradient id="bloom" cx="0.8" cy="0.2" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bloom)"/>`;
  return drawing.replace(/<\/svg>\s*$/, `${light}\n</svg>`);
}

interface Shot {
  rule: { width: number; height: number; minBytes: number; maxBytes: number };
  /** Chooses the picture's stretch of grain. */
  seed: number;
  grain: number;
  blur: number | null;
}

/** The light, the grain, a slight blur, and the JPEG: raw RGB pixels in, the stored picture out. */
function finish(raw: Buffer, shot: Shot, sigma: number): Promise<Buffer> {
  const { width, height } = shot.rule;
  const picture = sharp(develop(raw, width, height, shot.seed, sigma), { raw: { width, height, channels: 3 } });
  return (shot.blur === null ? picture : picture.blur(shot.blur)).jpeg(JPEG).toBuffer();
}

/**
 * Grain until the weight lands in range: most pictures land at the first strength; a very plain or
 * very busy one is made again with less or more grain (the same steps every run, so the same bytes).
 */
async function withinWeight(raw: Buffer, shot: Shot): Promise<Buffer> {
  const { minBytes, maxBytes } = shot.rule;
  let sigma = shot.grain;
  let bytes = await finish(raw, shot, sigma);
  for (let tries = 0; tries < 6 && (bytes.length < minBytes || bytes.length > maxBytes); tries++) {
    sigma = Math.max(0.5, (sigma * (minBytes + maxBytes)) / 2 / bytes.length);
    bytes = await finish(raw, shot, sigma);
  }
  return bytes;
}

/** A product's photograph: its drawing `variant` (0 main, 1 and 2 the gallery's) in the studio. */
export async function productPhoto(
  id: number,
  variant: number,
  categoryKey: string,
  shortName: string,
): Promise<Buffer> {
  const board = await sharp(Buffer.from(boardSvg(productSvg(id, variant, categoryKey, shortName))))
    .ensureAlpha()
    .raw()
    .toBuffer();
  const scene = await studioPixels(hueFor(id, variant * 40), board);
  return withinWeight(scene, { rule: PHOTO_RULES.product, seed: id * 7 + variant, ...LOOK.product });
}

/** A home banner's photograph: its drawing, lit, with grain. */
export async function bannerPhoto(id: number): Promise<Buffer> {
  const { width, height } = PHOTO_RULES.banner;
  const [headline, subline] = HOME_BANNER_TEXTS[id] ?? ['Orbit Market', 'Shop the world'];
  const scene = await sharp(Buffer.from(litBannerSvg(bannerSvg(id, headline, subline, width, height))))
    .removeAlpha()
    .raw()
    .toBuffer();
  return withinWeight(scene, { rule: PHOTO_RULES.banner, seed: 100_000 + id, ...LOOK.banner });
}

interface Job {
  name: string;
  make: () => Promise<Buffer>;
}

/** Runs `jobs` `parallel` at a time, writing each picture into `dir`; answers each one's size. */
async function runJobs(jobs: Job[], dir: string, parallel: number): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const bytes = await job.make();
      // Written beside and renamed: a server reading the folder never sees half a picture.
      const file = path.join(dir, job.name);
      await writeFile(`${file}.tmp`, bytes);
      await rename(`${file}.tmp`, file);
      sizes.set(job.name, bytes.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return sizes;
}

export interface PhotoReport {
  /** Every picture made, by name, with its size in bytes. */
  sizes: Map<string, number>;
  ms: number;
}

const productFile = (id: number, variant: number) => (variant === 0 ? `${id}` : `${id}-${variant}`);

/** The rows that name a product's drawing `from` now name its photograph `to`. */
function renameInRows(db: Db) {
  const product = db.prepare('UPDATE products SET image = ? WHERE id = ? AND image = ?');
  const content = db.prepare('UPDATE products SET content_html = replace(content_html, ?, ?) WHERE id = ?');
  const gallery = db.prepare('UPDATE product_images SET image = ? WHERE product_id = ? AND image = ?');
  const reviews = db.prepare('UPDATE reviews SET pics = ? WHERE product_id = ? AND pics = ?');
  return (id: number, from: string, to: string) => {
    product.run(to, id, from);
    content.run(`"${from}"`, `"${to}"`, id);
    gallery.run(to, id, from);
    reviews.run(to, id, from);
  };
}

/**
 * Photographs the catalogue: the first `products` products (all by default; the demo has 70) with
 * their two gallery pictures, and the home banners, written into `catalogDir`; then, in one
 * transaction, the rows that named their drawings name the photographs. `parallel` pictures are made
 * at once: 2, one per core of a small machine (the grain and the studio are put together on the
 * main thread, the drawing and the encoding in libvips' threads).
 */
export async function photographCatalog(
  db: Db,
  catalogDir: string,
  opts: { products?: number; parallel?: number } = {},
): Promise<PhotoReport> {
  const started = performance.now();
  await mkdir(catalogDir, { recursive: true });
  const products = db
    .prepare<[number], { id: number; short_name: string; name_en: string }>(
      'SELECT p.id, p.short_name, c.name_en FROM products p JOIN categories c ON c.id = p.category_id ORDER BY p.id LIMIT ?',
    )
    .all(opts.products ?? -1);
  const banners = db.prepare<[], { id: number }>('SELECT id FROM banners ORDER BY id').all();
  const jobs: Job[] = [
    ...banners.map((b) => ({ name: `banner-${b.id}.jpg`, make: () => bannerPhoto(b.id) })),
    ...products.flatMap((p) =>
      [0, 1, 2].map((v) => ({
        name: `${productFile(p.id, v)}.jpg`,
        make: () => productPhoto(p.id, v, p.name_en, p.short_name),
      })),
    ),
  ];
  const sizes = await runJobs(jobs, catalogDir, opts.parallel ?? 2);

  const renameRows = renameInRows(db);
  const banner = db.prepare('UPDATE banners SET image = ? WHERE id = ?');
  db.transaction(() => {
    for (const b of banners) banner.run(`${CATALOG_URL_PREFIX}banner-${b.id}.jpg`, b.id);
    for (const p of products) {
      for (const v of [0, 1, 2]) {
        const name = productFile(p.id, v);
        renameRows(p.id, `/media/product/${name}.svg`, `${CATALOG_URL_PREFIX}${name}.jpg`);
      }
    }
  })();
  return { sizes, ms: performance.now() - started };
}
