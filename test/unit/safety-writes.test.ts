/**
 * Spreadsheet safety of the task pane's writes, through its controller over the in-memory workbook:
 * - it never writes outside its own columns and sheets without asking: the user's cells right of the BOM, below
 *   it, in the gap column, on other sheets and on a sheet named like its own stay as they were unless the user
 *   chose "Replace";
 * - a write that fails (a request Excel refuses, or one it applied whose answer was lost) or that the user
 *   cancels leaves each result row complete or untouched.
 * An order writes only its Order column beside the priced columns and its "Orders" sheet, asking likewise.
 */
import { SHEETS_RECORD } from '../../src/excel/own-sheets';
import { DEFAULT_SETTINGS, type PartsheetSettings } from '../../src/settings';
import { PRICED_BOM_COLUMNS, PRICE_BREAK_COLUMNS } from '../../src/purchase';
import {
  type CellBlock,
  createWorkbookPort,
  parseAddress,
  type WorkbookPortOptions,
  type ExcelHost,
} from '../../src/excel';
import { MemoryWorkbook, type MemoryCell } from '../../testing/excel';
import { columnLetters } from '../../src/excel/address';
import { LookupScheduler } from '../../src/lookup';
import { PaneController } from '../../taskpane/controller';
import type { PaneServices } from '../../taskpane/services';
import { documentSettingsStore } from '../../taskpane/adapters/workbook-store';
import { FakeParts, makeOffer, makePart } from '../helpers/fake-parts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '../../service/checkout/accounts';
import { OrderController } from '../../taskpane/order/controller';
import {
  API_KEY,
  FaultyHost,
  LOGIN,
  PANE_ORIGIN,
  SERVICE_URL,
  inProcessService,
  paneOver,
  v4Entry,
  type FaultMode,
  type InProcessService,
} from '../helpers/safety';
import { paneServicesForTest } from '../../testing/pane-services';

/** The results block's last column (from E) and the columns right of it, by the priced layout's width. */
const LAST = columnLetters(4 + PRICED_BOM_COLUMNS.length - 1);
const NEXT = columnLetters(4 + PRICED_BOM_COLUMNS.length);
const AFTER_NEXT = columnLetters(4 + PRICED_BOM_COLUMNS.length + 1);
/** The first block of results clear of H3 and AD2 starts at AE; its last column. */
const MOVED_LAST = columnLetters(30 + PRICED_BOM_COLUMNS.length - 1);

const WIDTH = PRICED_BOM_COLUMNS.length;
const LINES = ['P-1', 'P-2', 'P-3', 'NOPE-1', 'P-5', 'P-6', 'P-7'];

function catalog(): FakeParts {
  const parts = new FakeParts();
  for (const [i, pn] of LINES.entries()) {
    if (pn.startsWith('NOPE')) continue;
    parts.add(makePart(pn, [makeOffer({ sourcePartId: `E-${i}`, stock: pn === 'P-7' ? 0 : 10_000 })]));
  }
  return parts;
}

interface Pane {
  book: MemoryWorkbook;
  parts: FakeParts;
  controller: PaneController;
  clock: { now: Date };
  /** Every overwrite question the pane asked. */
  asked: string[];
  /** What the user answers. */
  answer: 'replace' | 'elsewhere' | 'cancel';
}

function pane(
  options: { book?: MemoryWorkbook; host?: ExcelHost; gateway?: WorkbookPortOptions; parts?: FakeParts } = {},
): Pane {
  const book = options.book ?? bomBook();
  const parts = options.parts ?? catalog();
  const clock = { now: new Date(2026, 10, 20, 9, 30) };
  const scheduler = new LookupScheduler({
    port: parts,
    maxBatch: 3,
    concurrency: 2,
    windowMs: 1,
    now: () => clock.now.getTime(),
  });
  const settings: PartsheetSettings = { ...DEFAULT_SETTINGS, sources: [] };
  const services: PaneServices = paneServicesForTest({
    book: createWorkbookPort(options.host ?? book.host, options.gateway),
    workbook: documentSettingsStore(book.settings),
    settings: {
      getSettings: async () => ({ ...settings }),
      saveSettings: async () => ({ ...settings }),
      onSettingsChanged: () => () => undefined,
    },
    getScheduler: async () => scheduler,
    refreshPrices: async () => scheduler.clear(),
    testConnection: async () => [],
    now: () => clock.now,
  });
  const controller = new PaneController(services);
  const p: Pane = { book, parts, controller, clock, asked: [], answer: 'cancel' };
  controller.subscribe(() => {
    const question = controller.getState().confirm;
    if (question) {
      p.asked.push(`${question.what}: ${question.usedAddress}`);
      queueMicrotask(() => controller.answerConfirm(p.answer));
    }
  });
  return p;
}

function bomBook(): MemoryWorkbook {
  const book = new MemoryWorkbook({ sheets: ['BOM', 'Notes'] });
  book.setValues('BOM', `A1:C${LINES.length + 1}`, [
    ['MPN', 'Manufacturer', 'Qty'],
    ...LINES.map((pn) => [pn, 'TI', 2]),
  ]);
  book.select('BOM', `A1:C${LINES.length + 1}`);
  return book;
}

/** The user's own cells around the BOM: the gap column, far right, a total below, a note under the results, another sheet. */
const USER_CELLS: Array<[sheet: string, address: string, value: string | number]> = [
  ['BOM', 'D3', 'gap-column note'],
  ['BOM', 'AD2', 'far right'],
  ['BOM', 'A10', 'Total'],
  ['BOM', 'C10', 42],
  ['BOM', 'F12', 'note under the results'],
  ['BOM', 'E20', 'further down'],
  ['Notes', 'A1', 'keep me'],
];

function addUserCells(book: MemoryWorkbook, cells = USER_CELLS): void {
  for (const [sheet, address, value] of cells) book.setValues(sheet, address, [[value]]);
}

async function priceBom(p: Pane, mode: 'stale' | 'all' = 'stale'): Promise<void> {
  await p.controller.useSelection();
  expect(p.controller.getState().bom?.read?.lines).toHaveLength(LINES.length);
  await p.controller.price(mode);
}

type Snapshot = Record<string, Record<string, MemoryCell>>;

/** Cells that differ between two snapshots, as `Sheet!A1`. */
function changedCells(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const sheet of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[sheet] ?? {};
    const b = after[sheet] ?? {};
    for (const address of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (JSON.stringify(a[address] ?? null) !== JSON.stringify(b[address] ?? null)) out.push(`${sheet}!${address}`);
    }
  }
  return out;
}

function inside(cell: string, blocks: readonly CellBlock[]): boolean {
  const [sheet, address] = cell.split('!');
  const at = parseAddress(address, sheet);
  return blocks.some(
    (b) =>
      b.sheet === sheet &&
      at.row >= b.row &&
      at.row < b.row + b.rows &&
      at.column >= b.column &&
      at.column < b.column + b.columns,
  );
}

function blockOf(address: string | null | undefined): CellBlock {
  if (!address) throw new Error('nothing was written');
  const bang = address.lastIndexOf('!');
  return parseAddress(address.slice(bang + 1), address.slice(0, bang).replace(/^'|'$/g, '').replace(/''/g, "'"));
}

/**
 * What a run may write: its results block with the total row right under it, its own sheets, and the very hidden
 * sheet that keeps the run's snapshot for the next one.
 */
function ownOutput(results: string | null | undefined): CellBlock[] {
  const block = blockOf(results);
  const sheet = (name: string): CellBlock => ({ sheet: name, row: 0, column: 0, rows: 1_048_576, columns: 16_384 });
  const own = ['Price breaks', 'Summary', 'Risk', 'Partsheet snapshot', 'Partsheet sheets'].map(sheet);
  return [{ ...block, rows: block.rows + 1 }, ...own];
}

function expectUserCellsKept(book: MemoryWorkbook, cells = USER_CELLS): void {
  for (const [sheet, address, value] of cells)
    expect({ sheet, address, value: book.getValues(sheet, address)[0][0] }).toEqual({ sheet, address, value });
}

describe('the pane writes only its own columns and sheets unless the user says so', () => {
  test('with nothing in the way it asks nothing, and every cell it changes is in its results block or its own sheet', async () => {
    const p = pane();
    addUserCells(p.book);
    const before = p.book.snapshot();
    await priceBom(p);
    const pricing = p.controller.getState().pricing!;
    expect(p.asked).toEqual([]);
    expect(pricing.resultsAddress).toBe(`BOM!E1:${LAST}${LINES.length + 1}`);
    expect(pricing.breaksAddress).toBe("'Price breaks'!A1:I13");
    expectUserCellsKept(p.book);
    const allowed = ownOutput(pricing.resultsAddress);
    expect(changedCells(before, p.book.snapshot()).filter((c) => !inside(c, allowed))).toEqual([]);
    expect(p.book.sheetNames()).toEqual([
      'BOM',
      'Notes',
      'Partsheet sheets',
      'Price breaks',
      'Summary',
      'Risk',
      'Partsheet snapshot',
    ]);
  });

  test("a user's cell in the results block: asked first; Cancel leaves the whole workbook as it was", async () => {
    const p = pane();
    addUserCells(p.book, [...USER_CELLS, ['BOM', 'H3', 'my note']]);
    const before = p.book.snapshot();
    p.answer = 'cancel';
    await priceBom(p);
    expect(p.asked).toEqual(['results: BOM!H3']);
    expect(changedCells(before, p.book.snapshot())).toEqual([]);
    expect(p.book.sheetNames()).toEqual(['BOM', 'Notes']);
    expect(p.controller.getState().notices.map((n) => n.title)).toEqual(['Nothing written']);
  });

  test("'Next empty columns' puts the results where no cell of the user's is, and changes nothing else", async () => {
    const p = pane();
    const cells: typeof USER_CELLS = [...USER_CELLS, ['BOM', 'H3', 'my note']];
    addUserCells(p.book, cells);
    const before = p.book.snapshot();
    p.answer = 'elsewhere';
    await priceBom(p);
    const pricing = p.controller.getState().pricing!;
    // H3 is in the block from E and AD2 in every block up to AD; the first empty block starts at AE.
    expect(pricing.resultsAddress).toBe(`BOM!AE1:${MOVED_LAST}${LINES.length + 1}`);
    const written = blockOf(pricing.resultsAddress);
    for (const [sheet, address] of cells) expect(inside(`${sheet}!${address}`, [written])).toBe(false);
    expectUserCellsKept(p.book, cells);
    const allowed = ownOutput(pricing.resultsAddress);
    expect(changedCells(before, p.book.snapshot()).filter((c) => !inside(c, allowed))).toEqual([]);
  });

  test("'Replace' overwrites only the cells of the results block, with the user's consent", async () => {
    const p = pane();
    addUserCells(p.book, [...USER_CELLS, ['BOM', 'H3', 'my note']]);
    const before = p.book.snapshot();
    p.answer = 'replace';
    await priceBom(p);
    expect(p.asked).toEqual(['results: BOM!H3']);
    expect(p.book.getValues('BOM', 'H3')[0][0]).not.toBe('my note');
    expectUserCellsKept(p.book);
    const allowed = ownOutput(p.controller.getState().pricing!.resultsAddress);
    expect(changedCells(before, p.book.snapshot()).filter((c) => !inside(c, allowed))).toEqual([]);
  });

  test('pricing again replaces its own results without asking, and keeps what the user added around them', async () => {
    const p = pane();
    await priceBom(p);
    const around: typeof USER_CELLS = [
      ['BOM', `${NEXT}2`, 'right of the results'],
      ['BOM', 'E10', 'under the results'],
      ['Price breaks', 'K1', 'beside the breaks'],
    ];
    addUserCells(p.book, around);
    p.parts.reprice(2);
    await p.controller.price('all');
    expect(p.asked).toEqual([]);
    expect(p.controller.getState().notices.map((n) => n.title)).toContain('Prices written');
    expectUserCellsKept(p.book, around);
  });

  test("a sheet of the user's named \"Price breaks\" is asked about; Cancel keeps it, 'elsewhere' makes a sheet of its own", async () => {
    const book = bomBook();
    book.addSheet('Price breaks');
    const mine: typeof USER_CELLS = [
      ['Price breaks', 'A1', 'my own list'],
      ['Price breaks', 'B7', 99],
    ];
    addUserCells(book, mine);
    const p = pane({ book });
    const before = book.snapshot()['Price breaks'];
    p.answer = 'cancel';
    await priceBom(p);
    expect(p.asked).toEqual(["price breaks: 'Price breaks'!A1:B7"]);
    expect(book.snapshot()['Price breaks']).toEqual(before);
    expect(p.controller.getState().pricing!.breaksAddress).toBeNull();

    p.answer = 'elsewhere';
    await p.controller.price('all');
    expect(book.snapshot()['Price breaks']).toEqual(before);
    expect(p.controller.getState().pricing!.breaksAddress).toBe("'Price breaks (2)'!A1:I13");
  });

  test('a header row the pane adds above a BOM without one is asked about when the row above holds a cell of the user', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    book.setValues('BOM', 'A3:C5', [
      ['P-1', 'TI', 1],
      ['P-2', 'TI', 1],
      ['P-3', 'TI', 1],
    ]);
    book.setValues('BOM', 'G2', [['title of my own']]);
    book.select('BOM', 'A3:C5');
    const p = pane({ book });
    await p.controller.useSelection();
    await p.controller.setHeaderRow(null);
    p.controller.setMapping('partNumber', 0);
    p.controller.setMapping('quantity', 2);
    expect(p.controller.getState().bom?.read?.lines).toHaveLength(3);
    const before = book.snapshot();
    p.answer = 'cancel';
    await p.controller.price();
    expect(p.asked).toEqual(['results: BOM!G2']);
    expect(changedCells(before, book.snapshot())).toEqual([]);
  });

  test('cells of the results block that hold only formatting are not asked about: the block counts as empty', async () => {
    const p = pane();
    const user = createWorkbookPort(p.book.host);
    await user.setFills('BOM', [
      { row: 3, column: 6, color: '#00FF00' },
      { row: 3, column: 4, color: '#00FF00' },
    ]);
    await priceBom(p);
    expect(p.asked).toEqual([]);
    // The user's colour stays; the column's number format becomes the pane's; the Status column's colour is the pane's.
    expect(p.book.cell('BOM', 'G4')).toMatchObject({ fill: '#00FF00', numberFormat: '@' });
    expect(p.book.cell('BOM', 'E4')?.fill).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Failed and cancelled writes

interface RowState {
  values: unknown[];
  formats: unknown[];
  fill: unknown;
}

const RESULT_ROWS = LINES.length + 1;

/** Each row of the results block (header first) and of the "Price breaks" sheet, as values, formats and colour. */
function rows(book: MemoryWorkbook): { results: RowState[]; breaks: RowState[] } {
  const read = (sheet: string, count: number, width: number, left: number): RowState[] => {
    const out: RowState[] = [];
    for (let r = 0; r < count; r++) {
      const cells = Array.from({ length: width }, (_, c) =>
        book.hasSheet(sheet) ? book.cell(sheet, `${columnLetters(left + c)}${r + 1}`) : undefined,
      );
      out.push({
        values: cells.map((c) => c?.value ?? ''),
        formats: cells.map((c) => c?.numberFormat ?? 'General'),
        fill: cells[0]?.fill ?? null,
      });
    }
    return out;
  };
  return {
    results: read('BOM', RESULT_ROWS, WIDTH, 4),
    breaks: read('Price breaks', 2 * LINES.length, PRICE_BREAK_COLUMNS.length, 0),
  };
}

type Part = 'values' | 'all';

function rowVerdicts(before: RowState[], after: RowState[], now: RowState[], what: Part): string[] {
  const key = (r: RowState) => JSON.stringify(what === 'values' ? r.values : r);
  return now.map((row, i) =>
    key(row) === key(after[i]) ? 'complete' : key(row) === key(before[i]) ? 'untouched' : `row ${i + 1} half written`,
  );
}

async function faultRun(reprice: boolean, fault: { at: number | null; mode: FaultMode }) {
  const book = bomBook();
  const host = new FaultyHost(book);
  const p = pane({ book, host, gateway: { maxBlockRows: 2 } });
  await p.controller.useSelection();
  if (reprice) {
    await p.controller.price('all');
    p.parts.reprice(1.5);
    // P-7 comes back in stock: its Status cell loses its colour.
    for (const o of p.parts.parts.get('P7')![0].offers) o.stock = 10_000;
    p.clock.now = new Date(2026, 10, 21, 10, 0);
  }
  const before = rows(book);
  host.arm(fault.at, fault.mode);
  await p.controller.price('all');
  // The run's last request follows the BOM's sheet for the stale mark, after the run itself has ended.
  await p.controller.edits.following();
  return { book, host, p, before, now: rows(book) };
}

interface FaultOutcome {
  mode: FaultMode;
  at: number;
  /** The fault happened (see FaultyHost.fired). */
  fired: boolean;
  phase: string;
  notice: string;
  /** Warnings: the Order column (a view of the order record) not shown is one, after the prices were written. */
  warning: string;
  asked: string[];
  values: string[];
  whole: string[];
  breaks: string[];
}

describe.each([
  ['first write', false],
  ['pricing again over earlier results', true],
])('a write that fails midway (%s)', (_name, reprice) => {
  const outcomes: FaultOutcome[] = [];
  let syncs = 0;

  /** Verdicts with a half-written row shown as what was required of it. */
  const required = (verdicts: string[]) =>
    verdicts.map((v) => (v.endsWith('half written') ? 'complete or untouched' : v));

  beforeAll(async () => {
    const clean = await faultRun(reprice, { at: null, mode: 'refused' });
    syncs = clean.host.syncs;
    expect(clean.p.controller.getState().notices.map((n) => n.title)).toContain('Prices written');
    // The run must change every row, or "untouched" and "complete" could not be told apart.
    clean.now.results.forEach((row, i) => {
      if (i > 0 || !reprice)
        expect(JSON.stringify(row.values)).not.toBe(JSON.stringify(clean.before.results[i].values));
    });
    expect(syncs).toBeGreaterThan(10);
    for (const mode of ['refused', 'answer-lost'] as const) {
      for (let at = 1; at <= syncs; at++) {
        const run = await faultRun(reprice, { at, mode });
        const state = run.p.controller.getState();
        outcomes.push({
          mode,
          at,
          fired: run.host.fired,
          phase: state.phase,
          notice: state.notices
            .filter((n) => n.intent === 'error')
            .map((n) => `${n.title}: ${n.text}`)
            .join(' / '),
          warning: state.notices
            .filter((n) => n.intent === 'warning')
            .map((n) => `${n.title}: ${n.text}`)
            .join(' / '),
          asked: run.p.asked,
          values: rowVerdicts(clean.before.results, clean.now.results, run.now.results, 'values'),
          whole: rowVerdicts(clean.before.results, clean.now.results, run.now.results, 'all'),
          breaks: rowVerdicts(clean.before.breaks, clean.now.breaks, run.now.breaks, 'values'),
        });
      }
    }
  });

  test('at every request the pane ends idle, and says Excel did not allow the write or asks before writing', () => {
    expect(outcomes).toHaveLength(2 * syncs);
    // Most requests can fail; a lost answer to a request Excel refused by itself is no fault, and that run is clean.
    expect(outcomes.filter((o) => o.fired).length).toBeGreaterThan(2 * syncs - 4);
    for (const o of outcomes) {
      expect({ mode: o.mode, at: o.at, phase: o.phase }).toEqual({ mode: o.mode, at: o.at, phase: 'idle' });
      if (!o.fired) {
        expect({
          mode: o.mode,
          at: o.at,
          notice: o.notice,
          asked: o.asked,
          whole: o.whole.every((v) => v === 'complete'),
        }).toEqual({ mode: o.mode, at: o.at, notice: '', asked: [], whole: true });
        continue;
      }
      // A failed read of its own header makes its block look like someone else's: the pane asks (and the test says Cancel).
      const question = new RegExp(
        `^(results: BOM!E1:${LAST}${RESULT_ROWS}|price breaks: 'Price breaks'!A1:I13|summary: Summary!A1:B\\d+|risk: Risk!A1:L\\d+)$`,
      );
      // The last requests rewrite the Order column from the order record: when Excel refuses them the prices stand,
      // the record is untouched, and the pane says the column could not be shown, in Excel's words.
      const orderColumn =
        /^Order column not shown: The rows already ordered are still recorded, but the sheet could not show them: Excel did not allow/;
      // Following the BOM's changes for the stale mark is no write: when Excel refuses it, the pane says edits will not
      // be marked, in Excel's words, and the results stand.
      const unfollowed =
        /^Edits not followed: Cells of the BOM changed from now on will not mark these results stale: Excel did not allow/;
      if (o.notice === '' && (orderColumn.test(o.warning) || unfollowed.test(o.warning))) expect(o.asked).toEqual([]);
      else if (o.notice === '')
        expect({ mode: o.mode, at: o.at, asked: o.asked, warning: o.warning }).toEqual({
          mode: o.mode,
          at: o.at,
          warning: o.warning,
          asked: [expect.stringMatching(question)],
        });
      else
        expect(o.notice).toMatch(
          /^Excel did not allow it: Excel did not allow (reading|writing|adding|colouring|formatting|clearing|keeping|listing)/,
        );
    }
  });

  test("at every request, refused or with its answer lost: each result row's values are all written or all as they were", () => {
    for (const o of outcomes)
      expect({ mode: o.mode, at: o.at, rows: o.values }).toEqual({ mode: o.mode, at: o.at, rows: required(o.values) });
    // The faults fell between blocks too: some runs left some rows written and others not.
    expect(outcomes.some((o) => o.values.includes('complete') && o.values.includes('untouched'))).toBe(true);
  });

  // Each row block's values, number formats and status colours go in one request.
  test('at every request, each result row is complete with its number formats and status colour, or as it was', () => {
    for (const o of outcomes)
      expect({ mode: o.mode, at: o.at, rows: o.whole }).toEqual({ mode: o.mode, at: o.at, rows: required(o.whole) });
  });

  // Pricing again writes the new list over the old one, then clears what is left of the old one below it.
  test('at every request, each row of the "Price breaks" sheet is complete or as it was', () => {
    for (const o of outcomes)
      expect({ mode: o.mode, at: o.at, rows: o.breaks }).toEqual({ mode: o.mode, at: o.at, rows: required(o.breaks) });
  });
});

describe('cancelling', () => {
  test('Cancel while prices arrive: every row is written complete, the prices that arrived and a status for the rest', async () => {
    const parts = catalog();
    const p = pane({ parts });
    addUserCells(p.book);
    parts.hold = true;
    await p.controller.useSelection();
    const run = p.controller.price();
    await waitFor(() => parts.held > 0);
    parts.release();
    await waitFor(() => parts.answered === 1);
    p.controller.cancel();
    await run;
    expect(p.controller.getState().notices.map((n) => n.title)).toContain('Cancelled');
    const values = p.book.getValues('BOM', `E2:${LAST}${RESULT_ROWS}`);
    const arrived = values.filter((r) => r[0] === 'priced');
    const cancelled = values.filter((r) => String(r[0]).includes('cancelled before its price arrived'));
    expect(arrived.length).toBeGreaterThan(0);
    expect(cancelled.length).toBeGreaterThan(0);
    for (const row of arrived) expect(row.slice(1, 8).every((v) => v !== '')).toBe(true);
    for (const row of cancelled) expect(row.slice(1).every((v) => v === '' || typeof v === 'number')).toBe(true);
    expect(arrived.length + cancelled.length + values.filter((r) => r[0] === 'not found').length).toBe(LINES.length);
    expectUserCellsKept(p.book);
  });

  test('the pane offers no Cancel while writing: a cancel then (or closing the pane) does not cut the write short', async () => {
    const book = bomBook();
    const host = new FaultyHost(book);
    const p = pane({ book, host, gateway: { maxBlockRows: 2 } });
    const stop = p.controller.start();
    await p.controller.useSelection();
    let phaseAtCancel: string | null = null;
    host.arm(null);
    host.onSync = () => {
      if (phaseAtCancel === null && p.controller.getState().phase === 'writing') {
        p.controller.cancel();
        phaseAtCancel = p.controller.getState().phase;
        stop();
      }
    };
    await p.controller.price();
    expect(phaseAtCancel).toBe('writing');
    const reference = pane();
    await priceBom(reference);
    expect(rows(book)).toEqual(rows(reference.book));
    expect(p.controller.getState().notices.map((n) => n.title)).toEqual(['Prices written']);
  });

  test('Cancel at the overwrite question writes nothing at all', async () => {
    const p = pane();
    addUserCells(p.book, [['BOM', 'K5', 'in the way']]);
    const before = p.book.snapshot();
    p.answer = 'cancel';
    await priceBom(p);
    expect(changedCells(before, p.book.snapshot())).toEqual([]);
  });
});

describe('an order writes only its Order column and its own sheet', () => {
  let svc: InProcessService;
  const ORDER_PARTS = ['ORD-1', 'ORD-2', 'ORD-3'];

  beforeAll(async () => {
    svc = await inProcessService(
      ORDER_PARTS.map((partNum, i) =>
        v4Entry({
          partNum,
          mfrCd: `OM${i}`,
          mfrName: `Maker ${i}`,
          desc: 'part',
          availability: 'In Stock',
          sourcePartId: `OSP-${i}`,
        }),
      ),
      { [LOGIN]: API_KEY },
    );
    seedDemoAccounts(svc.store.db);
  });
  afterAll(async () => {
    await svc?.close();
  });

  async function orderAfterPricing(user: typeof USER_CELLS, answer: 'cancel' | 'replace' | 'elsewhere') {
    const pane = await paneOver(
      svc.fetch,
      { checkoutBaseUrl: SERVICE_URL },
      { book: new MemoryWorkbook({ sheets: ['BOM', 'Notes'] }) },
    );
    pane.book.setValues('BOM', 'A1:C4', [['MPN', 'Qty', 'Ref'], ...ORDER_PARTS.map((p, i) => [p, 1, `R${i + 1}`])]);
    pane.book.select('BOM', 'A1');
    await pane.controller.useSelection();
    await pane.controller.price();
    expect(pane.controller.getState().pricing?.resultsAddress).toBe(`BOM!E1:${LAST}4`);
    addUserCells(pane.book, user);
    const before = pane.book.snapshot();
    const order = new OrderController({ ...pane.services, origin: PANE_ORIGIN, fetch: svc.fetch });
    const asked: string[] = [];
    order.subscribe(() => {
      const q = order.getState().question;
      if (!q) return;
      if (q.kind === 'overwrite') asked.push(`${q.question.what}: ${q.question.usedAddress}`);
      queueMicrotask(() => order.answerQuestion(q.kind === 'overwrite' ? answer : 'yes'));
    });
    const stop = order.start();
    pane.book.select('BOM', 'A2:A4');
    await order.readSelection();
    expect(order.getState().form.environment).toBe('production');
    order.setField('username', DEMO_ACCOUNTS.buyer);
    order.setField('password', DEMO_PASSWORD);
    order.setField('customerPONumber', `PO-${answer}`);
    order.setField('shipToAddressId', '1001');
    await order.create();
    stop();
    expect({ failure: order.getState().failure, orderId: order.getState().outcome?.orderId }).toEqual({
      failure: null,
      orderId: expect.stringMatching(/^\d+$/),
    });
    return { book: pane.book, before, asked, order };
  }

  test('with nothing in the way: the Order column right of the priced columns and the "Orders" sheet, nothing else', async () => {
    const around: typeof USER_CELLS = [
      ['BOM', `${AFTER_NEXT}2`, 'right of the order column'],
      ['BOM', `${NEXT}8`, 'under the order column'],
      ['Notes', 'A1', 'keep me'],
    ];
    const { book, before, asked, order } = await orderAfterPricing(around, 'cancel');
    expect(asked).toEqual([]);
    expect(order.getState().outcome?.orderColumn).toBe(`BOM!${NEXT}1:${NEXT}4`);
    expectUserCellsKept(book, around);
    // And the add-in's own record of its sheets, which keeps the Order texts it wrote (order-texts.ts).
    const allowed = [
      parseAddress(`${NEXT}1:${NEXT}4`, 'BOM'),
      { sheet: 'Orders', row: 0, column: 0, rows: 1_048_576, columns: 16_384 },
      { sheet: SHEETS_RECORD, row: 0, column: 0, rows: 1_048_576, columns: 16_384 },
    ];
    expect(changedCells(before, book.snapshot()).filter((c) => !inside(c, allowed))).toEqual([]);
  });

  test("a user's cell where the Order column goes is asked about; Cancel leaves it and writes no Order column", async () => {
    const mine: typeof USER_CELLS = [['BOM', `${NEXT}3`, 'my column']];
    const { book, before, asked, order } = await orderAfterPricing(mine, 'cancel');
    expect(asked).toEqual([`order column: BOM!${NEXT}3`]);
    expect(order.getState().outcome?.orderColumn).toBeNull();
    expectUserCellsKept(book, mine);
    const allowed = [{ sheet: 'Orders', row: 0, column: 0, rows: 1_048_576, columns: 16_384 }];
    expect(changedCells(before, book.snapshot()).filter((c) => !inside(c, allowed))).toEqual([]);
  });
});

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
