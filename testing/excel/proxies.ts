/**
 * The host proxies a batch sees, shaped like office.js's: calls on them only queue commands, `context.sync()` sends
 * the queue to the workbook as one request, and loaded properties are readable only after that sync.
 */
import type {
  HostApplication,
  HostCellValue,
  HostChart,
  HostChartCollection,
  HostChartSeries,
  HostChartSeriesCollection,
  HostChartTitle,
  HostChartType,
  HostClientResult,
  HostContext,
  HostEvent,
  HostFill,
  HostFont,
  HostRange,
  HostRangeFormat,
  HostTable,
  HostTableCollection,
  HostWorkbook,
  HostWorksheet,
  HostWorksheetCollection,
  HostSheetChanged,
  HostSheetVisibility,
} from '../../src/excel/host';
import { type ChangeHandler, type Command, MemoryExcelError, type Ref, propertyList } from './model';

/** What runs a batch's commands: the in-memory workbook (workbook.ts), seen here only through this. */
export interface BatchRunner {
  execute(context: MemoryContext, commands: Command[]): Promise<Map<number, Record<string, unknown>>>;
}

export class MemoryContext implements HostContext {
  readonly workbook: HostWorkbook;
  readonly delayForCellEdit: boolean;
  private queue: Command[] = [];
  private nextId = 1;
  private readonly refs = new Map<number, Ref>();
  private readonly creations = new Map<number, Command>();
  private readonly results = new Map<number, unknown>();
  private readonly loadedProps = new Map<number, Record<string, unknown>>();
  private readonly executed = new Set<number>();
  private readonly handlers = new Map<number, ChangeHandler>();

  constructor(
    private readonly book: BatchRunner,
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

  /** An event handler added (onChanged.add): it stays on this side of the request; the command names it. */
  addHandler(parent: number, handler: ChangeHandler): number {
    const id = this.create('addChangedHandler', parent);
    this.handlers.set(id, handler);
    return id;
  }

  handlerOf(id: number): ChangeHandler | undefined {
    return this.handlers.get(id);
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
    if (!this.results.has(id))
      throw new MemoryExcelError('PropertyNotLoaded', 'The value is not available until context.sync() has run.');
    return this.results.get(id);
  }

  property(id: number, name: string): unknown {
    const props = this.loadedProps.get(id);
    if (name === 'isNullObject' && this.executed.has(id)) {
      const ref = this.refs.get(id)!;
      if (ref.kind === 'range') return ref.block === null;
      if (ref.kind === 'sheet') return ref.sheet === null;
      if (ref.kind === 'table') return ref.table === null;
      if (ref.kind === 'chart') return ref.chart === null;
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

  get items(): ReadonlyArray<{ readonly name: string; readonly visibility: string }> {
    return this.ctx.property(this.id, 'items') as Array<{ name: string; visibility: string }>;
  }

  /** Office's `load('items/name')` (or `items/name,items/visibility`): the sheets, read back as `items`. */
  load(propertyNames?: string | string[] | object): this {
    const names = propertyList(propertyNames, ['items']).map((p) => (p.startsWith('items') ? 'items' : p));
    this.ctx.command(this.id, 'load', names);
    return this;
  }

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

/** A worksheet or a table: an object with a name that may be Office's null object. */
abstract class NamedProxy {
  constructor(
    protected readonly ctx: MemoryContext,
    protected readonly id: number,
  ) {}

  get name(): string {
    return this.ctx.property(this.id, 'name') as string;
  }

  get isNullObject(): boolean {
    return this.ctx.property(this.id, 'isNullObject') as boolean;
  }

  load(propertyNames?: string | string[] | object): this {
    this.ctx.command(this.id, 'load', propertyList(propertyNames, ['name']));
    return this;
  }
}

class WorksheetProxy extends NamedProxy implements HostWorksheet {
  private chartList: HostChartCollection | null = null;

  get charts(): HostChartCollection {
    this.chartList ??= new ChartsProxy(this.ctx, this.ctx.create('charts', this.id));
    return this.chartList;
  }

  getRange(address?: string): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('getRange', this.id, address === undefined ? [] : [address]));
  }

  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): HostRange {
    return new RangeProxy(
      this.ctx,
      this.ctx.create('getRangeByIndexes', this.id, [startRow, startColumn, rowCount, columnCount]),
    );
  }

  activate(): void {
    this.ctx.command(this.id, 'call', ['activate']);
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('getUsedRangeOrNullObject', this.id, [valuesOnly === true]));
  }

  get visibility(): HostSheetVisibility {
    return this.ctx.property(this.id, 'visibility') as HostSheetVisibility;
  }
  set visibility(value: HostSheetVisibility) {
    this.ctx.command(this.id, 'sheetSet', ['visibility', value]);
  }

  get onChanged(): HostEvent<HostSheetChanged> {
    const ctx = this.ctx;
    return {
      add: (handler) => {
        const id = ctx.addHandler(this.id, handler);
        return { context: ctx, remove: () => ctx.command(id, 'removeChangedHandler', []) };
      },
    };
  }
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

class TableProxy extends NamedProxy implements HostTable {
  getRange(): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('tableRange', this.id));
  }
}

/** The object id of a range proxy, for commands that take a range as an argument (charts.add, setXAxisValues). */
const rangeIds = new WeakMap<object, number>();

function rangeId(range: HostRange | string): number | string {
  if (typeof range === 'string') return range;
  const id = rangeIds.get(range);
  if (id === undefined) throw new MemoryExcelError('InvalidArgument', 'The argument is not a range of this request.');
  return id;
}

class ChartsProxy implements HostChartCollection {
  constructor(
    private readonly ctx: MemoryContext,
    private readonly id: number,
  ) {}

  add(type: HostChartType, sourceData: HostRange, seriesBy?: 'Auto' | 'Columns' | 'Rows'): HostChart {
    return new ChartProxy(
      this.ctx,
      this.ctx.create('addChart', this.id, [type, rangeId(sourceData), seriesBy ?? 'Auto']),
    );
  }

  getItemOrNullObject(name: string): HostChart {
    return new ChartProxy(this.ctx, this.ctx.create('getChartOrNullObject', this.id, [name]));
  }
}

class ChartProxy implements HostChart {
  private titleProxy: HostChartTitle | null = null;
  private seriesProxy: HostChartSeriesCollection | null = null;

  constructor(
    private readonly ctx: MemoryContext,
    private readonly id: number,
  ) {}

  get title(): HostChartTitle {
    if (this.titleProxy) return this.titleProxy;
    const ctx = this.ctx;
    const titleId = ctx.create('chartTitle', this.id);
    this.titleProxy = {
      get text(): string {
        return ctx.property(titleId, 'text') as string;
      },
      set text(value: string) {
        ctx.command(titleId, 'chartSet', ['text', value]);
      },
    };
    return this.titleProxy;
  }

  get series(): HostChartSeriesCollection {
    if (this.seriesProxy) return this.seriesProxy;
    const ctx = this.ctx;
    const seriesId = ctx.create('chartSeriesList', this.id);
    this.seriesProxy = {
      getItemAt: (index: number): HostChartSeries => {
        const itemId = ctx.create('chartSeriesAt', seriesId, [index]);
        return {
          setXAxisValues: (sourceData: HostRange) =>
            ctx.command(itemId, 'chartCall', ['setXAxisValues', rangeId(sourceData)]),
        };
      },
    };
    return this.seriesProxy;
  }

  get name(): string {
    return this.ctx.property(this.id, 'name') as string;
  }
  set name(value: string) {
    this.ctx.command(this.id, 'chartSet', ['name', value]);
  }
  get isNullObject(): boolean {
    return this.ctx.property(this.id, 'isNullObject') as boolean;
  }

  setPosition(startCell: HostRange | string, endCell?: HostRange | string): void {
    this.ctx.command(this.id, 'chartCall', [
      'setPosition',
      rangeId(startCell),
      endCell === undefined ? null : rangeId(endCell),
    ]);
  }

  delete(): void {
    this.ctx.command(this.id, 'chartCall', ['delete']);
  }
}

const RANGE_PROPERTIES = 'address,rowIndex,columnIndex,rowCount,columnCount,values,formulas,numberFormat'.split(',');

class RangeProxy implements HostRange {
  readonly format: HostRangeFormat;

  constructor(
    private readonly ctx: MemoryContext,
    private readonly id: number,
  ) {
    rangeIds.set(this, id);
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
  get formulas(): HostCellValue[][] {
    return this.ctx.property(this.id, 'formulas') as HostCellValue[][];
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
  getEntireRow(): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('getEntireRow', this.id));
  }

  insert(shift: 'Down' | 'Right'): HostRange {
    return new RangeProxy(this.ctx, this.ctx.create('insert', this.id, [shift]));
  }
  calculate(): void {
    this.ctx.command(this.id, 'call', ['calculateRange']);
  }
}
