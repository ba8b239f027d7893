/**
 * The words the task pane shows, read from its sources (every string, template and JSX text of taskpane/, comments
 * left out), checked against wordings buyers met and reported: none may come back. Sentences put together from
 * pieces are checked by how they are put together: an article or "PO" written before a piece filled in later must
 * come from the helpers that choose it (withArticle, poLabel in src/text/words.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourcesUnder(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

interface Piece {
  where: string;
  /** The literal text; a template's pieces joined with `${}` where something is filled in. */
  text: string;
}

/** Every text the file holds for people or for composing their sentences, comments excluded. */
function piecesOf(file: string): Piece[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Piece[] = [];
  const add = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    out.push({ where: `${relative(ROOT, file)}:${line + 1}`, text });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateExpression(node))
      add(node, [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('${}'));
    else if (ts.isJsxText(node)) add(node, node.text.replace(/\s+/g, ' '));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const PIECES = sourcesUnder(join(ROOT, 'taskpane')).flatMap(piecesOf);

/** The wordings reported, each with what it should be. */
const REPORTED: [RegExp, string][] = [
  [/\ba (?:inventory|order|item|offer|error|open|active|unknown)\b/i, '"an" before a vowel sound'],
  [/\bPO PO\b/, 'a PO number that already says PO is not prefixed again (poLabel)'],
  [/\b1 (?:list |catalog )?searches\b|\bfrom 1 list search\b/, 'one search: "1 catalog search", singular'],
  [/SHA-?256/i, 'the hash is no word for a buyer'],
  [/^No On hand range$/, 'a button says what it does: "Clear the On hand range"'],
];

test('the pane holds texts to check', () => {
  expect(PIECES.length).toBeGreaterThan(1000);
  expect(PIECES.some((p) => p.text.includes('Clear the On hand range'))).toBe(true);
});

test.each(REPORTED)('no text of the pane reads %s', (pattern, instead) => {
  const found = PIECES.filter((p) => pattern.test(p.text)).map((p) => `${p.where}: ${p.text}`);
  expect({ instead, found }).toEqual({ instead, found: [] });
});

test('an article or "PO" before a piece filled in later comes from withArticle or poLabel', () => {
  const composed = PIECES.filter((p) => /(?:^|[\s(])(?:a|an|A|An)\s\$\{\}|\bPO\s\$\{\}/.test(p.text));
  expect(composed.map((p) => `${p.where}: ${p.text}`)).toEqual([]);
});
