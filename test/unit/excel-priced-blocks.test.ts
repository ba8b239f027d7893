/**
 * The add-in's priced blocks are known by the record of blocks (src/excel/priced-blocks.ts), not by today's header
 * words: a block a version wrote in other words is still the add-in's to order from, to price again and to clear, by
 * what that version recorded; a block moved by rows or columns inserted is still found; a workbook priced before the
 * record is read once by earlier versions' words, and on a sheet the record knows, those words alone take nothing.
 */
import { pricedLine } from '../helpers/priced-lines';
import { MemoryWorkbook } from '../../testing/excel';
import { columnLetters, createWorkbookPort, type WorkbookPort } from '../../src/excel';
import { type OverwriteQuestion, writePricedResults } from '../../src/excel/priced-sheet';
import { readSelectedPricedRows, rewriteOrderColumn, writeOrderCells } from '../../src/excel/order-sheet';
import { SHEETS_RECORD, changeRecord, recordEntries } from '../../src/excel/own-sheets';
import { blockRecordRow, layoutBlockRow, pricedBlockAt } from '../../src/excel/priced-blocks';
import { ownOrderTexts } from '../../src/excel/order-texts';
import { appendBomColumn } from '../../src/excel/bom-columns';
import { PRICED_BOM_COLUMNS, PRICED_BOM_HEADERS } from '../../src/purchase/priced-layout';

const line = pricedLine;

const BOM = [
  ['Ref', 'MPN', 'Qty'],
  ['R1', 'PART-1', 10],
  ['R2', 'PART-2', 10],
  ['X1', 'NOPE', 1],
];
const LOCATION = { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: 4, columnCount: 3, headerRow: 0 };
const LINES = [
  line(1),
  line(2),
  line(3, { status: 'not found', itemId: null, unitPrice: null, matchedPart: null, orderQty: null }),
];
/** The priced block from E (one empty column right of the BOM's A:C), and the Order column right of it. */
const LEFT = 4;
const WIDTH = PRICED_BOM_COLUMNS.length;
const LAST = columnLetters(LEFT + WIDTH - 1);
const ORDER = LEFT + WIDTH;
const ORDER_COL = columnLetters(ORDER);
const KEYS = PRICED_BOM_COLUMNS.map((c) => c.key);
/** Every header in other words, as a version that words them otherwise writes them. */
const OTHER_WORDS = PRICED_BOM_HEADERS.map((h) => `${h.toUpperCase()} ·`);

const never = async (q: OverwriteQuestion): Promise<never> => {
  throw new Error(`asked about ${q.usedAddress}`);
};

async function priced(): Promise<{ book: MemoryWorkbook; port: WorkbookPort }> {
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  book.setValues('BOM', 'A1:C4', BOM);
  const port = createWorkbookPort(book.host);
  await writePricedResults(port, LOCATION, LINES, { confirm: never });
  return { book, port };
}

/** The block's header and its Order column in other words, recorded so by the version that wrote them. */
async function inOtherWords(book: MemoryWorkbook, port: WorkbookPort): Promise<void> {
  book.setValues('BOM', `E1:${LAST}1`, [OTHER_WORDS]);
  book.setValues('BOM', `${ORDER_COL}1:${ORDER_COL}2`, [['BESTELLUNG'], ['90000001 submitted 2026-11-21 10:00']]);
  await changeRecord(port, (entries) => [
    ...entries.filter((e) => e[1] !== 'priced'),
    blockRecordRow('BOM', OTHER_WORDS, KEYS, 'BESTELLUNG'),
  ]);
}

describe('priced blocks, by the record of blocks', () => {
  test('a block written in other words is ordered from by what its version recorded, its Order column too', async () => {
    const { book, port } = await priced();
    book.select('BOM', 'A2:A4');
    const asWritten = await readSelectedPricedRows(port);
    await inOtherWords(book, port);
    const read = await readSelectedPricedRows(port);
    expect(read.block).toEqual({ sheet: 'BOM', headerRow: 0, column: LEFT, columns: WIDTH });
    expect(read.orderColumn).toBe(ORDER);
    expect(read.rows.map((r) => ({ ...r, order: '' }))).toEqual(asWritten.rows);
    expect(read.rows[0].order).toBe('90000001 submitted 2026-11-21 10:00');
    // Its Order column, in its words, is the add-in's: written without asking.
    const written = await writeOrderCells(port, read.block, [{ row: 2, text: '90000002 submitted 2026-11-22 10:00' }], {
      confirm: never,
      column: read.orderColumn,
    });
    expect(written?.column).toBe(ORDER);
    // … its header left in its words, so the column is still the block's next time.
    expect(book.getValues('BOM', `${ORDER_COL}1`)[0][0]).toBe('BESTELLUNG');
    expect((await readSelectedPricedRows(port)).orderColumn).toBe(ORDER);
    // Without the record those words are no version's: the rows are no priced BOM.
    book.deleteSheet(SHEETS_RECORD);
    await expect(readSelectedPricedRows(port)).rejects.toThrow(/is not in a priced BOM/);
  });

  test('priced again, a block in other words is written over without asking, and a new BOM column clears it with its Order column', async () => {
    const { book, port } = await priced();
    await inOtherWords(book, port);
    const out = await writePricedResults(port, LOCATION, LINES, { confirm: never });
    expect(out.address).toBe(`BOM!E1:${LAST}4`);
    expect(book.getValues('BOM', `E1:${LAST}1`)[0]).toEqual([...PRICED_BOM_HEADERS]);

    const again = await priced();
    await inOtherWords(again.book, again.port);
    const moved = await appendBomColumn(again.port, LOCATION, 'Pinned offer');
    expect(moved.columnCount).toBe(4);
    expect(again.book.getValues('BOM', 'D1')[0][0]).toBe('Pinned offer');
    const left = again.book.getValues('BOM', `E1:${ORDER_COL}4`).flat();
    expect(left.filter((v) => v !== null && v !== undefined && v !== '')).toEqual([]);
  });

  test('rows inserted above and a column left of it: the block is found where it now stands', async () => {
    const { book, port } = await priced();
    await inOtherWords(book, port);
    // The same sheet, two rows and a column further down and right, its record as it was.
    const moved = new MemoryWorkbook({ sheets: ['BOM'] });
    const cells = book.getValues('BOM', `A1:${ORDER_COL}4`);
    moved.setValues('BOM', `B3:${columnLetters(ORDER + 1)}6`, cells);
    const movedPort = createWorkbookPort(moved.host);
    await movedPort.writeHiddenSheet(SHEETS_RECORD, (await port.readHiddenSheet(SHEETS_RECORD))!);
    moved.select('BOM', 'B4:B6');
    const read = await readSelectedPricedRows(movedPort);
    expect(read.block).toEqual({ sheet: 'BOM', headerRow: 2, column: LEFT + 1, columns: WIDTH });
    expect(read.orderColumn).toBe(ORDER + 1);
    expect(read.rows.map((r) => [r.status, r.itemId])).toEqual([
      ['priced', '65130001'],
      ['priced', '65130002'],
      ['not found', ''],
    ]);
  });

  test("a workbook priced before the record: its block known once by earlier versions' words, then by the record", async () => {
    const { book, port } = await priced();
    book.deleteSheet(SHEETS_RECORD);
    const atBlock = { sheet: 'BOM', row: 0, column: LEFT, rows: 1, columns: WIDTH };
    expect((await pricedBlockAt(port, atBlock))?.run.width).toBe(WIDTH);
    await writePricedResults(port, LOCATION, LINES, { confirm: never });
    expect(await recordEntries(port)).toContainEqual(layoutBlockRow('BOM'));
    // On a sheet the record knows, a table of the user's carrying those words elsewhere is not the add-in's …
    const withoutOrigin = PRICED_BOM_HEADERS.filter((h) => h !== 'Country of origin');
    book.setValues('BOM', `A12:${columnLetters(WIDTH - 2)}12`, [withoutOrigin]);
    expect(await pricedBlockAt(port, { ...atBlock, row: 11, column: 0 })).toBeNull();
    // … while the block the record knows is, and so is one the add-in wrote in today's words anywhere on the sheet.
    expect(await pricedBlockAt(port, atBlock)).not.toBeNull();
    book.setValues('BOM', `A20:${columnLetters(WIDTH - 1)}20`, [[...PRICED_BOM_HEADERS]]);
    expect(await pricedBlockAt(port, { ...atBlock, row: 19, column: 0 })).not.toBeNull();
  });

  test("a second BOM priced on a sheet that holds a block an earlier version wrote: that block stays the add-in's", async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    const port = createWorkbookPort(book.host);
    // The earlier block: BOM1 on rows 11-14, priced by a version without the Country of origin column, its record
    // (kept by a version that recorded lists only) naming no block.
    book.setValues('BOM', 'A11:C14', BOM);
    const below = { ...LOCATION, rowIndex: 10 };
    await writePricedResults(port, below, LINES, { confirm: never });
    const origin = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'countryOfOrigin');
    const earlier = book
      .getValues('BOM', `E11:${LAST}14`)
      .map((row) => [...row.slice(0, origin), ...row.slice(origin + 1), null]);
    book.setValues('BOM', `E11:${LAST}14`, earlier);
    await port.writeHiddenSheet(SHEETS_RECORD, [['partsheet-sheets', '1']]);
    book.select('BOM', 'A12:A14');
    const before = await readSelectedPricedRows(port);
    expect(before.block.columns).toBe(WIDTH - 1);
    // BOM2 priced on rows 1-4 by this version.
    book.setValues('BOM', 'A1:C4', BOM);
    await writePricedResults(port, LOCATION, LINES, { confirm: never });
    const after = await readSelectedPricedRows(port);
    expect(after.block).toEqual(before.block);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows.map((r) => r.itemId)).toEqual(['65130001', '65130002', '']);
    // Priced again, BOM1's earlier block is written over without asking.
    expect((await writePricedResults(port, below, LINES, { confirm: never })).address).toBe(`BOM!E11:${LAST}14`);
  });

  test("where one layout's header begins another's, the wider block is the one found", async () => {
    const { book, port } = await priced();
    // A record that also knows a layout of one column fewer at its end (an earlier version's).
    await changeRecord(port, (entries) => [
      blockRecordRow('BOM', PRICED_BOM_HEADERS.slice(0, -1), KEYS.slice(0, -1), 'Order'),
      ...entries,
    ]);
    book.select('BOM', 'A2:A4');
    expect((await readSelectedPricedRows(port)).block.columns).toBe(WIDTH);
    expect((await writePricedResults(port, LOCATION, LINES, { confirm: never })).address).toBe(`BOM!E1:${LAST}4`);
  });
});

describe('Order texts, by the record of the texts the add-in wrote', () => {
  const BLOCK = { sheet: 'BOM', headerRow: 0, column: LEFT, columns: WIDTH };
  const cells = (book: MemoryWorkbook) => book.getValues('BOM', `${ORDER_COL}1:${ORDER_COL}4`).map((r) => r[0] ?? '');

  test("a text written in other words is the add-in's to move when the rows are sorted; a user's text is kept", async () => {
    const { book, port } = await priced();
    await writeOrderCells(port, BLOCK, [{ row: 1, text: 'Commande 90000001 envoyée' }], { confirm: never });
    // The user notes something under it, in words an earlier version's texts begin with.
    book.setValues('BOM', `${ORDER_COL}4`, [['Not ordered: ask Bob first']]);
    // Sorted: the ordered line is now on row 3.
    const done = await rewriteOrderColumn(port, BLOCK, 3, new Map([[2, 'Commande 90000001 envoyée']]));
    expect(done.written?.column).toBe(ORDER);
    expect(cells(book)).toEqual(['Order', '', 'Commande 90000001 envoyée', 'Not ordered: ask Bob first']);
  });

  test("a sheet ordered from before the record: earlier versions' texts known by their words, then recorded", async () => {
    const { book, port } = await priced();
    book.setValues('BOM', `${ORDER_COL}1:${ORDER_COL}2`, [['Order'], ['90000001 submitted 2026-11-21 10:00']]);
    const done = await rewriteOrderColumn(port, BLOCK, 3, new Map([[2, '90000001 submitted 2026-11-21 10:00']]));
    expect(done.written).not.toBeNull();
    expect(cells(book)).toEqual(['Order', '', '90000001 submitted 2026-11-21 10:00', '']);
    // The earlier text is in the record now: a text of that shape the user types is theirs.
    book.setValues('BOM', `${ORDER_COL}4`, [['90000009 submitted by Bob']]);
    await rewriteOrderColumn(port, BLOCK, 3, new Map([[1, '90000001 submitted 2026-11-21 10:00']]));
    expect(cells(book)).toEqual(['Order', '90000001 submitted 2026-11-21 10:00', '', '90000009 submitted by Bob']);
  });

  test("a user's note on a row being ordered is asked about, even in the add-in's own Order column", async () => {
    const { book, port } = await priced();
    await writeOrderCells(port, BLOCK, [{ row: 1, text: '90000001 submitted 2026-11-21 10:00' }], { confirm: never });
    book.setValues('BOM', `${ORDER_COL}3`, [['call the supplier first']]);
    const asked: OverwriteQuestion[] = [];
    const out = await writeOrderCells(port, BLOCK, [{ row: 2, text: 'Not ordered: out of stock' }], {
      confirm: async (q) => (asked.push(q), 'cancel'),
    });
    expect(out).toBeNull();
    expect(asked.map((q) => q.usedAddress)).toEqual([`BOM!${ORDER_COL}1:${ORDER_COL}3`]);
    expect(cells(book)[2]).toBe('call the supplier first');
  });

  test('an Order column the user put further right is the one written again after a run', async () => {
    const { book, port } = await priced();
    book.setValues('BOM', `${ORDER_COL}1`, [['my column']]);
    const further = columnLetters(ORDER + 1);
    await writeOrderCells(port, BLOCK, [{ row: 1, text: '90000001 submitted 2026-11-21 10:00' }], {
      confirm: async () => 'elsewhere',
    });
    expect(book.getValues('BOM', `${further}2`)[0][0]).toBe('90000001 submitted 2026-11-21 10:00');
    const done = await rewriteOrderColumn(port, BLOCK, 3, new Map([[2, '90000001 submitted 2026-11-21 10:00']]));
    expect(done.written?.column).toBe(ORDER + 1);
    expect(book.getValues('BOM', `${further}1:${further}3`).map((r) => r[0] ?? '')).toEqual([
      'Order',
      '',
      '90000001 submitted 2026-11-21 10:00',
    ]);
    expect(cells(book)[0]).toBe('my column');
  });

  test("the first text recorded on a sheet takes in earlier versions' texts in any of its columns", async () => {
    const { book, port } = await priced();
    // An earlier version's text in another column of the sheet (a second BOM's Order column, say).
    book.setValues('BOM', 'A20', [['90000007 submitted 2026-11-01 09:00']]);
    await writeOrderCells(port, BLOCK, [{ row: 1, text: '90000001 submitted 2026-11-21 10:00' }], { confirm: never });
    const own = await ownOrderTexts(port, 'BOM');
    expect(own('90000007 submitted 2026-11-01 09:00')).toBe(true);
    expect(own('90000008 submitted 2026-11-01 09:00')).toBe(false);
  });
});
