/**
 * The changes since the last run in words and rows, made from the comparison's records: the one-line summary
 * ("12 lines changed, +3.39 USD; 2 parts no longer in stock"), what changed on each line, the bridge's lines, and the
 * rows of a "Changes" sheet, which the command line's XLSX output and the pane's sheet both write.
 */
import { formatMoney, fromMicro, microToText } from '../pricing/money';
import { countOf, groupedCount } from '../text/plural';
import { EFFECT_ORDER, EFFECT_WORDS } from './bridge';
import type { ChangeKind, LineChange, RunComparison } from './compare';
import type { SnapshotLine } from './snapshot';

/** The sheet the changes are written to. */
export const CHANGES_SHEET = 'Changes';
/** How the Changes sheet's first cell begins: the sheet is the add-in's own when it does. */
export const CHANGES_TITLE = 'Changes since the run of';

/** An exact amount with its sign ("+3.386", "-0.50", "0.00"). */
export function signedAmount(micro: bigint): string {
  const text = microToText(micro < 0n ? -micro : micro, 2);
  return micro > 0n ? `+${text}` : micro < 0n ? `-${text}` : text;
}

/** How many lines now fall short of their need while they did not before. */
export const noLongerInStock = (c: RunComparison): number =>
  c.changes.filter((ch) => ch.kinds.includes('stock')).length;

/** "12 lines changed, +3.39 USD; 2 parts no longer in stock" (the amount rounded to the currency's decimals). */
export function changesSummary(c: RunComparison): string {
  if (c.changes.length === 0) return 'No line changed since the last run.';
  const amount = c.bridge
    ? `, ${c.bridge.change > 0n ? '+' : ''}${formatMoney(fromMicro(c.bridge.change), c.bridge.currency)}`
    : '';
  const short = noLongerInStock(c);
  return `${countOf(c.changes.length, 'line')} changed${amount}${short > 0 ? `; ${countOf(short, 'part')} no longer in stock` : ''}`;
}

const unitText = (micro: number | null): string => (micro === null ? 'none' : microToText(BigInt(micro), 2));
const offerText = (line: SnapshotLine): string =>
  line.items.length === 0 ? 'none' : line.items.map(([id, , source]) => `${source} ${id}`.trim()).join(' + ');

/** One kind of change in words. */
function kindWords(kind: ChangeKind, b: SnapshotLine | null, a: SnapshotLine | null, currency: string): string {
  if (kind === 'added') return `added (${groupedCount(a!.need)} needed)`;
  if (kind === 'removed') return 'removed';
  const was = b!;
  const now = a!;
  switch (kind) {
    case 'quantity':
      return `quantity ${groupedCount(was.need)} → ${groupedCount(now.need)}`;
    case 'part':
      return `part ${was.part ?? was.pn} → ${now.part ?? now.pn}`;
    case 'status':
      return `${was.status} → ${now.status}`;
    case 'price-up':
    case 'price-down':
      return `unit price ${kind === 'price-up' ? 'up' : 'down'} ${unitText(was.unit)} → ${unitText(now.unit)} ${currency}`;
    case 'offer':
      return `offer ${offerText(was)} → ${offerText(now)}`;
    case 'stock':
      return `stock ${groupedCount(now.stock ?? 0)} now below the need of ${groupedCount(now.need)}`;
    case 'lifecycle':
      return `lifecycle ${was.lifecycle || 'not given'} → ${now.lifecycle || 'not given'}`;
    case 'lead-time':
      return `lead time ${was.leadWeeks ?? '?'} → ${now.leadWeeks ?? '?'} weeks`;
    case 'arrival':
      return `next arrival ${was.arrival ?? 'none'} → ${now.arrival ?? 'none'}`;
  }
}

/** What changed on a line, in words: "quantity 10 → 20; unit price down 0.05 → 0.04 USD". */
export function changeWords(change: LineChange, currency: string): string {
  const kinds = change.kinds.length > 0 ? change.kinds : [];
  const words = kinds.map((k) => kindWords(k, change.before, change.after, currency));
  return words.length > 0 ? words.join('; ') : 'its share of a part’s cost';
}

/** The row a change is on, as the sheet or file numbers it: the new run's, or the old run's for a removed line. */
export function changeRow(change: LineChange, firstRow: { before: number; after: number }): number {
  return change.after ? change.after.row + firstRow.after : change.before!.row + firstRow.before;
}

/** One change as a line of text: "row 5 BAV99: unit price up 0.05 → 0.06 USD (+0.10)". */
export function changeLine(c: RunComparison, change: LineChange): string {
  const line = (change.after ?? change.before)!;
  const rows = { before: c.before.firstRow, after: c.after.firstRow };
  const amount = change.costChange === 0n ? '' : ` (${signedAmount(change.costChange)})`;
  return `row ${changeRow(change, rows)} ${line.pn}: ${changeWords(change, c.after.currency)}${amount}`;
}

/** The bridge as lines of text, each effect exact to the micro-unit. */
export function bridgeLines(c: RunComparison): string[] {
  if (!c.bridge) return [`Cost bridge: ${c.bridgeMissing ?? 'none'}.`];
  const b = c.bridge;
  const lines = [
    `Cost bridge (${b.currency}): ${microToText(b.before, 2)} → ${microToText(b.after, 2)} (${signedAmount(b.change)})`,
  ];
  const width = Math.max(...EFFECT_ORDER.map((k) => EFFECT_WORDS[k].length));
  for (const k of EFFECT_ORDER) lines.push(`  ${EFFECT_WORDS[k].padEnd(width)}  ${signedAmount(b.effects[k])}`);
  return lines;
}

/** The header of the Changes sheet's table. */
export function changesHeader(currency: string): string[] {
  return [
    'Row',
    'Part number',
    'Designators',
    'What changed',
    `Cost change (${currency})`,
    'Cost before',
    'Cost after',
  ];
}

/** The Changes sheet: a title, the summary, the bridge, then one row per change (amounts as numbers). */
export function changesSheetRows(
  c: RunComparison,
  firstRow: { before: number; after: number },
): Array<Array<string | number>> {
  const currency = c.after.currency;
  const rows: Array<Array<string | number>> = [
    [`${CHANGES_TITLE} ${c.before.pricedAt}`],
    [changesSummary(c)],
    [],
    ...bridgeLines(c).map((l) => [l]),
    [],
    changesHeader(currency),
  ];
  for (const ch of c.changes) {
    const line = (ch.after ?? ch.before)!;
    rows.push([
      changeRow(ch, firstRow),
      line.pn,
      line.des,
      changeWords(ch, currency),
      fromMicro(ch.costChange),
      ch.before ? fromMicro(BigInt(ch.before.cost)) : '',
      ch.after ? fromMicro(BigInt(ch.after.cost)) : '',
    ]);
  }
  return rows;
}

/**
 * The Changes sheet as every writer lays it out (the command line's XLSX file, the pane's workbook): its rows
 * (changesSheetRows), the index of the table's header row (the rows after it are the changes), each column's width
 * in characters, and the columns of amounts with their number format.
 */
export interface ChangesSheet {
  rows: Array<Array<string | number>>;
  header: number;
  widths: readonly number[];
  moneyColumns: readonly number[];
  moneyFormat: string;
}

export function changesSheet(c: RunComparison, firstRow: { before: number; after: number }): ChangesSheet {
  const rows = changesSheetRows(c, firstRow);
  return {
    rows,
    header: rows.findIndex((r) => r[0] === 'Row'),
    widths: [8, 22, 18, 70, 16, 14, 14],
    moneyColumns: [4, 5, 6],
    moneyFormat: '#,##0.00####',
  };
}
