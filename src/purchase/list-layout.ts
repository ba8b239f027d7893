/**
 * The purchase list as a table, one row per part, and the per-BOM summary as rows: the same columns for the CLI's
 * XLSX file, its printed table and the task pane's "Purchase list" sheet.
 */
import { BOM_DATES_COLUMNS, BOM_DATES_HEADERS, bomDatesCells } from './dates-words';
import { fromMicro } from '../pricing/money';
import { groupedCount as count } from '../text/plural';
import { priceOfTime, priceOfTimeEntries } from '../plan/schedule-words';
import type { BomSummary, Buildable, PurchaseResult, PurchaseRow } from './types';

export type TableValue = string | number | null;

export interface PurchaseColumn {
  header: string;
  /** Excel number format; '@' for text. */
  numberFormat: string;
  width: number;
}

const COUNT = '#,##0';
const MONEY = '#,##0.00###';
const TEXT = '@';

/** What a row bought from: "ACNA 100 × 0.05 USD (S1)", several joined by " + ". */
export function offersText(row: PurchaseRow): string {
  return row.purchases
    .map((p) => `${p.source} ${count(p.qty)} × ${p.unitPrice} ${p.offerCurrency} (${p.itemId})`)
    .join(' + ');
}

/** Where a row's offers come from, in the order of its offers ("MY + CN"); empty when it buys nothing. */
export function originText(row: PurchaseRow): string {
  return row.purchases.map((p) => p.countryOfOrigin).join(' + ');
}

/** The first words of a row's status. */
export function rowStatusText(row: PurchaseRow): string {
  switch (row.status) {
    case 'covered':
      return 'covered by stock';
    case 'buy':
      return 'buy';
    case 'short':
      return 'short';
    default:
      return 'no price';
  }
}

/** The columns of the purchase list for these BOMs: one "Need" column per BOM. */
export function purchaseColumns(bomNames: readonly string[]): PurchaseColumn[] {
  return [
    { header: 'Part number', numberFormat: TEXT, width: 22 },
    { header: 'Manufacturer', numberFormat: TEXT, width: 20 },
    { header: 'Description', numberFormat: TEXT, width: 28 },
    ...bomNames.map((name) => ({ header: `Need ${name}`, numberFormat: COUNT, width: 10 })),
    { header: 'Total need', numberFormat: COUNT, width: 10 },
    { header: 'On hand', numberFormat: COUNT, width: 10 },
    { header: 'On order', numberFormat: COUNT, width: 10 },
    { header: 'To buy', numberFormat: COUNT, width: 10 },
    { header: 'Order qty', numberFormat: COUNT, width: 10 },
    { header: 'Offers', numberFormat: TEXT, width: 34 },
    { header: 'Country of origin', numberFormat: TEXT, width: 12 },
    { header: 'Cost', numberFormat: MONEY, width: 12 },
    { header: 'Currency', numberFormat: TEXT, width: 8 },
    { header: 'Status', numberFormat: TEXT, width: 16 },
    { header: 'Shared by', numberFormat: TEXT, width: 18 },
    { header: 'Why more than the need', numberFormat: TEXT, width: 40 },
    { header: 'Notes', numberFormat: TEXT, width: 50 },
  ];
}

/** One table row per part, in the columns of purchaseColumns. */
export function purchaseTableRows(result: PurchaseResult): TableValue[][] {
  return result.rows.map((row) => [
    row.partNumber,
    row.manufacturer,
    row.description,
    ...row.needs,
    row.need,
    row.onHand,
    row.onOrder,
    row.toBuy,
    row.orderQty,
    offersText(row),
    originText(row),
    row.cost,
    result.currency,
    rowStatusText(row),
    row.sharedBy.join(', '),
    row.whyMore,
    row.notes.filter((n) => n !== row.whyMore).join('; '),
  ]);
}

/** "4 (limited by X: …)", "10 (all)". */
export function buildableText(can: Buildable, builds: number): string {
  if (can.limitedBy === null) return `${count(can.builds)} of ${count(builds)}`;
  return `${count(can.builds)} of ${count(builds)}: ${can.limitedBy}`;
}

/** A BOM's share of the list's cost, in whole percent (rounded down), or null when nothing is bought. */
export function costPercent(bom: BomSummary, result: PurchaseResult): number | null {
  if (result.micro === 0n) return null;
  return Number((bom.micro * 100n) / result.micro);
}

/**
 * A BOM's three buildable counts, each with its words in one place: the sheets' column header, the text output's
 * label and the pane's card term. After this purchase is what the list makes possible.
 */
export const BUILDABLE_COUNTS: readonly {
  key: 'buildableOnHand' | 'buildableWithOrders' | 'buildableAfterPurchase';
  header: string;
  text: string;
  term: string;
}[] = [
  { key: 'buildableOnHand', header: 'Buildable now (on hand)', text: 'buildable now', term: 'Buildable now' },
  {
    key: 'buildableWithOrders',
    header: 'Buildable with orders',
    text: 'with what is on order',
    term: 'With orders',
  },
  {
    key: 'buildableAfterPurchase',
    header: 'Buildable after this purchase',
    text: 'buildable after this purchase',
    term: 'After this purchase',
  },
];

/** The per-BOM summary's columns: header, Excel number format, and width where a workbook sets one. */
export const BOM_SUMMARY_COLUMNS: readonly { header: string; numberFormat: string; width: number }[] = [
  { header: 'BOM', numberFormat: '@', width: 20 },
  { header: 'Builds', numberFormat: '#,##0', width: 8 },
  { header: 'Parts', numberFormat: '#,##0', width: 8 },
  { header: 'Shared parts', numberFormat: '#,##0', width: 12 },
  { header: 'Lines not on the list', numberFormat: '#,##0', width: 12 },
  { header: 'Cost share', numberFormat: '#,##0.00###', width: 14 },
  { header: 'Currency', numberFormat: '@', width: 8 },
  { header: 'Share of the list', numberFormat: '@', width: 12 },
  ...BUILDABLE_COUNTS.map((b) => ({ header: b.header, numberFormat: '@', width: 40 })),
  ...BOM_DATES_COLUMNS,
];

export const BOM_SUMMARY_HEADERS = BOM_SUMMARY_COLUMNS.map((c) => c.header);

/** The per-BOM summary as table rows, then the list's total. */
export function bomSummaryRows(result: PurchaseResult): TableValue[][] {
  const rows: TableValue[][] = result.boms.map((bom) => {
    const percent = costPercent(bom, result);
    return [
      bom.name,
      bom.builds,
      bom.parts,
      bom.sharedParts,
      bom.unlistedLines,
      bom.cost,
      result.currency,
      percent === null ? '' : `${percent} %`,
      ...BUILDABLE_COUNTS.map((b) => buildableText(bom[b.key], bom.builds)),
      ...bomDatesCells(bom.dates),
    ];
  });
  rows.push([
    'Total',
    null,
    result.rows.length,
    result.rows.filter((r) => r.sharedBy.length > 0).length,
    result.unlisted.length,
    fromMicro(result.micro),
    result.currency,
    '',
    ...BUILDABLE_COUNTS.map(() => ''),
    ...BOM_DATES_HEADERS.map(() => ''),
  ]);
  return rows;
}

/** The columns of the price of time block (the list's, with a need-by date), and their number formats. */
export const PRICE_OF_TIME_HEADERS = ['Price of time', 'Cost', 'Currency', 'Parts'];
export const PRICE_OF_TIME_FORMATS = [TEXT, MONEY, TEXT, COUNT];

/**
 * With a need-by date, what everything the list buys costs to arrive by then against the cheapest plans with no
 * date, and the difference, as rows under PRICE_OF_TIME_HEADERS (from the list's schedule); none without a date.
 */
export function priceOfTimeRows(result: PurchaseResult): TableValue[][] {
  const s = result.schedule;
  const p = s ? priceOfTime(s) : null;
  if (!s || !p || s.needBy === null) return [];
  return priceOfTimeEntries(p, s.needBy).map((e) => [e.label, fromMicro(e.micro), result.currency, e.parts]);
}
