/**
 * Where the tests find the real BOM exports. Exports taken from public repositories are never committed, so the
 * corpus is read from outside the clone: the corpus folder beside it (PARTSHEET_BOM_CORPUS names another folder),
 * with SOURCES.md and the answer keys in labels/ and grids/. New finds not yet in it go in test/corpus-local/
 * (git-ignored), with their keys in labels/ and grids/ when they have them. A name is looked up in the shared
 * folder first, then in the local one. Without the corpus, the tests that read it are skipped and say so in one
 * line: they never fail for it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');

/** The shared corpus: PARTSHEET_BOM_CORPUS, or the corpus folder beside the repository. */
export const SHARED_CORPUS = resolve(ROOT, process.env.PARTSHEET_BOM_CORPUS || join('..', 'shared', 'boms'));

/** New finds, kept on this machine only (git-ignored). */
export const LOCAL_CORPUS = join(ROOT, 'test', 'corpus-local');

/**
 * The keys of the new finds and their sources, committed: labels/NAME.json and SOURCES*.md (a line per file:
 * repository, path, commit, licence). The files themselves are in test/corpus-local/ on the machine that found
 * them, and in the shared corpus once it takes them in; a key whose file is in neither is skipped.
 */
export const CORPUS_KEYS = join(ROOT, 'test', 'corpus-keys');

/** The folders read, shared first; the local ones only when they exist. */
export function corpusDirs(): string[] {
  return [SHARED_CORPUS, LOCAL_CORPUS, CORPUS_KEYS].filter((dir) => existsSync(dir));
}

/** Whether a corpus file (an export, or "labels/NAME.json") is on this machine. */
export function inCorpus(name: string): boolean {
  return corpusDirs().some((dir) => existsSync(join(dir, name)));
}

/** Whether a key is one of the committed keys of new finds (test/corpus-keys), not of the shared corpus. */
export function isNewFindKey(labelName: string): boolean {
  return !existsSync(join(SHARED_CORPUS, 'labels', labelName)) && existsSync(join(CORPUS_KEYS, 'labels', labelName));
}

/** The text of every SOURCES file: the shared corpus's SOURCES.md and the new finds' SOURCES*.md. */
export function corpusSources(): string {
  const texts: string[] = [];
  for (const dir of corpusDirs()) {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isFile() && /^SOURCES.*\.md$/.test(entry.name)) texts.push(readFileSync(join(dir, entry.name), 'utf8'));
  }
  return texts.join('\n');
}

/** Whether the shared corpus is there to read. */
export const corpusPresent: boolean = existsSync(SHARED_CORPUS);

/** The one line a test file prints (to stderr, once) when it skips for want of the corpus. */
export function corpusAbsentMessage(testFile: string): string {
  return `${basename(testFile)}: tests of the real BOM corpus skipped, none at ${SHARED_CORPUS} (give the corpus beside the clone, or set PARTSHEET_BOM_CORPUS)`;
}

/**
 * The path of a corpus file by its name (a key by "labels/NAME.json" or "grids/NAME.json"): the shared folder's,
 * else the local one's. Throws when neither has it.
 */
export function corpusFile(name: string): string {
  for (const dir of corpusDirs()) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  throw new Error(`${name}: not in the BOM corpus (${[SHARED_CORPUS, LOCAL_CORPUS].join(', ')})`);
}

/** The names of the files in a corpus folder ('' for the exports, 'labels' or 'grids' for keys), over both folders. */
export function corpusNames(sub = ''): string[] {
  const names = new Set<string>();
  for (const dir of corpusDirs()) {
    const folder = join(dir, sub);
    if (!existsSync(folder)) continue;
    for (const entry of readdirSync(folder, { withFileTypes: true }))
      if (entry.isFile() && !/^SOURCES.*\.md$/.test(entry.name)) names.add(entry.name);
  }
  return [...names];
}

let warned = false;

function warnOnce(testFile: string): void {
  if (warned) return;
  warned = true;
  // Straight to stderr: Jest shows no console output of a file whose tests are all skipped, and this stays one line.
  process.stderr.write(`${corpusAbsentMessage(testFile)}\n`);
}

/** `describe`, or `describe.skip` with the one-line warning when the corpus is absent. */
export function describeWithCorpus(testFile: string): jest.Describe {
  if (corpusPresent) return describe;
  warnOnce(testFile);
  return describe.skip;
}

/** `test`, or `test.skip` with the one-line warning when the corpus is absent. */
export function testWithCorpus(testFile: string): jest.It {
  if (corpusPresent) return test;
  warnOnce(testFile);
  return test.skip;
}

/** An HTML page's table of parts, where a test names it without the sheet chooser: the table with the most rows. */
export function largestTable<T extends { rows: readonly unknown[] }>(tables: readonly T[]): T {
  // A page without a table is refused as the command line refuses it, not a crash of the whole run.
  if (tables.length === 0) throw new Error('the page has no table with rows');
  return tables.reduce((a, b) => (b.rows.length > a.rows.length ? b : a));
}
