#!/usr/bin/env node
// Generates src/api/generated/answer-validators.ts from openapi/openapi.yaml (`npm run codegen` runs
// it after the RTK Query codegen; scripts/check-generated.mjs regenerates it and fails on a difference).
//
// One Ajv standalone validator per operation, named by its operationId, for the success envelope
// (code 1) of its HTTP 200 answer: the `oneOf` of every 200 schema is narrowed to that branch, so a
// mismatch names the field of the answer the server meant, not both branches. The request layer runs
// them in development and tests only (src/api/answer-check.ts, behind NODE_ENV): the production
// bundle never contains them.
//
// Usage: node scripts/generate-validators.mjs [output file]
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const { default: Ajv2020 } = require('ajv/dist/2020');
const { default: standaloneCode } = require('ajv/dist/standalone');
const { parse } = require('yaml');
const prettier = require('prettier');
const { readFileSync } = require('node:fs');

const SPEC_FILE = join(root, 'openapi', 'openapi.yaml');
const DEFAULT_OUTPUT = join(root, 'src', 'api', 'generated', 'answer-validators.ts');
const OUTPUT_FILE = resolve(process.argv[2] ?? DEFAULT_OUTPUT);
/** The id the whole document is registered under, so `#/components/...` refs resolve inside it. */
const DOC_ID = 'https://contract.invalid/openapi.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const escapePointer = (s) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const isJson = (v) => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

function at(doc, pointer) {
  let node = doc;
  for (const raw of pointer.split('/').slice(1)) {
    if (!isJson(node) && !Array.isArray(node)) return undefined;
    node = node[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

function deref(doc, node) {
  let n = node;
  for (let i = 0; i < 8 && isJson(n) && typeof n.$ref === 'string'; i++) n = at(doc, n.$ref.replace(/^#/, ''));
  return n;
}

/** The pointer of an operation's success envelope: its 200 JSON schema, narrowed to the code-1 branch. */
function successPointer(doc, path, method, operation) {
  let pointer = `/paths/${escapePointer(path)}/${method}/responses/200`;
  let response = operation.responses?.['200'];
  for (let i = 0; i < 5 && isJson(response) && typeof response.$ref === 'string'; i++) {
    pointer = response.$ref.replace(/^#/, '');
    response = at(doc, pointer);
  }
  const schema = at(response, '/content/application~1json/schema');
  if (!schema) return undefined;
  pointer = `${pointer}/content/application~1json/schema`;
  if (!Array.isArray(schema.oneOf)) return pointer;
  const index = schema.oneOf.findIndex((branch) => {
    const code = deref(doc, deref(doc, branch)?.properties?.code);
    const allowed = code?.enum ?? (isJson(code) && 'const' in code ? [code.const] : undefined);
    return Array.isArray(allowed) && allowed.includes(1);
  });
  return index >= 0 ? `${pointer}/oneOf/${index}` : pointer;
}

/** Annotations only: left out of the generated code, which would otherwise carry every description. */
const ANNOTATIONS = new Set(['description', 'summary', 'example', 'examples', 'title', 'deprecated']);
/** Keywords whose value maps names to schemas (a property may be called 'description'). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'schemas']);

function withoutAnnotations(node, isMap = false) {
  if (Array.isArray(node)) return node.map((item) => withoutAnnotations(item));
  if (!isJson(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => isMap || !(ANNOTATIONS.has(key) || key.startsWith('x-')))
      .map(([key, value]) => [
        key,
        key === 'enum' || key === 'const' ? value : withoutAnnotations(value, !isMap && SCHEMA_MAPS.has(key)),
      ]),
  );
}

const doc = withoutAnnotations(parse(readFileSync(SPEC_FILE, 'utf8')));
// strict: false because OpenAPI adds keywords JSON Schema does not know (example, x-*). Formats are
// not checked: the mappers read dates and URLs tolerantly, and format checks would pull ajv-formats
// into the generated code. One error per answer (allErrors: false) is enough to name the field.
const ajv = new Ajv2020({
  strict: false,
  allErrors: false,
  validateFormats: false,
  // One function per named schema, called where it is referenced, instead of a copy at every use.
  inlineRefs: false,
  code: { source: true, esm: true },
});
ajv.addSchema(doc, DOC_ID);

const exports = {};
for (const [path, item] of Object.entries(doc.paths ?? {})) {
  for (const method of METHODS) {
    const operation = item[method];
    if (!isJson(operation) || typeof operation.operationId !== 'string') continue;
    const pointer = successPointer(doc, path, method, operation);
    if (pointer) exports[operation.operationId] = `${DOC_ID}#${pointer}`;
  }
}
const sorted = Object.fromEntries(Object.entries(exports).sort(([a], [b]) => a.localeCompare(b)));
const code = standaloneCode(ajv, sorted);

const header = [
  '// @ts-nocheck',
  '/* eslint-disable */',
  '// Generated by scripts/generate-validators.mjs from openapi/openapi.yaml (`npm run codegen`); never',
  '// edit by hand. One Ajv standalone validator per operationId for its success envelope (HTTP 200,',
  '// code 1). Development and tests only: src/api/answer-check.ts loads it behind NODE_ENV.',
  '',
].join('\n');
// Formatted as the committed file is (scripts/check-generated.mjs writes to a temporary folder).
const options = (await prettier.resolveConfig(DEFAULT_OUTPUT, { editorconfig: true })) ?? {};
const formatted = await prettier.format(`${header}${code}\n`, { ...options, filepath: DEFAULT_OUTPUT });
writeFileSync(OUTPUT_FILE, formatted);
console.log(`${Object.keys(sorted).length} answer validators written to ${OUTPUT_FILE}`);
