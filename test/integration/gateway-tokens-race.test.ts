/**
 * The token file under concurrent changes: `partsheet gateway tokens add` and `revoke` run as separate processes at
 * the same moment, as several administrators (or a script) would run them. Every token a command issued is in the
 * file afterwards, and a revoked one is not, whatever the interleaving; a lock left by a command that died does not
 * block the next one.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { digestOf, listTokens } from '../../gateway/tokens';
import { tempFolder } from '../helpers/temp-folder';

jest.setTimeout(240_000);

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'partsheet.js');

/** Newest modification time of the TypeScript files under `dir`. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

beforeAll(() => {
  // The commands run from the built code: build it when it is missing or older than the token code it runs.
  const built = join(ROOT, 'dist', 'gateway', 'tokens.js');
  const stale =
    !existsSync(built) ||
    statSync(built).mtimeMs < Math.max(newestSource(join(ROOT, 'gateway')), newestSource(join(ROOT, 'cli')));
  // As `npm run build` builds it (scripts/build.js: esbuild, a second or so, where tsc took most of a minute).
  if (stale) execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.js')], { cwd: ROOT, stdio: 'pipe' });
});

/** `partsheet gateway tokens ARGS --tokens FILE` in a process of its own: exit code and output. */
function tokensCommand(file: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, 'gateway', 'tokens', ...args, '--tokens', file],
      { cwd: ROOT },
      (error, out, err) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, out, err });
      },
    );
  });
}

/** The token a successful `add` printed (its last line). */
const tokenOf = (out: string) => out.trim().split('\n').pop()!;

const freshFile = () => join(tempFolder('tokens-race'), 'tokens.json');

describe('token file changes made at the same moment', () => {
  test('10 parallel adds, in 2 rounds: every issued token is in the file', async () => {
    for (let round = 0; round < 2; round++) {
      const file = freshFile();
      const names = Array.from({ length: 10 }, (_, i) => `user${round}-${i}`);
      const results = await Promise.all(names.map((name) => tokensCommand(file, 'add', name)));
      for (const r of results) expect(r).toMatchObject({ code: 0 });
      const stored = new Map(listTokens(file).map((t) => [t.name, t.hash]));
      expect(stored.size).toBe(10);
      results.forEach((r, i) => expect(stored.get(names[i])).toBe(digestOf(tokenOf(r.out))));
      // No lock and no temporary file left behind.
      expect(readdirSync(join(file, '..')).sort()).toEqual(['tokens.json']);
    }
  });

  test('a revoke racing adds is never undone, in 4 rounds', async () => {
    for (let round = 0; round < 4; round++) {
      const file = freshFile();
      const first = await tokensCommand(file, 'add', 'leaver');
      expect(first.code).toBe(0);
      const names = Array.from({ length: 5 }, (_, i) => `user${round}-${i}`);
      const [revoked, ...added] = await Promise.all([
        tokensCommand(file, 'revoke', 'leaver'),
        ...names.map((name) => tokensCommand(file, 'add', name)),
      ]);
      expect(revoked.code).toBe(0);
      const stored = new Map(listTokens(file).map((t) => [t.name, t.hash]));
      expect(stored.has('leaver')).toBe(false);
      expect([...stored.values()]).not.toContain(digestOf(tokenOf(first.out)));
      added.forEach((r, i) => {
        expect(r.code).toBe(0);
        expect(stored.get(names[i])).toBe(digestOf(tokenOf(r.out)));
      });
    }
  });

  test('a lock left by a command that died is cleared, and the change is made', async () => {
    const file = freshFile();
    // The pid of a process that has finished: the lock's holder is gone.
    const gone = execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString();
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: Number(gone), since: new Date().toISOString() }));
    const started = Date.now();
    const r = await tokensCommand(file, 'add', 'after-crash');
    expect(r.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(listTokens(file).map((t) => t.name)).toEqual(['after-crash']);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
