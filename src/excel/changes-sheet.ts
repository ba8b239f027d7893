/**
 * The workbook's "Changes" sheet: what changed since the last run, line by line, and the cost bridge, laid out as
 * src/changes' changesSheet lays it out for every writer (the command line's XLSX file too). The sheet is replaced
 * when it is the add-in's own (by the record of its sheets, own-sheets.ts), asked about otherwise.
 */
import { CHANGES_SHEET, type ChangesSheet } from '../changes';
import { MAX_ROWS, fullAddress } from './address';
import { type ConfirmOverwrite, type WrittenOutput, claimSheet } from './sheet-claims';
import type { WorkbookPort, WriteCell } from './workbook-port';

/** Writes the Changes sheet: its title, summary and bridge as text, then one row per change, amounts as numbers. */
export async function writeChangesSheet(
  book: WorkbookPort,
  layout: ChangesSheet,
  options: { confirm: ConfirmOverwrite; sheet?: string },
): Promise<WrittenOutput> {
  const width = layout.widths.length;
  const { rows, header } = layout;
  const claimed = await claimSheet(
    book,
    { name: options.sheet ?? CHANGES_SHEET, what: 'changes', width, rows: rows.length, firstRow: rows[0] ?? [] },
    options.confirm,
  );
  if (!claimed) return { address: null, report: null, replaced: false };
  const { sheet } = claimed;
  if (claimed.ours) await book.clear({ sheet, row: 0, column: 0, rows: MAX_ROWS, columns: width }, 'all');
  const padded = (r: ReadonlyArray<string | number>): WriteCell[] =>
    Array.from({ length: width }, (_, i) => r[i] ?? '');
  await book.writeBlock(sheet, 0, 0, rows.slice(0, header + 1).map(padded), new Array<string>(width).fill('@'));
  const changes = rows.slice(header + 1);
  if (changes.length > 0) {
    const formats = layout.widths.map((_, i) =>
      i === 0 ? '0' : layout.moneyColumns.includes(i) ? layout.moneyFormat : '@',
    );
    await book.writeBlock(sheet, header + 1, 0, changes.map(padded), formats);
  }
  await book.styleHeader(sheet, 0, 0, [layout.widths[0]]);
  await book.styleHeader(sheet, header, 0, layout.widths);
  return {
    address: fullAddress({ sheet, row: 0, column: 0, rows: rows.length, columns: width }),
    report: null,
    replaced: claimed.replaced,
  };
}
