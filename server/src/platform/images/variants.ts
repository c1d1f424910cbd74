/**
 * Variants: a stored picture at one of the widths pictures are asked for (common/picture.ts), in the
 * best format the browser accepts. Each is encoded once, on its first request, into a cache folder
 * on disk; requests for one that is being encoded wait for that encode instead of starting another.
 * A variant's file name carries its source's size and time, so a source written anew (a stored
 * upload rewritten by the migration step) gets new variants, and pruneVariants drops the old ones.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pictureWidthFor } from '../../../../common/picture';
import { renderVariant, type EncodeOptions, type VariantFormat } from './encode';

const FILE_EXTENSION: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };
/** `<source name>.<size>-<mtime>.w<width>.<ext>`, and `.tmp` files being written. */
const VARIANT_NAME = /^(.+)\.([0-9a-z]+-[0-9a-z]+)\.w(\d+)\.(avif|webp|jpg|png)$/;
const TEMP_SECONDS = 60 * 60;

/** Whether an Accept header lists `type` with a quality above 0 (wildcards do not count). */
function accepts(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [name, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (name !== type) return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The format of a variant for this Accept header: AVIF, else WebP, else the source's own kind of
 * format (JPEG for a JPEG source, PNG for the others, which may be transparent).
 */
export function variantFormatFor(accept: string | undefined, sourceName: string): VariantFormat {
  if (accepts(accept, 'image/avif')) return 'avif';
  if (accepts(accept, 'image/webp')) return 'webp';
  return /\.jpe?g$/i.test(sourceName) ? 'jpeg' : 'png';
}

/**
 * The listed width a `?w=` value asks for: the next listed width up, or the largest; null when the
 * value is not a positive whole number (the stored picture is served instead).
 */
export function variantWidthFor(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw) || Number(raw) === 0) return null;
  return pictureWidthFor(Number(raw));
}

const stampOf = (size: number, mtimeMs: number) => `${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}`;

export interface PictureFile {
  /** A folder of the cache, one per source folder: 'uploads', 'catalog'. */
  space: string;
  /** The source folder and the stored picture's name in it. */
  dir: string;
  name: string;
}

export class VariantStore {
  private readonly encoding = new Map<string, Promise<string>>();

  constructor(
    /** The cache folder (it and its space folders are made when needed). */
    readonly cacheDir: string,
    private readonly encode: EncodeOptions,
  ) {}

  /**
   * The path of `source` at `width` in `format`, encoded now if it is not cached yet; null when the
   * source does not exist. Throws ImageError when it cannot be encoded.
   */
  async file(source: PictureFile, width: number, format: VariantFormat): Promise<string | null> {
    const sourcePath = path.join(source.dir, source.name);
    const facts = await stat(sourcePath).catch(() => null);
    if (!facts?.isFile()) return null;
    const stamp = stampOf(facts.size, facts.mtimeMs);
    const target = path.join(
      this.cacheDir,
      source.space,
      `${source.name}.${stamp}.w${width}.${FILE_EXTENSION[format]}`,
    );
    if (existsSync(target)) return target;
    let pending = this.encoding.get(target);
    if (!pending) {
      pending = this.write(sourcePath, target, width, format).finally(() => this.encoding.delete(target));
      this.encoding.set(target, pending);
    }
    return pending;
  }

  private async write(sourcePath: string, target: string, width: number, format: VariantFormat): Promise<string> {
    const bytes = await renderVariant(await readFile(sourcePath), width, format, this.encode);
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside and renamed: a reader never sees half a file, even from another process.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, target);
    return target;
  }
}

/**
 * Removes cached variants whose source is gone or was written anew, and temporary files older than
 * an hour, from each space of `cacheDir` (`sources`: space -> its source folder, undefined when it
 * has none). Returns how many files it removed. Run with the hourly purges.
 */
export function pruneVariants(cacheDir: string, sources: Record<string, string | undefined>, now = Date.now()): number {
  let removed = 0;
  for (const [space, sourceDir] of Object.entries(sources)) {
    const dir = path.join(cacheDir, space);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      let stale: boolean;
      if (name.endsWith('.tmp')) {
        const facts = statSync(file, { throwIfNoEntry: false });
        stale = facts !== undefined && now - facts.mtimeMs > TEMP_SECONDS * 1000;
      } else {
        const m = VARIANT_NAME.exec(name);
        const source =
          m?.[1] && sourceDir ? statSync(path.join(sourceDir, m[1]), { throwIfNoEntry: false }) : undefined;
        stale = !source || stampOf(source.size, source.mtimeMs) !== m?.[2];
      }
      if (stale) {
        rmSync(file, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}
