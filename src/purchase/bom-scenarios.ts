/**
 * Scenarios: one BOM priced at several build quantities (1, 10, 100, 1,000 boards) side by side.
 *
 * One lookup serves every quantity. The BOM is looked up and matched once (matchBom: the lookups, which part each
 * line means, the exchange rates), none of which depends on the number of boards; each quantity is then planned from
 * that match (priceMatched), so pricing four quantities asks the service exactly what pricing one asks and matches
 * each line once. Planning a quantity is the very step a run at that quantity alone ends with, so a scenario's
 * figures are, to the cent, what that run gives.
 *
 * The comparison says per quantity the total, the cost per board, the cost of the spares, the lines short, the
 * lines whose part is not Active and the lines whose offer changes from the quantity before; and per line the unit
 * price and extended cost at each quantity.
 */
import type { BomReadResult } from '../bom/read';
import {
  type BomLookupPort,
  type PriceBomOptions,
  type PriceBomResult,
  type PricedBomLine,
  matchBom,
  priceMatched,
} from './price-lines';
import { coverageOf, coverageText } from './summary-entries';
import { countOf, plural } from '../text/plural';
import { parseCountList } from '../text/count-list';
import { type ScenarioDates, scenarioDateCells, scenarioDateHeaders, scenarioDates } from './scenario-dates';

/** Most quantities one run compares. */
export const MAX_SCENARIOS = 8;
/** Largest build quantity (the BOM reading's limit). */
export const MAX_SCENARIO_BOARDS = 1_000_000;

/** Quantities as the user wrote them: sorted and each once in `quantities`; `first` is the one written first. */
export interface BoardsList {
  quantities: number[];
  first: number;
}

/**
 * Reads a Boards text: one quantity ("10", "1,000", "1_000") or several, separated by commas, semicolons or
 * spaces ("1, 10, 100, 1000", "1,10,100,1000"), as src/text/count-list.ts reads a list of counts; sorted, each once.
 * Throws a RangeError in the user's words when the text is not such a list.
 */
export function parseBoardsList(text: string, max = MAX_SCENARIO_BOARDS): BoardsList {
  const values = parseCountList(text, { noun: 'boards', subject: 'each number of boards', max });
  const quantities = [...new Set(values)].sort((a, b) => a - b);
  if (quantities.length > MAX_SCENARIOS)
    throw new RangeError(`at most ${MAX_SCENARIOS} quantities of boards at once; got ${quantities.length}`);
  return { quantities, first: values[0] };
}

export interface ScenarioRun {
  boards: number;
  result: PriceBomResult;
}

/**
 * Prices the BOM at each quantity of `quantities` (sorted, each once), with one lookup and one match for all (see
 * the module note): each quantity's needs are its lines' quantities per board times that quantity. Progress is reported for the lookup only.
 */
export async function priceScenarios(
  read: BomReadResult,
  port: BomLookupPort,
  quantities: readonly number[],
  options: PriceBomOptions = {},
): Promise<ScenarioRun[]> {
  const list = [...new Set(quantities)].sort((a, b) => a - b);
  if (list.length === 0) throw new RangeError('no quantity of boards to price');
  const matched = await matchBom(read, port, options);
  return list.map((boards) => ({
    boards,
    result: priceMatched(matched, read, { ...options, boards }),
  }));
}

/** A line whose offer is not the one bought at the quantity before. */
export interface OfferChange {
  row: number;
  partNumber: string;
  /** The offers bought before and now, as "SOURCE sourcePartId" joined by " + "; '' when none. */
  from: string;
  to: string;
}

export interface ScenarioQuantity {
  boards: number;
  currency: string | null;
  total: number;
  perBoard: number;
  /** The cost of the spares (bought beyond the need). */
  excess: number;
  /** Lines priced in full, and lines to buy: the total leaves out the rest. */
  priced: number;
  toBuy: number;
  /** The total covers every line to buy. */
  complete: boolean;
  /** What the total covers, in words ("all 50 lines priced"). */
  coverage: string;
  short: number;
  notActive: number;
  overbuys: number;
  /** Lines whose offer changes from the quantity before (none for the first). */
  changed: OfferChange[];
  /** When the build is clear to build at this quantity (when the run worked out dates). */
  dates?: ScenarioDates;
}

export interface ScenarioLineCost {
  boards: number;
  status: PricedBomLine['status'];
  orderQty: number | null;
  unitPrice: number | null;
  extended: number | null;
  /** The offers bought ('' when none). */
  offer: string;
}

export interface ScenarioLine {
  row: number;
  partNumber: string;
  matchedPart: string | null;
  /** One per quantity, in the order of `quantities`. */
  at: ScenarioLineCost[];
}

export interface ScenarioTable {
  currency: string | null;
  quantities: ScenarioQuantity[];
  /** The lines to buy (skipped rows are left out), in row order. */
  lines: ScenarioLine[];
}

/** The offers a line buys: each purchase's source and sourcePartId, as its plan has them. */
function offersByRow(result: PriceBomResult): Map<number, string> {
  const out = new Map<number, string>();
  for (const plan of result.plans) {
    const text = plan.purchases
      .map((p) => `${p.offer.sourceCode || p.offer.sourceName} ${p.offer.sourcePartId}`.trim())
      .join(' + ');
    for (const line of plan.lines) out.set(line.id, text);
  }
  return out;
}

/** The comparison of the runs of priceScenarios: per quantity, and per line at each quantity. */
export function scenarioTable(runs: readonly ScenarioRun[]): ScenarioTable {
  const offers = runs.map((r) => offersByRow(r.result));
  const quantities = runs.map((run, i): ScenarioQuantity => {
    const s = run.result.summary;
    const c = coverageOf(s);
    const changed: OfferChange[] = [];
    if (i > 0) {
      for (const line of run.result.lines) {
        if (line.status === 'skipped') continue;
        const from = offers[i - 1].get(line.row) ?? '';
        const to = offers[i].get(line.row) ?? '';
        if (from !== to) changed.push({ row: line.row, partNumber: line.partNumber, from, to });
      }
    }
    return {
      boards: run.boards,
      currency: s.currency,
      total: s.totalPerBuild,
      perBoard: s.totalPerBoard,
      excess: s.excess,
      priced: c.priced,
      toBuy: c.toBuy,
      complete: c.complete,
      coverage: coverageText(s),
      short: s.short,
      notActive: s.notActive,
      overbuys: s.overbuys,
      changed,
      ...(run.result.schedule ? { dates: scenarioDates(run.result.schedule, run.boards) } : {}),
    };
  });
  const lines: ScenarioLine[] = [];
  const first = runs[0]?.result.lines ?? [];
  const byRow = runs.map((r) => new Map(r.result.lines.map((l) => [l.row, l])));
  for (const line of first) {
    if (line.status === 'skipped') continue;
    lines.push({
      row: line.row,
      partNumber: line.partNumber,
      matchedPart: line.matchedPart,
      at: runs.map((run, i) => {
        const l = byRow[i].get(line.row);
        return {
          boards: run.boards,
          status: l?.status ?? line.status,
          orderQty: l?.orderQty ?? null,
          unitPrice: l?.unitPrice ?? null,
          extended: l?.extended ?? null,
          offer: offers[i].get(line.row) ?? '',
        };
      }),
    });
  }
  return { currency: quantities.find((q) => q.currency !== null)?.currency ?? null, quantities, lines };
}

/** "3 lines: rows 4, 7, 9" / "none": the lines whose offer changed, for a table cell. */
export function changedText(q: ScenarioQuantity, firstRowNumber = 1): string {
  if (q.changed.length === 0) return 'none';
  const rows = q.changed.slice(0, 8).map((c) => String(c.row + firstRowNumber));
  const more = q.changed.length > rows.length ? ` and ${q.changed.length - rows.length} more` : '';
  return `${q.changed.length} ${plural(q.changed.length, 'line')}: ${plural(q.changed.length, 'row')} ${rows.join(', ')}${more}`;
}

/** The first cell of a Scenarios sheet: how the add-in knows the sheet is its own. */
export const SCENARIOS_TITLE = 'Priced BOM scenarios';
export const SCENARIOS_SHEET = 'Scenarios';

/** One block of rows of the Scenarios sheet, written with one number format per column. */
export interface ScenarioSheetBlock {
  /** 0-based sheet row of the block's first row. */
  row: number;
  values: Array<Array<string | number>>;
  formats: string[];
  /** A header: bold. */
  header?: boolean;
  /** Rows (0-based within the block) whose total leaves lines out: marked as a partial total is. */
  partial?: number[];
}

export interface ScenarioSheet {
  blocks: ScenarioSheetBlock[];
  /** Widest row, in columns. */
  width: number;
  rows: number;
  /** Column widths in characters. */
  widths: number[];
  /** The chart of cost per board against quantity: its cells (0-based) and where it goes. */
  chart: {
    title: string;
    values: { row: number; column: number; rows: number };
    xValues: { row: number; column: number; rows: number };
    position: { row: number; column: number; rows: number; columns: number };
  };
}

const MONEY = '#,##0.00';
const UNIT = '#,##0.00###';
const COUNT = '#,##0';
const TEXT = '@';

/** The columns of the per-quantity table; "Cost per board" second, as the chart draws it against the first. */
export const SCENARIO_QUANTITY_HEADERS = [
  'Boards',
  'Cost per board',
  'Total',
  'Spares (excess)',
  'Lines priced',
  'Lines short',
  'Not Active',
  'Overbuys',
  'Offer changes from the quantity before',
];

/**
 * The Scenarios sheet, the same in the CLI's XLSX file and in the workbook the task pane writes: the title, the
 * currency and the quantity the BOM is written for, the table per quantity, then the table per line (unit price,
 * extended cost and offer at each quantity). Row numbers are the BOM's (`firstRowNumber` is the sheet or file row of
 * its first cell row).
 */
export function scenarioSheet(
  table: ScenarioTable,
  options: { bomBoards: number; firstRowNumber?: number },
): ScenarioSheet {
  const first = options.firstRowNumber ?? 1;
  const cur = table.currency ?? '';
  const blocks: ScenarioSheetBlock[] = [];
  blocks.push({ row: 0, values: [[SCENARIOS_TITLE, '']], formats: [TEXT, TEXT], header: true });
  blocks.push({
    row: 1,
    values: [
      ['Currency', cur === '' ? '(nothing priced)' : cur],
      ['BOM sheet priced for', countOf(options.bomBoards, 'board')],
    ],
    formats: [TEXT, TEXT],
  });
  const headRow = 4;
  const dateHeaders = scenarioDateHeaders(table.quantities.map((q) => q.dates));
  const quantityHeaders = [...SCENARIO_QUANTITY_HEADERS, ...dateHeaders];
  blocks.push({
    row: headRow,
    values: [
      quantityHeaders.map((h) =>
        (h === 'Cost per board' || h === 'Total' || h === 'Spares (excess)') && cur ? `${h} (${cur})` : h,
      ),
    ],
    formats: quantityHeaders.map(() => TEXT),
    header: true,
  });
  blocks.push({
    row: headRow + 1,
    values: table.quantities.map((q) => [
      q.boards,
      q.perBoard,
      q.total,
      q.excess,
      q.complete
        ? `all ${q.toBuy.toLocaleString('en-US')}`
        : `${q.priced.toLocaleString('en-US')} of ${q.toBuy.toLocaleString('en-US')} (partial)`,
      q.short,
      q.notActive,
      q.overbuys,
      changedText(q, first),
      ...scenarioDateCells(q.dates, dateHeaders.length),
    ]),
    formats: [
      COUNT,
      MONEY,
      MONEY,
      MONEY,
      TEXT,
      COUNT,
      COUNT,
      COUNT,
      TEXT,
      ...dateHeaders.map((_, i) => (i === 2 ? COUNT : TEXT)),
    ],
    partial: table.quantities.flatMap((q, i) => (q.complete ? [] : [i])),
  });
  const linesHead = headRow + 1 + table.quantities.length + 1;
  const perQuantity = (q: ScenarioQuantity) => [
    `Unit @ ${q.boards.toLocaleString('en-US')}`,
    `Extended @ ${q.boards.toLocaleString('en-US')}`,
    `Offer @ ${q.boards.toLocaleString('en-US')}`,
  ];
  const lineHeaders = ['Row', 'Part number', 'Matched part', ...table.quantities.flatMap(perQuantity)];
  blocks.push({ row: linesHead, values: [lineHeaders], formats: lineHeaders.map(() => TEXT), header: true });
  if (table.lines.length > 0) {
    blocks.push({
      row: linesHead + 1,
      values: table.lines.map((l) => [
        l.row + first,
        l.partNumber,
        l.matchedPart ?? '',
        ...l.at.flatMap((a) => [a.unitPrice ?? '', a.extended ?? '', a.offer === '' ? a.status : a.offer]),
      ]),
      formats: [COUNT, TEXT, TEXT, ...table.quantities.flatMap(() => [UNIT, MONEY, TEXT])],
    });
  }
  const width = Math.max(quantityHeaders.length, lineHeaders.length);
  const widths = [10, 16, 16, ...Array.from({ length: width - 3 }, (_, i) => (i % 3 === 2 ? 22 : 14))];
  widths[8] = Math.max(widths[8] ?? 0, 30);
  // The clear-to-build day and the parts that set it.
  if (dateHeaders.length > 0) widths[10] = Math.max(widths[10] ?? 0, 26);
  const n = table.quantities.length;
  return {
    blocks,
    width,
    rows: linesHead + 1 + table.lines.length,
    widths,
    chart: {
      title: `Cost per board${cur ? ` (${cur})` : ''} by number of boards`,
      values: { row: headRow, column: 1, rows: n + 1 },
      xValues: { row: headRow + 1, column: 0, rows: n },
      position: { row: 0, column: quantityHeaders.length + 1, rows: Math.max(14, n + 6), columns: 7 },
    },
  };
}

/** The comparison as terminal lines: one row per quantity, then the lines whose offer changed. */
export function scenarioText(table: ScenarioTable, firstRowNumber = 1): string[] {
  const cur = table.currency ?? '';
  const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const headers = [
    'Boards',
    `Per board${cur ? ` ${cur}` : ''}`,
    `Total${cur ? ` ${cur}` : ''}`,
    'Spares',
    'Priced',
    'Short',
    'Not Active',
    'Offer changes',
  ];
  const rows = table.quantities.map((q) => [
    q.boards.toLocaleString('en-US'),
    money(q.perBoard),
    money(q.total),
    money(q.excess),
    q.complete ? `all ${q.toBuy}` : `${q.priced} of ${q.toBuy}`,
    String(q.short),
    String(q.notActive),
    changedText(q, firstRowNumber),
  ]);
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) =>
        i === cells.length - 1 ? c : i === 0 || (i >= 1 && i <= 6) ? c.padStart(widths[i]) : c.padEnd(widths[i]),
      )
      .join('  ')
      .trimEnd();
  const out = ['Scenarios:', format(headers), ...rows.map(format)];
  for (const q of table.quantities) {
    for (const c of q.changed)
      out.push(
        `  at ${q.boards.toLocaleString('en-US')} boards, row ${c.row + firstRowNumber} (${c.partNumber}): ${c.from || 'nothing bought'} → ${c.to || 'nothing bought'}`,
      );
  }
  return out;
}
