/**
 * The map of the code (docs/layout.md, which the README's Layout section points to) names every top-level folder of the repository and every room of src/, and no folder
 * that is not there; the folders it names inside src/, service/ and the other rooms exist: the map stays true as the
 * tree changes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const layout = readFileSync(join(root, 'docs', 'layout.md'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The first cell of every table row of the section ("| `src/plan/` | what to buy |" gives "`src/plan/`"). */
const roomCells = layout
  .split('\n')
  .map((line) => /^\|\s*([^|]+?)\s*\|/.exec(line)?.[1] ?? '')
  .filter((cell) => cell !== '' && !/^-+$/.test(cell) && cell !== 'room' && cell !== 'you want');

/** The folders named in the room cells, as paths without the trailing slash ("src/plan", "bench"). */
const namedFolders = roomCells.flatMap((cell) =>
  [...cell.matchAll(/`([a-z][\w-]*(?:\/[a-z][\w-]*)*)\/`/g)].map((m) => m[1]),
);

/** The project's own top-level folders: those git keeps files in (not build output, test output or dependencies). */
function trackedFolders(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return [...new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0]))].filter(
    (name) => !name.startsWith('.'),
  );
}

describe('the layout of the code', () => {
  test("the README's Layout section points to it", () => {
    expect(/## Layout\n[\s\S]*?\(docs\/layout\.md\)[\s\S]*?\n## /.test(readme)).toBe(true);
  });

  test('names each top-level folder once as a room, and only folders that exist', () => {
    const topLevel = namedFolders.filter((f) => !f.includes('/'));
    // src/ is named through its rooms.
    const named = new Set([...topLevel, ...(namedFolders.some((f) => f.startsWith('src/')) ? ['src'] : [])]);
    expect([...named].sort()).toEqual([...trackedFolders()].sort());
    expect(new Set(topLevel).size).toBe(topLevel.length);
  });

  test('every room of src/ is in the map, with what it owns', () => {
    const rooms = readdirSync(join(root, 'src')).filter((name) => statSync(join(root, 'src', name)).isDirectory());
    expect(rooms.length).toBeGreaterThan(10);
    for (const room of rooms) expect([room, namedFolders.includes(`src/${room}`)]).toEqual([room, true]);
  });

  test('every folder and file it points to exists', () => {
    const paths = [...layout.matchAll(/`([a-z][\w-]*\/[\w./-]*)`/g)].map((m) => m[1].replace(/\/$/, ''));
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect([path, existsSync(join(root, path))]).toEqual([path, true]);
  });
});
