/**
 * The repository stands alone: no file names a document that lives outside it, and every citation of a section of
 * one of its documents (the file, then the heading in quotes) names a heading that exists, so a newcomer who clones
 * the project can follow every reference.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

// Built from parts so that this file does not itself name what it looks for.
const OUTSIDE_DOCUMENTS = ['service', 'observed', 'production', 'design'];
/** The folder beside the repository that holds the outside references, and the parent-folder step that reaches it. */
const BESIDE = ['sh', 'ared'].join('');
const UP = '.'.repeat(2);
const OUTSIDE = [
  // A bare outside document name; `docs/item-service.md` is the repository's own.
  new RegExp(`(?<![\\w-])(?:${OUTSIDE_DOCUMENTS.join('|')})\\.md\\b`),
  // The folder the outside specifications live in, and the folder beside the repository that holds them.
  new RegExp('\\bspec[/]'),
  new RegExp(`(?:\\.\\.|/work)[/]${BESIDE}\\b`),
];

/** Whether a line cites something outside the repository. */
export function citesOutside(line: string): boolean {
  return OUTSIDE.some((pattern) => pattern.test(line));
}

/** The project's own text files: tracked or new, never dependencies, build output or binary files. */
function projectFiles(): { path: string; text: string }[] {
  // NUL-separated: a path with letters outside ASCII ("Stückliste") is listed as it is, not quoted.
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  }).split('\0');
  const files: { path: string; text: string }[] = [];
  for (const path of new Set(listed)) {
    if (path === '' || /^(?:node_modules|dist|coverage)(?:\/|$)/.test(path)) continue;
    const full = join(root, path);
    // A deleted but still listed file, or a symlink (node_modules is one), is not the project's text.
    if (!existsSync(full) || !lstatSync(full).isFile()) continue;
    const bytes = readFileSync(full);
    if (bytes.includes(0)) continue;
    files.push({ path, text: bytes.toString('utf8') });
  }
  return files;
}

/** A citation of a section: the document (`docs/checkout.md`, or a Markdown link to it), a comma, the heading quoted. */
const SECTION_CITATION = /(?:docs\/)?([\w-]+\.md)\)?,? "([^"]+)"/g;

/** The document a citation names: one of docs/, else one at the top of the repository. */
function citedDocument(name: string): string | undefined {
  for (const path of [join('docs', name), name]) if (existsSync(join(root, path))) return path;
  return undefined;
}

/** Headings of a Markdown document, without their `#` marks and code quotes. */
function headings(path: string): string[] {
  const text = readFileSync(join(root, path), 'utf8');
  return [...text.matchAll(/^#+ (.+)$/gm)].map((m) => m[1].replace(/`/g, '').trim());
}

describe('the repository stands alone', () => {
  const files = projectFiles();

  test("the guard recognises every form of an outside citation, and not the repository's own documents", () => {
    const outside = [
      'see ' + 'spec' + '/produc' + 'tion.md',
      '(ser' + 'vice.md 4.3)',
      '(obser' + 'ved.md, Checkout)',
      'de' + 'sign.md, ' + '"The layout"',
    ];
    const beside = [`${UP}/${BESIDE}/boms`, `/work/${BESIDE}/spec`];
    for (const line of [...outside, ...beside]) expect([line, citesOutside(line)]).toEqual([line, true]);
    for (const line of ['docs/item-service.md, "Search by list"', 'docs/checkout.md', 'a test spec', 'testing/excel']) {
      expect([line, citesOutside(line)]).toEqual([line, false]);
    }
  });

  test("it reads the project's files, and no file cites a document outside the repository", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['README.md', 'eslint.config.js', 'docs/item-service.md']),
    );
    const citations = files.flatMap(({ path, text }) =>
      text
        .split('\n')
        .flatMap((line, i) => (citesOutside(line) ? [`${path}:${i + 1}: ${line.trim().slice(0, 160)}`] : [])),
    );
    expect(citations).toEqual([]);
  });

  test('every cited section of a document names one of its headings', () => {
    // A heading quoted across two lines of a comment is one heading.
    const section = (quoted: string) => quoted.replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, ' ').replace(/`/g, '');
    const cited = files.flatMap(({ path, text }) =>
      [...text.matchAll(SECTION_CITATION)].map((m) => ({ from: path, name: m[1], section: section(m[2]) })),
    );
    expect(cited.length).toBeGreaterThan(10);
    const broken = cited.filter(({ name, section }) => {
      const document = citedDocument(name);
      return !document || !headings(document).some((h) => h === section || h.startsWith(`${section} (`));
    });
    expect(broken).toEqual([]);
  });
});
