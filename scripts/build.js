#!/usr/bin/env node
'use strict';
/**
 * Builds the service, gateway and command line into dist/: each TypeScript file compiled on its own by esbuild to
 * CommonJS, with its source map, as tsc would lay it out (rootDir '.', outDir 'dist'). Types are not checked here:
 * `npm test`'s typecheck step checks them (every tsconfig sets isolatedModules, so no file needs another to compile).
 * The files compiled are those of tsconfig.build.json's folders and every local file they import, as tsc emits them.
 * The add-in's bundle is webpack's business (scripts/addin-sources.js).
 */
const { readdirSync, readFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const esbuild = require('esbuild');

const root = join(__dirname, '..');
const config = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8'));
const out = join(root, config.compilerOptions.outDir);

/** The .ts files under a folder, tests left out (tsconfig.build.json's exclude). */
function sources(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.test.ts'))
      found.push(path);
  }
  return found;
}

/** Every local file the entry files import, found by esbuild's resolver without writing anything. */
async function importClosure(entries) {
  // One bundle of a made-up module importing them all: a bundle per entry would walk the shared files once per entry.
  const result = await esbuild.build({
    stdin: {
      contents: entries.map((path) => `import ${JSON.stringify(path)};`).join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    packages: 'external',
    platform: 'node',
    write: false,
    metafile: true,
    outdir: out,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs)
    .filter((input) => input.endsWith('.ts'))
    .map((input) => join(root, input));
}

async function main() {
  const started = Date.now();
  const entries = config.include.flatMap((dir) => sources(join(root, dir)));
  const files = await importClosure(entries);
  await esbuild.build({
    entryPoints: files,
    outdir: out,
    outbase: root,
    bundle: false,
    format: 'cjs',
    platform: 'node',
    target: 'es2022',
    sourcemap: true,
    logLevel: 'warning',
    // Strict mode and class fields as tsc compiles them under tsconfig.json (strict, target ES2022).
    tsconfigRaw: { compilerOptions: { alwaysStrict: true, useDefineForClassFields: true } },
  });
  process.stdout.write(`Built ${files.length} files into ${relative(root, out)}/ in ${Date.now() - started} ms.\n`);
}

main().catch((e) => {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
});
