/**
 * `npm test` first checks, on CI, that the install left every tracked file as committed (scripts/clean-tree.js):
 * a fresh clone whose package-lock.json the install rewrote fails there, naming the files; a developer's tree with
 * uncommitted work, or a tree outside git, is not checked. Each case builds a small repository in a temporary folder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const load = createRequire(__filename);
type Verdict = { verdict: 'skip' | 'clean' | 'dirty' | 'error'; message: string; files?: string[] };
const { checkCleanTree } = load(join(root, 'scripts', 'clean-tree.js')) as {
  checkCleanTree(options: { cwd: string; env?: NodeJS.ProcessEnv }): Verdict;
};

let dir: string;
// git must not find a repository above the temporary folder, nor take settings from this one's environment.
const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() };
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'CI']) delete env[name];
  return env;
};
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    env: baseEnv(),
  });

/** A repository with a committed package.json, package-lock.json and README. */
function committedRepo(extra: Record<string, string> = {}): void {
  git('init', '-q');
  const files = {
    'package.json': '{}\n',
    'package-lock.json': '{"lockfileVersion": 3}\n',
    'README.md': 'hello\n',
    ...extra,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  git('add', '-A');
  git('commit', '-q', '-m', 'start');
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'partsheet-clean-tree-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the clean-tree check', () => {
  test('on CI, a tracked file the install rewrote fails, and the message names every changed file', () => {
    committedRepo();
    writeFileSync(join(dir, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {"node_modules/@unrs/x": {}}}\n');
    unlinkSync(join(dir, 'README.md'));
    const result = checkCleanTree({ cwd: dir, env: { ...baseEnv(), CI: 'true' } });
    expect(result.verdict).toBe('dirty');
    expect(result.files).toEqual(['README.md', 'package-lock.json']);
    expect(result.message).toContain('package-lock.json (modified)');
    expect(result.message).toContain('README.md (deleted)');
  });

  test('on CI, a tree as committed passes, untracked output and a renamed file named by its new name', () => {
    committedRepo();
    writeFileSync(join(dir, 'build.log'), 'output\n');
    expect(checkCleanTree({ cwd: dir, env: { ...baseEnv(), CI: 'true' } }).verdict).toBe('clean');
    git('mv', 'README.md', 'READ.md');
    const renamed = checkCleanTree({ cwd: dir, env: { ...baseEnv(), CI: '1' } });
    expect(renamed.files).toEqual(['READ.md']);
    expect(renamed.message).toContain('READ.md (renamed)');
  });

  test('a developer tree with uncommitted work is not checked without CI (unset, empty, 0 or false)', () => {
    committedRepo();
    writeFileSync(join(dir, 'package-lock.json'), '{}\n');
    for (const ci of [undefined, '', '0', 'false']) {
      const env = baseEnv();
      if (ci !== undefined) env.CI = ci;
      expect([ci, checkCleanTree({ cwd: dir, env }).verdict]).toEqual([ci, 'skip']);
    }
  });

  test('outside a git work tree it is skipped quietly, even on CI', () => {
    writeFileSync(join(dir, 'package-lock.json'), '{}\n');
    expect(checkCleanTree({ cwd: dir, env: { ...baseEnv(), CI: 'true' } })).toEqual({
      verdict: 'skip',
      message: 'not a git work tree',
    });
  });

  test('npm test stops at once on CI when the install changed a tracked file, before any other step', () => {
    committedRepo();
    mkdirSync(join(dir, 'scripts'));
    for (const name of [
      'test.js',
      'clean-tree.js',
      'other-nodes.js',
      'sqlite-libraries.js',
      'jest-suite-cost.js',
      'processor-time.js',
      'typecheck.js',
    ])
      copyFileSync(join(root, 'scripts', name), join(dir, 'scripts', name));
    git('add', '-A');
    git('commit', '-q', '-m', 'scripts');
    writeFileSync(join(dir, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {}}\n');
    const run = spawnSync(process.execPath, [join(dir, 'scripts', 'test.js')], {
      cwd: dir,
      env: { ...baseEnv(), CI: 'true' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      '== clean tree: FAILED: tracked files changed after the install: package-lock.json (modified)',
    );
    expect(run.stdout).not.toContain('== typecheck');
    expect(run.stdout).toContain('summary: 0 passed, 1 failed');
  });
});
