/**
 * An in-memory workbook with an Office.js-shaped host, for tests, benchmarks and the end-to-end Office stand-in.
 *
 * It models what the gateway relies on: sheets of cells with values, formulas, number formats, fills and bold;
 * tables; the selection; document settings. Its host behaves like Office's: commands queue until
 * `context.sync()`, which counts as one request; loaded properties are readable only after that sync; a request
 * or response over Excel on the web's 5 MB limit fails the sync; a batch sent while the user edits a cell fails
 * unless the run asked to wait (`delayForCellEdit`).
 *
 * Writing `range.values` converts text the way Excel does when it is typed: text starting with '=' (or '+', '-',
 * '@' when it is not a number) becomes a formula; a leading apostrophe is Excel's quote prefix, so the cell holds
 * the rest as text; number-, date- and TRUE/FALSE-looking text becomes a number or boolean unless the cell's number
 * format is text ('@'). Formulas are not calculated: their value reads as '#NAME?'.
 *
 * Request bytes are the UTF-8 size of the JSON of the commands one sync sends; response bytes that of the
 * properties it loads. Both are close to what Office sends, and what the 5 MB limit is checked against here.
 */
import { type CellBlock, blockAddress, fullAddress, overlaps, parseAddress, MAX_COLUMNS, MAX_ROWS } from './address';
import type {
  ExcelHost,
  HostApplication,
  HostCellValue,
  HostClientResult,
  HostContext,
  HostFill,
  HostFont,
  HostRange,
  HostRangeFormat,
  HostRunOptions,
  HostTable,
  HostTableCollection,
  HostWorkbook,
  HostWorksheet,
  HostWorksheetCollection,
} from './host';
import { EXCEL_PAYLOAD_LIMIT, jsonBytes } from './payload';

export type MemoryValue = string | number | boolean;

export interface MemoryCell {
  /** What `range.values` reads: '' when empty. */
  value: MemoryValue;
  formula?: string;
  /** Written with a leading apostrophe: shown and stored as text. */
  quotePrefix?: boolean;
  numberFormat?: string;
  /** Fill colour, '#RRGGBB'. */
  fill?: string;
  bold?: boolean;
}

export interface MemoryTable {
  name: string;
  sheet: string;
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** One sync: one request to Excel. */
export interface MemoryRequest {
  run: number;
  bytes: number;
  responseBytes: number;
  commands: number;
  /** Commands by kind: `set:values`, `set:numberFormat`, `load`, `getRangeByIndexes`… */
  kinds: Record<string, number>;
  /** Set when calculation was suspended for this request. */
  calculationSuspended: boolean;
}

export interface MemoryStats {
  runs: number;
  syncs: number;
  requests: MemoryRequest[];
  maxRequestBytes: number;
  maxResponseBytes: number;
  totalRequestBytes: number;
  /** Runs that asked to wait while a cell is edited. */
  runsDelayedForCellEdit: number;
}

/** An error as Office reports it: a code and a message. */
export class MemoryExcelError extends Error {
  override readonly name = 'RichApi.Error';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface MemoryWorkbookOptions {
  /** Sheets to start with; default one sheet, "Sheet1". */
  sheets?: string[];
  /** Largest request or response; default Excel on the web's 5 MB. */
  payloadLimit?: number;
  /** Delay of every sync, to stand in for the round trip to Excel. */
  latencyMs?: number;
}

interface SheetData {
  name: string;
  cells: Map<number, Map<number, MemoryCell>>;
  columnWidths: Map<number, number>;
}

type Ref =
  | { kind: 'workbook' }
  | { kind: 'application' }
  | { kind: 'sheets' }
  | { kind: 'sheet'; sheet: string | null }
  | { kind: 'range'; block: CellBlock | null }
  | { kind: 'tables'; tables: MemoryTable[] }
  | { kind: 'table'; table: MemoryTable | null }
  | { kind: 'result' };

interface Command {
  /** Object the command creates or acts on. */
  i: number;
  o: string;
  /** Parent object of a created one. */
  p?: number;
  a?: unknown[];
}

const TEXT_FORMAT = '@';
// The mantissa must hold a digit: "E-2" is text, not an exponent without a number.
const NUMBER_TEXT = /^[+-]?(?=\.?\d)(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const PERCENT_TEXT = /^[+-]?\d+(?:\.\d+)?%$/;
const ISO_DATE_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function isNumberText(text: string): boolean {
  return text !== '' && /\d/.test(text) && NUMBER_TEXT.test(text);
}

function dateSerial(y: number, m: number, d: number, hh = 0, mm = 0, ss = 0): number | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const t = Date.UTC(y, m - 1, d, hh, mm, ss);
  const back = new Date(t);
  if (back.getUTCMonth() !== m - 1) return null;
  return (t - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** The cell a typed text becomes, as Excel reads input in a cell of the given number format. */
export function excelInput(text: string, numberFormat: string | undefined): Pick<MemoryCell, 'value' | 'formula' | 'quotePrefix'> {
  if (text.startsWith("'")) return { value: text.slice(1), quotePrefix: true };
  if (numberFormat === TEXT_FORMAT) return { value: text };
  const trimmed = text.trim();
  if (isNumberText(trimmed)) return { value: Number(trimmed.replace(/,/g, '')) };
  if (/^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(trimmed) && trimmed.length > 1) return { value: '#NAME?', formula: trimmed };
  if (PERCENT_TEXT.test(trimmed)) return { value: Number(trimmed.slice(0, -1)) / 100 };
  if (/^(?:true|false)$/i.test(trimmed)) return { value: trimmed.toUpperCase() === 'TRUE' };
  const date = ISO_DATE_TEXT.exec(trimmed);
  if (date) {
    const serial = dateSerial(+date[1], +date[2], +date[3], +(date[4] ?? 0), +(date[5] ?? 0), +(date[6] ?? 0));
    if (serial !== null) return { value: serial };
  }
  return { value: text };
}

function normalizeColor(color: string): string {
  const text = color.trim();
  if (/^#[0-9a-f]{6}$/i.test(text)) return text.toUpperCase();
  if (/^#[0-9a-f]{3}$/i.test(text)) return `#${text.slice(1).split('').map((c) => c + c).join('')}`.toUpperCase();
  const named: Record<string, string> = { white: '#FFFFFF', black: '#000000', red: '#FF0000', yellow: '#FFFF00', green: '#008000' };
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
    return { runs: 0, syncs: 0, requests: [], maxRequestBytes: 0, maxResponseBytes: 0, totalRequestBytes: 0, runsDelayedForCellEdit: 0 };
  }

  // ---- the test side: set up and inspect without counting requests

  sheetNames(): string[] {
    return [...this.sheets.keys()];
  }

  hasSheet(name: string): boolean {
    return this.findSheet(name) !== undefined;
  }

  addSheet(name: string): void {
    if (this.findSheet(name)) throw new MemoryExcelError('ItemAlreadyExists', `A sheet named "${name}" already exists.`);
    if (name.trim() === '' || name.length > 31 || /[\\/?*[\]:]/.test(name)) {
      throw new MemoryExcelError('InvalidArgument', `"${name}" is not a valid sheet name.`);
    }
    this.sheets.set(name, { name, cells: new Map(), columnWidths: new Map() });
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
    for (const [r, row] of data.cells) for (const [c, cell] of row) if (cell.formula !== undefined) out.push(blockAddress({ row: r, column: c, rows: 1, columns: 1 }));
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

  selectedAddress(): string {
    return fullAddress(this.selection);
  }

  activeSheetName(): string {
    return this.activeSheet;
  }

  addTable(sheet: string, address: string, name: string): void {
    const data = this.sheet(sheet);
    const block = parseAddress(address, data.name);
    if (this.tables.some((t) => t.name.toLowerCase() === name.toLowerCase())) throw new MemoryExcelError('ItemAlreadyExists', `A table named ${name} exists.`);
    this.tables.push({ name, sheet: data.name, row: block.row, column: block.column, rows: block.rows, columns: block.columns });
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
    for (let r = 0; r < block.rows; r++) for (let c = 0; c < block.columns; c++) fn(this.cellAt(data, block.row + r, block.column + c, true)!);
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
    for (let c = Math.max(0, fromColumn); c <= Math.min(MAX_COLUMNS - 1, toColumn); c++) if (!isBlankCell(cells.get(c))) return true;
    return false;
  }

  private filledInColumn(data: SheetData, column: number, fromRow: number, toRow: number): boolean {
    if (column < 0 || column >= MAX_COLUMNS) return false;
    for (let r = Math.max(0, fromRow); r <= Math.min(MAX_ROWS - 1, toRow); r++) if (!isBlankCell(data.cells.get(r)?.get(column))) return true;
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
          if (value.length > 32_767) throw new MemoryExcelError('InvalidArgument', 'Text longer than 32,767 characters does not fit in a cell.');
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
      Array.isArray(grid) && grid.length === block.rows && grid.every((row) => Array.isArray(row) && row.length === block.columns);
    if (!ok) {
      throw new MemoryExcelError(
        'InvalidArgument',
        `The number of rows or columns in the ${what} array doesn't match the size or dimensions of the range (${block.rows}×${block.columns}).`,
      );
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
        throw new MemoryExcelError('InvalidOperationInCellEditMode', 'Excel is in cell-editing mode. Please exit the edit mode and try again.');
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
    const request: MemoryRequest = { run: context.run, bytes, responseBytes: 0, commands: commands.length, kinds, calculationSuspended: suspended };
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
      throw new MemoryExcelError('ResponsePayloadSizeLimitExceeded', 'The response payload size has exceeded the limit.');
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
      if (!creation) throw new MemoryExcelError('InvalidObjectPath', 'The object was used before the command that made it.');
      this.apply(context, creation, loaded);
      return context.ref(id);
    };
    const parent = command.p === undefined ? undefined : resolve(command.p);
    const self = (): Ref => resolve(command.i);
    const range = (ref: Ref | undefined): { data: SheetData; block: CellBlock } => {
      if (!ref || ref.kind !== 'range' || ref.block === null) throw new MemoryExcelError('InvalidObjectPath', 'The range does not exist.');
      return { data: this.sheet(ref.block.sheet), block: ref.block };
    };
    const sheetOf = (ref: Ref | undefined): SheetData => {
      if (!ref || ref.kind !== 'sheet' || ref.sheet === null) throw new MemoryExcelError('InvalidObjectPath', 'The worksheet does not exist.');
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
        if (!data) throw new MemoryExcelError('ItemNotFound', `The requested resource doesn't exist: sheet "${String(args[0])}".`);
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
          [row, column, rows, columns].every(Number.isInteger) && row >= 0 && column >= 0 && rows >= 1 && columns >= 1 &&
          row + rows <= MAX_ROWS && column + columns <= MAX_COLUMNS;
        if (!valid) throw new MemoryExcelError('InvalidArgument', `getRangeByIndexes(${args.join(', ')}) is outside the sheet.`);
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
      case 'getTables': {
        const { block } = range(parent);
        const fully = args[0] === true;
        const tables = this.tables.filter((t) =>
          fully
            ? t.sheet === block.sheet && block.row <= t.row && block.column <= t.column && t.row + t.rows <= block.row + block.rows && t.column + t.columns <= block.column + block.columns
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
        if (!parent || parent.kind !== 'tables' || parent.tables.length === 0) throw new MemoryExcelError('ItemNotFound', 'The collection is empty.');
        context.bind(command.i, { kind: 'table', table: parent.tables[0] });
        return;
      }
      case 'tableRange': {
        if (!parent || parent.kind !== 'table' || parent.table === null) throw new MemoryExcelError('InvalidObjectPath', 'The table does not exist.');
        const t = parent.table;
        context.bind(command.i, { kind: 'range', block: { sheet: t.sheet, row: t.row, column: t.column, rows: t.rows, columns: t.columns } });
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
      return false;
    }
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

// ---- the proxies the batch sees

class MemoryContext implements HostContext {
  readonly workbook: HostWorkbook;
  readonly delayForCellEdit: boolean;
  private queue: Command[] = [];
  private nextId = 1;
  private readonly refs = new Map<number, Ref>();
  private readonly creations = new Map<number, Command>();
  private readonly results = new Map<number, unknown>();
  private readonly loadedProps = new Map<number, Record<string, unknown>>();
  private readonly executed = new Set<number>();

  constructor(
    private readonly book: MemoryWorkbook,
    readonly run: number,
    delayForCellEdit: boolean,
  ) {
    this.delayForCellEdit = delayForCellEdit;
    this.workbook = new WorkbookProxy(this, this.create('workbook'));
  }

  create(op: string, parent?: number, args?: unknown[]): number {
    const id = this.nextId++;
    const command: Command = { i: id, o: op };
    if (parent !== undefined) command.p = parent;
    if (args !== undefined) command.a = args;
    this.queue.push(command);
    this.creations.set(id, command);
    return id;
  }

  creation(id: number): Command | undefined {
    return this.creations.get(id);
  }

  bound(id: number): Ref | undefined {
    return this.refs.get(id);
  }

  command(id: number, op: string, args: unknown[]): void {
    this.queue.push({ i: id, o: op, a: args });
  }

  bind(id: number, ref: Ref): void {
    this.refs.set(id, ref);
  }

  ref(id: number): Ref {
    const ref = this.refs.get(id);
    if (!ref) throw new MemoryExcelError('InvalidObjectPath', 'The object was used before the command that made it.');
    return ref;
  }

  setResult(id: number, value: unknown): void {
    this.results.set(id, value);
  }

  result(id: number): unknown {
    if (!this.results.has(id)) throw new MemoryExcelError('PropertyNotLoaded', 'The value is not available until context.sync() has run.');
    return this.results.get(id);
  }

  property(id: number, name: string): unknown {
    const props = this.loadedProps.get(id);
    if (name === 'isNullObject' && this.executed.has(id)) {
      const ref = this.refs.get(id)!;
      if (ref.kind === 'range') return ref.block === null;
      if (ref.kind === 'sheet') return ref.sheet === null;
      if (ref.kind === 'table') return ref.table === null;
      return false;
    }
    if (!props || !(name in props)) {
      throw new MemoryExcelError(
        'PropertyNotLoaded',
        `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
      );
    }
    return props[name];
  }

  async sync(): Promise<void> {
    const commands = this.queue;
    this.queue = [];
    const loaded = await this.book.execute(this, commands);
    for (const command of commands) this.executed.add(command.i);
    for (const [id, props] of loaded) this.loadedProps.set(id, { ...this.loadedProps.get(id), ...props });
  }
}

class WorkbookProxy implements HostWorkbook {
  readonly worksheets: HostWorksheetCollection;
  readonly application: HostApplication;

  constructor(
    private readonly ctx: MemoryContext,
    private readonly id: number,
  ) {
    this.worksheets = new WorksheetsProxy(ctx, ctx.create('worksheets', id));
    this.application = new ApplicationProxy(ctx, ctx.create('application', id));
  }

  getSelectedRange(): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('getSelectedRange', this.id));
  }
}

class ApplicationProxy implements HostApplication {
  constructor(
    private readonly ctx: MemoryContext,
    private readonly id: number,
  ) {}

  suspendApiCalculationUntilNextSync(): void {
    this.ctx.command(this.id, 'call', ['suspendApiCalculationUntilNextSync']);
  }

  calculate(calculationType: 'Recalculate' | 'Full' | 'FullRebuild'): void {
    this.ctx.command(this.id, 'call', ['calculate', calculationType]);
  }
}

class WorksheetsProxy implements HostWorksheetCollection {
  constructor(
    private readonly ctx: MemoryContext,
    private readonly id: number,
  ) {}

  getItem(key: string): HostWorksheet {
    return new WorksheetProxy(this.ctx, this.ctx.create('getItem', this.id, [key]));
  }

  getItemOrNullObject(key: string): HostWorksheet {
    return new WorksheetProxy(this.ctx, this.ctx.create('getItemOrNullObject', this.id, [key]));
  }

  add(name?: string): HostWorksheet {
    return new WorksheetProxy(this.ctx, this.ctx.create('add', this.id, name === undefined ? [] : [name]));
  }
}

class WorksheetProxy implements HostWorksheet {
  constructor(
    private readonly ctx: MemoryContext,
    private readonly id: number,
  ) {}

  get name(): string {
    return this.ctx.property(this.id, 'name') as string;
  }

  get isNullObject(): boolean {
    return this.ctx.property(this.id, 'isNullObject') as boolean;
  }

  load(propertyNames?: string | string[] | object): HostWorksheet {
    this.ctx.command(this.id, 'load', propertyList(propertyNames, ['name']));
    return this;
  }

  getRange(address?: string): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('getRange', this.id, address === undefined ? [] : [address]));
  }

  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('getRangeByIndexes', this.id, [startRow, startColumn, rowCount, columnCount]));
  }

  activate(): void {
    this.ctx.command(this.id, 'call', ['activate']);
  }
}

function propertyList(names: string | string[] | object | undefined, all: string[]): string[] {
  if (names === undefined) return all;
  if (typeof names === 'string') return names.split(',').map((n) => n.trim()).filter((n) => n !== '');
  if (Array.isArray(names)) return names.map(String);
  throw new MemoryExcelError('InvalidArgument', 'Load takes property names here.');
}

class TablesProxy implements HostTableCollection {
  constructor(
    private readonly ctx: MemoryContext,
    private readonly id: number,
  ) {}

  getCount(): HostClientResult<number> {
    const id = this.ctx.create('getCount', this.id);
    const ctx = this.ctx;
    return {
      get value(): number {
        return ctx.result(id) as number;
      },
    };
  }

  getFirst(): HostTable {
    return new TableProxy(this.ctx, this.ctx.create('getFirst', this.id));
  }
}

class TableProxy implements HostTable {
  constructor(
    private readonly ctx: MemoryContext,
    private readonly id: number,
  ) {}

  get name(): string {
    return this.ctx.property(this.id, 'name') as string;
  }

  get isNullObject(): boolean {
    return this.ctx.property(this.id, 'isNullObject') as boolean;
  }

  load(propertyNames?: string | string[] | object): HostTable {
    this.ctx.command(this.id, 'load', propertyList(propertyNames, ['name']));
    return this;
  }

  getRange(): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('tableRange', this.id));
  }
}

const RANGE_PROPERTIES = ['address', 'rowIndex', 'columnIndex', 'rowCount', 'columnCount', 'values', 'numberFormat'];

class RangeProxy implements HostRange {
  readonly format: HostRangeFormat;

  constructor(
    private readonly ctx: MemoryContext,
    private readonly id: number,
  ) {
    const set = (property: string, value: unknown) => ctx.command(id, 'set', [property, value]);
    const fill: HostFill = {
      get color(): string {
        throw new MemoryExcelError('PropertyNotLoaded', 'Fill colours are not read back here.');
      },
      set color(value: string) {
        set('fill.color', value);
      },
      clear: () => ctx.command(id, 'call', ['fill.clear']),
    };
    const font: HostFont = {
      get bold(): boolean {
        throw new MemoryExcelError('PropertyNotLoaded', 'Font properties are not read back here.');
      },
      set bold(value: boolean) {
        set('font.bold', value);
      },
    };
    this.format = {
      fill,
      font,
      get columnWidth(): number {
        throw new MemoryExcelError('PropertyNotLoaded', 'Column widths are not read back here.');
      },
      set columnWidth(value: number) {
        set('columnWidth', value);
      },
    };
  }

  get address(): string {
    return this.ctx.property(this.id, 'address') as string;
  }
  get rowIndex(): number {
    return this.ctx.property(this.id, 'rowIndex') as number;
  }
  get columnIndex(): number {
    return this.ctx.property(this.id, 'columnIndex') as number;
  }
  get rowCount(): number {
    return this.ctx.property(this.id, 'rowCount') as number;
  }
  get columnCount(): number {
    return this.ctx.property(this.id, 'columnCount') as number;
  }
  get isNullObject(): boolean {
    return this.ctx.property(this.id, 'isNullObject') as boolean;
  }
  get values(): HostCellValue[][] {
    return this.ctx.property(this.id, 'values') as HostCellValue[][];
  }
  set values(values: HostCellValue[][]) {
    this.ctx.command(this.id, 'set', ['values', values]);
  }
  get numberFormat(): string[][] {
    return this.ctx.property(this.id, 'numberFormat') as string[][];
  }
  set numberFormat(formats: string[][]) {
    this.ctx.command(this.id, 'set', ['numberFormat', formats]);
  }

  load(propertyNames?: string | string[] | object): HostRange {
    this.ctx.command(this.id, 'load', propertyList(propertyNames, RANGE_PROPERTIES));
    return this;
  }

  getSurroundingRegion(): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('getSurroundingRegion', this.id));
  }

  getTables(fullyContained?: boolean): HostTableCollection {
    return new TablesProxy(this.ctx, this.ctx.create('getTables', this.id, [fullyContained === true]));
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('getUsedRangeOrNullObject', this.id, [valuesOnly === true]));
  }

  clear(applyTo?: 'All' | 'Formats' | 'Contents' | 'Hyperlinks' | 'RemoveHyperlinks'): void {
    this.ctx.command(this.id, 'call', applyTo === undefined ? ['clear'] : ['clear', applyTo]);
  }

  select(): void {
    this.ctx.command(this.id, 'call', ['select']);
  }
}

