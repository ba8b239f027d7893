/**
 * The production build of the add-in (the project's webpack config) and the office.js stand-in, built once for the
 * present sources and shared by every test file that loads them (the end-to-end tests, the functions bundle test):
 * a build `npm test` already made into dist/addin for the same sources (scripts/addin-sources.js) is copied, else one
 * is made.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import webpack from 'webpack';

const ROOT = resolve(__dirname, '..', '..');

const sources = createRequire(__filename)(join(ROOT, 'scripts', 'addin-sources.js')) as {
  sourcesKey(): string;
  builtKey(dir: string): string;
};

/** Builds the add-in with the project's webpack config in production mode into `outDir`. */
export function buildAddin(outDir: string): Promise<void> {
  return new Promise((done, fail) => {
    const cli = join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    const child = spawn(
      process.execPath,
      [cli, '--mode', 'production', '--env', `outputPath=${outDir}`, '--stats', 'errors-warnings'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code === 0 && existsSync(join(outDir, 'taskpane.html'))) done();
      else fail(new Error(`webpack build of the add-in failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}

/** Bundles the office.js stand-in into one script and returns its text. */
export function bundleStandin(outDir: string): Promise<string> {
  return new Promise((done, fail) => {
    webpack(
      {
        mode: 'development',
        devtool: false,
        context: ROOT,
        entry: join(ROOT, 'test', 'e2e', 'office-standin.ts'),
        output: { path: outDir, filename: 'office-standin.js' },
        resolve: { extensions: ['.ts', '.js'] },
        module: {
          rules: [
            {
              test: /\.ts$/,
              exclude: /node_modules/,
              use: {
                loader: 'ts-loader',
                options: {
                  configFile: join(ROOT, 'tsconfig.addin.json'),
                  transpileOnly: true,
                  compilerOptions: { noEmit: false },
                },
              },
            },
          ],
        },
        infrastructureLogging: { level: 'error' },
      },
      (error, stats) => {
        if (error) return fail(error);
        if (!stats || stats.hasErrors())
          return fail(new Error(`The office.js stand-in did not build:\n${stats?.toString('errors-only')}`));
        done(readFileSync(join(outDir, 'office-standin.js'), 'utf8'));
      },
    );
  });
}

const SHARED_PREFIX = 'partsheet-addin-build-';

export interface SharedBuild {
  /** The built add-in (taskpane.html and its scripts). */
  dir: string;
  /** The office.js stand-in, bundled. */
  standin: string;
}

/** The add-in built for `key`: dist/addin copied when `npm test` built it from the same sources, else built anew. */
async function addinFor(key: string, dir: string): Promise<void> {
  const made = join(ROOT, 'dist', 'addin');
  if (sources.builtKey(made) === key) {
    cpSync(made, dir, { recursive: true });
    // The copy is checked as a build is: a folder changed under it since (a build begun, not finished) is not used.
    if (sources.builtKey(dir) === key && existsSync(join(dir, 'taskpane.html'))) return;
    rmSync(dir, { recursive: true, force: true });
  }
  await buildAddin(dir);
}

/**
 * The add-in and the office.js stand-in, built once for the present sources and shared by the test files: the first
 * file to ask builds (holding a lock folder), the others wait for it and reuse the build.
 */
export async function sharedBuild(): Promise<SharedBuild> {
  const key = sources.sourcesKey();
  const dir = join(tmpdir(), `${SHARED_PREFIX}${key}`);
  const complete = join(dir, '.complete');
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (existsSync(complete)) return { dir, standin: readFileSync(join(dir, 'standin', 'office-standin.js'), 'utf8') };
    try {
      mkdirSync(lock);
    } catch {
      // Another test file is building; a lock left by a run that died is taken over after five minutes.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the shared add-in build in ${dir}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (existsSync(complete)) continue;
      rmSync(dir, { recursive: true, force: true });
      await addinFor(key, dir);
      await bundleStandin(join(dir, 'standin'));
      writeFileSync(complete, key);
      // Builds of other sources are removed once an hour old: another checkout on this machine may be serving one.
      for (const name of readdirSync(tmpdir())) {
        const made = statSync(join(tmpdir(), name), { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
        if (
          name.startsWith(SHARED_PREFIX) &&
          !name.startsWith(`${SHARED_PREFIX}${key}`) &&
          !name.endsWith('.lock') &&
          !existsSync(join(tmpdir(), `${name}.lock`)) &&
          Date.now() - made > 3_600_000
        ) {
          rmSync(join(tmpdir(), name), { recursive: true, force: true });
        }
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
