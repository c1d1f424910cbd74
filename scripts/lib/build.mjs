// When is the production build stale, and how to run it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, run } from './proc.mjs';

export const DIST_DIR = path.join(ROOT, 'dist');
export const DIST_INDEX = path.join(DIST_DIR, 'index.html');

/** Inputs of the build: a change to any of them makes dist/ stale. */
export const BUILD_INPUTS = [
  'src',
  'translations',
  'webpack.config.js',
  // The build's plugins and loaders (scripts/lib/*.cjs, the ICU and icon loaders).
  'scripts',
  'tsconfig.json',
  'package-lock.json',
];

/** The newest file under `entry` (a file or a folder), as { file, mtimeMs }, or null. */
function newestFile(entry) {
  if (!existsSync(entry)) return null;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return { file: entry, mtimeMs: stat.mtimeMs };
  let newest = null;
  for (const dirent of readdirSync(entry, { withFileTypes: true })) {
    const found = newestFile(path.join(entry, dirent.name));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/**
 * Why the build must run, or null when dist/index.html is newer than every build input.
 * @returns {string | null}
 */
export function buildStaleReason() {
  if (!existsSync(DIST_INDEX)) return 'dist/index.html is missing';
  const builtAt = statSync(DIST_INDEX).mtimeMs;
  for (const input of BUILD_INPUTS) {
    const newest = newestFile(path.join(ROOT, input));
    if (newest && newest.mtimeMs > builtAt) {
      return `${path.relative(ROOT, newest.file)} changed after the last build`;
    }
  }
  return null;
}

/** `npm run build` (package.json owns the build command); returns its exit code. */
export function runBuild(options) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return run('build', npm, ['run', 'build'], options);
}

/**
 * Build when `force` or when stale, saying why; returns the build's exit code (0 when skipped).
 */
export async function ensureBuild({ force = false, forceReason = 'a fresh build was requested' } = {}) {
  const reason = force ? forceReason : buildStaleReason();
  if (!reason) {
    console.log('Production build is up to date (dist/index.html is newer than its inputs).');
    return 0;
  }
  console.log(`Building the SPA for production because ${reason}: npm run build`);
  const started = Date.now();
  const code = await runBuild();
  if (code === 0) console.log(`Build finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  else console.error(`The production build failed (exit code ${code}).`);
  return code;
}
