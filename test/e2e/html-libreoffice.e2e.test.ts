/**
 * The HTML table reader (cli/html-table.ts) against LibreOffice Calc's own import of HTML pages (its "HTML
 * (StarCalc)" filter; scripts/ensure-libreoffice.sh installs it when missing, skipped with the reason in one line
 * when it cannot be): a page written as tools write their BOMs, and every real HTML export of the corpus, saved by
 * LibreOffice as XLSX, hold the same table. Calc puts the page's text above the table on rows of their own and reads
 * numbers as numbers, as Excel does opening the page: the table is found in the copy by its first row, and each cell
 * compared as a spreadsheet shows it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { decodeText, parseXlsx } from '../../cli/bomfile';
import { parseHtmlTables, readHtmlTables } from '../../cli/html-table';
import type { Cell } from '../../src/bom';
import { corpusFile, corpusNames, largestTable } from '../helpers/bom-corpus';
import { convertAll, libreOfficeSuite, rowsAsShown } from '../helpers/libreoffice';

const { withOffice, officeSaid, soffice, dir } = libreOfficeSuite('partsheet-html-');
const HTML_IMPORT = 'HTML (StarCalc)';

/** The rows without the columns empty in every one of them. */
function withoutEmptyColumns(rows: (string | null)[][]): (string | null)[][] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const used = Array.from({ length: width }, (_, c) => rows.some((r) => (r[c] ?? null) !== null));
  return rows.map((r) => {
    const cells = r.filter((_, c) => used[c]);
    while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
    return cells;
  });
}

/** Whether a page opens a table inside another's cells. */
function tablesInTables(html: string): boolean {
  let depth = 0;
  for (const tag of html.matchAll(/<(\/?)table\b/gi)) {
    depth = tag[1] === '/' ? Math.max(0, depth - 1) : depth + 1;
    if (depth > 1) return true;
  }
  return false;
}

/**
 * The table read, and the same rows of LibreOffice's copy from the one that starts it (the page's title block left
 * above it), each without the columns empty in all its rows: Calc lays every table of a page on one grid of columns,
 * splitting them where another table's cells need it, so a table of seven columns may take nine there, two empty.
 */
function bothTables(copy: Cell[][], table: Cell[][]): [(string | null)[][], (string | null)[][]] {
  // Calc writes a link with no text as its address, where a browser shows nothing: a cell that is an address alone is
  // left out of both (a link whose text is its address too).
  // Line breaks are compared as spaces: Calc drops those inside a link and keeps a blank line where a browser shows
  // <br><br>, which the reader takes as one line break (the words are what a BOM's reading needs).
  const noAddress = (rows: (string | null)[][]) =>
    rows.map((r) =>
      r.map((c) => (c !== null && /^https?:\/\/\S+$/.test(c) ? null : (c?.replace(/\s+/g, ' ') ?? null))),
    );
  const ours = withoutEmptyColumns(noAddress(rowsAsShown(table)));
  const rows = noAddress(rowsAsShown(copy));
  const first = JSON.stringify(ours[0].filter((c) => c !== null));
  const at = rows.findIndex((r) => JSON.stringify(r.filter((c) => c !== null)) === first);
  return [ours, withoutEmptyColumns(at < 0 ? rows : rows.slice(at, at + table.length))];
}

const PAGE = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN">
<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" /><title>BOM</title>
<style>td { padding: 2px }</style><script>var rows = "<tr><td>not a row</td></tr>";</script></head>
<body>
<h1>controller.sch</h1>
<p>Component Count: 9</p>
<!-- <table><tr><td>commented out</td></tr></table> -->
<table border="1">
<tr><th>Ref</th><th>Qty</th><th>Value</th><th>MPN</th><th>Note</th></tr>
<tr><td>C1, C2, C3</td><td>3</td><td>100&nbsp;nF</td><td>GRM188R71H104KA93D</td><td>X7R &amp; 50&nbsp;V</td></tr>
<tr><td>R1</td><td>1</td><td>4k7 &plusmn;1%</td><td>RC0603FR-074K7L</td><td><b>bold</b> <i>and</i> plain</td></tr>
<tr><td>U1</td><td>1</td><td>STM32F302C6T6</td><td>STM32F302C6T6</td><td>MCU, LQFP-48</td></tr>
<tr><td>J1</td><td>1</td><td>USB-C</td><td>USB4105-GF-A</td><td>&#181;USB? no: &#x54;ype-C</td></tr>
<tr><td>D1</td><td>1</td><td>1N4148W</td><td>1N4148W-7-F</td><td></td></tr>
<tr><td>Y1</td><td>1</td><td>8MHz</td><td>ABM8-8.000MHZ-B2-T</td><td>0805 pads</td></tr>
</table>
</body></html>
`;

withOffice(`HTML reader against ${officeSaid}`, () => {
  test('a page as tools write their BOMs reads to the table LibreOffice finds in it', async () => {
    const page = join(dir(), 'page.html');
    writeFileSync(page, PAGE);
    const [copy] = convertAll(soffice, [page], join(dir(), 'page-xlsx'), 'xlsx', { infilter: HTML_IMPORT });
    const [ours, theirs] = bothTables((await parseXlsx(readFileSync(copy))).cells, parseHtmlTables(PAGE).cells);
    expect(ours).toHaveLength(7);
    expect(theirs).toEqual(ours);
  });

  // The pages with a table: a page of parts in code blocks or bullets is read as text (tested with the corpus), and
  // is no table for LibreOffice to lay out; nor is a page of tables inside a table's cells (a saved shop's cart),
  // which Calc spreads over its grid's rows and columns where a browser, and the reader, keep each in its cell. Each
  // decoded as the CLI decodes it (a page in Windows-1252 without a charset is no UTF-8).
  const exports = corpusNames()
    .filter((n) => /\.html?$/i.test(n))
    .map((name) => ({ name, text: decodeText(readFileSync(corpusFile(name))).text }))
    .filter((page) => !tablesInTables(page.text))
    .map(({ name, text }) => ({ name, tables: readHtmlTables(text) }))
    .filter((page) => page.tables.length > 0);
  (exports.length > 0 ? test : test.skip)(
    `the corpus's ${exports.length} HTML exports read to the tables LibreOffice finds in them`,
    async () => {
      const copies = convertAll(
        soffice,
        exports.map((page) => corpusFile(page.name)),
        join(dir(), 'xlsx'),
        'xlsx',
        { infilter: HTML_IMPORT },
      );
      for (const [i, { name, tables }] of exports.entries()) {
        // The page's BOM: of its tables (a title block's, a legend's), the one with the most rows. Calc lays a title
        // block's image and spans out as it sees fit; the table of parts is what both must read alike.
        const bom = largestTable(tables);
        const [ours, theirs] = bothTables((await parseXlsx(readFileSync(copies[i]))).cells, bom.rows);
        expect({ file: basename(name), rows: ours }).toEqual({ file: basename(name), rows: theirs });
      }
    },
    300_000,
  );
});
