/**
 * The sheets the add-in writes its lists to are its own by a record (src/excel/own-sheets.ts), not by their words: a
 * list it wrote stays its own under any wording, a sheet of the user's with the same words is asked about, a
 * workbook written before the record is known once by the words, and a stale mark writes no title.
 */
import { createWorkbookPort } from '../../src/excel';
import { writeSummarySheet } from '../../src/excel/summary-sheet';
import { writeRiskSheet } from '../../src/excel/risk-sheet';
import { markSummaryStale } from '../../src/excel/stale-sheets';
import { SHEETS_RECORD, isOwnSheet } from '../../src/excel/own-sheets';
import type { OverwriteQuestion } from '../../src/excel/sheet-claims';
import type { SummarySheetRow } from '../../src/purchase/summary-entries';
import { MemoryWorkbook } from '../../testing/excel';

const RISK_HEADER = [
  'Part',
  'Manufacturer',
  'Rows',
  'Risk',
  'Why',
  'Lifecycle',
  'RoHS',
  'Compliance',
  'ECCN',
  'HTS',
  'Tariff',
  'Sources with stock',
];

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
    book.addSheet('Risk');
    book.setValues('Risk', 'A1:B1', [['Part', 'Maker']]);
    expect(await isOwnSheet(port, 'Risk', 'risk')).toBe(false);
    await writeSummarySheet(port, summary('Priced BOM', 11), { confirm: async () => 'replace' });
    expect((await port.readHiddenSheet(SHEETS_RECORD))?.map((r) => r.slice(0, 2))).toEqual([
      ['partsheet-sheets', '1'],
      ['Summary', 'summary'],
    ]);
    // A list of one kind is not taken for another's.
    expect(await isOwnSheet(port, 'Summary', 'risk')).toBe(false);
  });

  test('a workbook written before the record: its lists are known by their words once, then by the record', async () => {
    const { book, port, asked, confirm } = setUp(['BOM', 'Summary', 'Risk', 'Notes']);
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
