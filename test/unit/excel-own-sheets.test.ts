/**
 * The sheets the add-in writes its lists to are its own by a record (src/excel/own-sheets.ts), not by their words: a
 * list it wrote stays its own under any wording, a sheet of the user's with the same words is asked about, a
 * workbook written before the record is known once by the words, and a stale mark writes no title.
 */
import { createWorkbookPort } from '../../src/excel';
import { writeSummarySheet } from '../../src/excel/summary-sheet';
import { writeRiskSheet } from '../../src/excel/risk-sheet';
import { writePriceBreaks } from '../../src/excel/price-breaks-sheet';
import { markSummaryStale } from '../../src/excel/stale-sheets';
import { SHEETS_RECORD, addSheetsRecord, isOwnSheet } from '../../src/excel/own-sheets';
import { XlsxBook } from '../../src/excel/xlsx-book';
import { PRICE_BREAK_COLUMNS } from '../../src/purchase/priced-layout';
import ExcelJS from 'exceljs';
import { ZLIB_DEFLATE } from '../../cli/price-output';
import type { OverwriteQuestion } from '../../src/excel/sheet-claims';
import type { SummarySheetRow } from '../../src/purchase/summary-entries';
import { MemoryWorkbook } from '../../testing/excel';
import { RISK_SHEET_HEADERS } from '../../src/plan/risk-words';
import { askAboutSheet } from '../../taskpane/sheet-choice';

const BREAK_HEADERS = PRICE_BREAK_COLUMNS.map((c) => c.header);

const RISK_HEADER = [...RISK_SHEET_HEADERS];

function summary(title: string, total: number): SummarySheetRow[] {
  return [
    { label: title, value: null, kind: 'title' },
    { label: 'Lines', value: 3, kind: 'count' },
    { label: 'Total', value: total, kind: 'money' },
  ];
}

function setUp(sheets: string[] = ['BOM']) {
  const book = new MemoryWorkbook({ sheets });
  const port = createWorkbookPort(book.host);
  const asked: string[] = [];
  const confirm = async (q: OverwriteQuestion) => {
    asked.push(`${q.what}: ${q.usedAddress}`);
    return 'cancel' as const;
  };
  return { book, port, asked, confirm };
}

describe('the sheets of the add-in are its own by a record, not by their words', () => {
  test('a Summary it wrote is replaced without asking, whatever its title is worded now', async () => {
    const { book, port, asked, confirm } = setUp();
    // Written with a title worded otherwise than today's (as an earlier or later version words it).
    const written = await writeSummarySheet(port, summary('Costed bill of materials', 10), { confirm });
    expect(written.address).toBe('Summary!A1:B3');
    expect(book.visibility(SHEETS_RECORD)).toBe('VeryHidden');
    expect((await writeSummarySheet(port, summary('Priced BOM', 12), { confirm })).address).toBe('Summary!A1:B3');
    expect(asked).toEqual([]);
    expect(book.getValues('Summary', 'A1:B3')).toEqual([
      ['Priced BOM', ''],
      ['Lines', 3],
      ['Total', 12],
    ]);
  });

  test("a sheet of the user's that reads as the add-in's words is asked about, and kept when they cancel", async () => {
    const { book, port, asked, confirm } = setUp();
    // The workbook keeps a record (the add-in wrote a Risk sheet), and the user made a "Summary" of their own.
    await writeRiskSheet(port, [RISK_HEADER, ['LM358', 'TI', 'R1', 'low', '', '', '', '', '', '', '', '2']], {
      confirm,
    });
    book.addSheet('Summary');
    book.setValues('Summary', 'A1:B2', [
      ['Priced BOM', null],
      ['my note', 'keep me'],
    ]);
    expect((await writeSummarySheet(port, summary('Priced BOM', 10), { confirm })).address).toBeNull();
    expect(asked).toEqual(['summary: Summary!A1:B2']);
    expect(book.getValues('Summary', 'A2:B2')).toEqual([['my note', 'keep me']]);
    expect(await isOwnSheet(port, 'Summary', 'summary')).toBe(false);
    expect(await isOwnSheet(port, 'Risk', 'risk')).toBe(true);
  });

  test('a list whose first row the user typed over is theirs; a deleted one leaves the record', async () => {
    const { book, port, asked, confirm } = setUp();
    await writeSummarySheet(port, summary('Priced BOM', 10), { confirm });
    await writeRiskSheet(port, [RISK_HEADER], { confirm });
    book.setValues('Summary', 'A1', [['Budget for the build']]);
    expect(await isOwnSheet(port, 'Summary', 'summary')).toBe(false);
    expect((await writeSummarySheet(port, summary('Priced BOM', 11), { confirm })).address).toBeNull();
    expect(asked).toEqual(['summary: Summary!A1:B3']);
    // The Risk sheet deleted, and a sheet of the user's made under its name: not the add-in's, and the next list
    // kept leaves it out of the record.
    book.deleteSheet('Risk');
    expect(await isOwnSheet(port, 'Risk', 'risk')).toBe(false);
    await writeSummarySheet(port, summary('Priced BOM', 11), { confirm: async () => 'replace' });
    expect((await port.readHiddenSheet(SHEETS_RECORD))?.map((r) => r.slice(0, 2))).toEqual([
      ['partsheet-sheets', '1'],
      ['Summary', 'summary'],
    ]);
    book.addSheet('Risk');
    book.setValues('Risk', 'A1:B1', [['Part', 'Maker']]);
    expect(await isOwnSheet(port, 'Risk', 'risk')).toBe(false);
    // A list of one kind is not taken for another's.
    expect(await isOwnSheet(port, 'Summary', 'risk')).toBe(false);
  });

  test('a workbook written before the record: its lists are known by their words once, then by the record', async () => {
    const { book, port, asked, confirm } = setUp(['BOM', 'Summary', 'Risk', 'Notes']);
    // An earlier version priced it: its very hidden snapshot of the run says so.
    await port.writeHiddenSheet('Partsheet snapshot', [['snapshot']]);
    book.setValues('Summary', 'A1:B2', [
      ['Priced BOM', null],
      ['Total', 9],
    ]);
    book.setValues('Risk', 'A1:L2', [RISK_HEADER, ['LM358', 'TI', 'R1', 'low', '', '', '', '', '', '', '', '2']]);
    book.setValues('Notes', 'A1', [['Part number']]);
    expect(await port.readHiddenSheet(SHEETS_RECORD)).toBeNull();
    expect(await isOwnSheet(port, 'Summary', 'summary')).toBe(true);
    // The Summary written keeps the record, and with it the Risk sheet found by its words: still the add-in's.
    await writeSummarySheet(port, summary('Priced BOM', 10), { confirm });
    expect(await port.readHiddenSheet(SHEETS_RECORD)).not.toBeNull();
    expect((await writeRiskSheet(port, [RISK_HEADER], { confirm })).address).toBe('Risk!A1:L1');
    expect(asked).toEqual([]);
    expect(await isOwnSheet(port, 'Notes', 'purchase list')).toBe(false);
  });

  test("a new workbook's sheet that reads as an earlier version's list is the user's: asked about, kept", async () => {
    const { book, port, asked, confirm } = setUp(['BOM', 'Summary']);
    book.setValues('Summary', 'A1:B2', [
      ['Priced BOM', null],
      ['my total', 12],
    ]);
    expect(await isOwnSheet(port, 'Summary', 'summary')).toBe(false);
    expect((await writeSummarySheet(port, summary('Priced BOM', 10), { confirm })).address).toBeNull();
    expect(asked).toEqual(['summary: Summary!A1:B2']);
    expect(book.getValues('Summary', 'A2:B2')).toEqual([['my total', 12]]);
  });

  test('a record emptied by a write cut short is as none: the lists are known again by their words', async () => {
    const { port, asked, confirm } = setUp();
    await port.writeHiddenSheet('Partsheet snapshot', [['snapshot']]);
    await writeSummarySheet(port, summary('Priced BOM', 10), { confirm });
    await port.writeHiddenSheet(SHEETS_RECORD, []);
    expect(await isOwnSheet(port, 'Summary', 'summary')).toBe(true);
    expect((await writeSummarySheet(port, summary('Priced BOM', 11), { confirm })).address).toBe('Summary!A1:B3');
    expect(asked).toEqual([]);
  });

  test('two lists kept at once are both in the record, Excel answering slowly', async () => {
    const { port, confirm } = setUp();
    const slow: typeof port = {
      ...port,
      readHiddenSheet: async (name, block) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return port.readHiddenSheet(name, block);
      },
    };
    await Promise.all([
      writeSummarySheet(slow, summary('Priced BOM', 10), { confirm }),
      writeRiskSheet(slow, [RISK_HEADER], { confirm }),
    ]);
    expect((await port.readHiddenSheet(SHEETS_RECORD))?.map((r) => r[0]).sort()).toEqual([
      'Risk',
      'Summary',
      'partsheet-sheets',
    ]);
  });

  test('a list kept while another is being written (cleared, not yet written again) leaves that one in the record', async () => {
    const { port, asked, confirm } = setUp();
    await writeSummarySheet(port, summary('Priced BOM', 10), { confirm });
    let reached!: () => void;
    let release!: () => void;
    const atWrite = new Promise<void>((resolve) => (reached = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gated: typeof port = {
      ...port,
      writeBlock: async (...args: Parameters<typeof port.writeBlock>) => {
        if (args[0] === 'Summary') {
          reached();
          await gate;
        }
        return port.writeBlock(...args);
      },
    };
    const run = writeSummarySheet(gated, summary('Priced BOM', 12), { confirm });
    await atWrite;
    await writeRiskSheet(port, [RISK_HEADER], { confirm });
    release();
    await run;
    expect(await isOwnSheet(port, 'Summary', 'summary')).toBe(true);
    expect(await isOwnSheet(port, 'Risk', 'risk')).toBe(true);
    expect(asked).toEqual([]);
  });

  test('a record of another form knows no sheet: each is asked about', async () => {
    const { port, asked, confirm } = setUp();
    await writeSummarySheet(port, summary('Priced BOM', 10), { confirm });
    await port.writeHiddenSheet(SHEETS_RECORD, [
      ['partsheet-sheets', '99'],
      ['Summary', 'summary', 'AAA'],
    ]);
    expect((await writeSummarySheet(port, summary('Priced BOM', 10), { confirm })).address).toBeNull();
    expect(asked).toEqual(['summary: Summary!A1:B3']);
  });

  test('a stale mark writes its note beside the title, never the title; a look-alike of the user is not marked', async () => {
    const { book, port, confirm } = setUp();
    await writeSummarySheet(port, summary('Costed bill of materials', 10), { confirm });
    expect(await markSummaryStale(port, 'Summary!A1:B3', 'the BOM changed')).toBe(true);
    expect(book.getValues('Summary', 'A1:B1')).toEqual([['Costed bill of materials', 'stale: the BOM changed']]);
    expect(book.cell('Summary', 'A1')?.fill).toBe(book.cell('Summary', 'B1')?.fill);
    expect(book.cell('Summary', 'A1')?.fill).toBeTruthy();
    // Still the add-in's: the next run replaces it without asking.
    expect(await isOwnSheet(port, 'Summary', 'summary')).toBe(true);
    book.addSheet('Summary (2)');
    book.setValues('Summary (2)', 'A1', [['Priced BOM']]);
    expect(await markSummaryStale(port, "'Summary (2)'!A1:B3", 'the BOM changed')).toBe(false);
    expect(book.getValues('Summary (2)', 'A1:B1')).toEqual([['Priced BOM', '']]);
  });
});

describe('a workbook the command line wrote keeps the record of its lists, read by the pane as its own', () => {
  test("its Summary and Price breaks are the add-in's by the record: the pane writes over them without asking", async () => {
    const file = new XlsxBook(ZLIB_DEFLATE);
    file.addWorksheet('BOM').addRow(['MPN', 'Qty']);
    const summaryRows = summary('Priced BOM', 10);
    const sheet = file.addWorksheet('Summary');
    for (const r of summaryRows) sheet.addRow([r.label, r.value as number | null]);
    file.addWorksheet('Price breaks').addRow(BREAK_HEADERS);
    addSheetsRecord(file, [
      ['Summary', 'summary'],
      ['Price breaks', 'price breaks'],
      ['Risk', 'risk'],
    ]);
    const loaded = new ExcelJS.Workbook();
    await loaded.xlsx.load((await file.bytes()).buffer as ArrayBuffer);
    expect(loaded.worksheets.map((w) => [w.name, w.state])).toEqual([
      ['BOM', 'visible'],
      ['Summary', 'visible'],
      ['Price breaks', 'visible'],
      [SHEETS_RECORD, 'veryHidden'],
    ]);
    // The file opened in Excel: its sheets as they read, the record as its hidden sheet holds it.
    const { book, port, asked, confirm } = setUp(['BOM', 'Summary', 'Price breaks']);
    for (const name of ['Summary', 'Price breaks']) {
      const values = (loaded.getWorksheet(name)!.getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1));
      values.forEach((row, i) =>
        book.setValues(name, `A${i + 1}:${String.fromCharCode(64 + row.length)}${i + 1}`, [row as never]),
      );
    }
    const record = (loaded.getWorksheet(SHEETS_RECORD)!.getSheetValues() as unknown[][]).slice(1);
    await port.writeHiddenSheet(
      SHEETS_RECORD,
      record.map((r) => r.slice(1).map(String)),
    );
    expect(await isOwnSheet(port, 'Summary', 'summary')).toBe(true);
    expect(await isOwnSheet(port, 'Price breaks', 'price breaks')).toBe(true);
    expect((await writeSummarySheet(port, summary('Priced BOM', 11), { confirm })).address).toBe('Summary!A1:B3');
    expect(asked).toEqual([]);
  });
});

describe('the record is no BOM', () => {
  test("the pane's sheet question passes over the very hidden record", async () => {
    const { book, port, confirm } = setUp(['Parts']);
    book.setValues('Parts', 'A1:C3', [
      ['Qty', 'MPN', 'Designator'],
      [2, 'RC0603FR-0710KL', 'R1, R2'],
      [1, 'LM358DR', 'U1'],
    ]);
    await writeSummarySheet(port, summary('Priced BOM', 10), { confirm });
    await writeRiskSheet(port, [RISK_HEADER, ['LM358', 'TI', 'R1', 'low', '', '', '', '', '', '', '', '2']], {
      confirm,
    });
    await writePriceBreaks(port, [], { confirm });
    await writePriceBreaks(port, [], { confirm, sheet: 'Price breaks 2' });
    expect(book.visibility(SHEETS_RECORD)).toBe('VeryHidden');
    expect(await askAboutSheet(port, 'Parts')).toBeNull();
    // A very hidden sheet is passed over whatever it holds: one holding a longer BOM than the selection's is no BOM
    // the user made (read as one, it would be offered in place of 'Parts').
    await port.writeHiddenSheet('Program data', [
      ['Qty', 'MPN', 'Designator'],
      ['2', 'RC0603FR-0710KL', 'R1, R2'],
      ['1', 'LM358DR', 'U1'],
      ['4', 'GRM188R71H104KA93D', 'C1, C2, C3, C4'],
      ['1', 'NE555P', 'U2'],
      ['3', 'BC547B', 'Q1, Q2, Q3'],
    ]);
    expect(await askAboutSheet(port, 'Parts')).toBeNull();
  });
});
