/**
 * What `partsheet plan` shows and writes of the list made (src/workflows/purchase-list.ts): the printed table with
 * the per-BOM summary, the --out workbook, and the words for how the stock lists were read (plan-json.ts is --json).
 */
import { loadExcelJs } from './exceljs';
import { formatMoney } from '../src/pricing/money';
import {
  type PurchaseResult,
  type PurchaseScenarios,
  scenarioFormats,
  scenarioHeaders,
  scenarioRows,
  stockReadText,
  testRowsText,
} from '../src/purchase';
import {
  BOM_SUMMARY_COLUMNS,
  BOM_SUMMARY_HEADERS,
  bomSummaryRows,
  buildableText,
  BUILDABLE_COUNTS,
  costPercent,
  offersText,
  originText,
  PRICE_OF_TIME_HEADERS,
  priceOfTimeRows,
  purchaseColumns,
  purchaseTableRows,
  rowStatusText,
} from '../src/purchase/list-layout';
import { bomDatesText } from '../src/purchase/dates-words';
import { priceOfTime, priceOfTimeWords } from '../src/plan/schedule-words';
import type { PurchaseList } from '../src/workflows/purchase-list';
import { countOf, groupedCount, plural } from '../src/text/plural';
import { clean, fit } from './terminal';
import { textTable } from '../src/text/table';
import { SHEETS_RECORD, sheetsRecordRows } from '../src/excel/own-sheets';
import { PURCHASE_LIST_SHEET } from '../src/excel/purchase-sheet';

/** The purchase list as a printed table, the per-BOM summary, and what is not on the list. */
export function renderPlan(result: PurchaseResult): string[] {
  const names = result.boms.map((b) => b.name);
  const cols: Array<{ header: string; right?: boolean; max: number; cell: (i: number) => string }> = [
    { header: 'Part number', max: 24, cell: (i) => result.rows[i].partNumber },
    { header: 'Manufacturer', max: 18, cell: (i) => result.rows[i].manufacturer },
    ...names.map((n, b) => ({
      header: `Need ${n}`,
      right: true,
      max: 14,
      cell: (i: number) => groupedCount(result.rows[i].needs[b]),
    })),
    { header: 'Need', right: true, max: 10, cell: (i) => groupedCount(result.rows[i].need) },
    { header: 'On hand', right: true, max: 10, cell: (i) => groupedCount(result.rows[i].onHand) },
    { header: 'On order', right: true, max: 10, cell: (i) => groupedCount(result.rows[i].onOrder) },
    { header: 'To buy', right: true, max: 10, cell: (i) => groupedCount(result.rows[i].toBuy) },
    { header: 'Order', right: true, max: 10, cell: (i) => groupedCount(result.rows[i].orderQty) },
    {
      header: 'Cost',
      right: true,
      max: 14,
      cell: (i) => result.rows[i].cost.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    },
    { header: 'Status', max: 16, cell: (i) => rowStatusText(result.rows[i]) },
    { header: 'Offers', max: 60, cell: (i) => offersText(result.rows[i]) },
    { header: 'Origin', max: 16, cell: (i) => originText(result.rows[i]) },
  ];
  const cells = result.rows.map((_, i) => cols.map((c) => fit(c.cell(i), c.max)));
  const out = [
    `Purchase list (${result.currency})`,
    ...textTable(
      cols.map((c) => c.header),
      cells,
      (k) => cols[k].right === true,
    ),
  ];
  const noted = result.rows.filter((r) => r.notes.length > 0 || r.sharedBy.length > 0);
  if (noted.length > 0) {
    out.push('', 'Notes:');
    for (const r of noted) {
      const shared = r.sharedBy.length > 0 ? [`shared by ${r.sharedBy.join(', ')}`] : [];
      out.push(`  ${clean(r.partNumber)}: ${clean([...shared, ...r.notes].join('; '))}`);
    }
  }
  out.push('', 'BOMs:');
  for (const bom of result.boms) {
    const percent = costPercent(bom, result);
    out.push(
      `  ${clean(bom.name)}: ${countOf(bom.builds, 'build')}, ${bom.parts} ${plural(bom.parts, 'part')} (${bom.sharedParts} shared), cost share ${formatMoney(bom.cost, result.currency)}${percent === null ? '' : ` (${percent} %)`}`,
      ...BUILDABLE_COUNTS.map((b) => `    ${b.text}: ${clean(buildableText(bom[b.key], bom.builds))}`),
      ...(bom.dates ? bomDatesText(bom.dates, bom.builds).map((t) => `    ${clean(t)}`) : []),
    );
  }
  if (result.unlisted.length > 0) {
    out.push('', 'Lines not on the list (their part is not known):');
    for (const u of result.unlisted)
      out.push(
        `  ${clean(result.boms[u.bom].name)} row ${u.row + 1}: ${clean(u.partNumber || '(no part number)')}: ${u.status}${u.reason ? ` (${clean(u.reason)})` : ''}`,
      );
  }
  if (result.notApplied.length > 0) {
    out.push('', 'Stock not applied:');
    for (const n of result.notApplied)
      out.push(
        `  ${clean(n.entry.origin)}: ${clean(n.entry.partNumber)} × ${groupedCount(n.entry.quantity)}: ${clean(n.text)}`,
      );
  }
  out.push(
    '',
    `Total to buy: ${formatMoney(result.total, result.currency)} for ${result.rows.filter((r) => r.orderQty > 0).length} of ${result.rows.length} parts`,
  );
  const time = result.schedule ? priceOfTime(result.schedule) : null;
  if (time && result.schedule?.needBy)
    out.push(`Price of time: ${priceOfTimeWords(time, result.schedule.needBy, result.currency)}`);
  return out;
}

export async function writeXlsx(
  path: string,
  result: PurchaseResult,
  scenarios: PurchaseScenarios | null,
): Promise<void> {
  const workbook = new (loadExcelJs().Workbook)();
  workbook.created = result.pricedAt;
  const list = workbook.addWorksheet(PURCHASE_LIST_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns = purchaseColumns(result.boms.map((b) => b.name));
  columns.forEach((c, i) => (list.getColumn(i + 1).width = c.width));
  const headers = columns.map((c) => c.header);
  list.addRow(headers).font = { bold: true };
  for (const values of purchaseTableRows(result)) {
    const row = list.addRow(values);
    columns.forEach((c, i) => (row.getCell(i + 1).numFmt = c.numberFormat));
  }
  const boms = workbook.addWorksheet('BOMs');
  boms.addRow(BOM_SUMMARY_HEADERS).font = { bold: true };
  for (const values of bomSummaryRows(result)) boms.addRow(values);
  const time = priceOfTimeRows(result);
  if (time.length > 0) {
    boms.addRow([]);
    boms.addRow(PRICE_OF_TIME_HEADERS).font = { bold: true };
    for (const values of time) boms.addRow(values);
  }
  BOM_SUMMARY_COLUMNS.forEach((c, i) => (boms.getColumn(i + 1).width = c.width));
  const notApplied = workbook.addWorksheet('Not applied');
  notApplied.addRow(['What', 'Where', 'Part number', 'Quantity', 'Why']).font = { bold: true };
  for (const u of result.unlisted)
    notApplied.addRow([
      'BOM line',
      `${result.boms[u.bom].name} row ${u.row + 1}`,
      u.partNumber,
      u.need,
      `${u.status}${u.reason ? `: ${u.reason}` : ''}`,
    ]);
  for (const n of result.notApplied)
    notApplied.addRow([
      n.onOrder ? 'on order' : 'on hand',
      n.entry.origin,
      n.entry.partNumber,
      n.entry.quantity,
      n.text,
    ]);
  if (scenarios) {
    const sheet = workbook.addWorksheet('Scenarios');
    const names = result.boms.map((b) => b.name);
    const formats = scenarioFormats(names);
    sheet.addRow(scenarioHeaders(names)).font = { bold: true };
    for (const values of scenarioRows(scenarios)) {
      const row = sheet.addRow(values);
      formats.forEach((f, i) => (row.getCell(i + 1).numFmt = f));
    }
    sheet.getColumn(2).width = 40;
  }
  // The record of the list the task pane writes too, by which it knows this file's list as its own (own-sheets.ts).
  const record = workbook.addWorksheet(SHEETS_RECORD, { state: 'veryHidden' });
  for (const row of sheetsRecordRows([{ sheet: PURCHASE_LIST_SHEET, what: 'purchase list', firstRow: headers }]))
    record.addRow(row);
  await workbook.xlsx.writeFile(path);
}

/** How the stock lists were read ("on hand stock.csv: read as …") and their rows not read, as --json and stderr say them. */
export function stockWords(list: PurchaseList): {
  stock: string[];
  problems: Array<{ file: string; row: number; partNumber: string; why: string }>;
} {
  const lists = [
    { label: 'on hand', read: list.onHand },
    { label: 'on order', read: list.onOrder && 'list' in list.onOrder ? list.onOrder.list : null },
  ];
  const stock: string[] = [];
  const problems: Array<{ file: string; row: number; partNumber: string; why: string }> = [];
  for (const { label, read } of lists) {
    if (read === null) continue;
    const path = read.where;
    stock.push(`${label} ${path}: ${stockReadText(read.read)}`);
    const ignored = testRowsText(read.testRows);
    if (ignored !== null) stock.push(`${label} ${path}: ${ignored}`);
    for (const p of read.problems) problems.push({ file: path, row: p.row, partNumber: p.partNumber, why: p.text });
  }
  return { stock, problems };
}
