/**
 * Scenarios as sheets and printed tables (the comparisons of src/purchase/scenarios.ts): a BOM's Scenarios sheet and
 * table, the same in the CLI's XLSX file and the workbook the task pane writes; and the Scenarios section of a
 * purchase list, one row per scenario (its build quantities, total, parts to buy, cost of the spares, parts short,
 * each BOM's share), the chosen one marked, the same for the CLI's printed list and XLSX file and for the task pane's
 * Purchase list sheet.
 */
import { formatMoney } from '../pricing/money';
import type { TableValue } from './list-layout';
import type { PurchaseScenario, PurchaseScenarios, ScenarioQuantity, ScenarioTable } from './scenarios';
import { countOf, plural, groupedCount as count } from '../text/plural';
import { textTable } from '../text/table';
import { scenarioDateCells, scenarioDateHeaders } from './scenario-dates';
import { firstAndMore } from '../text/words';

/** One column of the section: its header, its Excel number format, and its cell for a scenario. */
interface ScenarioColumn {
  header: string;
  format: string;
  cell: (scenario: PurchaseScenario, chosen: boolean) => TableValue;
}

const MONEY = '#,##0.00';
/** Unit prices and the sums the purchase list carries to a fraction of a cent. */
const UNIT = '#,##0.00###';
const COUNT = '#,##0';
const TEXT = '@';

/** The section's columns for these BOMs, one "Share" column per BOM: headers, formats and rows all come from them. */
function scenarioColumns(bomNames: readonly string[]): ScenarioColumn[] {
  return [
    { header: 'Scenario', format: COUNT, cell: (sc) => sc.number },
    { header: 'Builds', format: TEXT, cell: (sc) => sc.label },
    { header: 'Total', format: UNIT, cell: (sc) => sc.total },
    { header: 'Currency', format: TEXT, cell: (sc) => sc.result.currency },
    { header: 'Parts to buy', format: COUNT, cell: (sc) => sc.partsToBuy },
    { header: 'Covered by stock', format: COUNT, cell: (sc) => sc.covered },
    { header: 'Spares cost', format: UNIT, cell: (sc) => sc.excess },
    { header: 'Short', format: COUNT, cell: (sc) => sc.short },
    { header: 'No price', format: COUNT, cell: (sc) => sc.noPrice },
    ...bomNames.map((n, b) => ({
      header: `Share ${n}`,
      format: UNIT,
      cell: (sc: PurchaseScenario) => sc.shares[b].cost,
    })),
    { header: 'On the sheet', format: TEXT, cell: (_sc, chosen) => (chosen ? 'yes' : '') },
  ];
}

/** The section's header row for these BOMs. */
export function scenarioHeaders(bomNames: readonly string[]): string[] {
  return scenarioColumns(bomNames).map((c) => c.header);
}

/** Excel number formats of the section's columns. */
export function scenarioFormats(bomNames: readonly string[]): string[] {
  return scenarioColumns(bomNames).map((c) => c.format);
}

/** One row per scenario, in the columns of scenarioHeaders. */
export function scenarioRows(s: PurchaseScenarios): TableValue[][] {
  const columns = scenarioColumns(s.scenarios[0]?.shares.map((share) => share.name) ?? []);
  return s.scenarios.map((sc, i) => columns.map((c) => c.cell(sc, i === s.chosen)));
}

/** The section as printed lines: one line per scenario, then which one the list below is for. */
export function scenarioLines(s: PurchaseScenarios): string[] {
  const out = ['Scenarios (one lookup for all):'];
  for (const [i, sc] of s.scenarios.entries()) {
    const currency = sc.result.currency;
    const shares = sc.shares.map((share) => `${share.name} ${formatMoney(share.cost, currency)}`).join(', ');
    const flags = [
      sc.short > 0 ? `${count(sc.short)} short` : '',
      sc.noPrice > 0 ? `${count(sc.noPrice)} without a price` : '',
    ].filter((f) => f !== '');
    out.push(
      `  ${i === s.chosen ? '*' : ' '} ${sc.number}. ${sc.label}: ${formatMoney(sc.total, currency)}; ${count(sc.partsToBuy)} of ${count(sc.parts)} parts to buy, ${count(sc.covered)} covered by stock; spares ${formatMoney(sc.excess, currency)}${flags.length > 0 ? `; ${flags.join(', ')}` : ''}; shares: ${shares}`,
    );
  }
  out.push(`The list below is scenario ${s.chosen + 1} (${s.scenarios[s.chosen].label}).`);
  return out;
}

/** "3 lines: rows 4, 7, 9" / "none": the lines whose offer changed, for a table cell. */
export function changedText(q: ScenarioQuantity, firstRowNumber = 1): string {
  if (q.changed.length === 0) return 'none';
  const rows = firstAndMore(q.changed, 8, (c) => String(c.row + firstRowNumber));
  return `${q.changed.length} ${plural(q.changed.length, 'line')}: ${plural(q.changed.length, 'row')} ${rows}`;
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
      q.complete ? `all ${count(q.toBuy)}` : `${count(q.priced)} of ${count(q.toBuy)} (partial)`,
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
    `Unit @ ${count(q.boards)}`,
    `Extended @ ${count(q.boards)}`,
    `Offer @ ${count(q.boards)}`,
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
    count(q.boards),
    money(q.perBoard),
    money(q.total),
    money(q.excess),
    q.complete ? `all ${q.toBuy}` : `${q.priced} of ${q.toBuy}`,
    String(q.short),
    String(q.notActive),
    changedText(q, firstRowNumber),
  ]);
  // The quantity and the figures after it to the right, the words to the left.
  const out = ['Scenarios:', ...textTable(headers, rows, (i) => i <= 6)];
  for (const q of table.quantities) {
    for (const c of q.changed)
      out.push(
        `  at ${count(q.boards)} boards, row ${c.row + firstRowNumber} (${c.partNumber}): ${c.from || 'nothing bought'} → ${c.to || 'nothing bought'}`,
      );
  }
  return out;
}
