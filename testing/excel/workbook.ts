/**
 * An in-memory workbook with an Office.js-shaped host, for tests, benchmarks and the end-to-end Office stand-in.
 *
 * It models what the gateway relies on: sheets of cells with values, formulas, number formats, fills and bold;
 * tables; inserting rows (cells move down); the selection; document settings. Its host behaves like Office's: commands queue until
 * `context.sync()`, which counts as one request; loaded properties are readable only after that sync; a request
 * or response over Excel on the web's 5 MB limit fails the sync; a batch sent while the user edits a cell fails
 * unless the run asked to wait (`delayForCellEdit`).
 *
 * Writing `range.values` converts text the way Excel does when it is typed (text-entry.ts). The batch sees the host
 * proxies of proxies.ts. This file is the test side and the host (counting requests, the payload limit, cell-edit
 * mode); the sheets and tables are in sheets.ts, their cells in cells.ts, and what each command does in commands.ts.
 *
 * Request bytes are the UTF-8 size of the JSON of the commands one sync sends; response bytes that of the
 * properties it loads. Both are close to what Office sends, and what the 5 MB limit is checked against here.
 */
import {
  type CellBlock,
  blockAddress,
  fullAddress,
  parseAddress,
  MAX_COLUMNS,
  MAX_ROWS,
} from '../../src/excel/address';
import type { ExcelHost, HostContext, HostRunOptions } from '../../src/excel/host';
import { EXCEL_PAYLOAD_LIMIT, jsonBytes } from '../../src/excel/payload';
import { cellAt, readBlock, used } from './cells';
import { applyCommand } from './commands';
import {
  type Command,
  type MemoryChartView,
  type MemoryCell,
  MemoryExcelError,
  type MemoryRequest,
  type MemoryStats,
  type MemoryValue,
  type MemoryWorkbookOptions,
} from './model';
import { MemoryContext } from './proxies';
import { changedBlocks } from './event-commands';
import { MemoryDocumentSettings } from './settings';
import { SheetModel } from './sheets';

export { MemoryDocumentSettings } from './settings';

export class MemoryWorkbook {
  readonly host: ExcelHost;
  readonly settings = new MemoryDocumentSettings();
  /** The .xlsx files (base64) opened as new workbooks through createWorkbook, in order; this workbook is not one. */
  readonly createdWorkbooks: string[] = [];
  private readonly model: SheetModel;
  private readonly payloadLimit: number;
  private readonly latencyMs: number;
  private counters: MemoryStats = MemoryWorkbook.emptyStats();
  private editing = false;
  private editWaiters: Array<() => void> = [];

  constructor(options: MemoryWorkbookOptions = {}) {
    const names = options.sheets && options.sheets.length > 0 ? options.sheets : ['Sheet1'];
    this.model = new SheetModel(names);
    this.payloadLimit = options.payloadLimit ?? EXCEL_PAYLOAD_LIMIT;
    this.latencyMs = options.latencyMs ?? 0;
    this.model.events.triggerSource = options.triggerSource ?? true;
    this.host = { run: (runOptions, batch) => this.run(runOptions, batch) };
  }

  private static emptyStats(): MemoryStats {
    return {
      runs: 0,
      syncs: 0,
      requests: [],
      maxRequestBytes: 0,
      maxResponseBytes: 0,
      totalRequestBytes: 0,
      runsDelayedForCellEdit: 0,
    };
  }

  /** Excel.createWorkbook (ExcelApi 1.8): opens a new workbook from a base64 .xlsx; this one is left as it is. */
  async createWorkbook(base64: string): Promise<void> {
    this.createdWorkbooks.push(base64);
  }

  // ---- the test side: set up and inspect without counting requests

  sheetNames(): string[] {
    return [...this.model.sheets.keys()];
  }

  hasSheet(name: string): boolean {
    return this.model.findSheet(name) !== undefined;
  }

  addSheet(name: string): void {
    this.model.addSheet(name);
  }

  /** Deletes a sheet, as the user does. */
  deleteSheet(name: string): void {
    this.model.deleteSheet(name);
  }

  /** Puts values in cells as they are (strings stay strings), like pasting a BOM. */
  setValues(sheet: string, address: string, values: readonly (readonly (MemoryValue | null | undefined)[])[]): void {
    const data = this.model.sheet(sheet);
    const block = parseAddress(address, data.name);
    values.forEach((row, r) =>
      row.forEach((value, c) => {
        if (r >= block.rows || c >= block.columns) return;
        const cell = cellAt(data, block.row + r, block.column + c, true)!;
        cell.value = value ?? '';
        delete cell.formula;
        delete cell.quotePrefix;
      }),
    );
    this.model.events.changed([{ ...block, sheet: data.name }], 'Others');
  }

  /** Whether the user sees a sheet: 'Visible', 'Hidden' or 'VeryHidden'. */
  visibility(sheet: string): string {
    return this.model.events.visibilityOf(this.model.sheet(sheet).name);
  }

  /**
   * Calls `listener` for each calculation a batch asks for: of a block (range.calculate) or of the workbook (null).
   * Formulas are not calculated here: a listener may put their results with `setResult`.
   */
  onCalculate(listener: ((target: CellBlock | null) => void) | null): void {
    this.model.onCalculate = listener;
  }

  /** Puts the value a formula's cell shows, keeping the formula (what Excel does when it calculates it). */
  setResult(sheet: string, row: number, column: number, value: MemoryValue): void {
    const cell = cellAt(this.model.sheet(sheet), row, column, true)!;
    cell.value = value;
  }

  /** Values of a block ('' for empty cells). */
  getValues(sheet: string, address: string): MemoryValue[][] {
    const data = this.model.sheet(sheet);
    const block = parseAddress(address, data.name);
    return readBlock(data, block, (cell) => cell?.value ?? '');
  }

  /** A copy of one cell, or undefined when nothing was ever put there. */
  cell(sheet: string, address: string): MemoryCell | undefined {
    const data = this.model.sheet(sheet);
    const block = parseAddress(address, data.name);
    const cell = cellAt(data, block.row, block.column, false);
    return cell ? { ...cell } : undefined;
  }

  /** Cells holding a formula, by address. */
  formulas(sheet: string): string[] {
    const data = this.model.sheet(sheet);
    const out: string[] = [];
    for (const [r, row] of data.cells)
      for (const [c, cell] of row)
        if (cell.formula !== undefined) out.push(blockAddress({ row: r, column: c, rows: 1, columns: 1 }));
    return out;
  }

  /** The used block of a sheet (values only), or null when the sheet is empty. */
  usedBlock(sheet: string): CellBlock | null {
    const data = this.model.sheet(sheet);
    return used(data, { sheet: data.name, row: 0, column: 0, rows: MAX_ROWS, columns: MAX_COLUMNS }, true);
  }

  columnWidth(sheet: string, column: number): number | undefined {
    return this.model.sheet(sheet).columnWidths.get(column);
  }

  select(sheet: string, address: string): void {
    const data = this.model.sheet(sheet);
    this.model.selection = parseAddress(address, data.name);
    this.model.activeSheet = data.name;
  }

  /** The charts of a sheet, each series with the values its cells hold now (a chart follows its cells). */
  charts(sheet: string): MemoryChartView[] {
    return this.model.chartViews(sheet);
  }

  selectedAddress(): string {
    return fullAddress(this.model.selection);
  }

  activeSheetName(): string {
    return this.model.activeSheet;
  }

  addTable(sheet: string, address: string, name: string): void {
    this.model.addTable(sheet, address, name);
  }

  /** The user starts or stops editing a cell. */
  setCellEditMode(editing: boolean): void {
    this.editing = editing;
    if (!editing) {
      const waiters = this.editWaiters;
      this.editWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  stats(): MemoryStats {
    return { ...this.counters, requests: [...this.counters.requests] };
  }

  resetStats(): void {
    this.counters = MemoryWorkbook.emptyStats();
  }

  /** Every non-empty cell by sheet and address, for a test to compare or print. */
  snapshot(): Record<string, Record<string, MemoryCell>> {
    const out: Record<string, Record<string, MemoryCell>> = {};
    for (const data of this.model.sheets.values()) {
      const cells: Record<string, MemoryCell> = {};
      const rows = [...data.cells.keys()].sort((a, b) => a - b);
      for (const r of rows) {
        const row = data.cells.get(r)!;
        for (const c of [...row.keys()].sort((a, b) => a - b)) {
          cells[blockAddress({ row: r, column: c, rows: 1, columns: 1 })] = { ...row.get(c)! };
        }
      }
      out[data.name] = cells;
    }
    return out;
  }

  // ---- the host

  private async run<T>(options: HostRunOptions, batch: (context: HostContext) => Promise<T>): Promise<T> {
    this.counters.runs++;
    if (options.delayForCellEdit) this.counters.runsDelayedForCellEdit++;
    const context = new MemoryContext(this, this.counters.runs, options.delayForCellEdit === true);
    return batch(context);
  }

  /** Executes one sync's commands; called by MemoryContext. */
  async execute(context: MemoryContext, commands: Command[]): Promise<Map<number, Record<string, unknown>>> {
    if (this.editing) {
      if (!context.delayForCellEdit) {
        throw new MemoryExcelError(
          'InvalidOperationInCellEditMode',
          'Excel is in cell-editing mode. Please exit the edit mode and try again.',
        );
      }
      await new Promise<void>((resolve) => this.editWaiters.push(resolve));
    }
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const bytes = jsonBytes(commands);
    const kinds: Record<string, number> = {};
    let suspended = false;
    for (const command of commands) {
      const kind = command.o === 'set' || command.o === 'call' ? `${command.o}:${String(command.a?.[0])}` : command.o;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      if (command.o === 'call' && command.a?.[0] === 'suspendApiCalculationUntilNextSync') suspended = true;
    }
    const request: MemoryRequest = {
      run: context.run,
      bytes,
      responseBytes: 0,
      commands: commands.length,
      kinds,
      calculationSuspended: suspended,
    };
    this.counters.syncs++;
    this.counters.requests.push(request);
    this.counters.totalRequestBytes += bytes;
    this.counters.maxRequestBytes = Math.max(this.counters.maxRequestBytes, bytes);
    if (bytes > this.payloadLimit) {
      throw new MemoryExcelError('RequestPayloadSizeLimitExceeded', 'The request payload size has exceeded the limit.');
    }
    const loaded = new Map<number, Record<string, unknown>>();
    for (const command of commands) applyCommand(this.model, context, command, loaded);
    this.model.events.changed(changedBlocks(context, commands), 'ThisLocalAddin');
    const responseBytes = jsonBytes([...loaded.values()]);
    request.responseBytes = responseBytes;
    this.counters.maxResponseBytes = Math.max(this.counters.maxResponseBytes, responseBytes);
    if (responseBytes > this.payloadLimit) {
      throw new MemoryExcelError(
        'ResponsePayloadSizeLimitExceeded',
        'The response payload size has exceeded the limit.',
      );
    }
    return loaded;
  }
}
