/**
 * WorkbookPort: the one way into the workbook. Everything that reads or writes cells goes through here, over an
 * ExcelHost (Office's `Excel`, or the in-memory workbook of testing/excel).
 *
 * Rules it keeps:
 * - Every batch runs in `run({ delayForCellEdit: true })`: while the user edits a cell, Excel holds the batch
 *   until they leave the cell instead of failing it.
 * - Reads and writes go in row blocks whose JSON stays under a budget below Excel on the web's 5 MB request and
 *   response limit; a block refused for its size anyway is split in two and sent again (Excel applies nothing
 *   of a refused request).
 * - Writes send each row block in one request: its values first, then its number formats and the fills of its
 *   rows, so a failed request leaves those rows as they were and a sent one leaves them complete. A large write
 *   suspends calculation for each block but the last, which asks for a recalculation.
 * - Text columns (number format '@') get Excel's quote prefix on text Excel would turn into a number, date,
 *   boolean or formula (see text.ts); formula-like service text arrives already quoted by src/bom's safeText.
 * - Whether a block is empty is a question of its own (`isEmpty`), so callers can ask before writing over cells.
 */
import { PartsheetError } from '../errors';
import { type CellBlock, MAX_ROWS, blockAddress, fullAddress, splitSheet } from './address';
import type { ExcelHost, HostCellValue, HostContext, HostRange, HostWorksheet } from './host';
import { DEFAULT_BLOCK_BUDGET, jsonBytes, splitRows } from './payload';
import { keepText, textCell } from './text';

/** A cell as read: what `range.values` gives. */
export type ReadCell = string | number | boolean;
/** A cell to write: null leaves the cell as it is, '' empties it. */
export type WriteCell = string | number | boolean | null;

export interface ReadResult {
  sheet: string;
  /** `Sheet1!A1:F40` of the cells read. */
  address: string;
  /** 0-based sheet row and column of the first cell read. */
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
  values: ReadCell[][];
  /** Row blocks (requests) the values were read in. */
  blocks: number;
}

/** Where a range is, without its values. */
export type RangeShape = Omit<ReadResult, 'values' | 'blocks'>;

export interface SelectionResult extends ReadResult {
  /** What the user had selected. */
  selectedAddress: string;
  /** Where the block came from: the selection itself, the table around one selected cell, or its current region. */
  source: 'selection' | 'table' | 'region';
  tableName: string | null;
}

export interface WriteReport {
  /** `Sheet!G5:W40` written. */
  address: string;
  rows: number;
  columns: number;
  valueBlocks: number;
  formatBlocks: number;
  syncs: number;
  largestBlockBytes: number;
  calculationSuspended: boolean;
}

export interface FillSpec {
  row: number;
  column: number;
  rows?: number;
  columns?: number;
  /** '#RRGGBB', or null for no fill. */
  color: string | null;
}

export interface CellWrite {
  row: number;
  column: number;
  value: WriteCell;
}

export type WorkbookErrorKind =
  /** The selection or range holds nothing. */
  | 'empty'
  /** A sheet named in the call is not in the workbook. */
  | 'no-sheet'
  /** One row is larger than a request may be. */
  | 'too-large'
  /** The cells given are not a rectangle, or out of the sheet. */
  | 'bad-block'
  /** Excel refused the batch for another reason (protected sheet, merged cells…). */
  | 'excel';

export class WorkbookError extends PartsheetError {
  override readonly name = 'WorkbookError';
  constructor(
    readonly kind: WorkbookErrorKind,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause);
  }
}

export function isWorkbookError(e: unknown): e is WorkbookError {
  return e instanceof WorkbookError;
}

export interface WorkbookPort {
  /**
   * The block the user means: the selection, or, when one cell is selected, the table it is in or else its
   * current region. Only the used part is read.
   */
  readSelection(): Promise<SelectionResult>;
  /** Where the selection is, exactly as selected (not grown to a table or region), without reading its values. */
  selectionShape(): Promise<RangeShape>;
  /** The used part of a range (`A1:F40`, or `Sheet1!A1:F40` with `sheet` ignored). */
  readRange(sheet: string, address: string): Promise<ReadResult>;
  /**
   * Writes a rectangle of cells with its top-left at (topRow, leftColumn), 0-based; `numberFormats` has one
   * format per column; `fills` (sheet rows and columns, inside the block) colour cells of the rows they cover in
   * the same request as those rows' values, fills without a colour first. Does not ask: callers check `isEmpty` first.
   */
  writeBlock(
    sheet: string,
    topRow: number,
    leftColumn: number,
    values: readonly (readonly WriteCell[])[],
    numberFormats?: readonly string[],
    fills?: readonly FillSpec[],
  ): Promise<WriteReport>;
  /** Writes single cells in one batch; strings are kept as text. */
  writeCells(sheet: string, cells: readonly CellWrite[]): Promise<void>;
  /** Whether no cell of the block holds a value (formats do not count). */
  isEmpty(block: CellBlock): Promise<boolean>;
  /** The address of the used part of the block, or null when it is empty. */
  usedAddress(block: CellBlock): Promise<string | null>;
  /**
   * Inserts `count` whole sheet rows at 0-based `row`: that row and every row below move down (Excel's
   * Range.insert with InsertShiftDirection.down on the entire rows), so no cell is written over.
   */
  insertRows(sheet: string, row: number, count?: number): Promise<void>;
  /** Adds the sheet when the workbook does not have it. */
  ensureSheet(name: string): Promise<{ created: boolean }>;
  setFills(sheet: string, fills: readonly FillSpec[]): Promise<void>;
  /** Empties a block: its contents, its formats, or both. */
  clear(block: CellBlock, what?: 'contents' | 'formats' | 'all'): Promise<void>;
  /** Bold header cells and column widths in characters, for a block of columns the add-in owns. */
  styleHeader(sheet: string, row: number, column: number, widths: readonly number[]): Promise<void>;
  /** Recalculates the workbook ('Full' for the custom functions' "Refresh prices"). */
  recalculate(kind?: 'Recalculate' | 'Full'): Promise<void>;
  /** Shows the block to the user: activates its sheet and selects it. */
  select(block: CellBlock): Promise<void>;
  /**
   * Draws a line chart on `chart.values.sheet`: one series, the column `values` (its first cell the series name),
   * against the x-axis values `xValues`, titled, over the cells of `position`. A chart of the same name on that
   * sheet is replaced.
   */
  writeLineChart(chart: LineChartSpec): Promise<void>;
}

/** A line chart of one series, drawn from cells of one sheet. */
export interface LineChartSpec {
  name: string;
  title: string;
  /** The series: a column whose first cell is its name. */
  values: CellBlock;
  /** The x-axis values, one per value below the name. */
  xValues: CellBlock;
  /** The cells the chart covers. */
  position: CellBlock;
}

export interface WorkbookPortOptions {
  /** JSON bytes one block of values or formats may take; default 4 MB (Excel on the web allows 5 MB). */
  blockBudget?: number;
  /** Most rows in one block, whatever their size. */
  maxBlockRows?: number;
  /** Writes of at least this many cells suspend calculation; default 2,000. */
  suspendCalculationFrom?: number;
  /** Fill commands per request; default 4,000 (about 600 KB of commands). */
  fillsPerSync?: number;
  /** Cell bytes assumed before the first block of a read is measured; default 64. */
  readCellEstimate?: number;
}

const PAYLOAD_ERRORS = /RequestPayloadSizeLimitExceeded|ResponsePayloadSizeLimitExceeded|payload size/i;

function errorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function isPayloadError(e: unknown): boolean {
  return PAYLOAD_ERRORS.test(errorCode(e)) || (e instanceof Error && PAYLOAD_ERRORS.test(e.message));
}

/** Office's failures in words a buyer can act on. */
function excelError(e: unknown, what: string, sheet?: string): WorkbookError {
  if (isWorkbookError(e)) return e;
  const code = errorCode(e);
  const message = e instanceof Error ? e.message : String(e);
  if (code === 'ItemNotFound' && sheet !== undefined) {
    return new WorkbookError(
      'no-sheet',
      `The sheet "${sheet}" is not in this workbook any more; select the BOM again.`,
      e,
    );
  }
  if (code === 'InvalidSelection') {
    return new WorkbookError(
      'excel',
      'Excel cannot read this selection. Select one block of cells (not several areas), then try again.',
      e,
    );
  }
  if (code === 'AccessDenied' || /protect/i.test(message)) {
    return new WorkbookError(
      'excel',
      `Excel did not allow ${what}: the sheet may be protected. Unprotect it (Review > Unprotect Sheet) and try again.`,
      e,
    );
  }
  if (/merge/i.test(message)) {
    return new WorkbookError(
      'excel',
      `Excel did not allow ${what} because of merged cells; unmerge them and try again.`,
      e,
    );
  }
  return new WorkbookError('excel', `Excel did not allow ${what}: ${message}`, e);
}

function widthOf(values: readonly (readonly unknown[])[]): number {
  let width = 0;
  for (const row of values) width = Math.max(width, row.length);
  return width;
}

function rangeInfo(range: HostRange, sheetFallback: string): RangeShape {
  const address = range.address;
  return {
    sheet: splitSheet(address).sheet ?? sheetFallback,
    address,
    rowIndex: range.rowIndex,
    columnIndex: range.columnIndex,
    rowCount: range.rowCount,
    columnCount: range.columnCount,
  };
}

/** What one fill command is counted as in a block's size, beside its colour. */
const FILL_COMMAND_BYTES = 160;

/** Queues the part of a fill that lies in rows first..first+count-1: clears (`colored` false) or colours. */
function queueFill(ws: HostWorksheet, f: FillSpec, first: number, count: number, colored: boolean): void {
  if ((f.color !== null) !== colored) return;
  const from = Math.max(f.row, first);
  const to = Math.min(f.row + (f.rows ?? 1), first + count);
  if (from >= to) return;
  const range = ws.getRangeByIndexes(from, f.column, to - from, f.columns ?? 1);
  if (f.color === null) range.format.fill.clear();
  else range.format.fill.color = f.color;
}

const SHAPE = 'address,rowIndex,columnIndex,rowCount,columnCount';

export function createWorkbookPort(host: ExcelHost, options: WorkbookPortOptions = {}): WorkbookPort {
  const budget = options.blockBudget ?? DEFAULT_BLOCK_BUDGET;
  const maxRows = options.maxBlockRows ?? Infinity;
  const suspendFrom = options.suspendCalculationFrom ?? 2000;
  const fillsPerSync = options.fillsPerSync ?? 4000;
  const cellEstimate = options.readCellEstimate ?? 64;

  const run = <T>(batch: (context: HostContext) => Promise<T>): Promise<T> =>
    host.run({ delayForCellEdit: true }, batch);

  /** Reads the values of a block in row blocks sized by what the previous block measured. */
  async function readValues(
    context: HostContext,
    sheet: HostWorksheet,
    block: Omit<CellBlock, 'sheet'>,
  ): Promise<{ values: ReadCell[][]; blocks: number }> {
    const out: ReadCell[][] = [];
    let blocks = 0;
    let perBlock = Math.max(1, Math.min(maxRows, Math.floor(budget / Math.max(1, block.columns * cellEstimate))));
    let done = 0;
    while (done < block.rows) {
      const count = Math.min(perBlock, block.rows - done);
      const range = sheet.getRangeByIndexes(block.row + done, block.column, count, block.columns).load('values');
      try {
        await context.sync();
      } catch (e) {
        if (isPayloadError(e) && count > 1) {
          perBlock = Math.ceil(count / 2);
          continue;
        }
        throw e;
      }
      const values = range.values as ReadCell[][];
      for (const row of values) out.push(row.map((v) => (v === null || v === undefined ? '' : v)));
      done += count;
      blocks++;
      const perRow = jsonBytes(values) / count;
      perBlock = Math.max(1, Math.min(maxRows, Math.floor(budget / Math.max(perRow * 1.25, 1))));
    }
    return { values: out, blocks };
  }

  async function readUsed(
    context: HostContext,
    target: HostRange,
    sheetFallback: string,
    emptyMessage: string,
  ): Promise<ReadResult> {
    const used = target.getUsedRangeOrNullObject(true);
    used.load(SHAPE);
    await context.sync();
    if (used.isNullObject) throw new WorkbookError('empty', emptyMessage);
    const info = rangeInfo(used, sheetFallback);
    const sheet = context.workbook.worksheets.getItem(info.sheet);
    const { values, blocks } = await readValues(context, sheet, {
      row: info.rowIndex,
      column: info.columnIndex,
      rows: info.rowCount,
      columns: info.columnCount,
    });
    return { ...info, values, blocks };
  }

  async function withPayloadSplit(
    context: HostContext,
    rows: number,
    send: (start: number, count: number, last: boolean) => void,
    isLastGroup: boolean,
  ): Promise<number> {
    let syncs = 0;
    const pending: Array<{ start: number; count: number }> = [{ start: 0, count: rows }];
    while (pending.length > 0) {
      const part = pending.shift()!;
      send(part.start, part.count, isLastGroup && pending.length === 0);
      try {
        await context.sync();
        syncs++;
      } catch (e) {
        syncs++;
        if (isPayloadError(e) && part.count > 1) {
          const half = Math.ceil(part.count / 2);
          pending.unshift({ start: part.start, count: half }, { start: part.start + half, count: part.count - half });
          continue;
        }
        if (isPayloadError(e))
          throw new WorkbookError('too-large', 'One row of results is larger than Excel accepts in one request.', e);
        throw e;
      }
    }
    return syncs;
  }

  async function usedAddress(block: CellBlock): Promise<string | null> {
    try {
      return await run(async (context) => {
        const used = context.workbook.worksheets
          .getItem(block.sheet)
          .getRangeByIndexes(block.row, block.column, block.rows, block.columns)
          .getUsedRangeOrNullObject(true);
        used.load('address');
        await context.sync();
        return used.isNullObject ? null : used.address;
      });
    } catch (e) {
      throw excelError(e, `reading ${fullAddress(block)}`, block.sheet);
    }
  }

  return {
    async readSelection() {
      try {
        return await run(async (context) => {
          const selected = context.workbook.getSelectedRange();
          selected.load(SHAPE);
          const tables = selected.getTables(false);
          const tableCount = tables.getCount();
          const region = selected.getSurroundingRegion();
          region.load(SHAPE);
          await context.sync();
          const selectedAddress = selected.address;
          const sheetName = splitSheet(selectedAddress).sheet ?? '';
          const single = selected.rowCount === 1 && selected.columnCount === 1;
          let target: HostRange = selected;
          let source: SelectionResult['source'] = 'selection';
          let tableName: string | null = null;
          if (single && tableCount.value > 0) {
            const table = tables.getFirst();
            table.load('name');
            target = table.getRange();
            source = 'table';
            await context.sync();
            tableName = table.name;
          } else if (single) {
            target = region;
            source = 'region';
          }
          const empty =
            source === 'selection'
              ? `The selected cells (${selectedAddress}) are empty. Select the BOM, or one cell inside it, and press "Use selection" again.`
              : `Cell ${selectedAddress} has nothing around it. Select the BOM, or one cell inside it, and press "Use selection" again.`;
          const read = await readUsed(context, target, sheetName, empty);
          return { ...read, selectedAddress, source, tableName };
        });
      } catch (e) {
        throw excelError(e, 'reading the selection');
      }
    },

    async selectionShape() {
      try {
        return await run(async (context) => {
          const selected = context.workbook.getSelectedRange();
          selected.load(SHAPE);
          await context.sync();
          return rangeInfo(selected, '');
        });
      } catch (e) {
        throw excelError(e, 'reading the selection');
      }
    },

    async readRange(sheet, address) {
      try {
        return await run(async (context) => {
          const { sheet: named, cells } = splitSheet(address);
          const sheetName = named ?? sheet;
          const range = context.workbook.worksheets.getItem(sheetName).getRange(cells);
          return readUsed(context, range, sheetName, `The cells ${address} are empty.`);
        });
      } catch (e) {
        throw excelError(e, `reading ${address}`, sheet);
      }
    },

    async writeBlock(sheet, topRow, leftColumn, values, numberFormats, fills = []) {
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
        throw new WorkbookError(
          'bad-block',
          `${numberFormats.length} number formats were given for ${columns} columns.`,
        );
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
      const suspend = rows * columns >= suspendFrom;
      const formatRow = numberFormats ? [...numberFormats] : null;
      // Fills that cover each row, so that a block's size counts the fill commands it carries.
      const fillsOfRow: FillSpec[][] = Array.from({ length: rows }, () => []);
      for (const f of fills)
        for (let r = f.row - topRow; r < f.row - topRow + (f.rows ?? 1); r++) fillsOfRow[r].push(f);
      const sized = cells.map((row, r) => [
        row,
        formatRow ?? [],
        fillsOfRow[r].map((f) => [FILL_COMMAND_BYTES, f.color]),
      ]);
      const blocks = splitRows(sized, budget, maxRows);
      const report: WriteReport = {
        address: fullAddress({ sheet, row: topRow, column: leftColumn, rows, columns }),
        rows,
        columns,
        valueBlocks: 0,
        formatBlocks: 0,
        syncs: 0,
        largestBlockBytes: Math.max(0, ...blocks.map((b) => b.bytes)),
        calculationSuspended: suspend,
      };
      try {
        await run(async (context) => {
          const ws = context.workbook.worksheets.getItem(sheet);
          const app = context.workbook.application;
          for (let b = 0; b < blocks.length; b++) {
            const block = blocks[b];
            report.syncs += await withPayloadSplit(
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
                  ws.getRangeByIndexes(first, leftColumn, count, columns).numberFormat = new Array<string[]>(
                    count,
                  ).fill(formatRow);
                for (const f of fills) queueFill(ws, f, first, count, false);
                for (const f of fills) queueFill(ws, f, first, count, true);
                // Calculation was suspended for every block before; what depends on the cells is brought up to date once.
                if (suspend && last) app.calculate('Recalculate');
              },
              b === blocks.length - 1,
            );
            report.valueBlocks++;
            if (formatRow) report.formatBlocks++;
          }
        });
      } catch (e) {
        throw excelError(e, `writing ${report.address}`, sheet);
      }
      return report;
    },

    async writeCells(sheet, writes) {
      if (writes.length === 0) return;
      try {
        await run(async (context) => {
          const ws = context.workbook.worksheets.getItem(sheet);
          for (const w of writes)
            ws.getRangeByIndexes(w.row, w.column, 1, 1).values = [
              [typeof w.value === 'string' ? textCell(w.value) : w.value],
            ];
          await context.sync();
        });
      } catch (e) {
        throw excelError(e, 'writing to the BOM', sheet);
      }
    },

    usedAddress,

    async isEmpty(block) {
      return (await usedAddress(block)) === null;
    },

    async insertRows(sheet, row, count = 1) {
      if (!Number.isInteger(row) || !Number.isInteger(count) || row < 0 || count < 1 || row + count > MAX_ROWS) {
        throw new WorkbookError('bad-block', `Cannot insert ${count} row(s) at row ${row + 1}.`);
      }
      try {
        await run(async (context) => {
          context.workbook.worksheets.getItem(sheet).getRangeByIndexes(row, 0, count, 1).getEntireRow().insert('Down');
          await context.sync();
        });
      } catch (e) {
        throw excelError(e, `inserting a row above row ${row + 1}`, sheet);
      }
    },

    async ensureSheet(name) {
      try {
        return await run(async (context) => {
          const existing = context.workbook.worksheets.getItemOrNullObject(name);
          await context.sync();
          if (!existing.isNullObject) return { created: false };
          context.workbook.worksheets.add(name);
          await context.sync();
          return { created: true };
        });
      } catch (e) {
        throw excelError(e, `adding the sheet "${name}"`);
      }
    },

    async setFills(sheet, fills) {
      if (fills.length === 0) return;
      try {
        await run(async (context) => {
          const ws = context.workbook.worksheets.getItem(sheet);
          for (let i = 0; i < fills.length; i += fillsPerSync) {
            for (const f of fills.slice(i, i + fillsPerSync)) {
              const range = ws.getRangeByIndexes(f.row, f.column, f.rows ?? 1, f.columns ?? 1);
              if (f.color === null) range.format.fill.clear();
              else range.format.fill.color = f.color;
            }
            await context.sync();
          }
        });
      } catch (e) {
        throw excelError(e, 'colouring the status cells', sheet);
      }
    },

    async clear(block, what = 'contents') {
      try {
        await run(async (context) => {
          const range = context.workbook.worksheets
            .getItem(block.sheet)
            .getRangeByIndexes(block.row, block.column, block.rows, block.columns);
          range.clear(what === 'contents' ? 'Contents' : what === 'formats' ? 'Formats' : 'All');
          await context.sync();
        });
      } catch (e) {
        throw excelError(e, `clearing ${blockAddress(block)}`, block.sheet);
      }
    },

    async styleHeader(sheet, row, column, widths) {
      if (widths.length === 0) return;
      try {
        await run(async (context) => {
          const ws = context.workbook.worksheets.getItem(sheet);
          ws.getRangeByIndexes(row, column, 1, widths.length).format.font.bold = true;
          widths.forEach((chars, i) => {
            ws.getRangeByIndexes(row, column + i, 1, 1).format.columnWidth = Math.round(chars * 6.5);
          });
          await context.sync();
        });
      } catch (e) {
        throw excelError(e, 'formatting the header row', sheet);
      }
    },

    async select(block) {
      try {
        await run(async (context) => {
          const ws = context.workbook.worksheets.getItem(block.sheet);
          ws.activate();
          ws.getRangeByIndexes(block.row, block.column, block.rows, block.columns).select();
          await context.sync();
        });
      } catch (e) {
        throw excelError(e, `selecting ${fullAddress(block)}`, block.sheet);
      }
    },

    async writeLineChart(chart) {
      const sheet = chart.values.sheet;
      try {
        await run(async (context) => {
          const ws = context.workbook.worksheets.getItem(sheet);
          const earlier = ws.charts.getItemOrNullObject(chart.name);
          await context.sync();
          if (!earlier.isNullObject) earlier.delete();
          const { values, xValues, position } = chart;
          const drawn = ws.charts.add(
            'LineMarkers',
            ws.getRangeByIndexes(values.row, values.column, values.rows, values.columns),
            'Columns',
          );
          drawn.name = chart.name;
          drawn.title.text = chart.title;
          drawn.series
            .getItemAt(0)
            .setXAxisValues(ws.getRangeByIndexes(xValues.row, xValues.column, xValues.rows, xValues.columns));
          drawn.setPosition(
            ws.getRangeByIndexes(position.row, position.column, 1, 1),
            ws.getRangeByIndexes(position.row + position.rows - 1, position.column + position.columns - 1, 1, 1),
          );
          await context.sync();
        });
      } catch (e) {
        throw excelError(e, `drawing the chart "${chart.name}"`, sheet);
      }
    },

    async recalculate(kind = 'Full') {
      try {
        await run(async (context) => {
          context.workbook.application.calculate(kind);
          await context.sync();
        });
      } catch (e) {
        throw excelError(e, 'recalculating');
      }
    },
  };
}
