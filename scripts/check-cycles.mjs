#!/usr/bin/env node
// Fails (exit 1) when a TypeScript file of the reference server or of common/ reaches itself through
// its imports (run by `npm run check`). Every arrow counts: `import type` and `export type ... from`
// too, although the compiler erases them, because a circle of types is still two modules that each
// need the other to be read (an area's handlers and the routes file that wires them, say); and
// dynamic `import()`. The layers themselves are ESLint's job (project/boundaries in
// eslint.config.mjs); it cannot see circles inside one layer or one area, which is what this finds.
//
// The SPA is not covered yet: src/api has a circle of its own (base-query -> types -> views ->
// generated/shop-api -> empty-api -> base-query, with store/session.slice in it through UserInfo);
// add 'src/' to CHECKED once that is broken.
//
// Reads tsconfig.json's files with the TypeScript compiler's own scanner and module resolution, so
// paths resolve as `npm run typecheck` resolves them. Prints each circle as a chain of files, or
// 'import cycles: N files, none'. No dependencies beyond typescript.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHECKED = ['server/', 'common/'];

/** Every file of a tsconfig with the compiler options it is read with. */
function projectFiles(configPath) {
  const file = resolve(root, configPath);
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(file));
  return parsed.fileNames.map((name) => ({ name: resolve(name), options: parsed.options }));
}

/** The project's own files a file imports, statically, by type only, or dynamically. */
function importsOf({ name, options }) {
  const { importedFiles } = ts.preProcessFile(readFileSync(name, 'utf8'), true, true);
  const targets = new Set();
  for (const { fileName: specifier } of importedFiles) {
    const { resolvedModule } = ts.resolveModuleName(specifier, name, options, ts.sys);
    if (!resolvedModule || resolvedModule.isExternalLibraryImport) continue;
    const target = resolve(resolvedModule.resolvedFileName);
    if (target.startsWith(root) && !target.includes('/node_modules/') && !target.endsWith('.d.ts')) {
      targets.add(target);
    }
  }
  return [...targets];
}

const checked = (name) => CHECKED.some((folder) => relative(root, name).startsWith(folder));
const files = projectFiles('tsconfig.json').filter((file) => checked(file.name));
// The server and common/ import nothing outside them (project/boundaries), so no circle leaves them.
const graph = new Map(files.map((file) => [file.name, importsOf(file).filter(checked)]));

/** Tarjan's strongly connected components: the groups of files that reach each other. */
function circles() {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (start) => {
    // Iterative, so that a long chain of imports cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const [node, i] = top;
      const targets = graph.get(node) ?? [];
      if (i < targets.length) {
        top[1] = i + 1;
        const target = targets[i];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        const selfImport = (graph.get(node) ?? []).includes(node);
        if (group.length > 1 || selfImport) groups.push(group);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** One concrete circle inside a group: the shortest way from its first file back to itself. */
function chainOf(group) {
  const members = new Set(group);
  const [start] = [...group].sort();
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const back = [];
        for (let at = node; at !== null; at = previous.get(at)) back.push(at);
        return [...back.reverse(), start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

const found = circles();
const show = (file) => relative(root, file);
if (found.length) {
  console.error(`import cycles: ${found.length} found (an import type counts too)`);
  for (const group of found) {
    const chain = chainOf(group);
    const more = group.length > chain.length - 1 ? ` (${group.length} files reach each other)` : '';
    console.error(`  ${chain.map(show).join('\n    -> ')}${more}`);
  }
  console.error(
    'Move what both sides need (a type, a constant) beside the one it belongs to or into a module both import.',
  );
  process.exit(1);
}
console.log(`import cycles: ${graph.size} files, none`);
