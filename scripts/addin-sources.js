#!/usr/bin/env node
'use strict';
/**
 * What the built add-in depends on, as one key: a build made for one key serves every test that asks for the same
 * sources. `node scripts/addin-sources.js build [--no-cache]` builds the production add-in into dist/addin (as
 * `npm run build:addin` does; `--no-cache` without webpack's cache) and writes the key of the sources it was built from to dist/addin/.sources-key, so that
 * the end-to-end and functions tests of the same run reuse that build instead of making their own.
 */
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const KEY_FILE = '.sources-key';

/** What the built page depends on: a build is reused while none of these changed. */
const BUILD_INPUTS = [
  'taskpane',
  'functions',
  'addin',
  'src',
  'protocol',
  'assets',
  'test/e2e/office-standin.ts',
  'testing',
  'manifest.xml',
  'webpack.config.js',
  'scripts/engines.js',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.addin.json',
];

/** A short hash of the path and content of every file under `inputs` (paths under `root`), in a fixed order. */
function treeKey(root, inputs) {
  const hash = createHash('sha256');
  const add = (path) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) add(join(path, name));
      return;
    }
    hash.update(path).update('\0').update(readFileSync(full)).update('\0');
  };
  for (const input of inputs) add(input);
  return hash.digest('hex').slice(0, 16);
}

/** A short hash of every input of the add-in's build. */
function sourcesKey(root = ROOT) {
  return treeKey(root, BUILD_INPUTS);
}

/** The key `dir` was built for, or '' when it was not built by `build` below. */
function builtKey(dir) {
  try {
    return readFileSync(join(dir, KEY_FILE), 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * Builds the production add-in into `outDir` and records the key of the sources read before the build began; with
 * `cache` false, without webpack's cache (webpack.config.js, `noCache`).
 */
function build(outDir = join(ROOT, 'dist', 'addin'), { cache = true } = {}) {
  const key = sourcesKey();
  const cli = join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const args = [cli, '--mode', 'production', '--env', `outputPath=${outDir}`, ...(cache ? [] : ['--env', 'noCache'])];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) return result.status ?? 1;
  writeFileSync(join(outDir, KEY_FILE), `${key}\n`);
  return 0;
}

module.exports = { BUILD_INPUTS, KEY_FILE, builtKey, sourcesKey, treeKey };

if (require.main === module) {
  if (process.argv[2] !== 'build') {
    process.stdout.write(`${sourcesKey()}\n`);
  } else {
    process.exit(build(undefined, { cache: !process.argv.includes('--no-cache') }));
  }
}
