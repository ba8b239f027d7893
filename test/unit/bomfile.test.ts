import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import {
  BomFileError,
  decodeText,
  parseBomFile,
  parseDelimited,
  readBomFile,
  sniffDelimiter,
  xlsxCellValue,
} from '../../cli/bomfile';
import { readBom } from '../../src/bom';

const FIXTURES = join(__dirname, '..', 'fixtures', 'bomfiles');
const fixture = (name: string) => join(FIXTURES, name);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'partsheet-bomfile-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function xlsxBuffer(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('delimited text', () => {
  test('a semicolon file with commas in its text and a quoted semicolon', async () => {
    const file = await readBomFile(fixture('semicolon.csv'));
    expect(file.format).toBe('csv');
    expect(file.delimiter).toBe(';');
    expect(file.cells[0]).toEqual([
      'Pos.',
      'Menge',
      'Bauteile',
      'Hersteller',
      'Hersteller-Teilenummer',
      'Beschreibung',
    ]);
    expect(file.cells[1][5]).toBe('Widerstand 1 kΩ 1 %, 0603');
    expect(file.cells[2]).toEqual(['2', '2', 'C1, C2', 'KEMET', 'C0603C104K5RACTU', 'Kondensator 100 nF; 50 V']);
    expect(file.cells).toHaveLength(4);
    const read = readBom(file.cells);
    expect(read.lines.map((l) => l.partNumber)).toEqual(['CRCW06031K00FKEA', 'C0603C104K5RACTU', 'BAV99-7-F']);
    expect(read.lines[0].quantityPerBoard).toBe(1000);
  });

  test('a tab file, quotes inside unquoted fields kept', async () => {
    const file = await readBomFile(fixture('tab.tsv'));
    expect(file.delimiter).toBe('\t');
    expect(file.cells[1]).toEqual(['D1', '1', 'BAV99-7-F', 'Diode array, SOT-23']);
    expect(file.cells[2][3]).toBe('Timer "classic"');
    expect(file.cells[3][0]).toBe('R1-R4');
  });

  test('quoted fields with commas, doubled quotes and line breaks', async () => {
    const file = await readBomFile(fixture('quoted.csv'));
    expect(file.delimiter).toBe(',');
    expect(file.cells).toHaveLength(4);
    expect(file.cells[1]).toEqual(['BAV99-7-F', '2', 'Diode array, 75 V, SOT-23', 'D1,\nD2']);
    expect(file.cells[2]).toEqual(['NE555P', '1', 'Timer "555", DIP-8', 'U1']);
    expect(file.cells[3][2]).toBe('Shunt regulator\nSOT-23');
    const read = readBom(file.cells);
    expect(read.lines[0].designators).toEqual(['D1', 'D2']);
  });

  test('a pipe file with an extension that says nothing', async () => {
    const file = await readBomFile(fixture('pipe.txt'));
    expect(file.delimiter).toBe('|');
    expect(file.cells).toEqual([
      ['MPN', 'Qty', 'Designator'],
      ['BAV99-7-F', '1', 'D1'],
      ['NE555P', '1', 'U1'],
    ]);
  });

  test('title rows above the header do not fool the sniffing', () => {
    const text =
      'Widget BOM\nRev C\n\nRef;Qty;MPN;Description\nR1;1;RC0603FR-0710KL;10k, 1%\nR2;1;RC0603FR-071KL;1k, 1%\n';
    expect(sniffDelimiter(text)).toBe(';');
    const { cells } = parseDelimited(text);
    expect(cells[3]).toEqual(['Ref', 'Qty', 'MPN', 'Description']);
    expect(cells[4][3]).toBe('10k, 1%');
  });

  test('a single column is read as comma-separated', () => {
    expect(sniffDelimiter('MPN\nBAV99-7-F\nNE555P\n')).toBe(',');
    expect(parseDelimited('MPN\nBAV99-7-F\n').cells).toEqual([['MPN'], ['BAV99-7-F']]);
  });

  test('trailing blank lines are dropped, blank lines inside kept', () => {
    const { cells } = parseDelimited('MPN,Qty\nA1234,1\n\nB5678,2\n\n\n');
    expect(cells).toEqual([['MPN', 'Qty'], ['A1234', '1'], [], ['B5678', '2']]);
  });

  test('an unclosed quote is a warning, not a failure', () => {
    const parsed = parseDelimited('MPN,Description\nBAV99-7-F,"diode\nNE555P,timer\n');
    expect(parsed.cells[0]).toEqual(['MPN', 'Description']);
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.warnings[0]).toMatch(/quoted field is not closed/);
  });

  test('an inch mark inside a quoted field is text, said as such: no row is taken in by it', () => {
    const text = '"Part";"Description";\n"J6";"Standard 2-pin 0.1" header. Use with";\n"J7";"Header 4";\n"U1";"MCU";\n';
    const parsed = parseDelimited(text);
    expect(parsed.cells.map((r) => r[0])).toEqual(['Part', 'J6', 'J7', 'U1']);
    expect(parsed.cells[1][1]).toBe('Standard 2-pin 0.1" header. Use with');
    expect(parsed.warnings).toEqual(['a quote inside a quoted field near row 2 was read as part of its text']);
  });
});

describe('encodings', () => {
  const text = 'MPN;Qty;Description\nBAV99-7-F;2;Diode µ 10 Ω\n';

  test('a UTF-8 byte-order mark is removed', async () => {
    const buf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    const file = await parseBomFile('bom.csv', buf);
    expect(file.encoding).toBe('utf-8');
    expect(file.cells[0][0]).toBe('MPN');
    expect(file.cells[1][2]).toBe('Diode µ 10 Ω');
  });

  test('UTF-16 little endian with a byte-order mark', async () => {
    const buf = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const file = await parseBomFile('bom.csv', buf);
    expect(file.encoding).toBe('utf-16le');
    expect(file.delimiter).toBe(';');
    expect(file.cells[0][0]).toBe('MPN');
    expect(file.cells[1]).toEqual(['BAV99-7-F', '2', 'Diode µ 10 Ω']);
  });

  test('UTF-16 big endian with a byte-order mark', async () => {
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.alloc(le.length);
    for (let i = 0; i < le.length; i += 2) {
      be[i] = le[i + 1];
      be[i + 1] = le[i];
    }
    const file = await parseBomFile('bom.csv', Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    expect(file.encoding).toBe('utf-16be');
    expect(file.cells[1]).toEqual(['BAV99-7-F', '2', 'Diode µ 10 Ω']);
  });

  test('UTF-16 without a byte-order mark (as some tools save "Unicode text")', async () => {
    const file = await parseBomFile('bom.txt', Buffer.from(text.replace(/;/g, '\t'), 'utf16le'));
    expect(file.encoding).toBe('utf-16le');
    expect(file.delimiter).toBe('\t');
    expect(file.cells[1]).toEqual(['BAV99-7-F', '2', 'Diode µ 10 Ω']);
  });

  test('text named .xls (EasyEDA names its tab-separated UTF-16 export so) is read as the text it is', async () => {
    const buf = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace(/;/g, '\t'), 'utf16le')]);
    const file = await parseBomFile('BOM.xls', buf);
    expect(file.format).toBe('csv');
    expect(file.encoding).toBe('utf-16le');
    expect(file.cells[1]).toEqual(['BAV99-7-F', '2', 'Diode µ 10 Ω']);
    // An HTML page saved as .xls (a web export) is read as the page of tables it is.
    const page = await parseBomFile('bom.xls', Buffer.from('<html><table><tr><td>MPN</td></tr></table></html>'));
    expect([page.format, page.cells]).toEqual(['html', [['MPN']]]);
    // Other markup saved as .xls is no table read here: the workbook's error says what to do.
    await expect(parseBomFile('bom.xls', Buffer.from('<?xml version="1.0"?><Workbook></Workbook>'))).rejects.toThrow(
      'bom.xls: not a readable .xls workbook',
    );
    // Bytes that are neither text nor a workbook stay an unreadable workbook, said so.
    const junk = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await expect(parseBomFile('bom.xls', junk)).rejects.toThrow('bom.xls: not a readable .xls workbook');
  });

  test("Windows-1252's signs at 0x80-0x9F (€, –, ™, curly quotes) are read as Windows writes them", async () => {
    const buf = Buffer.from([
      ...Buffer.from('MPN;Price;Note\nLM358DR;0,50 '),
      0x80,
      ...Buffer.from(';Q6 '),
      0x96,
      ...Buffer.from(' not fitted '),
      0x93,
      ...Buffer.from('x'),
      0x94,
      0x99,
      0x0a,
    ]);
    const file = await parseBomFile('bom.csv', buf);
    expect(file.encoding).toBe('windows-1252');
    expect(file.cells[1]).toEqual(['LM358DR', '0,50 €', 'Q6 – not fitted “x”™']);
  });

  test('bytes that are not UTF-8 are read as Windows-1252', () => {
    const buf = Buffer.from([...Buffer.from('MPN,Description\nBAV99-7-F,10 '), 0xb5, 0x46, 0x0a]);
    const decoded = decodeText(buf);
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toBe('MPN,Description\nBAV99-7-F,10 µF\n');
  });
});

describe('XLSX', () => {
  test('rich text, formulas, hyperlinks, dates, booleans, errors and merged cells as a user sees them', async () => {
    const buf = await xlsxBuffer((wb) => {
      const ws = wb.addWorksheet('Parts');
      ws.getCell('A1').value = 'Widget BOM';
      ws.mergeCells('A1:D1');
      ws.getRow(3).values = ['MPN', 'Qty', 'Description', 'Updated', 'Placed', 'Check'];
      ws.getCell('A4').value = { richText: [{ text: 'BAV99', font: { bold: true } }, { text: '-7-F' }] };
      ws.getCell('B4').value = { formula: '1+1', result: 2 };
      ws.getCell('C4').value = { text: 'Diode array', hyperlink: 'https://example.com/bav99' };
      ws.getCell('D4').value = new Date(Date.UTC(2024, 2, 1));
      ws.getCell('E4').value = true;
      ws.getCell('F4').value = { error: '#N/A' };
      ws.getCell('A5').value = 'NE555P';
      ws.getCell('B5').value = { formula: 'B4-1', result: 1 };
      ws.getCell('C5').value = { formula: 'CONCAT("Ti","mer")', result: 'Timer' };
      ws.getCell('D5').value = new Date(Date.UTC(2024, 2, 1, 14, 30));
    });
    const file = await parseBomFile('bom.xlsx', buf);
    expect(file.format).toBe('xlsx');
    expect(file.sheetName).toBe('Parts');
    expect(file.cells[0]).toEqual(['Widget BOM']);
    expect(file.cells[1]).toEqual([]);
    expect(file.cells[2]).toEqual(['MPN', 'Qty', 'Description', 'Updated', 'Placed', 'Check']);
    expect(file.cells[3]).toEqual(['BAV99-7-F', 2, 'Diode array', '2024-03-01', true, '#N/A']);
    expect(file.cells[4]).toEqual(['NE555P', 1, 'Timer', '2024-03-01 14:30']);
    const read = readBom(file.cells);
    expect(read.headerRow).toBe(2);
    expect(read.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
      ['BAV99-7-F', 2],
      ['NE555P', 1],
    ]);
  });

  test('the first sheet by default; --sheet by name, in any case', async () => {
    const buf = await xlsxBuffer((wb) => {
      wb.addWorksheet('Notes').getCell('A1').value = 'read me';
      const bom = wb.addWorksheet('Main BOM');
      bom.addRow(['MPN', 'Qty']);
      bom.addRow(['BAV99-7-F', 3]);
    });
    const first = await parseBomFile('bom.xlsx', buf);
    expect(first.sheetName).toBe('Notes');
    expect(first.sheetNames).toEqual(['Notes', 'Main BOM']);
    expect(first.cells).toEqual([['read me']]);
    const named = await parseBomFile('bom.xlsx', buf, { sheet: 'main bom' });
    expect(named.sheetName).toBe('Main BOM');
    expect(named.cells).toEqual([
      ['MPN', 'Qty'],
      ['BAV99-7-F', 3],
    ]);
  });

  test('a sheet that does not exist names the sheets there are', async () => {
    const buf = await xlsxBuffer((wb) => {
      wb.addWorksheet('Notes');
      wb.addWorksheet('BOM');
    });
    await expect(parseBomFile('bom.xlsx', buf, { sheet: 'Parts' })).rejects.toThrow(
      new BomFileError('bom.xlsx: no sheet named "Parts"; the sheets are "Notes", "BOM"'),
    );
  });

  test('an XLSX file is recognised by its content whatever its name', async () => {
    const buf = await xlsxBuffer((wb) => wb.addWorksheet('S').addRow(['MPN', 'BAV99-7-F']));
    const file = await parseBomFile('export.dat', buf);
    expect(file.format).toBe('xlsx');
    expect(file.cells).toEqual([['MPN', 'BAV99-7-F']]);
  });

  test('shared formulas give their results', () => {
    expect(xlsxCellValue({ sharedFormula: 'B2', result: 7 })).toBe(7);
    expect(xlsxCellValue({ formula: 'A1', result: { error: '#REF!' } })).toBe('#REF!');
    expect(xlsxCellValue({ formula: 'A1' })).toBeNull();
    expect(xlsxCellValue({ text: { richText: [{ text: 'a' }, { text: 'b' }] }, hyperlink: 'x' })).toBe('ab');
  });

  test('a formatted empty cell far right widens nothing: the row ends at its last value, and is read', async () => {
    const buf = await xlsxBuffer((wb) => {
      const ws = wb.addWorksheet('BOM');
      ws.addRow(['MPN', 'Qty']);
      ws.addRow(['BAV99-7-F', 1, '', '   ']);
      ws.getCell('XFD2').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
    });
    const file = await parseBomFile('bom.xlsx', buf);
    expect(file.cells).toEqual([
      ['MPN', 'Qty'],
      ['BAV99-7-F', 1],
    ]);
    expect(readBom(file.cells).lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([['BAV99-7-F', 1]]);
  });
});

describe('files that cannot be read', () => {
  test('a missing file', async () => {
    const path = join(dir, 'missing.csv');
    await expect(readBomFile(path)).rejects.toThrow(new BomFileError(`cannot read ${path}: no such file`));
  });

  test('a folder', async () => {
    const path = join(dir, 'folder.csv');
    mkdirSync(path);
    await expect(readBomFile(path)).rejects.toThrow(/it is a folder, not a file$/);
  });

  test('an empty file', async () => {
    await expect(parseBomFile('empty.csv', Buffer.alloc(0))).rejects.toThrow('empty.csv: the file is empty');
    await expect(parseBomFile('blank.csv', Buffer.from('\n\n'))).rejects.toThrow('blank.csv: the file is empty');
  });

  test('an old .xls workbook cut short: named as such, with what to do (test/unit/xls.test.ts reads whole ones)', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await expect(parseBomFile('bom.xls', ole)).rejects.toThrow(
      'bom.xls: not a readable .xls workbook (no compound-file header); save it as .xlsx or CSV',
    );
    await expect(parseBomFile('bom', ole)).rejects.toThrow('bom: not a readable .xls workbook');
  });

  test('a broken XLSX', async () => {
    const path = join(dir, 'broken.xlsx');
    writeFileSync(path, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]));
    const error = await readBomFile(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BomFileError);
    expect((error as Error).message).toMatch(/^.*broken\.xlsx: not a readable XLSX workbook/);
    expect((error as Error).message).not.toContain('\n');
  });

  test('binary data', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    ]);
    await expect(parseBomFile('picture.csv', png)).rejects.toThrow(
      'picture.csv: not a CSV, TSV, XLSX, XLS, ODS or HTML file (it holds binary data)',
    );
  });

  test('--sheet with a text file', async () => {
    await expect(parseBomFile('bom.csv', Buffer.from('MPN\nA1234\n'), { sheet: 'BOM' })).rejects.toThrow(
      'bom.csv: --sheet applies to XLSX, XLS and ODS workbooks and HTML pages only; this is a text file',
    );
  });
});
