/**
 * The machinery the workbook port's operations share (workbook-port.ts): its settings, one batch run so that a cell
 * being edited holds it, reads in row blocks sized by what the previous block measured, requests split in two when
 * Excel refuses them for their size, and Office's failures in words a buyer can act on.
 */
import { OwnWrites } from './own-writes';
import { type CellBlock, fullAddress, splitSheet } from './address';
import type { ExcelHost, HostContext, HostRange, HostWorksheet } from './host';
import { DEFAULT_BLOCK_BUDGET, jsonBytes } from './payload';
import {
  WorkbookError,
  isWorkbookError,
  type FillSpec,
  type RangeShape,
  type ReadCell,
  type ReadResult,
  type WorkbookPortOptions,
} from './port-types';

const PAYLOAD_ERRORS = /RequestPayloadSizeLimitExceeded|ResponsePayloadSizeLimitExceeded|payload size/i;

function errorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

export function isPayloadError(e: unknown): boolean {
  return PAYLOAD_ERRORS.test(errorCode(e)) || (e instanceof Error && PAYLOAD_ERRORS.test(e.message));
}

/** Office's failures in words a buyer can act on. */
export function excelError(e: unknown, what: string, sheet?: string): WorkbookError {
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

export function widthOf(values: readonly (readonly unknown[])[]): number {
  let width = 0;
  for (const row of values) width = Math.max(width, row.length);
  return width;
}

export function rangeInfo(range: HostRange, sheetFallback: string): RangeShape {
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
export const FILL_COMMAND_BYTES = 160;

/** Queues the part of a fill that lies in rows first..first+count-1: clears (`colored` false) or colours. */
export function queueFill(ws: HostWorksheet, f: FillSpec, first: number, count: number, colored: boolean): void {
  if ((f.color !== null) !== colored) return;
  const from = Math.max(f.row, first);
  const to = Math.min(f.row + (f.rows ?? 1), first + count);
  if (from >= to) return;
  const range = ws.getRangeByIndexes(from, f.column, to - from, f.columns ?? 1);
  if (f.color === null) range.format.fill.clear();
  else range.format.fill.color = f.color;
}

export const SHAPE = 'address,rowIndex,columnIndex,rowCount,columnCount';

/** The host and the settings of one port, with the reads and sends every operation uses. */
export class HostBatches {
  readonly budget: number;
  readonly maxRows: number;
  readonly suspendFrom: number;
  readonly fillsPerSync: number;
  readonly cellEstimate: number;
  /** The cells written lately, told apart from the user's changes where Office does not say (own-writes.ts). */
  readonly own = new OwnWrites();

  constructor(
    private readonly host: ExcelHost,
    options: WorkbookPortOptions,
  ) {
    this.budget = options.blockBudget ?? DEFAULT_BLOCK_BUDGET;
    this.maxRows = options.maxBlockRows ?? Infinity;
    this.suspendFrom = options.suspendCalculationFrom ?? 2000;
    this.fillsPerSync = options.fillsPerSync ?? 4000;
    this.cellEstimate = options.readCellEstimate ?? 64;
  }

  /** Runs one batch; while the user edits a cell, Excel holds it until they leave the cell. */
  run<T>(batch: (context: HostContext) => Promise<T>): Promise<T> {
    return this.host.run({ delayForCellEdit: true }, batch);
  }

  /** Reads the values of a block in row blocks sized by what the previous block measured. */
  async readValues(
    context: HostContext,
    sheet: HostWorksheet,
    block: Omit<CellBlock, 'sheet'>,
  ): Promise<{ values: ReadCell[][]; blocks: number }> {
    const { grids, blocks } = await this.readGrids(context, sheet, block, ['values']);
    return { values: grids.values, blocks };
  }

  /** Reads properties of a block (its values, its formulas) in row blocks sized by what the previous block measured. */
  async readGrids<P extends 'values' | 'formulas' | 'numberFormat'>(
    context: HostContext,
    sheet: HostWorksheet,
    block: Omit<CellBlock, 'sheet'>,
    properties: readonly P[],
  ): Promise<{ grids: Record<P, ReadCell[][]>; blocks: number }> {
    const grids = Object.fromEntries(properties.map((p) => [p, [] as ReadCell[][]])) as Record<P, ReadCell[][]>;
    let blocks = 0;
    let perBlock = Math.max(
      1,
      Math.min(
        this.maxRows,
        Math.floor(this.budget / Math.max(1, block.columns * this.cellEstimate * properties.length)),
      ),
    );
    let done = 0;
    while (done < block.rows) {
      const count = Math.min(perBlock, block.rows - done);
      const range = sheet
        .getRangeByIndexes(block.row + done, block.column, count, block.columns)
        .load(properties.join(','));
      try {
        await context.sync();
      } catch (e) {
        if (isPayloadError(e) && count > 1) {
          perBlock = Math.ceil(count / 2);
          continue;
        }
        throw e;
      }
      let bytes = 0;
      for (const p of properties) {
        const read = range[p] as ReadCell[][];
        for (const row of read) grids[p].push(row.map((v) => (v === null || v === undefined ? '' : v)));
        bytes += jsonBytes(read);
      }
      done += count;
      blocks++;
      const perRow = bytes / count;
      perBlock = Math.max(1, Math.min(this.maxRows, Math.floor(this.budget / Math.max(perRow * 1.25, 1))));
    }
    return { grids, blocks };
  }

  async readUsed(
    context: HostContext,
    target: HostRange,
    sheetFallback: string,
    emptyMessage: string,
  ): Promise<ReadResult> {
    const read = await this.readFound(context, target.getUsedRangeOrNullObject(true), sheetFallback);
    if (read === null) throw new WorkbookError('empty', emptyMessage);
    return read;
  }

  /** Reads a range that may be Office's null object (a used range of nothing): its cells (its first `maxRows`), or null. */
  async readFound(
    context: HostContext,
    used: HostRange,
    sheetFallback: string,
    maxRows = Infinity,
  ): Promise<ReadResult | null> {
    const read = await this.readFoundGrids(context, used, sheetFallback, ['values'], maxRows);
    if (read === null) return null;
    const { grids, ...rest } = read;
    return { ...rest, values: grids.values };
  }

  /** As readFound, with the properties asked for (values, formulas) of each cell. */
  async readFoundGrids<P extends 'values' | 'formulas' | 'numberFormat'>(
    context: HostContext,
    used: HostRange,
    sheetFallback: string,
    properties: readonly P[],
    maxRows = Infinity,
  ): Promise<(RangeShape & { grids: Record<P, ReadCell[][]>; blocks: number }) | null> {
    used.load(SHAPE);
    await context.sync();
    if (used.isNullObject) return null;
    const info = rangeInfo(used, sheetFallback);
    const rows = Math.min(info.rowCount, maxRows);
    const sheet = context.workbook.worksheets.getItem(info.sheet);
    const { grids, blocks } = await this.readGrids(
      context,
      sheet,
      { row: info.rowIndex, column: info.columnIndex, rows, columns: info.columnCount },
      properties,
    );
    return { ...info, rowCount: rows, grids, blocks };
  }

  async withPayloadSplit(
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

  async usedAddress(block: CellBlock): Promise<string | null> {
    try {
      return await this.run(async (context) => {
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
}
