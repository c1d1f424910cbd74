#!/usr/bin/env node
// Fails when src/api/generated differs from a fresh `npm run codegen` (CONVENTIONS.md: generated code
// is committed and never edited by hand). It regenerates into a temporary folder with the same
// config, formats the result the way `prettier --write src/api/generated` would, and compares.
//
// The temporary config sits next to openapi/codegen.cjs so that the codegen binary runs with the
// same working directory (prettier config resolution) as the real run, and the temporary output
// mirrors the repo layout so the generated relative import of the api file is identical.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const openapiDir = join(root, 'openapi');
const configPath = join(openapiDir, 'codegen.cjs');
const require = createRequire(join(root, 'package.json'));
const prettier = require('prettier');

const config = require(configPath);
const realOutputs = config.outputFiles
  ? Object.keys(config.outputFiles).map((file) => resolve(openapiDir, file))
  : [resolve(openapiDir, config.outputFile)];
const realDirs = [...new Set(realOutputs.map((file) => dirname(file)))];

const tmpRoot = mkdtempSync(join(tmpdir(), 'check-generated-'));
const mirror = (absPath) => join(tmpRoot, relative(root, absPath));
const fromOpenapi = (absPath) => {
  const rel = relative(openapiDir, absPath).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
};
const tmpConfigPath = join(openapiDir, `.codegen-check-${process.pid}.cjs`);

/** Lists files below dir as paths relative to it ('' prefix), sorted. */
function listFiles(dir, prefix = '') {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? listFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`];
    })
    .sort();
}

try {
  // The temporary config re-requires the real one (so functions such as endpoint matchers survive)
  // and moves only its paths.
  const overrides = {
    schemaFile: resolve(openapiDir, config.schemaFile),
    ...(config.apiFile?.startsWith('.') ? { apiFile: fromOpenapi(mirror(resolve(openapiDir, config.apiFile))) } : {}),
    ...(config.prettierConfigFile ? { prettierConfigFile: resolve(openapiDir, config.prettierConfigFile) } : {}),
    ...(config.outputFiles
      ? {
          outputFiles: Object.fromEntries(
            Object.entries(config.outputFiles).map(([file, options]) => [
              fromOpenapi(mirror(resolve(openapiDir, file))),
              options,
            ]),
          ),
        }
      : { outputFile: fromOpenapi(mirror(realOutputs[0])) }),
  };
  const { outputFiles: _outputFiles, ...jsonOverrides } = overrides;
  writeFileSync(
    tmpConfigPath,
    `// Temporary config written by scripts/check-generated.mjs; deleted when it finishes.\n` +
      `const real = require(${JSON.stringify(configPath)});\n` +
      `const merged = { ...real, ...${JSON.stringify(jsonOverrides)} };\n` +
      (overrides.outputFiles
        ? `merged.outputFiles = Object.fromEntries(Object.entries(real.outputFiles).map(([file, options], i) => [${JSON.stringify(Object.keys(overrides.outputFiles))}[i], options]));\n`
        : '') +
      `module.exports = merged;\n`,
  );
  for (const dir of realDirs) mkdirSync(mirror(dir), { recursive: true });

  const bin = join(
    root,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'rtk-query-codegen-openapi.cmd' : 'rtk-query-codegen-openapi',
  );
  const run = spawnSync(bin, [tmpConfigPath], { cwd: root, encoding: 'utf8' });
  // The answer validators (development and tests only) are generated from the same contract.
  const validators =
    run.status === 0
      ? spawnSync(
          process.execPath,
          [
            join(root, 'scripts', 'generate-validators.mjs'),
            mirror(join(root, 'src', 'api', 'generated', 'answer-validators.ts')),
          ],
          { cwd: root, encoding: 'utf8' },
        )
      : run;
  if (run.status !== 0 || validators.status !== 0) {
    process.stderr.write(run.stdout + run.stderr + (validators === run ? '' : validators.stdout + validators.stderr));
    console.error('check-generated: the code generator failed (see above); fix openapi/ first.');
    process.exit(2);
  }

  // The second formatting pass of `npm run codegen`, with the options prettier would use for the
  // real files.
  for (const dir of realDirs) {
    for (const file of listFiles(mirror(dir))) {
      const realPath = join(dir, file);
      const tmpPath = join(mirror(dir), file);
      const info = await prettier.getFileInfo(realPath, {
        ignorePath: join(root, '.prettierignore'),
      });
      if (info.ignored || !info.inferredParser) continue;
      const options = (await prettier.resolveConfig(realPath, { editorconfig: true })) ?? {};
      const formatted = await prettier.format(readFileSync(tmpPath, 'utf8'), {
        ...options,
        filepath: realPath,
      });
      writeFileSync(tmpPath, formatted);
    }
  }

  const differing = [];
  for (const dir of realDirs) {
    const fresh = listFiles(mirror(dir));
    const committed = listFiles(dir);
    for (const file of new Set([...fresh, ...committed])) {
      const shown = relative(root, join(dir, file));
      if (!committed.includes(file)) differing.push(`${shown} (missing)`);
      else if (!fresh.includes(file)) differing.push(`${shown} (not produced by codegen)`);
      else if (readFileSync(join(dir, file), 'utf8') !== readFileSync(join(mirror(dir), file), 'utf8'))
        differing.push(`${shown} (differs)`);
    }
  }

  if (differing.length > 0) {
    console.error('src/api/generated is stale: run npm run codegen');
    for (const line of differing) console.error(`  ${line}`);
    process.exitCode = 1;
  } else {
    console.log(`src/api/generated is up to date (${realOutputs.length} file(s) checked).`);
  }
} finally {
  rmSync(tmpConfigPath, { force: true });
  rmSync(tmpRoot, { recursive: true, force: true });
}
