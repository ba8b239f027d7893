/**
 * The workbook port's writes of cells: a block in row blocks, each one request with its values, number formats and
 * fills (text kept as text in text columns, calculation suspended for large writes), and single cells.
 */
import { type CellBlock, fullAddress } from './address';
import type { HostCellValue } from './host';
import { splitRows } from './payload';
import { excelError, FILL_COMMAND_BYTES, queueFill, widthOf, type HostBatches } from './port-batches';
import { WorkbookError, type CellWrite, type FillSpec, type WriteCell, type WriteReport } from './port-types';
import { keepText, textCell } from './text';

export async function writeBlock(
  b: HostBatches,
  sheet: string,
  topRow: number,
  leftColumn: number,
  values: readonly (readonly WriteCell[])[],
  numberFormats?: readonly string[],
  fills: readonly FillSpec[] = [],
): Promise<WriteReport> {
  const rows = values.length;
  const columns = widthOf(values);
  if (rows === 0 || columns === 0) {
    return {
      address: '',
      rows: 0,
      columns: 0,
      valueBlocks: 0,
      formatBlocks: 0,
      syncs: 0,
      largestBlockBytes: 0,
      calculationSuspended: false,
    };
  }
  if (values.some((row) => row.length !== columns))
    throw new WorkbookError('bad-block', 'Every row written must have the same number of cells.');
  if (numberFormats && numberFormats.length !== columns) {
    throw new WorkbookError('bad-block', `${numberFormats.length} number formats were given for ${columns} columns.`);
  }
  if (!Number.isInteger(topRow) || !Number.isInteger(leftColumn) || topRow < 0 || leftColumn < 0) {
    throw new WorkbookError('bad-block', `Cannot write at row ${topRow}, column ${leftColumn}.`);
  }
  for (const f of fills) {
    const fillRows = f.rows ?? 1;
    const fillColumns = f.columns ?? 1;
    if (
      f.row < topRow ||
      f.column < leftColumn ||
      f.row + fillRows > topRow + rows ||
      f.column + fillColumns > leftColumn + columns ||
      fillRows < 1 ||
      fillColumns < 1
    ) {
      throw new WorkbookError('bad-block', 'A fill lies outside the cells written.');
    }
  }
  const textColumns = numberFormats?.map((f) => f === '@') ?? [];
  const cells: HostCellValue[][] = values.map((row) =>
    row.map((value, c) => (typeof value === 'string' && textColumns[c] ? keepText(value) : value)),
  );
  const suspend = rows * columns >= b.suspendFrom;
  const formatRow = numberFormats ? [...numberFormats] : null;
  // Fills that cover each row, so that a block's size counts the fill commands it carries.
  const fillsOfRow: FillSpec[][] = Array.from({ length: rows }, () => []);
  for (const f of fills) for (let r = f.row - topRow; r < f.row - topRow + (f.rows ?? 1); r++) fillsOfRow[r].push(f);
  const sized = cells.map((row, r) => [row, formatRow ?? [], fillsOfRow[r].map((f) => [FILL_COMMAND_BYTES, f.color])]);
  const blocks = splitRows(sized, b.budget, b.maxRows);
  const report: WriteReport = {
    address: fullAddress({ sheet, row: topRow, column: leftColumn, rows, columns }),
    rows,
    columns,
    valueBlocks: 0,
    formatBlocks: 0,
    syncs: 0,
    largestBlockBytes: Math.max(0, ...blocks.map((k) => k.bytes)),
    calculationSuspended: suspend,
  };
  const written = { sheet, row: topRow, column: leftColumn, rows, columns };
  try {
    await b.own.writing([written], () => writeRows(b, written, { cells, blocks, fills, formatRow, suspend }, report));
  } catch (e) {
    throw excelError(e, `writing ${report.address}`, sheet);
  }
  return report;
}

/** The requests of writeBlock: one per block of rows (split further where a request would be too large). */
async function writeRows(
  b: HostBatches,
  at: CellBlock,
  w: {
    cells: HostCellValue[][];
    blocks: ReturnType<typeof splitRows>;
    fills: readonly FillSpec[];
    formatRow: string[] | null;
    suspend: boolean;
  },
  report: WriteReport,
): Promise<void> {
  const { cells, blocks, fills, formatRow, suspend } = w;
  const { sheet, row: topRow, column: leftColumn, columns } = at;
  await b.run(async (context) => {
    const ws = context.workbook.worksheets.getItem(sheet);
    const app = context.workbook.application;
    for (let n = 0; n < blocks.length; n++) {
      const block = blocks[n];
      report.syncs += await b.withPayloadSplit(
        context,
        block.count,
        (start, count, last) => {
          const first = topRow + block.start + start;
          if (suspend && !last) app.suspendApiCalculationUntilNextSync();
          // One request per block: its values first, then their number formats and the fills of its rows.
          ws.getRangeByIndexes(first, leftColumn, count, columns).values = cells.slice(
            block.start + start,
            block.start + start + count,
          );
          if (formatRow)
            ws.getRangeByIndexes(first, leftColumn, count, columns).numberFormat = new Array<string[]>(count).fill(
              formatRow,
            );
          for (const f of fills) queueFill(ws, f, first, count, false);
          for (const f of fills) queueFill(ws, f, first, count, true);
          // Calculation was suspended for every block before; what depends on the cells is brought up to date once.
          if (suspend && last) app.calculate('Recalculate');
        },
        n === blocks.length - 1,
      );
      report.valueBlocks++;
      if (formatRow) report.formatBlocks++;
    }
  });
}

export async function writeCells(b: HostBatches, sheet: string, writes: readonly CellWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const blocks = writes.map((w) => ({ sheet, row: w.row, column: w.column, rows: 1, columns: 1 }));
  try {
    await b.own.writing(blocks, () =>
      b.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        for (const w of writes)
          ws.getRangeByIndexes(w.row, w.column, 1, 1).values = [
            [typeof w.value === 'string' ? textCell(w.value) : w.value],
          ];
        await context.sync();
      }),
    );
  } catch (e) {
    throw excelError(e, 'writing to the BOM', sheet);
  }
}
