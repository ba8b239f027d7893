/**
 * HTML pages of tables as BOM files (cli/html-table.ts): the table's cells as a browser shows them, each table a
 * sheet, found by what the file holds whatever its name, and pages made to cost time or memory refused or read in
 * one pass.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatOf, parseBomFile } from '../../cli/bomfile';
import { readBomForPricing } from '../../cli/read-bom';
import { isHtmlTable, parseHtmlTables } from '../../cli/html-table';
import { readBom } from '../../src/bom';

const page = (body: string): string =>
  `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>BOM</title></head><body>\n${body}\n</body></html>\n`;

describe('an HTML page of tables read as cells', () => {
  test("KiCad's bom2html: a title block above one table; its cells' text, references decoded", () => {
    const html = page(`<h1>board.sch</h1><p>Component Count:</p>47
<table>
<tr><th style='width:640px'>Ref</th><th>Qnty</th><th>Value</th><th>Footprint</th></tr>
<tr><td>C1, C5</td><td>2</td><td>100&nbsp;nF</td><td>C_0805</td></tr>
<tr><td>R1</td><td>1</td><td>4k7 &plusmn;1&#37;</td><td>R_0603</td></tr>
<tr><td>U1</td><td>1</td><td>LM358DR<br>op&nbsp;amp</td><td>SOIC-8</td></tr>
</table>`);
    const t = parseHtmlTables(html);
    expect(t.sheetNames).toEqual(['board.sch']);
    expect(t.cells).toEqual([
      ['Ref', 'Qnty', 'Value', 'Footprint'],
      ['C1, C5', '2', '100 nF', 'C_0805'],
      ['R1', '1', '4k7 ±1%', 'R_0603'],
      ['U1', '1', 'LM358DR\nop amp', 'SOIC-8'],
    ]);
    const r = readBom(t.cells);
    expect(r.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([['LM358DR', 1]]);
  });

  test("gEDA's genbom page: cells never closed end where the next begins; markup inside a cell is left out", () => {
    const html = `<table border=1>
<tr><td>refdes</td><td>device</td><td>value</td><td>qty</tr>
<tr><td>C101,C102</td><td>CAPACITOR</td><td><font color=green>$</font>2.96 MOUSER 80-T491X107K025ZT</td><td>2</tr>
<tr><td>U101<td>ISO124<td><b>-</b><td>1
</table>`;
    expect(parseHtmlTables(html).cells).toEqual([
      ['refdes', 'device', 'value', 'qty'],
      ['C101,C102', 'CAPACITOR', '$2.96 MOUSER 80-T491X107K025ZT', '2'],
      ['U101', 'ISO124', '-', '1'],
    ]);
  });

  test("each table is a sheet named by its caption or the heading above it; a nested table is a sheet and its cell's text", () => {
    const html = page(`<h2>Read me</h2><table><tr><td>Prices in EUR</td></tr></table>
<h2>Main board</h2><table><caption>Main &amp; power</caption>
<tr><th>MPN</th><th>Qty</th><th>Notes</th></tr>
<tr><td>LM358DR</td><td>2</td><td><table><tr><td>alt</td><td>LM2904</td></tr></table></td></tr>
</table>
<table><tr><th>MPN</th><th>Qty</th></tr><tr><td>NE555P</td><td>1</td></tr></table>`);
    const first = parseHtmlTables(html);
    expect(first.sheetNames).toEqual(['Read me', 'Main & power', 'Main board', 'Main board (2)']);
    const main = parseHtmlTables(html, { sheet: 'main & power' });
    expect(main.cells[1]).toEqual(['LM358DR', '2', 'alt LM2904']);
    expect(() => parseHtmlTables(html, { sheet: 'Other' })).toThrow(/no sheet named "Other"/);
  });

  test('cells spanning columns and rows leave the cells they cover empty; a range over rows is kept as merged', () => {
    const t = parseHtmlTables(`<table>
<tr><th colspan="2">Part</th><th>Qty</th></tr>
<tr><td rowspan=2>Murata</td><td>GRM188R71H104KA93D</td><td>4</td></tr>
<tr><td>GRM21BR61A106KE19L</td><td>2</td></tr>
</table>`);
    expect(t.cells).toEqual([
      ['Part', null, 'Qty'],
      ['Murata', 'GRM188R71H104KA93D', '4'],
      [null, 'GRM21BR61A106KE19L', '2'],
    ]);
    expect(t.merged).toEqual([{ top: 1, left: 0, bottom: 2, right: 0 }]);
  });

  test('found by what the file holds: a page named .xls or .csv is a page, a CSV whose cell says <table> is none', () => {
    const html = Buffer.from(
      page('<table><tr><td>MPN</td><td>Qty</td></tr><tr><td>LM358DR</td><td>1</td></tr></table>'),
    );
    expect(formatOf('export.xls', html)).toBe('html');
    expect(formatOf('bom.csv', html)).toBe('html');
    expect(formatOf('bom.html', html)).toBe('html');
    expect(formatOf('bom.csv', Buffer.from('MPN,Qty,Note\nLM358DR,1,"<table> of parts"\n'))).toBe('csv');
    // A page is a page, tables or none (refused by name, below); a text whose first cell reads "<table …" is none.
    expect(isHtmlTable('<html><body><p>No BOM here</p></body></html>')).toBe(true);
    expect(isHtmlTable('<table of parts>\nMPN,Qty\nLM358DR,1\n')).toBe(false);
    // Comments before the page are passed over by their end, however many (a pattern could backtrack on them).
    expect(isHtmlTable(`${'<!---->'.repeat(30)}\n<table><tr><td>MPN</td></tr></table>`)).toBe(true);
    expect(isHtmlTable(`${'<!---->'.repeat(30)}\nRef,Qty\nR1,1`)).toBe(false);
  });

  test('a page with no table of rows is refused by name; --sheet is a table of a page', async () => {
    await expect(parseBomFile('bom.html', Buffer.from(page('<table></table>')))).rejects.toThrow(
      'bom.html: the page has no table with rows',
    );
    const two = page('<table><tr><td>a</td></tr></table><table><tr><td>MPN</td></tr></table>');
    const file = await parseBomFile('bom.html', Buffer.from(two), { sheet: 'Table 2' });
    expect(file.cells).toEqual([['MPN']]);
    expect(file.sheetNames).toEqual(['Table 1', 'Table 2']);
  });
});

describe('what a browser shows, where a page is written loosely', () => {
  test("a caption left open ends where the rows begin; a '<' that starts no tag is text; a quoted '>' stays in its tag", () => {
    const t = parseHtmlTables(`<table><caption>Main board
<tr><th title="a>b">MPN</th><th data-colspan="3">ESR</th><th>Note</th></tr>
<tr><td>EEE-FK1V101P</td><td>ESR <0.1&Omega;</td><td>x <= 5, nicht best&uuml;cken&nbsp;ok</td></tr>
</table>`);
    expect(t.sheetNames).toEqual(['Main board']);
    expect(t.cells).toEqual([
      ['MPN', 'ESR', 'Note'],
      ['EEE-FK1V101P', 'ESR <0.1Ω', 'x <= 5, nicht bestücken ok'],
    ]);
  });

  test("a BOM laid out inside a page's frame table is a sheet of its own, which the chooser takes", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => `<tr><td>R${i + 1}</td><td>1</td><td>RC0603FR-0710KL</td></tr>`);
    const html = `<html><body><table><tr><td><h2>Site menu</h2></td><td>
<table><tr><th>Ref</th><th>Qty</th><th>MPN</th></tr>${rows.join('\n')}</table>
</td></tr></table></body></html>`;
    const file = join(mkdtempSync(join(tmpdir(), 'partsheet-html-')), 'bom.html');
    writeFileSync(file, html);
    const { file: read, read: bom } = await readBomForPricing(file);
    expect(read.sheetName).toBe('Table 2');
    expect(bom.lines).toHaveLength(12);
  });
});

describe('pages made to cost time or memory', () => {
  const timed = (html: string): number => {
    const start = process.hrtime.bigint();
    try {
      parseHtmlTables(html);
    } catch {
      // refused: as good as read, if quickly
    }
    return Number(process.hrtime.bigint() - start) / 1e6;
  };

  test('comments, scripts and tags left open thousands of times are read in one pass', () => {
    const table = '<table><tr><td>MPN</td></tr><tr><td>LM358DR</td></tr></table>';
    const n = 200_000;
    for (const flood of ['<!--', '<script', '<script>', '<td', '<', '<a href="x"', '<table>']) {
      const html = `<html>${table}${flood.repeat(n)}`;
      // Linear: a million characters well under a second on any machine that runs the suite (a scan per opener would
      // take minutes).
      expect(timed(html)).toBeLessThan(5_000);
    }
  });

  test('cells spanning thousands of rows and columns, runs of references and one huge text cost time in proportion', () => {
    const spans = `<table><tr>${'<td colspan=4 rowspan=1000></td>'.repeat(250)}</tr>${'<tr><td></td></tr>'.repeat(999)}</table>`;
    expect(timed(spans)).toBeLessThan(5_000);
    expect(() =>
      parseHtmlTables(`<table><tr>${'<td colspan=1000 rowspan=2></td>'.repeat(20_000)}</tr></table>`),
    ).toThrow(/columns; a BOM row may have at most 1,024/);
    expect(
      timed(`<table><tr><td>${'&#10;'.repeat(200_000)}x${'&nbsp;'.repeat(200_000)}</td></tr></table>`),
    ).toBeLessThan(5_000);
    const huge = parseHtmlTables(`<table><tr><td>${'a'.repeat(5_000_000)}</td></tr><caption>${'b'.repeat(1_000_000)}`);
    expect(String(huge.cells[0][0]).length).toBe(32_767);
    expect(huge.sheetName.length).toBeLessThanOrEqual(100);
    // Tables nested thousands deep are their cells' text past a few levels: read in one pass.
    expect(timed(`${'<table><tr><td>'.repeat(50_000)}x${'</td></tr></table>'.repeat(50_000)}`)).toBeLessThan(5_000);
  });

  test('a span of thousands of columns, a row too wide and a cell too long are held to the workbook limits', () => {
    expect(() => parseHtmlTables('<table><tr><td colspan=999999></td><td>y</td></tr></table>')).toThrow(
      /row 1 has 999,999 columns; a BOM row may have at most 1,024/,
    );
    const wide = `<table><tr>${'<td>x</td>'.repeat(1_100)}</tr></table>`;
    expect(() => parseHtmlTables(wide)).toThrow(/columns; a BOM row may have at most 1,024/);
    const long = parseHtmlTables(`<table><tr><td>${'a'.repeat(100_000)}</td></tr></table>`);
    expect(String(long.cells[0][0]).length).toBe(32_767);
  });
});
