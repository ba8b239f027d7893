/**
 * A text list whose every field is quoted, the quotes inside its fields left as written (Altium's tab-separated BOM
 * writes an inch mark as `"0.1""`), is read a line to a row; a CSV whose quoted fields hold line breaks, or escape
 * their quotes, is read as a CSV reader reads it.
 */
import { parseDelimited } from '../../cli/bomfile';
import { quotedLineCells } from '../../cli/quoted-lines';

describe('fields quoted whole, quotes inside left as written', () => {
  const ALTIUM =
    [
      'Designator\tManufacturer\tManufacturer #\tQuantity\tDescription',
      '',
      '"J1"\t"TE"\t"4DB-P108-10"\t"1"\t"CONN BARRIER STRIP 10CIRC 0.325""',
      '"J2"\t"Molex"\t"0705430002"\t"12"\t"Header 2 pos, 0.1" pitch"',
      '"J3"\t"Multicomp"\t"2213S-10G"\t"1"\t"CONN 10Pin 2Row 0.1""',
      '"R1, R2"\t"Yageo"\t"RC0402FR-0710KL"\t"2"\t"RES 10K 1% 0402"',
    ].join('\r\n') + '\r\n';

  test('each line is a row, its fields between the quote-tab-quote boundaries, the inch marks kept', () => {
    const read = parseDelimited(ALTIUM);
    expect(read.cells.map((r) => r.slice(0, 4))).toEqual([
      ['Designator', 'Manufacturer', 'Manufacturer #', 'Quantity'],
      [],
      ['J1', 'TE', '4DB-P108-10', '1'],
      ['J2', 'Molex', '0705430002', '12'],
      ['J3', 'Multicomp', '2213S-10G', '1'],
      ['R1, R2', 'Yageo', 'RC0402FR-0710KL', '2'],
    ]);
    expect(read.cells[2][4]).toBe('CONN BARRIER STRIP 10CIRC 0.325"');
    expect(read.cells[3][4]).toBe('Header 2 pos, 0.1" pitch');
    expect(read.warnings.join(' ')).toMatch(/a line to a row/);
  });

  test('one such line is enough, with its inch mark mid-line, in a file ending with its line end', () => {
    const text = [
      'Designator\tDescription\tManufacturer #\tQuantity',
      '"J1"\t"CONN 0.1""\t"4DB-P108-10"\t"1"',
      '"J2"\t"Header"\t"0705430002"\t"12"',
      '"R1"\t"RES 10K"\t"RC0402FR-0710KL"\t"2"',
    ].join('\n');
    expect(parseDelimited(`${text}\n`).cells.slice(1)).toEqual([
      ['J1', 'CONN 0.1"', '4DB-P108-10', '1'],
      ['J2', 'Header', '0705430002', '12'],
      ['R1', 'RES 10K', 'RC0402FR-0710KL', '2'],
    ]);
  });

  test('a CSV whose quoted field holds a line break is read as a CSV, the break in its cell', () => {
    const text = 'Reference,Value,Qty\n"R1,\nR2",10k,2\n"C1",100n,1\n"C2",1u,1\n';
    expect(quotedLineCells(text, ',')).toBeNull();
    expect(parseDelimited(text).cells).toEqual([
      ['Reference', 'Value', 'Qty'],
      ['R1,\nR2', '10k', '2'],
      ['C1', '100n', '1'],
      ['C2', '1u', '1'],
    ]);
  });

  test('a CSV that escapes its quotes is read as a CSV: the doubled quote is one', () => {
    const text = 'Ref,Desc,Qty\n"J1","Header 0.1"" pitch","1"\n"J2","Jack 1/4""","2"\n"J3","Plug","3"\n';
    expect(parseDelimited(text).cells.slice(1)).toEqual([
      ['J1', 'Header 0.1" pitch', '1'],
      ['J2', 'Jack 1/4"', '2'],
      ['J3', 'Plug', '3'],
    ]);
  });
});

describe("a Markdown table's backslash escapes", () => {
  test('are the characters they escape: "\\#" a number sign, "\\_" an underscore', () => {
    const text = [
      '\\# | Part | Note',
      '---- | ---- | ----',
      '2 | ESP32\\_WROOM | 5\\*5 mm',
      '1 | AMS1117 | \\<3.3V\\>',
    ].join('\n');
    expect(parseDelimited(text).cells.map((r) => r.map((c) => String(c).trim()))).toEqual([
      ['#', 'Part', 'Note'],
      ['----', '----', '----'],
      ['2', 'ESP32_WROOM', '5*5 mm'],
      ['1', 'AMS1117', '<3.3V>'],
    ]);
  });
});
