/**
 * The words of a Status cell are for people: the sheet's fills, the order review and what it leaves out are made
 * from the line's record (its status, numbers, plan and marks), so rewording every sentence the plan writes changes
 * none of them. And no code of the workbook's sheets or of the workflows matches on Status, reason or note text; the
 * one reader of such words is the one for workbooks priced before records were kept (src/plan/quantity-note.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBom } from '../../src/bom';
import { type PricedLine } from '../../src/purchase';
import { priceBom } from '../../src/purchase/price-lines';
import { PRICED_BOM_COLUMNS } from '../../src/purchase/priced-layout';
import { columnLetters, createWorkbookPort } from '../../src/excel';
import { cellFingerprint, fingerprintRow } from '../../src/excel/own-cells';
import { readSelectedPricedRows } from '../../src/excel/order-sheet';
import { writePricedResults } from '../../src/excel/priced-sheet';
import { markResultsStale } from '../../src/excel/stale-results';
import { clearLeftoverResults } from '../../src/excel/leftover-results';
import { parseAddress } from '../../src/excel/address';
import { LookupScheduler } from '../../src/lookup';
import { planOrder } from '../../src/workflows/order-lines';
import { MemoryWorkbook } from '../../testing/excel';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

function scheduler(): LookupScheduler {
  const port = new FakeParts().add(
    makePart('REEL-ONLY', [makeOffer({ sourcePartId: 'R-1', moq: 2_500, breaks: makeBreaks([1, 1.041]) })]),
    makePart('QUOTED', [makeOffer({ sourcePartId: 'Q-1', quoteOnly: true, breaks: [] })]),
    makePart('FEW', [makeOffer({ sourcePartId: 'F-1', stock: 30, breaks: makeBreaks([1, 0.5]) })]),
    makePart('NONE-LEFT', [makeOffer({ sourcePartId: 'N-1', stock: 0, breaks: makeBreaks([1, 0.5]) })]),
    makePart('SHARED', [makeOffer({ sourcePartId: 'S-1', moq: 100, breaks: makeBreaks([1, 0.2]) })]),
    makePart('EXACT', [makeOffer({ sourcePartId: 'E-1', breaks: makeBreaks([1, 2]) })]),
  );
  return new LookupScheduler({ port, windowMs: 0, retry: { maxAttempts: 1 } });
}

const BOM = [
  ['MPN', 'Qty'],
  ['REEL-ONLY', 25],
  ['QUOTED', 4],
  ['FEW', 60],
  ['NONE-LEFT', 5],
  ['SHARED', 20],
  ['EXACT', 3],
  ['SHARED', 30],
  ['', 1],
];

/** Every Status reason reworded: the same record, other words (none of the plan's). */
function reworded(lines: readonly PricedLine[]): PricedLine[] {
  return lines.map((l, i) => ({ ...l, statusReason: l.statusReason === '' ? '' : `wording ${i} changed` }));
}

/** The BOM on a sheet of its own, the lines priced and written beside it. */
async function writtenBeside(lines: readonly PricedLine[]) {
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  book.setValues('BOM', `A1:B${BOM.length}`, BOM);
  const port = createWorkbookPort(book.host);
  const written = await writePricedResults(
    port,
    { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: BOM.length, columnCount: 2, headerRow: 0 },
    lines,
    { confirm: async () => 'replace' },
  );
  return { book, port, written };
}

/**
 * Writes the lines beside the BOM, selects them and reads what the order review and the sheet make of them. With
 * `otherStatusWords`, every Status cell is written with other words for its status too ("priced: …" as "état 2: …"),
 * as a version of the add-in that words them otherwise would write them: the cells and their record agree.
 */
async function whatTheSheetMakes(lines: readonly PricedLine[], otherStatusWords = false) {
  const { book, port, written } = await writtenBeside(lines);
  const statusColumn = columnLetters(3 + PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'status'));
  const cells = written.cells!.map((row) => [...row]);
  if (otherStatusWords)
    cells.forEach((row, i) => {
      if (i === 0 || typeof row[0] !== 'string' || row[0] === '') return;
      row[0] = row[0].replace(/^[^:]+/, `état ${i}`);
      book.setValues('BOM', `${statusColumn}${i + 1}`, [[row[0]]]);
    });
  const results = { address: written.address!, cells: cells.map(fingerprintRow), plans: written.plans };
  book.select('BOM', `A2:A${BOM.length}`);
  const selected = await readSelectedPricedRows(port, { results });
  const plan = planOrder(selected.rows);
  return {
    fills: BOM.map((_, r) => book.cell('BOM', `${statusColumn}${r + 1}`)?.fill ?? null),
    lines: plan.lines,
    // What the review leaves out and why; the Status words it quotes in brackets for the buyer are left aside.
    leftOut: plan.leftOut.map((l) => ({ ...l, reason: l.reason.replace(/ \(.*\)$/, '') })),
    group: plan.group,
  };
}

describe('records, not words', () => {
  test('rewording every Status sentence changes no fill, no review line and nothing left out', async () => {
    const { lines } = await priceBom(readBom(BOM), scheduler());
    // The case this is about: every kind of mark is on the sheet.
    expect(lines.map((l) => [l.status, l.plan?.marks ?? null])).toEqual([
      ['priced', { overbuy: { spare: 2_576.475, currency: 'USD', percent: 99 } }],
      ['no price', { quoteOnly: true }],
      ['short', {}],
      ['short', {}],
      ['priced', {}],
      ['priced', {}],
      ['priced', {}],
      ['skipped', null],
    ]);
    const asWritten = await whatTheSheetMakes(lines);
    const afterRewording = await whatTheSheetMakes(reworded(lines));
    expect(afterRewording).toEqual(asWritten);
    // And it is a review worth comparing: an overbuy said from its mark, a quote-only line left out as such.
    expect(asWritten.lines.find((l) => l.itemId === 'R-1')?.overbuy).toBe(
      "2,576.48 USD of spares (99 % of the line's cost)",
    );
    expect(asWritten.leftOut.find((l) => l.what === 'QUOTED')?.reason).toBe(
      'quote only: there is no price to order at; ask for a quote',
    );
    expect(asWritten.fills.filter((f) => f !== null)).toHaveLength(4);
  });

  test('other words for the status itself change no review line: ordering takes the status from the record', async () => {
    const { lines } = await priceBom(readBom(BOM), scheduler());
    const asWritten = await whatTheSheetMakes(lines);
    const otherWords = await whatTheSheetMakes(lines, true);
    expect(otherWords.lines).toEqual(asWritten.lines);
    expect(otherWords.group).toEqual(asWritten.group);
    // The rows with a plan are left out (or not) as before, for the same reasons; the skipped row, which has no
    // plan to keep a record of, is still left out.
    expect(otherWords.leftOut.map((l) => l.row)).toEqual(asWritten.leftOut.map((l) => l.row));
    expect(otherWords.leftOut.slice(0, -1)).toEqual(asWritten.leftOut.slice(0, -1));
    expect(asWritten.lines.map((l) => l.itemId)).toEqual(['R-1', 'F-1', 'S-1', 'E-1']);
  });

  test('a block written in an earlier layout (a column fewer) is still ordered from its record, not its words', async () => {
    const { lines } = await priceBom(readBom(BOM), scheduler());
    const { book, port, written } = await writtenBeside(lines);
    // The same results as a version without the Origin column wrote them: that column left out of the cells, the
    // columns right of it one to the left, and every Status with other words for its status.
    const origin = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'countryOfOrigin');
    expect(origin).toBeGreaterThan(0);
    const earlier = written.cells!.map((row, i) => {
      const cells = row.filter((_, c) => c !== origin);
      if (i > 0 && typeof cells[0] === 'string' && cells[0] !== '') cells[0] = cells[0].replace(/^[^:]+/, `état ${i}`);
      return cells;
    });
    const old = new MemoryWorkbook({ sheets: ['BOM'] });
    old.setValues('BOM', `A1:B${BOM.length}`, BOM);
    old.setValues('BOM', `D1:${columnLetters(3 + earlier[0].length - 1)}${earlier.length}`, earlier);
    const results = { address: written.address!, cells: earlier.map(fingerprintRow), plans: written.plans };
    old.select('BOM', `A2:A${BOM.length}`);
    const selected = await readSelectedPricedRows(createWorkbookPort(old.host), { results });
    expect(selected.block.columns).toBe(PRICED_BOM_COLUMNS.length - 1);
    expect(selected.rows.map((r) => r.plan !== null)).toEqual([true, true, true, true, true, true, true, false]);
    book.select('BOM', `A2:A${BOM.length}`);
    const now = await readSelectedPricedRows(port, {
      results: { address: written.address!, cells: written.cells!.map(fingerprintRow), plans: written.plans },
    });
    expect(planOrder(selected.rows).lines).toEqual(planOrder(now.rows).lines);
  });

  test('a row the add-in has since marked stale is left out as stale, by the stale mark its record keeps', async () => {
    const { lines } = await priceBom(readBom(BOM), scheduler());
    const { book, port, written } = await writtenBeside(lines);
    const location = { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: BOM.length, columnCount: 2, headerRow: 0 };
    const cells = written.cells!.map(fingerprintRow);
    const stale = await markResultsStale(
      port,
      location,
      lines,
      written.address!,
      'priced for 1 board, Boards now says 5',
      {
        cells,
      },
    );
    expect(stale).toHaveLength(BOM.length);
    book.select('BOM', `A2:A${BOM.length}`);
    const results = { address: written.address!, cells, plans: written.plans, stale: stale! };
    const selected = await readSelectedPricedRows(port, { results });
    const priced = selected.rows.filter((r) => r.matchedPart !== '');
    expect(priced.map((r) => r.status)).toEqual(Array.from({ length: 7 }, () => 'stale'));
    // Stale by the record: each row keeps its plan, with the record's status stale.
    expect(priced.map((r) => r.plan?.status)).toEqual(Array.from({ length: 7 }, () => 'stale'));
    expect(planOrder(selected.rows).lines).toEqual([]);
    // Without the stale marks (a record kept before them), the row is no longer as its record says: not ordered.
    const unmarked = await readSelectedPricedRows(port, { results: { ...results, stale: undefined } });
    expect(unmarked.rows.filter((r) => r.plan !== null)).toEqual([]);
    expect(planOrder(unmarked.rows).lines).toEqual([]);
  });

  test("a stale mark in other words is still stale by the record, and the row is still the add-in's to clear", async () => {
    const { lines } = await priceBom(readBom(BOM), scheduler());
    const { book, port, written } = await writtenBeside(lines);
    const statusColumn = columnLetters(3 + PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'status'));
    const cells = written.cells!.map(fingerprintRow);
    // As a version that words its stale mark otherwise would write it: the cell and its record agree.
    const words = 'veraltet: für 1 Platine berechnet';
    book.setValues('BOM', `${statusColumn}2`, [[words]]);
    const stale = cells.map((_, i) => (i === 1 ? cellFingerprint(words) : ''));
    book.select('BOM', 'A2:A2');
    const results = { address: written.address!, cells, plans: written.plans, stale };
    const [row] = (await readSelectedPricedRows(port, { results })).rows;
    expect(row.status).toBe('stale');
    expect(planOrder([row]).lines).toEqual([]);
    // A shorter BOM priced again from row 3: the earlier row 2 is the add-in's whole, its stale Status included.
    const block = parseAddress(written.address!);
    const kept = await clearLeftoverResults(port, results, { ...block, row: 2, rows: block.rows - 2 });
    expect(kept).toEqual([]);
    expect(book.getValues('BOM', `${statusColumn}2`)[0][0]).toBe('');
  });

  test("a record kept before stale marks: an earlier version's stale Status is still known as the add-in's, once, by its words", async () => {
    const { lines } = await priceBom(readBom(BOM), scheduler());
    const { book, port, written } = await writtenBeside(lines);
    const statusColumn = columnLetters(3 + PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'status'));
    const was = String(book.getValues('BOM', `${statusColumn}2`)[0][0]);
    book.setValues('BOM', `${statusColumn}2`, [[`stale: priced for 1 board (was: ${was})`]]);
    const results = { address: written.address!, cells: written.cells!.map(fingerprintRow), plans: written.plans };
    const block = parseAddress(written.address!);
    const kept = await clearLeftoverResults(port, results, { ...block, row: 2, rows: block.rows - 2 });
    expect(kept).toEqual([]);
    // With the record's stale marks kept (a record of this version), the same words are no mark of the add-in's.
    const was3 = String(book.getValues('BOM', `${statusColumn}3`)[0][0]);
    book.setValues('BOM', `${statusColumn}3`, [[`stale: priced for 1 board (was: ${was3})`]]);
    const marked = { ...results, stale: results.cells.map(() => '') };
    expect(await clearLeftoverResults(port, marked, { ...block, row: 3, rows: block.rows - 3 })).toEqual([
      `${statusColumn}3`,
    ]);
  });

  test('no code of the sheets, the workflows, buying or the plan matches on Status, reason or note text', () => {
    // The one reader of words: a workbook priced before lines kept their record has only its Status words, read once
    // when it is first ordered from (what could not be recovered is said).
    // And the total row of a workbook whose record predates the total's, found once by its words.
    const LEGACY_READERS = new Set([
      'src/plan/quantity-note.ts',
      'src/excel/legacy-total.ts',
      'src/excel/legacy-stale.ts',
      'src/excel/legacy-sheets.ts',
    ]);
    const root = join(__dirname, '..', '..');
    const offending: string[] = [];
    // A pattern tried on a text named a reason, a Status or a note; or such a text searched for words.
    const readsWords = [
      /\.(?:test|exec)\(\s*[\w.?!]*(?:reason|statusReason|status|notes?)\b/i,
      /(?:reason|statusReason|notes?)\)?\s*\.(?:match|includes|startsWith|endsWith|search)\(/i,
      // A note looked for among the notes by its words: `notes.find((n) => n.startsWith('…'))`.
      /notes?\.(?:find|findIndex|some|filter)\(\s*\(?(\w+)\)?\s*=>\s*\1\.(?:match|includes|startsWith|endsWith|search)\(/i,
      // The same with a pattern: `notes.find((n) => /quote only/.test(n))`.
      /notes?\.(?:find|findIndex|some|filter)\(\s*\(?(\w+)\)?\s*=>\s*\/.+\/\w*\.test\(\s*\1\s*\)/i,
      // Any text searched for the words the add-in writes in a Status cell: its stale mark, what it was, a total.
      /\.(?:startsWith|endsWith|includes|indexOf)\(\s*[`'"](?:stale: |\(was: |Total for )/,
    ];
    // Every folder of shipped code that handles priced lines, their records or the pane's views of them, and the CLI.
    const dirs = ['src/excel', 'src/workflows', 'src/purchase', 'src/plan', 'src/changes', 'src/suggest', 'cli'];
    const files = (dir: string): string[] =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => `${dir}/${f}`);
    for (const path of [...dirs.flatMap(files), ...files('taskpane')]) {
      if (LEGACY_READERS.has(path)) continue;
      {
        const [dir, file] = [path.slice(0, path.lastIndexOf('/')), path.slice(path.lastIndexOf('/') + 1)];
        readFileSync(join(root, dir, file), 'utf8')
          .split('\n')
          .forEach((text, i) => {
            if (readsWords.some((re) => re.test(text))) offending.push(`${dir}/${file}:${i + 1}: ${text.trim()}`);
          });
      }
    }
    expect(offending).toEqual([]);
  });

  test("no list sheet or priced block is claimed, found or marked stale by its words: the record of the add-in's sheets and blocks decides", () => {
    const root = join(__dirname, '..', '..');
    // The words are read for a workbook written before the record: the lists' in legacy-sheets.ts, the priced blocks'
    // (and their Order column's header and texts) in legacy-priced.ts, which only priced-blocks.ts and order-texts.ts
    // call.
    const allowed = new Set([
      'src/excel/legacy-sheets.ts',
      'src/excel/legacy-priced.ts',
      'src/excel/priced-blocks.ts',
      'src/excel/order-texts.ts',
    ]);
    const claimsByWords = [
      /headerIsOurs\(/,
      /(?:===|startsWith\()\s*(?:SUMMARY_TITLE|SCENARIOS_TITLE|CHANGES_TITLE|RISK_SHEET_HEADERS|BREAK_HEADERS)\b/,
      /[!=]==\s*(?:ORDER_HEADER|PRICED_BOM_HEADERS)\b/,
      /\b(?:legacyHeaderAt|isLegacyOrderHeader|isLegacyOrderText|isOwnOrderText|headerAt)\b/,
      /\/\^\(\?:\\d\{5,\}\|An order\)/,
      /[!=]==\s*'(?:Status|Order|Item id)'/,
    ];
    const offending: string[] = [];
    for (const dir of ['src/excel', 'src/workflows', 'taskpane']) {
      for (const file of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
        const path = `${dir}/${file}`;
        if (!/\.tsx?$/.test(file) || allowed.has(path)) continue;
        readFileSync(join(root, path), 'utf8')
          .split('\n')
          .forEach((text, i) => {
            if (claimsByWords.some((re) => re.test(text))) offending.push(`${path}:${i + 1}: ${text.trim()}`);
          });
      }
    }
    expect(offending).toEqual([]);
  });
});
