'use strict';
/**
 * No circle of files, as an ESLint rule: a file may not import (directly, or through the files it imports) a file
 * that imports it back. Type-only imports count too: a circle of types is a room split in two that still leans on
 * itself, and it becomes a circle at run time the day one of its imports carries a value. The rooms' one-way
 * arrows (lint-boundaries.js) keep folders apart; this keeps the files within a room apart.
 *
 * Each relative import of the file being linted is followed through the files it reaches. Those files are read from
 * disk and their imports found by their text (import … from, export … from, import(), require()), resolved as
 * TypeScript resolves them (`.ts`, `.tsx`, `.js`, `index.ts`); what each file imports is read once per lint run.
 * The report names the circle: `a.ts → b.ts → a.ts`.
 */
const fs = require('node:fs');
const path = require('node:path');
const { importVisitors } = require('./lint-imports');

const SPECIFIERS =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['.ts', '.tsx', '.js', '/index.ts', '/index.tsx', '/index.js'];

/** What each file imports, resolved to files: read once per lint run. */
const importsOf = new Map();

/** The file a relative import from `from` lands on, or null (a package, or nothing there). */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e)]) {
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
}

/** The files `file` imports (relative imports only), from its text. */
function importedBy(file, text) {
  let found = importsOf.get(file);
  if (found) return found;
  let source = text;
  if (source === undefined) {
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch {
      source = '';
    }
  }
  found = [];
  for (const m of source.matchAll(SPECIFIERS)) {
    const target = resolve(file, m[1] ?? m[2]);
    if (target !== null && !found.includes(target)) found.push(target);
  }
  importsOf.set(file, found);
  return found;
}

/** A path of files from `start` back to `goal` (both ends included), or null when there is none. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  const before = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importedBy(file)) {
      if (next === goal) {
        const trail = [goal];
        for (let at = file; at !== undefined; at = before.get(at)) trail.unshift(at);
        return trail;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      before.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'No file imports a file that imports it back, directly or not' },
    schema: [],
    messages: {
      circle: "'{{source}}' closes a circle of imports: {{circle}}. Move what both need to a file of its own.",
    },
  },
  create(context) {
    const filename = context.filename;
    const root = context.cwd;
    const shown = (file) => path.relative(root, file).split(path.sep).join('/');
    // The file as it is being linted (an editor's unsaved text too), not as it is on disk.
    importsOf.delete(filename);
    importedBy(filename, context.sourceCode.text);
    const reported = new Set();

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = resolve(filename, specifier);
      if (target === null || reported.has(target)) return;
      const trail = target === filename ? [filename] : pathBack(target, filename);
      if (trail === null) return;
      reported.add(target);
      context.report({
        node,
        messageId: 'circle',
        data: { source: specifier, circle: [filename, ...trail].map(shown).join(' → ') },
      });
    }

    return importVisitors(check);
  },
};

module.exports = { meta: { name: 'partsheet-cycles' }, rules: { 'no-circle': rule } };
