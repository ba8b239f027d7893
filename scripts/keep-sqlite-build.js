#!/usr/bin/env node
'use strict';
/**
 * Run by `npm install` (the `prepare` script): when better-sqlite3's native binding was compiled by this install, keep
 * it where that package's own installer looks before it downloads anything, so the next install on this machine (a
 * fresh clone, a CI run, `rm -rf node_modules`) unpacks it instead of compiling SQLite again.
 *
 * better-sqlite3 installs with `prebuild-install || node-gyp rebuild`: prebuild-install fetches a prebuilt binary from
 * github.com, first looking in npm's cache (`<npm cache>/_prebuilds/`, the file named after the download's address);
 * where github.com cannot be reached it fails and node-gyp compiles the package, SQLite at -O3 taking a minute of one
 * core. This script packs the compiled binary as such a download (a gzipped tar of `build/Release/better_sqlite3.node`,
 * with SQLite's own library as the build left it: the other Nodes' preparation, scripts/other-nodes.js, links their
 * bindings against it instead of compiling SQLite once a Node) under the name prebuild-install computes, with
 * prebuild-install's own code, for this Node's ABI, platform and architecture. prebuild-install loads an unpacked binary before accepting it, so a file that does not load is
 * compiled again as before. An existing file is never replaced; `npm cache clean --force` removes it.
 *
 * It never fails the install: whatever goes wrong is said in one line and the install goes on.
 */
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, renameSync, rmSync } = require('node:fs');
const { dirname, join } = require('node:path');

const { SQLITE_LIBRARIES } = require('./sqlite-libraries');

const say = (message) => process.stdout.write(`keep-sqlite-build: ${message}\n`);

/** Where prebuild-install would find a cached download of this better-sqlite3 for this Node, or why it is unknown. */
function cachedPath(packageDir) {
  const installer = dirname(require.resolve('prebuild-install/package.json', { paths: [packageDir] }));
  const pkg = require(join(packageDir, 'package.json'));
  const rc = require(join(installer, 'rc'))(pkg);
  const util = require(join(installer, 'util'));
  return util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
}

function main() {
  let packageDir;
  try {
    packageDir = dirname(require.resolve('better-sqlite3/package.json', { paths: [join(__dirname, '..')] }));
  } catch {
    return say('better-sqlite3 is not installed; nothing to keep');
  }
  const binary = join(packageDir, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(binary)) return say('better-sqlite3 has no compiled binding; nothing to keep');
  const target = cachedPath(packageDir);
  if (existsSync(target)) return;
  mkdirSync(dirname(target), { recursive: true });
  // Packed beside the target, then renamed: a concurrent install never sees half a file.
  const partial = `${target}.${process.pid}.partial`;
  // The libraries first: prebuild-install takes the last `.node` entry it unpacks as the binding, and unpacks the rest.
  const libraries = SQLITE_LIBRARIES.map((lib) => `build/${lib}`).filter((lib) => existsSync(join(packageDir, lib)));
  const kept = libraries.length === SQLITE_LIBRARIES.length ? libraries : [];
  const tar = spawnSync('tar', ['-czf', partial, '-C', packageDir, ...kept, 'build/Release/better_sqlite3.node'], {
    encoding: 'utf8',
  });
  if (tar.status !== 0) {
    rmSync(partial, { force: true });
    return say(`not kept: tar failed: ${(tar.stderr || tar.error?.message || '').trim()}`);
  }
  renameSync(partial, target);
  say(
    `kept the compiled better-sqlite3${kept.length ? ' and its SQLite library' : ''} for the next install (${target})`,
  );
}

try {
  main();
} catch (e) {
  say(`not kept: ${e.message}`);
}
