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
 * proxies of proxies.ts; this file holds the sheets and executes what a sync sends.
 *
 * Request bytes are the UTF-8 size of the JSON of the commands one sync sends; response bytes that of the
 * properties it loads. Both are close to what Office sends, and what the 5 MB limit is checked against here.
 */
import {
  type CellBlock,
  blockAddress,
  fullAddress,
  overlaps,
  parseAddress,
  MAX_COLUMNS,
  MAX_ROWS,
} from '../../src/excel/address';
import type { ExcelHost, HostContext, HostRunOptions } from '../../src/excel/host';
import { EXCEL_PAYLOAD_LIMIT, jsonBytes } from '../../src/excel/payload';
import {
  type Command,
  type MemoryChart,
  type MemoryChartView,
  type MemoryCell,
  MemoryExcelError,
  type MemoryRequest,
  type MemoryStats,
  type MemoryTable,
  type MemoryValue,
  type MemoryWorkbookOptions,
  type Ref,
} from './model';
import { MemoryContext } from './proxies';
import { excelInput } from './text-entry';

interface SheetData {
  name: string;
  cells: Map<number, Map<number, MemoryCell>>;
  columnWidths: Map<number, number>;
  charts: MemoryChart[];
}

/** Office's chart types the stand-in draws; any other is refused as Office refuses an unknown one. */
const CHART_TYPES = new Set(['Line', 'LineMarkers', 'XYScatterLines', 'XYScatter', 'ColumnClustered', 'BarClustered']);

function normalizeColor(color: string): string {
  const text = color.trim();
  if (/^#[0-9a-f]{6}$/i.test(text)) return text.toUpperCase();
  if (/^#[0-9a-f]{3}$/i.test(text))
    return `#${text
      .slice(1)
      .split('')
      .map((c) => c + c)
      .join('')}`.toUpperCase();
  const named: Record<string, string> = {
    white: '#FFFFFF',
    black: '#000000',
    red: '#FF0000',
    yellow: '#FFFF00',
    green: '#008000',
  };
  const hit = named[text.toLowerCase()];
  if (!hit) throw new MemoryExcelError('InvalidArgument', `The color "${color}" is not valid.`);
  return hit;
}

function isBlankCell(cell: MemoryCell | undefined): boolean {
  return !cell || (cell.formula === undefined && cell.value === '');
}

function hasFormat(cell: MemoryCell | undefined): boolean {
  return !!cell && (cell.numberFormat !== undefined || cell.fill !== undefined || cell.bold !== undefined);
}

/** Document settings as `Office.context.document.settings` keeps them: in the workbook file. */
export class MemoryDocumentSettings {
  private readonly saved = new Map<string, string>();
  private readonly pending = new Map<string, string | null>();
  saves = 0;

  get(name: string): unknown {
    const value = this.pending.has(name) ? this.pending.get(name) : this.saved.get(name);
    return value === undefined || value === null ? null : JSON.parse(value);
  }

  set(name: string, value: unknown): void {
    this.pending.set(name, JSON.stringify(value));
  }

  remove(name: string): void {
    this.pending.set(name, null);
  }

  saveAsync(callback?: (result: { status: 'succeeded' | 'failed'; error?: { message: string } }) => void): void {
    for (const [name, value] of this.pending) {
      if (value === null) this.saved.delete(name);
      else this.saved.set(name, value);
    }
    this.pending.clear();
    this.saves++;
    const done = () => callback?.({ status: 'succeeded' });
    queueMicrotask(done);
  }

  /** What the file holds (saved settings only). */
  snapshot(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, value] of this.saved) out[name] = JSON.parse(value);
    return out;
  }
}

export class MemoryWorkbook {
  readonly host: ExcelHost;
  readonly settings = new MemoryDocumentSettings();
  private readonly sheets = new Map<string, SheetData>();
  private readonly tables: MemoryTable[] = [];
  private selection: CellBlock;
  private activeSheet: string;
  private readonly payloadLimit: number;
  private readonly latencyMs: number;
  private counters: MemoryStats = MemoryWorkbook.emptyStats();
  private editing = false;
  private editWaiters: Array<() => void> = [];

  constructor(options: MemoryWorkbookOptions = {}) {
    const names = options.sheets && options.sheets.length > 0 ? options.sheets : ['Sheet1'];
    for (const name of names) this.addSheet(name);
    this.activeSheet = names[0];
    this.selection = { sheet: names[0], row: 0, column: 0, rows: 1, columns: 1 };
    this.payloadLimit = options.payloadLimit ?? EXCEL_PAYLOAD_LIMIT;
    this.latencyMs = options.latencyMs ?? 0;
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

  // ---- the test side: set up and inspect without counting requests

  sheetNames(): string[] {
    return [...this.sheets.keys()];
  }

  hasSheet(name: string): boolean {
    return this.findSheet(name) !== undefined;
  }

  addSheet(name: string): void {
    if (this.findSheet(name))
      throw new MemoryExcelError('ItemAlreadyExists', `A sheet named "${name}" already exists.`);
    if (name.trim() === '' || name.length > 31 || /[\\/?*[\]:]/.test(name)) {
      throw new MemoryExcelError('InvalidArgument', `"${name}" is not a valid sheet name.`);
    }
    this.sheets.set(name, { name, cells: new Map(), columnWidths: new Map(), charts: [] });
  }

  /** Puts values in cells as they are (strings stay strings), like pasting a BOM. */
  setValues(sheet: string, address: string, values: readonly (readonly (MemoryValue | null | undefined)[])[]): void {
    const data = this.sheet(sheet);
    const block = parseAddress(address, data.name);
    values.forEach((row, r) =>
      row.forEach((value, c) => {
        if (r >= block.rows || c >= block.columns) return;
        const cell = this.cellAt(data, block.row + r, block.column + c, true)!;
        cell.value = value ?? '';
        delete cell.formula;
        delete cell.quotePrefix;
      }),
    );
  }

  /** Values of a block ('' for empty cells). */
  getValues(sheet: string, address: string): MemoryValue[][] {
    const data = this.sheet(sheet);
    const block = parseAddress(address, data.name);
    return this.readBlock(data, block, (cell) => cell?.value ?? '');
  }

  /** A copy of one cell, or undefined when nothing was ever put there. */
  cell(sheet: string, address: string): MemoryCell | undefined {
    const data = this.sheet(sheet);
    const block = parseAddress(address, data.name);
    const cell = this.cellAt(data, block.row, block.column, false);
    return cell ? { ...cell } : undefined;
  }

  /** Cells holding a formula, by address. */
  formulas(sheet: string): string[] {
    const data = this.sheet(sheet);
    const out: string[] = [];
    for (const [r, row] of data.cells)
      for (const [c, cell] of row)
        if (cell.formula !== undefined) out.push(blockAddress({ row: r, column: c, rows: 1, columns: 1 }));
    return out;
  }

  /** The used block of a sheet (values only), or null when the sheet is empty. */
  usedBlock(sheet: string): CellBlock | null {
    const data = this.sheet(sheet);
    return this.used(data, { sheet: data.name, row: 0, column: 0, rows: MAX_ROWS, columns: MAX_COLUMNS }, true);
  }

  columnWidth(sheet: string, column: number): number | undefined {
    return this.sheet(sheet).columnWidths.get(column);
  }

  select(sheet: string, address: string): void {
    const data = this.sheet(sheet);
    this.selection = parseAddress(address, data.name);
    this.activeSheet = data.name;
  }

  /** The charts of a sheet, each series with the values its cells hold now (a chart follows its cells). */
  charts(sheet: string): MemoryChartView[] {
    const data = this.sheet(sheet);
    const valuesOf = (block: CellBlock): MemoryValue[] =>
      this.readBlock(this.sheet(block.sheet), block, (cell) => cell?.value ?? '').flat();
    return data.charts.map((chart) => {
      const { source } = chart;
      const byColumns = chart.seriesBy === 'Columns';
      const count = byColumns ? source.columns : source.rows;
      const length = byColumns ? source.rows : source.columns;
      const first = this.readBlock(data, source, (cell) => cell?.value ?? '');
      const heads = byColumns ? first[0] : first.map((r) => r[0]);
      const named = length >= 2 && heads.every((v) => typeof v === 'string' && v !== '');
      const series = Array.from({ length: count }, (_, i) => {
        const block: CellBlock = byColumns
          ? {
              sheet: source.sheet,
              row: source.row + (named ? 1 : 0),
              column: source.column + i,
              rows: source.rows - (named ? 1 : 0),
              columns: 1,
            }
          : {
              sheet: source.sheet,
              row: source.row + i,
              column: source.column + (named ? 1 : 0),
              rows: 1,
              columns: source.columns - (named ? 1 : 0),
            };
        const x = chart.xValues.get(i);
        return {
          name: named ? String(heads[i]) : `Series${i + 1}`,
          values: valuesOf(block),
          xValues: x ? valuesOf(x) : null,
        };
      });
      return {
        name: chart.name,
        type: chart.type,
        title: chart.title,
        position: chart.position ? { ...chart.position } : null,
        series,
      };
    });
  }

  selectedAddress(): string {
    return fullAddress(this.selection);
  }

  activeSheetName(): string {
    return this.activeSheet;
  }

  addTable(sheet: string, address: string, name: string): void {
    const data = this.sheet(sheet);
    const block = parseAddress(address, data.name);
    if (this.tables.some((t) => t.name.toLowerCase() === name.toLowerCase()))
      throw new MemoryExcelError('ItemAlreadyExists', `A table named ${name} exists.`);
    this.tables.push({
      name,
      sheet: data.name,
      row: block.row,
      column: block.column,
      rows: block.rows,
      columns: block.columns,
    });
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
    for (const data of this.sheets.values()) {
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

  // ---- the model

  private findSheet(name: string): SheetData | undefined {
    const exact = this.sheets.get(name);
    if (exact) return exact;
    const lower = name.toLowerCase();
    for (const data of this.sheets.values()) if (data.name.toLowerCase() === lower) return data;
    return undefined;
  }

  private sheet(name: string): SheetData {
    const data = this.findSheet(name);
    if (!data) throw new MemoryExcelError('ItemNotFound', `The sheet "${name}" does not exist.`);
    return data;
  }

  private cellAt(data: SheetData, row: number, column: number, create: boolean): MemoryCell | undefined {
    let cells = data.cells.get(row);
    if (!cells) {
      if (!create) return undefined;
      cells = new Map();
      data.cells.set(row, cells);
    }
    let cell = cells.get(column);
    if (!cell && create) {
      cell = { value: '' };
      cells.set(column, cell);
    }
    return cell;
  }

  private readBlock<T>(data: SheetData, block: CellBlock, read: (cell: MemoryCell | undefined) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < block.rows; r++) {
      const cells = data.cells.get(block.row + r);
      const row: T[] = [];
      for (let c = 0; c < block.columns; c++) row.push(read(cells?.get(block.column + c)));
      out.push(row);
    }
    return out;
  }

  private forEachCell(data: SheetData, block: CellBlock, fn: (cell: MemoryCell) => void): void {
    for (let r = 0; r < block.rows; r++)
      for (let c = 0; c < block.columns; c++) fn(this.cellAt(data, block.row + r, block.column + c, true)!);
  }

  private used(data: SheetData, block: CellBlock, valuesOnly: boolean): CellBlock | null {
    let top = Infinity;
    let bottom = -1;
    let left = Infinity;
    let right = -1;
    for (const [r, cells] of data.cells) {
      if (r < block.row || r >= block.row + block.rows) continue;
      for (const [c, cell] of cells) {
        if (c < block.column || c >= block.column + block.columns) continue;
        if (isBlankCell(cell) && (valuesOnly || !hasFormat(cell))) continue;
        top = Math.min(top, r);
        bottom = Math.max(bottom, r);
        left = Math.min(left, c);
        right = Math.max(right, c);
      }
    }
    if (bottom < 0) return null;
    return { sheet: data.name, row: top, column: left, rows: bottom - top + 1, columns: right - left + 1 };
  }

  private filledIn(data: SheetData, row: number, fromColumn: number, toColumn: number): boolean {
    if (row < 0 || row >= MAX_ROWS) return false;
    const cells = data.cells.get(row);
    if (!cells) return false;
    for (let c = Math.max(0, fromColumn); c <= Math.min(MAX_COLUMNS - 1, toColumn); c++)
      if (!isBlankCell(cells.get(c))) return true;
    return false;
  }

  private filledInColumn(data: SheetData, column: number, fromRow: number, toRow: number): boolean {
    if (column < 0 || column >= MAX_COLUMNS) return false;
    for (let r = Math.max(0, fromRow); r <= Math.min(MAX_ROWS - 1, toRow); r++)
      if (!isBlankCell(data.cells.get(r)?.get(column))) return true;
    return false;
  }

  /** The current region: the block grown while a cell next to it (diagonals too) holds a value. */
  private region(data: SheetData, block: CellBlock): CellBlock {
    let top = block.row;
    let left = block.column;
    let bottom = block.row + block.rows - 1;
    let right = block.column + block.columns - 1;
    let changed = true;
    while (changed) {
      changed = false;
      while (this.filledIn(data, top - 1, left - 1, right + 1)) {
        top--;
        changed = true;
      }
      while (this.filledIn(data, bottom + 1, left - 1, right + 1)) {
        bottom++;
        changed = true;
      }
      while (this.filledInColumn(data, left - 1, top - 1, bottom + 1)) {
        left--;
        changed = true;
      }
      while (this.filledInColumn(data, right + 1, top - 1, bottom + 1)) {
        right++;
        changed = true;
      }
    }
    return { sheet: data.name, row: top, column: left, rows: bottom - top + 1, columns: right - left + 1 };
  }

  private writeValues(data: SheetData, block: CellBlock, values: unknown): void {
    this.checkShape(block, values, 'values');
    const rows = values as unknown[][];
    for (let r = 0; r < block.rows; r++) {
      for (let c = 0; c < block.columns; c++) {
        const value = rows[r][c];
        if (value === null || value === undefined) continue;
        const cell = this.cellAt(data, block.row + r, block.column + c, true)!;
        delete cell.formula;
        delete cell.quotePrefix;
        if (typeof value === 'number') {
          if (!Number.isFinite(value)) throw new MemoryExcelError('InvalidArgument', 'A value is not a finite number.');
          cell.value = value;
        } else if (typeof value === 'boolean') {
          cell.value = value;
        } else if (typeof value === 'string') {
          if (value.length > 32_767)
            throw new MemoryExcelError('InvalidArgument', 'Text longer than 32,767 characters does not fit in a cell.');
          if (value === '') cell.value = '';
          else Object.assign(cell, excelInput(value, cell.numberFormat));
        } else {
          throw new MemoryExcelError('InvalidArgument', `A value of type ${typeof value} cannot be written.`);
        }
      }
    }
  }

  private writeNumberFormats(data: SheetData, block: CellBlock, formats: unknown): void {
    this.checkShape(block, formats, 'numberFormat');
    const rows = formats as unknown[][];
    for (let r = 0; r < block.rows; r++) {
      for (let c = 0; c < block.columns; c++) {
        const format = rows[r][c];
        if (format === null || format === undefined) continue;
        if (typeof format !== 'string') throw new MemoryExcelError('InvalidArgument', 'A number format is not text.');
        const cell = this.cellAt(data, block.row + r, block.column + c, true)!;
        if (format === 'General') delete cell.numberFormat;
        else cell.numberFormat = format;
      }
    }
  }

  private checkShape(block: CellBlock, grid: unknown, what: string): void {
    const ok =
      Array.isArray(grid) &&
      grid.length === block.rows &&
      grid.every((row) => Array.isArray(row) && row.length === block.columns);
    if (!ok) {
      throw new MemoryExcelError(
        'InvalidArgument',
        `The number of rows or columns in the ${what} array doesn't match the size or dimensions of the range (${block.rows}×${block.columns}).`,
      );
    }
  }

  /**
   * Range.insert('Down'): empty cells take the block's place and what was there and below moves down by its
   * height, in its columns; tables there move (or grow, when the rows go inside them). As Excel does, it is refused
   * when a value would be pushed off the sheet, or when a table lies partly across the moved columns.
   */
  private insertDown(data: SheetData, block: CellBlock): void {
    const from = block.column;
    const to = block.column + block.columns;
    const inColumns = (c: number) => c >= from && c < to;
    for (const [r, cells] of data.cells) {
      if (r < MAX_ROWS - block.rows) continue;
      for (const [c, cell] of cells) {
        if (inColumns(c) && !isBlankCell(cell))
          throw new MemoryExcelError(
            'InvalidOperation',
            'To prevent possible loss of data, Excel cannot shift nonblank cells off of the worksheet.',
          );
      }
    }
    const moved = this.tables.filter(
      (t) => t.sheet === data.name && t.row + t.rows > block.row && t.column < to && t.column + t.columns > from,
    );
    if (moved.some((t) => t.column < from || t.column + t.columns > to)) {
      throw new MemoryExcelError(
        'InvalidOperation',
        'This operation is not allowed. The operation is attempting to shift cells in a table on your worksheet.',
      );
    }
    const rows = [...data.cells.keys()].filter((r) => r >= block.row).sort((a, b) => b - a);
    for (const r of rows) {
      const cells = data.cells.get(r)!;
      for (const [c, cell] of [...cells]) {
        if (!inColumns(c)) continue;
        cells.delete(c);
        const target = r + block.rows;
        // A cell that would leave the sheet is blank (checked above): it goes.
        if (target >= MAX_ROWS) continue;
        let row = data.cells.get(target);
        if (!row) {
          row = new Map();
          data.cells.set(target, row);
        }
        row.set(c, cell);
      }
      if (cells.size === 0) data.cells.delete(r);
    }
    for (const t of moved) {
      if (t.row >= block.row) t.row += block.rows;
      else t.rows += block.rows;
    }
  }

  private clearBlock(data: SheetData, block: CellBlock, applyTo: string): void {
    for (let r = block.row; r < block.row + block.rows; r++) {
      const cells = data.cells.get(r);
      if (!cells) continue;
      for (let c = block.column; c < block.column + block.columns; c++) {
        const cell = cells.get(c);
        if (!cell) continue;
        if (applyTo === 'All') {
          cells.delete(c);
          continue;
        }
        if (applyTo === 'Contents') {
          cell.value = '';
          delete cell.formula;
          delete cell.quotePrefix;
        }
        if (applyTo === 'Formats') {
          delete cell.numberFormat;
          delete cell.fill;
          delete cell.bold;
        }
      }
    }
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
    for (const command of commands) this.apply(context, command, loaded);
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

  private apply(context: MemoryContext, command: Command, loaded: Map<number, Record<string, unknown>>): void {
    const args = command.a ?? [];
    // Like Office, a request carries the path of every object it uses, so an object made in a request that was
    // refused is made again where it is next used.
    const resolve = (id: number): Ref => {
      const made = context.bound(id);
      if (made) return made;
      const creation = context.creation(id);
      if (!creation)
        throw new MemoryExcelError('InvalidObjectPath', 'The object was used before the command that made it.');
      this.apply(context, creation, loaded);
      return context.ref(id);
    };
    const parent = command.p === undefined ? undefined : resolve(command.p);
    const self = (): Ref => resolve(command.i);
    const range = (ref: Ref | undefined): { data: SheetData; block: CellBlock } => {
      if (!ref || ref.kind !== 'range' || ref.block === null)
        throw new MemoryExcelError('InvalidObjectPath', 'The range does not exist.');
      return { data: this.sheet(ref.block.sheet), block: ref.block };
    };
    const sheetOf = (ref: Ref | undefined): SheetData => {
      if (!ref || ref.kind !== 'sheet' || ref.sheet === null)
        throw new MemoryExcelError('InvalidObjectPath', 'The worksheet does not exist.');
      return this.sheet(ref.sheet);
    };
    switch (command.o) {
      case 'workbook':
        context.bind(command.i, { kind: 'workbook' });
        return;
      case 'application':
        context.bind(command.i, { kind: 'application' });
        return;
      case 'worksheets':
        context.bind(command.i, { kind: 'sheets' });
        return;
      case 'getItem': {
        const data = this.findSheet(String(args[0]));
        if (!data)
          throw new MemoryExcelError(
            'ItemNotFound',
            `The requested resource doesn't exist: sheet "${String(args[0])}".`,
          );
        context.bind(command.i, { kind: 'sheet', sheet: data.name });
        return;
      }
      case 'getItemOrNullObject':
        context.bind(command.i, { kind: 'sheet', sheet: this.findSheet(String(args[0]))?.name ?? null });
        return;
      case 'add': {
        let name = args[0] === undefined ? '' : String(args[0]);
        if (name === '') {
          let n = this.sheets.size + 1;
          while (this.findSheet(`Sheet${n}`)) n++;
          name = `Sheet${n}`;
        }
        this.addSheet(name);
        context.bind(command.i, { kind: 'sheet', sheet: name });
        return;
      }
      case 'getSelectedRange':
        context.bind(command.i, { kind: 'range', block: { ...this.selection } });
        return;
      case 'getRange': {
        const data = sheetOf(parent);
        const address = args[0] === undefined ? `A1:${'XFD'}${MAX_ROWS}` : String(args[0]);
        const block = parseAddress(address, data.name);
        context.bind(command.i, { kind: 'range', block: { ...block, sheet: data.name } });
        return;
      }
      case 'getRangeByIndexes': {
        const data = sheetOf(parent);
        const [row, column, rows, columns] = args.map(Number);
        const valid =
          [row, column, rows, columns].every(Number.isInteger) &&
          row >= 0 &&
          column >= 0 &&
          rows >= 1 &&
          columns >= 1 &&
          row + rows <= MAX_ROWS &&
          column + columns <= MAX_COLUMNS;
        if (!valid)
          throw new MemoryExcelError('InvalidArgument', `getRangeByIndexes(${args.join(', ')}) is outside the sheet.`);
        context.bind(command.i, { kind: 'range', block: { sheet: data.name, row, column, rows, columns } });
        return;
      }
      case 'getSurroundingRegion': {
        const { data, block } = range(parent);
        context.bind(command.i, { kind: 'range', block: this.region(data, block) });
        return;
      }
      case 'getUsedRangeOrNullObject': {
        const { data, block } = range(parent);
        context.bind(command.i, { kind: 'range', block: this.used(data, block, args[0] === true) });
        return;
      }
      case 'getEntireRow': {
        const { block } = range(parent);
        context.bind(command.i, { kind: 'range', block: { ...block, column: 0, columns: MAX_COLUMNS } });
        return;
      }
      case 'insert': {
        const { data, block } = range(parent);
        if (args[0] !== 'Down')
          throw new MemoryExcelError(
            'InvalidArgument',
            `Inserting with shift ${String(args[0])} is not modelled here; only 'Down' is.`,
          );
        this.insertDown(data, block);
        context.bind(command.i, { kind: 'range', block: { ...block } });
        return;
      }
      case 'getTables': {
        const { block } = range(parent);
        const fully = args[0] === true;
        const tables = this.tables.filter((t) =>
          fully
            ? t.sheet === block.sheet &&
              block.row <= t.row &&
              block.column <= t.column &&
              t.row + t.rows <= block.row + block.rows &&
              t.column + t.columns <= block.column + block.columns
            : overlaps({ ...t }, block),
        );
        context.bind(command.i, { kind: 'tables', tables });
        return;
      }
      case 'getCount': {
        if (!parent || parent.kind !== 'tables') throw new MemoryExcelError('InvalidObjectPath', 'Not a collection.');
        context.bind(command.i, { kind: 'result' });
        context.setResult(command.i, parent.tables.length);
        return;
      }
      case 'getFirst': {
        if (!parent || parent.kind !== 'tables' || parent.tables.length === 0)
          throw new MemoryExcelError('ItemNotFound', 'The collection is empty.');
        context.bind(command.i, { kind: 'table', table: parent.tables[0] });
        return;
      }
      case 'tableRange': {
        if (!parent || parent.kind !== 'table' || parent.table === null)
          throw new MemoryExcelError('InvalidObjectPath', 'The table does not exist.');
        const t = parent.table;
        context.bind(command.i, {
          kind: 'range',
          block: { sheet: t.sheet, row: t.row, column: t.column, rows: t.rows, columns: t.columns },
        });
        return;
      }
      case 'charts': {
        context.bind(command.i, { kind: 'charts', sheet: sheetOf(parent).name });
        return;
      }
      case 'addChart': {
        if (!parent || parent.kind !== 'charts')
          throw new MemoryExcelError('InvalidObjectPath', 'Not a chart collection.');
        const [type, source, seriesBy] = args as [string, number, string];
        if (!CHART_TYPES.has(type))
          throw new MemoryExcelError('InvalidArgument', `The chart type ${type} is not valid.`);
        const block = range(resolve(source)).block;
        const data = this.sheet(parent.sheet);
        let n = data.charts.length + 1;
        while (data.charts.some((c) => c.name === `Chart ${n}`)) n++;
        const by =
          seriesBy === 'Columns' || seriesBy === 'Rows' ? seriesBy : block.rows >= block.columns ? 'Columns' : 'Rows';
        const chart: MemoryChart = {
          name: `Chart ${n}`,
          type,
          source: { ...block },
          seriesBy: by,
          title: '',
          position: null,
          xValues: new Map(),
        };
        data.charts.push(chart);
        context.bind(command.i, { kind: 'chart', sheet: data.name, chart });
        return;
      }
      case 'getChartOrNullObject': {
        if (!parent || parent.kind !== 'charts')
          throw new MemoryExcelError('InvalidObjectPath', 'Not a chart collection.');
        const chart =
          this.sheet(parent.sheet).charts.find((c) => c.name.toLowerCase() === String(args[0]).toLowerCase()) ?? null;
        context.bind(command.i, { kind: 'chart', sheet: parent.sheet, chart });
        return;
      }
      case 'chartTitle':
      case 'chartSeriesList': {
        if (!parent || parent.kind !== 'chart' || parent.chart === null)
          throw new MemoryExcelError('InvalidObjectPath', 'The chart does not exist.');
        context.bind(command.i, { kind: command.o, sheet: parent.sheet, chart: parent.chart });
        return;
      }
      case 'chartSeriesAt': {
        if (!parent || parent.kind !== 'chartSeriesList')
          throw new MemoryExcelError('InvalidObjectPath', 'Not a series collection.');
        const index = Number(args[0]);
        const view = this.charts(parent.sheet).find((c) => c.name === parent.chart.name);
        if (!Number.isInteger(index) || index < 0 || !view || index >= view.series.length)
          throw new MemoryExcelError('InvalidArgument', `The chart has no series ${String(args[0])}.`);
        context.bind(command.i, { kind: 'chartSeries', sheet: parent.sheet, chart: parent.chart, index });
        return;
      }
      case 'chartSet': {
        const [property, value] = args as [string, unknown];
        const ref = self();
        if (ref.kind === 'chartTitle' && property === 'text') ref.chart.title = String(value);
        else if (ref.kind === 'chart' && ref.chart !== null && property === 'name') {
          const data = this.sheet(ref.sheet);
          if (data.charts.some((c) => c !== ref.chart && c.name.toLowerCase() === String(value).toLowerCase())) {
            throw new MemoryExcelError('InvalidArgument', `A chart named "${String(value)}" already exists.`);
          }
          ref.chart.name = String(value);
        } else throw new MemoryExcelError('InvalidArgument', `The chart property ${property} cannot be set.`);
        return;
      }
      case 'chartCall': {
        const [method, ...rest] = args as [string, ...unknown[]];
        const ref = self();
        const cellsOf = (arg: unknown, sheet: string): CellBlock =>
          typeof arg === 'string' ? { ...parseAddress(arg, sheet), sheet } : range(resolve(Number(arg))).block;
        if (ref.kind === 'chartSeries' && method === 'setXAxisValues') {
          ref.chart.xValues.set(ref.index, cellsOf(rest[0], ref.sheet));
          return;
        }
        if (ref.kind !== 'chart' || ref.chart === null)
          throw new MemoryExcelError('InvalidObjectPath', 'The chart does not exist.');
        const chart = ref.chart;
        if (method === 'delete') {
          const data = this.sheet(ref.sheet);
          data.charts = data.charts.filter((c) => c !== chart);
        } else if (method === 'setPosition') {
          const start = cellsOf(rest[0], ref.sheet);
          const end = rest[1] === null || rest[1] === undefined ? null : cellsOf(rest[1], ref.sheet);
          chart.position = { start: blockAddress(start), end: end ? blockAddress(end) : null };
        } else throw new MemoryExcelError('InvalidArgument', `Unknown chart method ${method}.`);
        return;
      }
      case 'set': {
        const [property, value] = args as [string, unknown];
        const { data, block } = range(self());
        if (property === 'values') this.writeValues(data, block, value);
        else if (property === 'numberFormat') this.writeNumberFormats(data, block, value);
        else if (property === 'fill.color') {
          const color = normalizeColor(String(value));
          this.forEachCell(data, block, (cell) => (cell.fill = color));
        } else if (property === 'font.bold') this.forEachCell(data, block, (cell) => (cell.bold = value === true));
        else if (property === 'columnWidth') {
          for (let c = block.column; c < block.column + block.columns; c++) data.columnWidths.set(c, Number(value));
        } else throw new MemoryExcelError('InvalidArgument', `The property ${property} cannot be set.`);
        return;
      }
      case 'call': {
        const [method, arg] = args as [string, unknown];
        const ref = self();
        if (method === 'suspendApiCalculationUntilNextSync' || method === 'calculate') return;
        if (method === 'activate') {
          this.activeSheet = sheetOf(ref).name;
          return;
        }
        const { data, block } = range(ref);
        if (method === 'fill.clear') this.forEachCellIfPresent(data, block, (cell) => delete cell.fill);
        else if (method === 'clear') this.clearBlock(data, block, arg === undefined ? 'All' : String(arg));
        else if (method === 'select') {
          this.selection = { ...block };
          this.activeSheet = block.sheet;
        } else throw new MemoryExcelError('InvalidArgument', `Unknown method ${method}.`);
        return;
      }
      case 'load': {
        const ref = self();
        const properties = args as string[];
        const out: Record<string, unknown> = loaded.get(command.i) ?? {};
        for (const p of properties) out[p] = this.property(ref, p);
        loaded.set(command.i, out);
        return;
      }
      default:
        throw new MemoryExcelError('InvalidArgument', `Unknown command ${command.o}.`);
    }
  }

  private forEachCellIfPresent(data: SheetData, block: CellBlock, fn: (cell: MemoryCell) => void): void {
    for (const [r, cells] of data.cells) {
      if (r < block.row || r >= block.row + block.rows) continue;
      for (const [c, cell] of cells) if (c >= block.column && c < block.column + block.columns) fn(cell);
    }
  }

  private property(ref: Ref, name: string): unknown {
    if (name === 'isNullObject') {
      if (ref.kind === 'range') return ref.block === null;
      if (ref.kind === 'sheet') return ref.sheet === null;
      if (ref.kind === 'table') return ref.table === null;
      if (ref.kind === 'chart') return ref.chart === null;
      return false;
    }
    if (ref.kind === 'chart' && name === 'name') return ref.chart?.name;
    if (ref.kind === 'chartTitle' && name === 'text') return ref.chart.title;
    if (ref.kind === 'sheet') {
      if (ref.sheet === null) return undefined;
      if (name === 'name') return ref.sheet;
      throw new MemoryExcelError('InvalidArgument', `A worksheet has no property ${name} here.`);
    }
    if (ref.kind === 'table') {
      if (ref.table === null) return undefined;
      if (name === 'name') return ref.table.name;
      throw new MemoryExcelError('InvalidArgument', `A table has no property ${name} here.`);
    }
    if (ref.kind !== 'range') throw new MemoryExcelError('InvalidArgument', `Cannot load ${name}.`);
    const block = ref.block;
    if (block === null) return undefined;
    const data = this.sheet(block.sheet);
    switch (name) {
      case 'address':
        return fullAddress(block);
      case 'rowIndex':
        return block.row;
      case 'columnIndex':
        return block.column;
      case 'rowCount':
        return block.rows;
      case 'columnCount':
        return block.columns;
      case 'values':
        return this.readBlock(data, block, (cell) => cell?.value ?? '');
      case 'numberFormat':
        return this.readBlock(data, block, (cell) => cell?.numberFormat ?? 'General');
      default:
        throw new MemoryExcelError('InvalidArgument', `A range has no property ${name} here.`);
    }
  }
}
