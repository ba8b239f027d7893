/**
 * The README's Layout section names every top-level folder of the repository and no folder that is not there, and
 * the folders it names inside src/ and service/ exist: the map stays true as the tree changes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const layout = /## Layout\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';

/** The project's own top-level folders: those git keeps files in (not build output, test output or dependencies). */
function trackedFolders(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
  return [...new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0]))].filter((name) => !name.startsWith('.'));
}

describe("the README's layout", () => {
  test('names each top-level folder once, and only folders that exist', () => {
    const named = layout
      .split('\n')
      .map((line) => /^([a-z][\w-]*)\/\s/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    const folders = trackedFolders();
    expect([...named].sort()).toEqual([...folders].sort());
    expect(new Set(named).size).toBe(named.length);
  });

  test('the folders it names inside src/ and service/ exist', () => {
    for (const [parent, line] of [['src', /^src\/[\s\S]*?(?=^\S)/m], ['service', /^service\/[\s\S]*?(?=^\S)/m]] as const) {
      const text = line.exec(layout)?.[0] ?? '';
      const inner = [...text.matchAll(/\b([a-z]+)\/(?=[\s,)])/g)].map((m) => m[1]).filter((name) => name !== parent);
      expect(inner.length).toBeGreaterThan(2);
      for (const name of inner) expect([parent, name, existsSync(join(root, parent, name))]).toEqual([parent, name, true]);
    }
  });
});
