/**
 * reStructuredText parts lists (cli/rst-table.ts): a Sphinx project's list tables and simple tables are read a row per
 * line of the text, cells as written less the markup, and a BOM read from them as from any table.
 */
import { parseDelimited } from '../../cli/bomfile';
import { rstTableCells } from '../../cli/rst-table';
import { readBom } from '../../src/bom';

const LIST_TABLE = [
  'Parts',
  '=====',
  '',
  'The parts of the board are listed below.',
  '',
  '.. list-table:: Board parts',
  '    :header-rows: 1',
  '    :widths: 10 5 30',
  '',
  '    * - Designator',
  '      - Qty',
  '      - Manufacturer Part Number',
  '      - Supplier',
  '    * - R1, R2',
  '      - 2',
  '      - RC0603FR-0710KL',
  '      - `LCSC <https://www.lcsc.com/product-detail/x_C98220.html>`_',
  '    * - U1',
  '      - 1',
  '      - **LM358DR**',
  '        (or LM358DT)',
  '      -',
  '',
  'Text after the table.',
].join('\n');

const SIMPLE_TABLE = [
  'Mechanical parts',
  '----------------',
  '',
  '=== ========== ===================',
  'Qty Part       Description',
  '=== ========== ===================',
  '4   SS-5GL     Limit switch',
  '2\tKP08       Bearing, 8 mm',
  '',
  '1   1N4004     Diode',
  '=== ========== ===================',
  '',
  'Some prose.',
].join('\n');

describe('reStructuredText tables', () => {
  test('a list table: a row on its bullet line, a cell going on over more indented lines, links and bold as text', () => {
    const rows = rstTableCells(LIST_TABLE)!;
    expect(rows).toHaveLength(24);
    expect(rows[9]).toEqual(['Designator', 'Qty', 'Manufacturer Part Number', 'Supplier']);
    expect(rows[13]).toEqual([
      'R1, R2',
      '2',
      'RC0603FR-0710KL',
      'LCSC https://www.lcsc.com/product-detail/x_C98220.html',
    ]);
    expect(rows[17]).toEqual(['U1', '1', 'LM358DR (or LM358DT)', '']);
    // The options and the other lines of a row are empty rows; prose is a row of one cell.
    expect([rows[6], rows[10], rows[18]]).toEqual([[], [], []]);
    expect(rows[3]).toEqual(['The parts of the board are listed below.']);
    expect(rows[23]).toEqual(['Text after the table.']);
  });

  test('a simple table: cut where the rule runs start, tabs to 8 columns, the last column to the end of the line', () => {
    const rows = rstTableCells(SIMPLE_TABLE)!;
    expect(rows[4]).toEqual(['Qty', 'Part', 'Description']);
    expect(rows[6]).toEqual(['4', 'SS-5GL', 'Limit switch']);
    expect(rows[7]).toEqual(['2', 'KP08', 'Bearing, 8 mm']);
    expect(rows[9]).toEqual(['1', '1N4004', 'Diode']);
    // The rules are empty rows; the text after the closing rule is not cut as the table's.
    expect([rows[3], rows[5], rows[10]]).toEqual([[], [], []]);
    expect(rows[12]).toEqual(['Some prose.']);
  });

  test("markup outside the tables is no text: a heading's rule, a directive or comment with its indented lines", () => {
    const rows = rstTableCells(
      [
        'Packing',
        '-------',
        '.. tabularcolumns:: |>{\\raggedright}\\Y{0.15}',
        '                    |>{\\raggedright}\\Y{0.06}|',
        '',
        '.. _tbl_packing:',
        '',
        LIST_TABLE.split('\n').slice(5).join('\n'),
      ].join('\n'),
    )!;
    expect(rows.slice(0, 7)).toEqual([['Packing'], [], [], [], [], [], []]);
    expect(rows[11]).toEqual(['Designator', 'Qty', 'Manufacturer Part Number', 'Supplier']);
  });

  test("a list table bulleted with '-', its cells' dashes where the row puts them; a cell of many lines read once", () => {
    const long = Array.from({ length: 20_000 }, () => '          more words').join('\n');
    const rows = rstTableCells(
      ['.. list-table::', '', '   -   - Ref', '       - MPN', '   -   - U1', '       - LM358DR', long, 'After.'].join(
        '\n',
      ),
    )!;
    expect(rows[2]).toEqual(['Ref', 'MPN']);
    expect(rows[4][0]).toBe('U1');
    expect(rows[4][1].startsWith('LM358DR more words more words')).toBe(true);
    expect(rows[4][1].split(' ')).toHaveLength(1 + 2 * 20_000);
  });

  test('a cell that is a list of its own (a part number and its alternates) is its first item', () => {
    const rows = rstTableCells(
      [
        '.. list-table::',
        '',
        '   * - Ref',
        '     - MPN',
        '   * - U1',
        '     - * LM358DR',
        '       * LM358DT',
        '   * - C1',
        '     - - GRM188R71C104KA01D',
        '       - CL10B104KB8NNNC',
        '   * - R1',
        '     - -',
      ].join('\n'),
    )!;
    expect([rows[4], rows[7], rows[10]]).toEqual([
      ['U1', 'LM358DR'],
      ['C1', 'GRM188R71C104KA01D'],
      ['R1', ''],
    ]);
  });

  test('simple tables: a closing rule with a heading right under it; a blank line under the header rule', () => {
    const rows = rstTableCells(
      [
        '',
        '=== =======',
        'Qty MPN',
        '=== =======',
        '',
        '1   LM358DR',
        '=== =======',
        'Mechanical',
        'Bearings for the axes.',
      ].join('\n'),
    )!;
    expect(rows[2]).toEqual(['Qty', 'MPN']);
    expect(rows[5]).toEqual(['1', 'LM358DR']);
    expect(rows[7]).toEqual(['Mechanical']);
    expect(rows[8]).toEqual(['Bearings for the axes.']);
  });

  test('a list table in a file whose lines end with CR LF', () => {
    const text = [
      '.. list-table::',
      '   :header-rows: 1',
      '',
      '   * - Qty',
      '     - Part',
      '   * - 2',
      '     - LM358DR',
      '',
    ];
    const rows = rstTableCells(text.join('\r\n'))!;
    expect([rows[3], rows[5]]).toEqual([
      ['Qty', 'Part'],
      ['2', 'LM358DR'],
    ]);
  });

  test('a text without such a table is none: a CSV, a Markdown table, a heading underlined with =', () => {
    expect(rstTableCells('Designator,Qty,MPN\nR1,1,RC0603FR-0710KL\n')).toBeNull();
    // Lines of '=' between a CSV's rows; a fixed-width header underlined; a Markdown page's code block of a table.
    expect(rstTableCells('Designator,Qty,MPN\nR1,1,X1\n= = = = =\nNotes: R1 last\n= = = = =\n')).toBeNull();
    expect(
      rstTableCells('Designator   Qty   MPN\n==========   ===   ===\nR1           1     X1\n==========   ===   ===\n'),
    ).toBeNull();
    expect(
      rstTableCells('| Ref | Qty | MPN |\n|---|---|---|\n| R1 | 1 | X1 |\n\n```\n\n=== ====\na   b\n=== ====\n```\n'),
    ).toBeNull();
    expect(rstTableCells('| Ref | Qty | MPN |\n|---|---|---|\n| R1 | 1 | X1 |\n')).toBeNull();
    expect(rstTableCells('Parts\n=====\n\nR1 10k\n')).toBeNull();
  });

  test('a BOM is read from a list table, its lines on the lines of the text', () => {
    const parsed = parseDelimited(LIST_TABLE);
    const read = readBom(parsed.cells);
    expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toEqual([
      [14, 'RC0603FR-0710KL', 2],
      [18, 'LM358DR', 1],
    ]);
  });
});
