import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The folder the server under test serves (E2E_STATIC_DIR from scripts/e2e.mjs; dist/ by default). */
export const STATIC_DIR = process.env.E2E_STATIC_DIR || path.resolve(__dirname, '..', '..', 'dist');

export interface Deployment {
  /** The index.html precache revision the new worker carries (it shows in Cache Storage). */
  revision: string;
  /** Puts the build's own worker back. */
  restore(): void;
}

/**
 * A new deployment, made honestly without a second build: the served sw.js changes the way a build
 * with a changed index.html changes it (its precache revision), so the browser's update check finds a
 * byte-different worker, installs it and leaves it waiting. The build also writes sw.js.br and
 * sw.js.gz (scripts/compress-dist.mjs), which the server prefers: they change together. Call
 * restore() afterwards (in a finally).
 */
export function deployNewWorker(staticDir = STATIC_DIR): Deployment {
  const worker = path.join(staticDir, 'sw.js');
  const original = readFileSync(worker, 'utf8');
  // The precache list as Workbox writes it, e.g. {'revision':'9abe…','url':'/index.html'} (either order).
  const revision = (/revision['"]?:\s*['"]([0-9a-f]{32})['"],\s*['"]?url['"]?:\s*['"]\/index\.html['"]/.exec(
    original,
  ) ?? /url['"]?:\s*['"]\/index\.html['"],\s*['"]?revision['"]?:\s*['"]([0-9a-f]{32})['"]/.exec(original))?.[1];
  if (!revision) {
    throw new Error(
      `No precache revision of /index.html in ${worker}: a run stopped before restoring it? Build again (npm run build).`,
    );
  }
  // Not hex: a worker a stopped run left deployed is not taken for the build's own next time.
  const next = `x2e${revision.slice(3)}`;
  const deployed = original.replace(revision, next);
  const variants = [
    { file: `${worker}.br`, encode: (text: string) => brotliCompressSync(text) },
    { file: `${worker}.gz`, encode: (text: string) => gzipSync(text) },
  ]
    .filter((variant) => existsSync(variant.file))
    .map((variant) => ({ ...variant, original: readFileSync(variant.file) }));
  writeFileSync(worker, deployed);
  for (const variant of variants) writeFileSync(variant.file, variant.encode(deployed));
  return {
    revision: next,
    restore() {
      writeFileSync(worker, original);
      for (const variant of variants) writeFileSync(variant.file, variant.original);
    },
  };
}
