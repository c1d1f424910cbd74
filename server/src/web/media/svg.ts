/**
 * Deterministic generated images: the same input always gives the same bytes, so they can be
 * cached for a long time and the seed needs no binary assets.
 */

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** A hue spread evenly around the wheel by the golden angle. */
export function hueFor(id: number, shift = 0): number {
  return Math.round((id * 137.508 + shift) % 360);
}

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360} ${s}% ${l}%)`;

/** White line-art motifs drawn in a 200x200 box, one per category (motifKey of its name_en). */
const motifs: Record<string, string> = {
  computer:
    '<rect x="30" y="40" width="140" height="90" rx="8"/><rect x="42" y="52" width="116" height="66" rx="3" fill-opacity="0.35"/><path d="M15 150h170l-12 16H27z"/>',
  electrical_equipment: '<path d="M112 20 52 112h44l-12 68 64-96h-46z"/>',
  outdoors: '<path d="M10 170 75 70l35 52 25-34 55 82z"/><circle cx="150" cy="45" r="18"/>',
  family_life: '<path d="M100 28 22 96h22v76h40v-48h32v48h40V96h22z"/>',
  health:
    '<path d="M100 172s-70-42-70-92c0-26 20-44 42-44 12 0 22 6 28 16 6-10 16-16 28-16 22 0 42 18 42 44 0 50-70 92-70 92z"/><path d="M90 72h20v20h20v20h-20v20H90v-20H70V92h20z" fill-opacity="0.45"/>',
  mens_clothing:
    '<path d="M70 28h60l48 30-20 34-18-10v92H60V82L42 92 22 58z"/><path d="M84 28l16 22 16-22" fill-opacity="0.4"/>',
  womens_clothing: '<path d="M78 22h44l-6 40 50 118H34L84 62z"/><path d="M84 62h32l4 14H80z" fill-opacity="0.4"/>',
  food: '<path d="M22 100h156c0 44-36 74-78 74s-78-30-78-74z"/><path d="M70 86c-4-20 12-26 8-46M100 86c-4-20 12-26 8-46M130 86c-4-20 12-26 8-46" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round"/>',
  mobile_phone:
    '<rect x="60" y="18" width="80" height="164" rx="14"/><rect x="70" y="36" width="60" height="118" rx="4" fill-opacity="0.35"/><circle cx="100" cy="168" r="6" fill-opacity="0.4"/>',
  toys: '<rect x="24" y="110" width="62" height="62" rx="6"/><rect x="114" y="110" width="62" height="62" rx="6" fill-opacity="0.7"/><rect x="69" y="44" width="62" height="62" rx="6" fill-opacity="0.85"/><circle cx="100" cy="75" r="10" fill-opacity="0.4"/>',
};

/** "Men's clothing" / 'electrical equipment' / 'Toys' (the family's name_en keys) -> mens_clothing ... */
const motifKey = (nameEn: string) =>
  nameEn
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '_');

function wrapWords(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

/** A square product picture: gradient from the id's hue, the category's motif, the short name. */
export function productSvg(id: number, variant: number, categoryKey: string, shortName: string): string {
  const h = hueFor(id, variant * 40);
  const motif = motifs[motifKey(categoryKey)] ?? '<circle cx="100" cy="100" r="70"/>';
  const lines = wrapWords(shortName, 18, 2);
  const text = lines
    .map((l, i) => `<text x="300" y="${500 + i * 46 - (lines.length - 1) * 23}">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${escapeXml(shortName)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(h, 70, 62)}"/><stop offset="1" stop-color="${hsl(h + 50, 65, 38)}"/></linearGradient></defs>
<rect width="600" height="600" fill="url(#g)"/>
<circle cx="${480 - variant * 60}" cy="${110 + variant * 30}" r="${90 + variant * 10}" fill="#fff" fill-opacity="0.08"/>
<g transform="translate(175 90) scale(1.25)" fill="#fff" fill-opacity="0.92">${motif}</g>
<g font-family="Helvetica, Arial, sans-serif" font-size="40" font-weight="700" fill="#fff" text-anchor="middle">${text}</g>
</svg>`;
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** A round avatar with initials (shops, reviewers, users). */
export function avatarSvg(seed: number, name: string): string {
  const h = hueFor(seed, 200);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(h, 65, 58)}"/><stop offset="1" stop-color="${hsl(h + 30, 60, 40)}"/></linearGradient></defs>
<circle cx="100" cy="100" r="100" fill="url(#g)"/>
<text x="100" y="124" font-family="Helvetica, Arial, sans-serif" font-size="68" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials(name))}</text>
</svg>`;
}

/** A wide banner: headline, subline, soft shapes. */
export function bannerSvg(seed: number, headline: string, subline: string, width = 750, height = 300): string {
  const h = hueFor(seed, 90);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(headline)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(h, 75, 55)}"/><stop offset="1" stop-color="${hsl(h + 60, 70, 45)}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width - 110}" cy="${height / 2}" r="${height * 0.42}" fill="#fff" fill-opacity="0.12"/>
<circle cx="${width - 60}" cy="${height * 0.2}" r="${height * 0.18}" fill="#fff" fill-opacity="0.1"/>
<g font-family="Helvetica, Arial, sans-serif" fill="#fff">
<text x="48" y="${height / 2 - 4}" font-size="${Math.round(height * 0.16)}" font-weight="700">${escapeXml(headline)}</text>
<text x="48" y="${height / 2 + height * 0.16}" font-size="${Math.round(height * 0.085)}" fill-opacity="0.9">${escapeXml(subline)}</text>
</g>
</svg>`;
}

/** The platform logo. */
export function logoSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a45"/><stop offset="1" stop-color="#d4380d"/></linearGradient></defs>
<rect width="240" height="240" rx="56" fill="url(#g)"/>
<circle cx="120" cy="120" r="58" fill="none" stroke="#fff" stroke-width="16"/>
<ellipse cx="120" cy="120" rx="98" ry="30" fill="none" stroke="#fff" stroke-width="8" transform="rotate(-25 120 120)"/>
<circle cx="196" cy="84" r="12" fill="#fff"/>
</svg>`;
}
