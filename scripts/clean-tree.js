'use strict';
/**
 * Whether `npm install` left the tree as committed. On a fresh clone, an install that rewrites a tracked file (most
 * often package-lock.json, when it lacks entries such as optional platform bindings) means the tests would check a
 * tree that differs from the commit, and every newcomer would start with a change they did not make. CI runs on a
 * fresh clone with CI set, so there a changed tracked file is a failure. A developer's tree usually holds
 * uncommitted work, so without CI the check is skipped; outside a git work tree (an unpacked tarball) it is skipped
 * too. Untracked files are not counted: build and test output is ignored, and an added file changes no install.
 */
const { spawnSync } = require('node:child_process');

/** Words for the status letters `git status --porcelain` gives a tracked file. */
const CHANGES = {
  M: 'modified',
  T: 'type changed',
  A: 'added',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  U: 'unmerged',
};

/** CI set to anything but an empty string, 0 or false (how CI services and people spell "on"). */
function enforced(env) {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

function git(args, cwd, env) {
  return spawnSync('git', args, { cwd, env, encoding: 'utf8' });
}

/** The tracked files under `cwd` that differ from the commit, each with what happened to it. */
function changedTrackedFiles(cwd, env) {
  // -z: names as they are (no quoting); `-- .`: only this project, should it sit inside a larger work tree.
  const status = git(['status', '--porcelain=v1', '-z', '--untracked-files=no', '--', '.'], cwd, env);
  if (status.status !== 0)
    throw new Error(`git status failed in ${cwd}: ${(status.stderr || status.error?.message || '').trim()}`);
  const entries = status.stdout.split('\0').filter((e) => e !== '');
  const changed = [];
  for (let i = 0; i < entries.length; i++) {
    const code = entries[i].slice(0, 2);
    const letter = code.trim()[0];
    changed.push({ path: entries[i].slice(3), change: CHANGES[letter] ?? 'changed' });
    // A rename or copy is followed by the name it had before, which is not an entry of its own.
    if (/[RC]/.test(code)) i++;
  }
  return changed;
}

/**
 * The verdict on the tree at `cwd`: 'skip' (CI not set, or not a git work tree), 'clean', 'dirty' with a message
 * that names each changed file, or 'error' when git could not say.
 */
function checkCleanTree({ cwd, env = process.env }) {
  if (!enforced(env)) return { verdict: 'skip', message: 'CI is not set: a developer tree may hold uncommitted work' };
  const inside = git(['rev-parse', '--is-inside-work-tree'], cwd, env);
  if (inside.error || inside.status !== 0 || inside.stdout.trim() !== 'true')
    return { verdict: 'skip', message: 'not a git work tree' };
  let changed;
  try {
    changed = changedTrackedFiles(cwd, env);
  } catch (e) {
    return { verdict: 'error', message: e.message };
  }
  if (changed.length === 0) return { verdict: 'clean', message: 'no tracked file changed' };
  const list = changed.map((f) => `${f.path} (${f.change})`).join(', ');
  return {
    verdict: 'dirty',
    message:
      `tracked files changed after the install: ${list}. A fresh clone must stay as committed after npm install: ` +
      'commit what the install writes (a complete package-lock.json) or find what rewrote the files.',
    files: changed.map((f) => f.path),
  };
}

module.exports = { checkCleanTree, onCi: enforced };
