#!/usr/bin/env node
// Checks the five translation catalogues of the SPA in translations/ and of the reference server
// in server/messages/ (run by `npm run check`). Each directory is checked on its own.
//
// Fails (exit 1) with a list of every problem when:
// - a file is not a flat JSON object of strings,
// - a file misses a key that another file has, or has a key that another file lacks,
// - a file's keys are not in en.json's order,
// - a value is empty (or only whitespace),
// - a non-English file's value is identical to the English one (allow-list below),
// - a value's ICU placeholders ({name}, {count, plural, ...}) differ from the English value's.
// Prints 'translations: 5 files, N keys each, OK' (and the same for server/messages) otherwise.
// No dependencies.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = 'en';
const FILES = ['en', 'zh-CN', 'ri', 'han', 'tai'];

// Per directory, the keys whose value may equal English in every language: the brand, and strings
// that are only technical tokens. Keep these lists short and explicit. Values made only of
// placeholders, digits and punctuation (e.g. '{count}', '{price} / {unit}') are allowed too.
const DIRECTORIES = [
  { dirName: 'translations', sameAsEnglishOk: new Set(['app.name']) },
  // The server's messages are keyed by their English text (server/src/i18n.ts).
  { dirName: 'server/messages', sameAsEnglishOk: new Set() },
];

/** ICU argument names used in a message, sorted (nested plural/select branches included). */
function placeholders(message) {
  const names = [];
  const re = /\{\s*([A-Za-z_][\w.]*)\s*(?=[,}])/g;
  let match;
  while ((match = re.exec(message)) !== null) names.push(match[1]);
  return names.sort();
}

const onlyPlaceholders = (message) => !/\p{L}/u.test(message.replace(/\{[^{}]*\}/g, ''));

let failed = false;
for (const { dirName, sameAsEnglishOk } of DIRECTORIES) {
  const { problems, keyCount } = checkDirectory(dirName, sameAsEnglishOk);
  if (problems.length) {
    failed = true;
    console.error(`${dirName}: ${problems.length} problem(s)`);
    for (const problem of problems) console.error(`  - ${problem}`);
  } else {
    console.log(`${dirName}: ${FILES.length} files, ${keyCount} keys each, OK`);
  }
}
if (failed) process.exit(1);

function checkDirectory(dirName, sameAsEnglishOk) {
  const dir = join(root, dirName);
  const problems = [];
  const catalogues = {};

  for (const name of FILES) {
    const file = `${dirName}/${name}.json`;
    let data;
    try {
      data = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
    } catch (error) {
      problems.push(`${file}: cannot read or parse (${error.message})`);
      continue;
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      problems.push(`${file}: must be a flat JSON object`);
      continue;
    }
    for (const [key, value] of Object.entries(data)) {
      if (typeof value !== 'string') problems.push(`${file}: "${key}" is not a string`);
      else if (value.trim() === '') problems.push(`${file}: "${key}" is empty`);
    }
    catalogues[name] = data;
  }

  const loaded = FILES.filter((name) => catalogues[name]);
  const allKeys = new Set(loaded.flatMap((name) => Object.keys(catalogues[name])));

  for (const name of loaded) {
    const keys = Object.keys(catalogues[name]);
    const own = new Set(keys);
    const missing = [...allKeys].filter((key) => !own.has(key));
    if (missing.length) {
      problems.push(`${dirName}/${name}.json: missing ${missing.length} key(s): ${missing.join(', ')}`);
    }
    const en = catalogues[SOURCE];
    if (!en || name === SOURCE) continue;
    const extra = keys.filter((key) => !(key in en));
    if (extra.length) {
      problems.push(`${dirName}/${name}.json: ${extra.length} key(s) not in en.json: ${extra.join(', ')}`);
    }
    const order = Object.keys(en).filter((key) => own.has(key));
    const shared = keys.filter((key) => key in en);
    const firstOff = shared.findIndex((key, i) => key !== order[i]);
    if (firstOff !== -1) {
      problems.push(
        `${dirName}/${name}.json: keys not in en.json's order (first at "${shared[firstOff]}", expected "${order[firstOff]}")`,
      );
    }
  }

  const en = catalogues[SOURCE];
  if (en) {
    for (const name of loaded) {
      if (name === SOURCE) continue;
      for (const [key, value] of Object.entries(catalogues[name])) {
        const source = en[key];
        if (typeof source !== 'string' || typeof value !== 'string' || value.trim() === '') continue;
        if (value === source && !sameAsEnglishOk.has(key) && !onlyPlaceholders(source)) {
          problems.push(`${dirName}/${name}.json: "${key}" is identical to English ("${source}")`);
        }
        const want = placeholders(source).join(', ');
        const got = placeholders(value).join(', ');
        if (want !== got) {
          problems.push(`${dirName}/${name}.json: "${key}" placeholders {${got}} differ from English {${want}}`);
        }
      }
    }
  }

  return { problems, keyCount: en ? Object.keys(en).length : 0 };
}
