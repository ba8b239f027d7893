/**
 * The workbook's copy of the summary: the "Summary" sheet (the rows of src/plan's summarySheetRows, as the CLI's XLSX
 * file has them) and a total row under the priced table. Both show the one summary of the run; nothing is added up here.
 */
import { PRICED_BOM_COLUMNS, excelSerial, safeText } from '../bom/layout';
import { SUMMARY_FORMATS, SUMMARY_TITLE, type SummaryEntry, type SummarySheetRow } from '../plan/summary';
import { type CellBlock, MAX_ROWS, fullAddress, parseAddress } from './address';
import type { ExcelGateway, WriteCell } from './gateway';
import { type ConfirmOverwrite, STATUS_FILLS, type WrittenOutput, claimSheet, headerIsOurs } from './priced-sheet';

export const SUMMARY_SHEET = 'Summary';
/** Width of the Summary sheet's label and value columns, in characters. */
const SUMMARY_WIDTHS = [36, 44];

function valueCell(row: SummarySheetRow): WriteCell {
  if (row.value === null) return '';
  if (row.value instanceof Date) return excelSerial(row.value);
  return typeof row.value === 'string' ? safeText(row.value) : row.value;
}

/**
 * Writes the summary to the "Summary" sheet: replaced when it is the add-in's own (its first cell reads the title),
 * asked about otherwise (replace it, or use "Summary (2)"…). Rows of one kind go in one block with their format.
 */
export async function writeSummarySheet(gateway: ExcelGateway, rows: readonly SummarySheetRow[], options: { confirm: ConfirmOverwrite; sheet?: string }): Promise<WrittenOutput> {
  const width = 2;
  const claimed = await claimSheet(
    gateway,
    options.sheet ?? SUMMARY_SHEET,
    width,
    (sheet) => headerIsOurs(gateway, { sheet, row: 0, column: 0, rows: 1, columns: 1 }, [SUMMARY_TITLE]),
    (used, sheet) => ({ usedAddress: used, targetAddress: fullAddress({ sheet, row: 0, column: 0, rows: rows.length, columns: width }), what: 'summary' }),
    options.confirm,
  );
  if (!claimed) return { address: null, report: null, replaced: false };
  const { sheet } = claimed;
  // The add-in's earlier summary goes first: the new one may be shorter.
  if (claimed.ours) await gateway.clear({ sheet, row: 0, column: 0, rows: MAX_ROWS, columns: width }, 'all');
  let start = 0;
  while (start < rows.length) {
    let end = start + 1;
    while (end < rows.length && rows[end].kind === rows[start].kind) end++;
    const block = rows.slice(start, end);
    // A total that leaves lines out gets the fill of a line short of its need: it never looks like a complete one.
    const fills = block.flatMap((r, i) => (r.partial ? [{ row: start + i, column: 0, columns: width, color: STATUS_FILLS.shortOfNeed.color }] : []));
    await gateway.writeBlock(sheet, start, 0, block.map((r) => [safeText(r.label), valueCell(r)]), ['@', SUMMARY_FORMATS[rows[start].kind]], fills);
    start = end;
  }
  await gateway.styleHeader(sheet, 0, 0, SUMMARY_WIDTHS);
  return { address: fullAddress({ sheet, row: 0, column: 0, rows: rows.length, columns: width }), report: null, replaced: claimed.replaced };
}

/** How a total row's Status cell begins: how the add-in finds its own total rows again. */
export const TOTAL_PREFIX = 'Total';

const STATUS = 0;
const EXTENDED = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'extended');
const CURRENCY = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'currency');

/** Whether a Status cell is the add-in's total row (as written, or marked stale). */
function isOwnTotal(text: string): boolean {
  return text.startsWith(`${TOTAL_PREFIX} for `) || (text.startsWith('stale: ') && text.includes(`(was: ${TOTAL_PREFIX} for `));
}

/**
 * Whether a row of the results' width is the add-in's total row: its Status cell reads as one and every cell but
 * Status, Extended and Currency is empty. A user's own "Total for …" note beside other data is never taken for it,
 * so clearing a total can never wipe a user's cells.
 */
export function isOwnTotalRow(cells: readonly unknown[]): boolean {
  if (!isOwnTotal(String(cells[STATUS] ?? ''))) return false;
  return cells.every((v, i) => i === STATUS || i === EXTENDED || i === CURRENCY || v === '' || v === null || v === undefined);
}

/** Total rows of the add-in below `block` (a shorter BOM leaves its last total behind), with their Status text. */
async function totalsBelow(gateway: ExcelGateway, block: CellBlock): Promise<Array<{ row: number; text: string }>> {
  const first = block.row + block.rows;
  const status: CellBlock = { sheet: block.sheet, row: first, column: block.column, rows: MAX_ROWS - first, columns: 1 };
  const used = await gateway.usedAddress(status);
  if (used === null) return [];
  const statusRead = await gateway.readRange(block.sheet, used);
  const candidates = statusRead.values.map((r, i) => ({ row: statusRead.rowIndex + i, text: String(r[0] ?? '') })).filter((t) => isOwnTotal(t.text));
  const own: Array<{ row: number; text: string }> = [];
  for (const candidate of candidates) {
    const row = await gateway.readRange(block.sheet, fullAddress({ ...block, row: candidate.row, rows: 1, columns: PRICED_BOM_COLUMNS.length }));
    if (isOwnTotalRow(row.values[0] ?? [])) own.push(candidate);
  }
  return own;
}

/** Clears the add-in's total rows under a priced block (before a new one is written, or when the block moves). */
export async function clearTotalsBelow(gateway: ExcelGateway, block: CellBlock): Promise<void> {
  for (const { row } of await totalsBelow(gateway, block)) await gateway.clear({ ...block, row, rows: 1, columns: PRICED_BOM_COLUMNS.length }, 'all');
}

/** Marks the total row under the priced table at `address` stale, as markResultsStale marks the lines. */
export async function markTotalStale(gateway: ExcelGateway, address: string, why: string): Promise<void> {
  const block = parseAddress(address);
  for (const { row, text } of await totalsBelow(gateway, block)) {
    await gateway.writeBlock(block.sheet, row, block.column, [[safeText(`stale: ${why} (was: ${text})`)]], ['@'], [{ row, column: block.column, color: STATUS_FILLS.stale.color }]);
  }
}

/**
 * Writes the total row right under the priced table at `address` (the block writePricedResults wrote): the
 * summary's build total in the Extended column, its currency beside it, in bold. Every other total row of the
 * add-in further down (an earlier, longer BOM's) is cleared. The row is the user's when it holds anything but an
 * add-in total: then nothing is written there (the Summary sheet has the figures) and null is returned; otherwise
 * the total row's address.
 */
export async function writeResultsTotal(gateway: ExcelGateway, address: string, total: SummaryEntry, currency: string | null): Promise<string | null> {
  const block = parseAddress(address);
  const row = block.row + block.rows;
  if (row >= MAX_ROWS) return null;
  // One look at the add-in's totals below: the one right under the table is written over, the others go.
  const totals = await totalsBelow(gateway, block);
  for (const t of totals) if (t.row !== row) await gateway.clear({ ...block, row: t.row, rows: 1, columns: PRICED_BOM_COLUMNS.length }, 'all');
  const under: CellBlock = { ...block, row, rows: 1, columns: PRICED_BOM_COLUMNS.length };
  if (!totals.some((t) => t.row === row) && (await gateway.usedAddress(under)) !== null) return null;
  const values: WriteCell[] = PRICED_BOM_COLUMNS.map(() => '');
  values[STATUS] = safeText(currency ? `${total.label} (${currency})` : `${total.label}: nothing priced`);
  values[EXTENDED] = typeof total.value === 'number' ? total.value : '';
  values[CURRENCY] = currency ?? '';
  const report = await gateway.writeBlock(block.sheet, row, block.column, [values], PRICED_BOM_COLUMNS.map((c) => c.numberFormat), [{ row, column: block.column, columns: values.length, color: total.partial ? STATUS_FILLS.shortOfNeed.color : null }]);
  await gateway.styleHeader(block.sheet, row, block.column, PRICED_BOM_COLUMNS.map((c) => c.width));
  return report.address;
}
