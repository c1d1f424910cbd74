// The installable app's web app manifest and its icons, generated at build time (webpack.config.js).
// Deterministic: the same theme and name always give the same bytes, so no binary file is committed.
// The name comes from translations/en.json (app.name), the colours from src/shared/ui/theme.css.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { crc32, deflateSync } = require('node:zlib');

const ROOT = path.resolve(__dirname, '..', '..');
const THEME_CSS = path.join(ROOT, 'src/shared/ui/theme.css');
const EN_MESSAGES = path.join(ROOT, 'translations/en.json');

/** The theme's `--name: #rrggbb` value. */
function themeColour(css, name) {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})\\b`, 'i').exec(css);
  if (!match) throw new Error(`src/shared/ui/theme.css has no --${name} colour`);
  return match[1].toLowerCase();
}

const rgb = (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG (colour type 6) from `pixels` (size * size * 4 bytes). */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y += 1) pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The shop's mark: a white planet with a tilted orbit on the brand colour. `maskable` fills the whole
 * square and keeps the mark inside the central 80% safe zone (the platform crops to its own shape);
 * otherwise a rounded square with transparent corners. 4x4 supersampling smooths the edges.
 */
function drawIcon(size, brand, { maskable }) {
  const [br, bg, bb] = rgb(brand);
  const scale = maskable ? 0.8 : 1;
  const tilt = (-20 * Math.PI) / 180;
  const cos = Math.cos(tilt);
  const sin = Math.sin(tilt);
  const planet = 0.17 * scale;
  const ringA = 0.36 * scale;
  const ringB = 0.12 * scale;
  const ringHalf = 0.018 * scale;
  const corner = 0.22;
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  /** What covers the point (u, v) in [0, 1)²: 0 nothing, 1 background, 2 white. */
  const paint = (u, v) => {
    if (!maskable) {
      const dx = Math.max(corner - u, 0, u - (1 - corner));
      const dy = Math.max(corner - v, 0, v - (1 - corner));
      if (dx * dx + dy * dy > corner * corner) return 0;
    }
    const x = u - 0.5;
    const y = v - 0.5;
    // The orbit's own frame: an ellipse of half-axes ringA, ringB, turned by `tilt`.
    const rx = x * cos + y * sin;
    const ry = -x * sin + y * cos;
    const fromRing = Math.abs(Math.hypot(rx / ringA, ry / ringB) - 1) * Math.min(ringA, ringB);
    const inPlanet = x * x + y * y < planet * planet;
    // The front half of the orbit crosses the planet, set off from it by a gap of background.
    const front = ry > 0;
    if (front && fromRing < ringHalf) return 2;
    if (front && inPlanet && fromRing < ringHalf + 0.02 * scale) return 1;
    if (inPlanet || fromRing < ringHalf) return 2;
    return 1;
  };
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const what = paint((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          if (what > 0) cover += 1;
          if (what === 2) white += 1;
        }
      }
      const i = (py * size + px) * 4;
      const n = samples * samples;
      const w = cover ? white / cover : 0;
      pixels[i] = Math.round(br + (255 - br) * w);
      pixels[i + 1] = Math.round(bg + (255 - bg) * w);
      pixels[i + 2] = Math.round(bb + (255 - bb) * w);
      pixels[i + 3] = Math.round((255 * cover) / n);
    }
  }
  return encodePng(size, pixels);
}

/** The manifest (an object) and the files it names: { manifest, files: { 'icons/x.png': Buffer } }. */
function pwaAssets() {
  const css = readFileSync(THEME_CSS, 'utf8');
  const messages = JSON.parse(readFileSync(EN_MESSAGES, 'utf8'));
  const brand = themeColour(css, 'brand');
  const canvas = themeColour(css, 'canvas');
  const name = messages['app.name'];
  const icons = [
    { size: 192, purpose: 'any' },
    { size: 512, purpose: 'any' },
    { size: 192, purpose: 'maskable' },
    { size: 512, purpose: 'maskable' },
  ];
  const files = {};
  for (const { size, purpose } of icons) {
    files[`icons/${purpose}-${size}.png`] = drawIcon(size, brand, { maskable: purpose === 'maskable' });
  }
  const manifest = {
    id: '/home',
    name,
    short_name: name.length <= 12 ? name : name.split(/\s+/)[0],
    description: 'Shop products and shops from around the world and pay from your wallet.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: brand,
    background_color: canvas,
    icons: icons.map(({ size, purpose }) => ({
      src: `/icons/${purpose}-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    })),
  };
  return { manifest, files };
}

/** Emits manifest.webmanifest and the icons into the build (before the service worker lists them). */
class PwaAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PwaAssetsPlugin', (compilation) => {
      compilation.fileDependencies.add(THEME_CSS);
      compilation.fileDependencies.add(EN_MESSAGES);
      compilation.hooks.processAssets.tap(
        { name: 'PwaAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { manifest, files } = pwaAssets();
          compilation.emitAsset('manifest.webmanifest', new sources.RawSource(JSON.stringify(manifest, null, 2)));
          for (const [file, bytes] of Object.entries(files)) compilation.emitAsset(file, new sources.RawSource(bytes));
        },
      );
    });
  }
}

module.exports = { PwaAssetsPlugin, pwaAssets };
