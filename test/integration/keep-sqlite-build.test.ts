/**
 * `npm install` keeps better-sqlite3's compiled binding where that package's installer (prebuild-install) looks before
 * it downloads (scripts/keep-sqlite-build.js), so the next install on the machine unpacks it instead of compiling
 * SQLite. Shown here with npm's cache in a temporary folder: the script keeps the binding once, never replaces it, and
 * prebuild-install, run as better-sqlite3's install runs it, takes it from there, loads it and reports it installed.
 * SQLite's own library goes with it where the install has it, so the next install has it too and the other Nodes'
 * bindings are linked against it (scripts/other-nodes.js) instead of compiling SQLite again for each.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the install's own CommonJS script
const { SQLITE_LIBRARIES } = require('../../scripts/sqlite-libraries') as { SQLITE_LIBRARIES: string[] };

const root = join(__dirname, '..', '..');
const script = join(root, 'scripts', 'keep-sqlite-build.js');
const packageDir = dirname(require.resolve('better-sqlite3/package.json', { paths: [root] }));
const installer = join(dirname(require.resolve('prebuild-install/package.json', { paths: [packageDir] })), 'bin.js');

let work: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'partsheet-keep-test-'));
  env = { ...process.env, npm_config_cache: join(work, 'npm-cache') };
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const run = (command: string, args: string[], cwd = root) =>
  spawnSync(process.execPath, [command, ...args], { cwd, env, encoding: 'utf8' });

test('the compiled binding is kept once in npm cache, and prebuild-install installs it from there', () => {
  const first = run(script, []);
  expect(first.status).toBe(0);
  expect(first.stdout).toMatch(/kept the compiled better-sqlite3/);
  const kept = readdirSync(join(work, 'npm-cache', '_prebuilds'));
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatch(
    new RegExp(
      `^[0-9a-f]{6}-better-sqlite3-v[\\d.]+-node-v${process.versions.modules}-${process.platform}-${process.arch}\\.tar\\.gz$`,
    ),
  );
  const file = join(work, 'npm-cache', '_prebuilds', kept[0]);
  const written = statSync(file).mtimeMs;
  // The binding, and SQLite's library where this install's build has it (a build that compiled SQLite, or an install
  // that unpacked it with the binding), the binding last.
  const libraries = SQLITE_LIBRARIES.map((lib) => join('build', lib));
  const installHas = libraries.every((lib) => existsSync(join(packageDir, lib)));
  const listed = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' }).stdout.trim().split('\n');
  expect(listed).toEqual([...(installHas ? libraries : []), 'build/Release/better_sqlite3.node']);

  // A second install keeps what is there: nothing said, nothing rewritten.
  const second = run(script, []);
  expect(second.status).toBe(0);
  expect(second.stdout).toBe('');
  expect(statSync(file).mtimeMs).toBe(written);

  // better-sqlite3's own install step, in a folder holding its package.json and no build: the binding is unpacked from
  // the cache (no download is tried) and loaded by prebuild-install before it reports success.
  const fresh = join(work, 'better-sqlite3');
  mkdirSync(fresh);
  copyFileSync(join(packageDir, 'package.json'), join(fresh, 'package.json'));
  const install = run(installer, ['--verbose'], fresh);
  expect(install.status).toBe(0);
  expect(install.stderr).toMatch(/found cached prebuild/);
  expect(install.stderr).toMatch(/required .*better_sqlite3\.node successfully/);
  expect(install.stderr).not.toMatch(/request\s+GET/);
  expect(existsSync(join(fresh, 'build', 'Release', 'better_sqlite3.node'))).toBe(true);
  for (const lib of libraries) expect(existsSync(join(fresh, lib))).toBe(installHas);
});

test('a cache folder it cannot write is said in one line and the install goes on', () => {
  env.npm_config_cache = join(script, 'not-a-folder');
  const result = run(script, []);
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/^keep-sqlite-build: not kept: .+\n$/);
});
