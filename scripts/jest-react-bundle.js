'use strict';
/**
 * React, Fluent UI and Testing Library made cheap to load for the component tests. Jest loads every test file's modules
 * afresh (its module registry is per file), and these packages are some 2,600 small modules, among them Fluent's
 * 26,703 icons, every one built when the package is loaded: about 1.5 s of processor time more in every component test
 * file than the files below cost (docs/testing.md). Two files are made once, and jest's `moduleNameMapper`
 * (jest.config.js) sends every require of these packages' names to them, from the tests, the pane's code or a
 * dependency:
 *
 * - the bundle: React, React DOM, Fluent UI's components, Griffel and Testing Library as one CommonJS file (esbuild),
 *   one module to load instead of some 2,500; each test file still loads it afresh (one React, one Fluent UI per file);
 * - the icons: `@fluentui/react-icons` as its own package index, but each icon a getter that loads the package's own
 *   file of that icon (its `atoms/svg` files, which define each icon exactly as the index's chunks do) when it is first
 *   used: a test file builds the few dozen icons it renders, not 26,703.
 *
 * Both are resolved as jest resolves these packages in jsdom (the `browser` export condition, then `require` and
 * `default`, then package.json `main`), and `process.env.NODE_ENV` stays a run-time read (React's development build, as
 * before). They are kept in jest's cache folder, named by a hash of the installed packages (npm's
 * node_modules/.package-lock.json), the clone's folder, esbuild's version and this file, so a new install, another
 * clone or a change here makes them again; the icons module is checked to export exactly the names the package's index exports.
 *
 *   moduleNameMapper()   the mapping for jest.config.js (paths only; nothing is built)
 *   globalSetup          (this file as jest's globalSetup) makes the files when they are missing
 */
const { createHash } = require('node:crypto');
const {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  writeFileSync,
} = require('node:fs');
const { builtinModules } = require('node:module');
const { dirname, join } = require('node:path');

const root = join(__dirname, '..');
const ICONS = '@fluentui/react-icons';
/**
 * Every name by which a module outside the bundle may require what it holds: the pane, the tests, Testing Library's
 * users and the icons' own files (which use React and Griffel). A package of the bundle required by another name would
 * be loaded a second time, beside the bundle's copy.
 */
const BUNDLED = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-dom/test-utils',
  '@griffel/react',
  '@fluentui/react-components',
  '@testing-library/react',
  '@testing-library/dom',
];

/** The installed tree as npm describes it, else the lock file: what the files are made of. */
function installedTree() {
  for (const file of [join(root, 'node_modules', '.package-lock.json'), join(root, 'package-lock.json')]) {
    if (existsSync(file)) return readFileSync(file);
  }
  return Buffer.from('');
}

/** The folder of this install's files, in jest's cache folder. */
function folder() {
  const { cacheDirectory } = require('jest-config').defaults;
  const key = createHash('sha256')
    .update(installedTree())
    // The bundle names some packages' files by their absolute path: two clones with the same install share jest's
    // cache folder but not their node_modules (one removed, its bundle would point at files that are gone).
    .update(root)
    .update(readFileSync(__filename))
    .update(require('esbuild/package.json').version)
    .digest('hex')
    .slice(0, 16);
  return join(cacheDirectory, 'partsheet-react-bundle', key);
}

const fileOf = (name) => `${name.replace(/[@/]/g, '_')}.js`;
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function moduleNameMapper() {
  const dir = folder();
  return Object.fromEntries([...BUNDLED, ICONS].map((name) => [`^${escape(name)}$`, join(dir, fileOf(name))]));
}

/** Writes `text` to `file` under a temporary name, then renames it into place: a run beside this one sees it whole. */
function writeWhole(file, text) {
  writeFileSync(`${file}.${process.pid}.tmp`, text);
  renameSync(`${file}.${process.pid}.tmp`, file);
}

/** The bundle, with one small file per name in BUNDLED re-exporting that package from it. */
async function buildBundle(dir) {
  const esbuild = require('esbuild');
  // Each package loaded when first asked for, as jest would: the icons module, loaded by Fluent UI, itself asks the
  // bundle for React and Griffel.
  const getters = BUNDLED.map(
    (n) => `  ${JSON.stringify(n)}: { enumerable: true, get: () => require(${JSON.stringify(n)}) },`,
  );
  const entry = `Object.defineProperties(exports, {\n${getters.join('\n')}\n});\n`;
  const out = await esbuild.build({
    stdin: { contents: entry, resolveDir: root, sourcefile: 'react-bundle-entry.js', loader: 'js' },
    bundle: true,
    write: false,
    outfile: join(dir, 'bundle.js'),
    format: 'cjs',
    platform: 'neutral',
    target: 'es2020',
    conditions: ['browser', 'require', 'default'],
    mainFields: ['main'],
    // Node's own modules are jest's.
    external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
    plugins: [iconsApart, moduleRequire],
    logLevel: 'error',
  });
  writeWhole(join(dir, 'bundle.js'), out.outputFiles[0].text);
  for (const name of BUNDLED) {
    writeWhole(join(dir, fileOf(name)), `module.exports = require('./bundle.js')[${JSON.stringify(name)}];\n`);
  }
}

/**
 * The icons are their own module (below), left to jest: the package's index by its name (which jest maps to that
 * module), any other of its files by its path, so that they and the icons share one instance of each.
 */
const iconsApart = {
  name: 'icons-apart',
  setup(build) {
    build.onResolve({ filter: /^@fluentui\/react-icons(\/|$)/ }, async (args) => {
      if (args.path === ICONS) return { path: ICONS, external: true };
      if (args.pluginData === 'icons-apart') return undefined;
      const { resolveDir, kind } = args;
      const found = await build.resolve(args.path, { resolveDir, kind, pluginData: 'icons-apart' });
      return found.errors.length ? { errors: found.errors } : { path: found.path, external: true };
    });
  },
};

/**
 * React's `act` reaches Node's `timers` through `module.require` (so that bundlers do not see it); esbuild's module
 * objects have no `require`, so each bundled module gets the one jest gives the bundle.
 */
const moduleRequire = {
  name: 'module-require',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]react[\\/]cjs[\\/].*\.js$/ }, (args) => ({
      contents: `module.require = require;\n${readFileSync(args.path, 'utf8')}`,
      loader: 'js',
    }));
  },
};

/** The names each file of the icon package defines (`exports.Name = (createFluentIcon(...))`). */
const iconsDefinedIn = (file) => [...readFileSync(file, 'utf8').matchAll(/^exports\.(\w+) = \(/gm)].map((m) => m[1]);

/**
 * The icons module: the package's index without its chunks of icons, each icon instead a getter loading that icon's
 * own file. Fails when it would not export exactly the names the index exports.
 */
function buildIcons(dir) {
  const index = realpathSync(require.resolve(ICONS, { paths: [root] }));
  const lib = dirname(index);
  const chunk = /^tslib_1\.__exportStar\(require\("\.\/(icons|sizedIcons)\/chunk-\d+\.cjs"\), exports\);\n/gm;
  const head = readFileSync(index, 'utf8')
    .replace(chunk, '')
    .replace(/require\("tslib"\)/g, `require(${JSON.stringify(require.resolve('tslib', { paths: [lib] }))})`)
    .replace(/require\("\.\//g, `require(${JSON.stringify(`${lib}/`).slice(0, -1)}`);
  const atoms = join(lib, 'atoms', 'svg');
  const files = [];
  const seen = new Set();
  for (const name of readdirSync(atoms)
    .filter((f) => f.endsWith('.cjs'))
    .sort()) {
    const icons = iconsDefinedIn(join(atoms, name)).filter((icon) => !seen.has(icon));
    icons.forEach((icon) => seen.add(icon));
    if (icons.length) files.push([join(atoms, name), icons.join(' ')]);
  }
  const text =
    `${head}\n// Each icon built from its own file when first used.\nconst files = ${JSON.stringify(files)};\n` +
    'for (const [file, icons] of files) {\n' +
    '  for (const icon of icons.split(" ")) {\n' +
    '    Object.defineProperty(exports, icon, { enumerable: true, get: () => require(file)[icon] });\n' +
    '  }\n}\n';
  const target = join(dir, fileOf(ICONS));
  writeWhole(`${target}.check`, text);
  const made = Object.keys(require(`${target}.check`)).sort();
  const own = Object.keys(require(index)).sort();
  if (made.join() !== own.join()) {
    throw new Error(
      `${__filename}: the icons module would export ${made.length} names, ${ICONS} exports ${own.length}`,
    );
  }
  renameSync(`${target}.check`, target);
}

/** Jest's globalSetup: the files, made when this install has none yet. */
async function globalSetup() {
  const dir = folder();
  const wanted = ['bundle.js', ...[...BUNDLED, ICONS].map(fileOf)];
  if (wanted.every((f) => existsSync(join(dir, f)))) return;
  mkdirSync(dir, { recursive: true });
  await buildBundle(dir);
  buildIcons(dir);
}

module.exports = globalSetup;
module.exports.moduleNameMapper = moduleNameMapper;
