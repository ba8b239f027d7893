/**
 * What the in-memory workbook does with each command a sync sends: one handler per command, in groups (sheets,
 * ranges, tables, charts, edits), and the properties a `load` reads.
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
import {
  type SheetData,
  clearBlock,
  forEachCell,
  forEachCellIfPresent,
  normalizeColor,
  readBlock,
  region,
  used,
  writeNumberFormats,
  writeValues,
} from './cells';
import { type Command, type MemoryChart, MemoryExcelError, type Ref } from './model';
import type { MemoryContext } from './proxies';
import type { SheetModel } from './sheets';
import { SHEET_EVENT_COMMANDS } from './event-commands';

/** Office's chart types the stand-in draws; any other is refused as Office refuses an unknown one. */
const CHART_TYPES = new Set(['Line', 'LineMarkers', 'XYScatterLines', 'XYScatter', 'ColumnClustered', 'BarClustered']);

/** What a handler sees of one command: its arguments, the objects it names, and the workbook. */
interface Scope {
  model: SheetModel;
  context: MemoryContext;
  command: Command;
  args: unknown[];
  loaded: Map<number, Record<string, unknown>>;
  /** The object the command works on (its parent), made again if the request that made it was refused. */
  parent: Ref | undefined;
  resolve(id: number): Ref;
  self(): Ref;
  range(ref: Ref | undefined): { data: SheetData; block: CellBlock };
  sheetOf(ref: Ref | undefined): SheetData;
}

type Handler = (scope: Scope) => void;

/** Getting the workbook, its sheets, and adding a sheet. */
const SHEET_COMMANDS: Record<string, Handler> = {
  workbook: ({ context, command }) => {
    context.bind(command.i, { kind: 'workbook' });
  },
  application: ({ context, command }) => {
    context.bind(command.i, { kind: 'application' });
  },
  worksheets: ({ context, command }) => {
    context.bind(command.i, { kind: 'sheets' });
  },
  getItem: ({ model, context, command, args }) => {
    const data = model.findSheet(String(args[0]));
    if (!data)
      throw new MemoryExcelError('ItemNotFound', `The requested resource doesn't exist: sheet "${String(args[0])}".`);
    context.bind(command.i, { kind: 'sheet', sheet: data.name });
  },
  getItemOrNullObject: ({ model, context, command, args }) => {
    context.bind(command.i, { kind: 'sheet', sheet: model.findSheet(String(args[0]))?.name ?? null });
  },
  add: ({ model, context, command, args }) => {
    let name = args[0] === undefined ? '' : String(args[0]);
    if (name === '') {
      let n = model.sheets.size + 1;
      while (model.findSheet(`Sheet${n}`)) n++;
      name = `Sheet${n}`;
    }
    model.addSheet(name);
    context.bind(command.i, { kind: 'sheet', sheet: name });
  },
};

/** Getting ranges, and inserting cells. */
const RANGE_COMMANDS: Record<string, Handler> = {
  getSelectedRange: ({ model, context, command }) => {
    context.bind(command.i, { kind: 'range', block: { ...model.selection } });
  },
  getRange: ({ context, command, args, parent, sheetOf }) => {
    const data = sheetOf(parent);
    const address = args[0] === undefined ? `A1:${'XFD'}${MAX_ROWS}` : String(args[0]);
    const block = parseAddress(address, data.name);
    context.bind(command.i, { kind: 'range', block: { ...block, sheet: data.name } });
  },
  getRangeByIndexes: ({ context, command, args, parent, sheetOf }) => {
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
  },
  getSurroundingRegion: ({ context, command, parent, range }) => {
    const { data, block } = range(parent);
    context.bind(command.i, { kind: 'range', block: region(data, block) });
  },
  getUsedRangeOrNullObject: ({ context, command, args, parent, range, sheetOf }) => {
    // Of a range, or of a whole sheet (Worksheet.getUsedRangeOrNullObject).
    const sheet = parent?.kind === 'sheet' ? sheetOf(parent) : null;
    const { data, block } = sheet
      ? { data: sheet, block: { sheet: sheet.name, row: 0, column: 0, rows: MAX_ROWS, columns: MAX_COLUMNS } }
      : range(parent);
    context.bind(command.i, { kind: 'range', block: used(data, block, args[0] === true) });
  },
  getEntireRow: ({ context, command, parent, range }) => {
    const { block } = range(parent);
    context.bind(command.i, { kind: 'range', block: { ...block, column: 0, columns: MAX_COLUMNS } });
  },
  insert: ({ model, context, command, args, parent, range }) => {
    const { data, block } = range(parent);
    if (args[0] !== 'Down')
      throw new MemoryExcelError(
        'InvalidArgument',
        `Inserting with shift ${String(args[0])} is not modelled here; only 'Down' is.`,
      );
    model.insertDown(data, block);
    context.bind(command.i, { kind: 'range', block: { ...block } });
  },
};

/** The tables in a range. */
const TABLE_COMMANDS: Record<string, Handler> = {
  getTables: ({ model, context, command, args, parent, range }) => {
    const { block } = range(parent);
    const fully = args[0] === true;
    const tables = model.tables.filter((t) =>
      fully
        ? t.sheet === block.sheet &&
          block.row <= t.row &&
          block.column <= t.column &&
          t.row + t.rows <= block.row + block.rows &&
          t.column + t.columns <= block.column + block.columns
        : overlaps({ ...t }, block),
    );
    context.bind(command.i, { kind: 'tables', tables });
  },
  getCount: ({ context, command, parent }) => {
    if (!parent || parent.kind !== 'tables') throw new MemoryExcelError('InvalidObjectPath', 'Not a collection.');
    context.bind(command.i, { kind: 'result' });
    context.setResult(command.i, parent.tables.length);
  },
  getFirst: ({ context, command, parent }) => {
    if (!parent || parent.kind !== 'tables' || parent.tables.length === 0)
      throw new MemoryExcelError('ItemNotFound', 'The collection is empty.');
    context.bind(command.i, { kind: 'table', table: parent.tables[0] });
  },
  tableRange: ({ context, command, parent }) => {
    if (!parent || parent.kind !== 'table' || parent.table === null)
      throw new MemoryExcelError('InvalidObjectPath', 'The table does not exist.');
    const t = parent.table;
    context.bind(command.i, {
      kind: 'range',
      block: { sheet: t.sheet, row: t.row, column: t.column, rows: t.rows, columns: t.columns },
    });
  },
};

/** A chart's title or its series collection. */
function chartPart(kind: 'chartTitle' | 'chartSeriesList'): Handler {
  return ({ context, command, parent }) => {
    if (!parent || parent.kind !== 'chart' || parent.chart === null)
      throw new MemoryExcelError('InvalidObjectPath', 'The chart does not exist.');
    context.bind(command.i, { kind, sheet: parent.sheet, chart: parent.chart });
  };
}

/** Charts: adding, finding, naming, placing and deleting them, their titles and series. */
const CHART_COMMANDS: Record<string, Handler> = {
  charts: ({ context, command, parent, sheetOf }) => {
    context.bind(command.i, { kind: 'charts', sheet: sheetOf(parent).name });
  },
  addChart: ({ model, context, command, args, parent, range, resolve }) => {
    if (!parent || parent.kind !== 'charts') throw new MemoryExcelError('InvalidObjectPath', 'Not a chart collection.');
    const [type, source, seriesBy] = args as [string, number, string];
    if (!CHART_TYPES.has(type)) throw new MemoryExcelError('InvalidArgument', `The chart type ${type} is not valid.`);
    const block = range(resolve(source)).block;
    const data = model.sheet(parent.sheet);
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
  },
  getChartOrNullObject: ({ model, context, command, args, parent }) => {
    if (!parent || parent.kind !== 'charts') throw new MemoryExcelError('InvalidObjectPath', 'Not a chart collection.');
    const chart =
      model.sheet(parent.sheet).charts.find((c) => c.name.toLowerCase() === String(args[0]).toLowerCase()) ?? null;
    context.bind(command.i, { kind: 'chart', sheet: parent.sheet, chart });
  },
  chartTitle: chartPart('chartTitle'),
  chartSeriesList: chartPart('chartSeriesList'),
  chartSeriesAt: ({ model, context, command, args, parent }) => {
    if (!parent || parent.kind !== 'chartSeriesList')
      throw new MemoryExcelError('InvalidObjectPath', 'Not a series collection.');
    const index = Number(args[0]);
    const view = model.chartViews(parent.sheet).find((c) => c.name === parent.chart.name);
    if (!Number.isInteger(index) || index < 0 || !view || index >= view.series.length)
      throw new MemoryExcelError('InvalidArgument', `The chart has no series ${String(args[0])}.`);
    context.bind(command.i, { kind: 'chartSeries', sheet: parent.sheet, chart: parent.chart, index });
  },
  chartSet: ({ model, args, self }) => {
    const [property, value] = args as [string, unknown];
    const ref = self();
    if (ref.kind === 'chartTitle' && property === 'text') ref.chart.title = String(value);
    else if (ref.kind === 'chart' && ref.chart !== null && property === 'name') {
      const data = model.sheet(ref.sheet);
      if (data.charts.some((c) => c !== ref.chart && c.name.toLowerCase() === String(value).toLowerCase())) {
        throw new MemoryExcelError('InvalidArgument', `A chart named "${String(value)}" already exists.`);
      }
      ref.chart.name = String(value);
    } else throw new MemoryExcelError('InvalidArgument', `The chart property ${property} cannot be set.`);
  },
  chartCall: ({ model, args, self, range, resolve }) => {
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
      const data = model.sheet(ref.sheet);
      data.charts = data.charts.filter((c) => c !== chart);
    } else if (method === 'setPosition') {
      const start = cellsOf(rest[0], ref.sheet);
      const end = rest[1] === null || rest[1] === undefined ? null : cellsOf(rest[1], ref.sheet);
      chart.position = { start: blockAddress(start), end: end ? blockAddress(end) : null };
    } else throw new MemoryExcelError('InvalidArgument', `Unknown chart method ${method}.`);
  },
};

/** Setting properties, calling methods and loading properties. */
const EDIT_COMMANDS: Record<string, Handler> = {
  set: ({ args, self, range }) => {
    const [property, value] = args as [string, unknown];
    const { data, block } = range(self());
    if (property === 'values') writeValues(data, block, value);
    else if (property === 'numberFormat') writeNumberFormats(data, block, value);
    else if (property === 'fill.color') {
      const color = normalizeColor(String(value));
      forEachCell(data, block, (cell) => (cell.fill = color));
    } else if (property === 'font.bold') forEachCell(data, block, (cell) => (cell.bold = value === true));
    else if (property === 'columnWidth') {
      for (let c = block.column; c < block.column + block.columns; c++) data.columnWidths.set(c, Number(value));
    } else throw new MemoryExcelError('InvalidArgument', `The property ${property} cannot be set.`);
  },
  call: ({ model, args, self, range, sheetOf }) => {
    const [method, arg] = args as [string, unknown];
    const ref = self();
    if (method === 'suspendApiCalculationUntilNextSync') return;
    if (method === 'calculate') {
      model.onCalculate?.(null);
      return;
    }
    if (method === 'calculateRange') {
      model.onCalculate?.(range(ref).block);
      return;
    }
    if (method === 'activate') {
      model.activeSheet = sheetOf(ref).name;
      return;
    }
    const { data, block } = range(ref);
    if (method === 'fill.clear') forEachCellIfPresent(data, block, (cell) => delete cell.fill);
    else if (method === 'clear') clearBlock(data, block, arg === undefined ? 'All' : String(arg));
    else if (method === 'select') {
      model.selection = { ...block };
      model.activeSheet = block.sheet;
    } else throw new MemoryExcelError('InvalidArgument', `Unknown method ${method}.`);
  },
  load: ({ model, command, args, self, loaded }) => {
    const ref = self();
    const properties = args as string[];
    const out: Record<string, unknown> = loaded.get(command.i) ?? {};
    for (const p of properties) out[p] = property(model, ref, p);
    loaded.set(command.i, out);
  },
};

const HANDLERS: Record<string, Handler> = {
  ...SHEET_COMMANDS,
  ...RANGE_COMMANDS,
  ...TABLE_COMMANDS,
  ...CHART_COMMANDS,
  ...EDIT_COMMANDS,
  ...SHEET_EVENT_COMMANDS,
};

/** Executes one command of a sync against the workbook. */
export function applyCommand(
  model: SheetModel,
  context: MemoryContext,
  command: Command,
  loaded: Map<number, Record<string, unknown>>,
): void {
  // Like Office, a request carries the path of every object it uses, so an object made in a request that was
  // refused is made again where it is next used.
  const resolve = (id: number): Ref => {
    const made = context.bound(id);
    if (made) return made;
    const creation = context.creation(id);
    if (!creation)
      throw new MemoryExcelError('InvalidObjectPath', 'The object was used before the command that made it.');
    applyCommand(model, context, creation, loaded);
    return context.ref(id);
  };
  const parent = command.p === undefined ? undefined : resolve(command.p);
  const range = (ref: Ref | undefined): { data: SheetData; block: CellBlock } => {
    if (!ref || ref.kind !== 'range' || ref.block === null)
      throw new MemoryExcelError('InvalidObjectPath', 'The range does not exist.');
    return { data: model.sheet(ref.block.sheet), block: ref.block };
  };
  const sheetOf = (ref: Ref | undefined): SheetData => {
    if (!ref || ref.kind !== 'sheet' || ref.sheet === null)
      throw new MemoryExcelError('InvalidObjectPath', 'The worksheet does not exist.');
    return model.sheet(ref.sheet);
  };
  const handler = Object.prototype.hasOwnProperty.call(HANDLERS, command.o) ? HANDLERS[command.o] : undefined;
  if (!handler) throw new MemoryExcelError('InvalidArgument', `Unknown command ${command.o}.`);
  handler({
    model,
    context,
    command,
    args: command.a ?? [],
    loaded,
    parent,
    resolve,
    self: () => resolve(command.i),
    range,
    sheetOf,
  });
}

function property(model: SheetModel, ref: Ref, name: string): unknown {
  if (name === 'isNullObject') {
    if (ref.kind === 'range') return ref.block === null;
    if (ref.kind === 'sheet') return ref.sheet === null;
    if (ref.kind === 'table') return ref.table === null;
    if (ref.kind === 'chart') return ref.chart === null;
    return false;
  }
  if (ref.kind === 'chart' && name === 'name') return ref.chart?.name;
  if (ref.kind === 'chartTitle' && name === 'text') return ref.chart.title;
  if (ref.kind === 'sheets') {
    if (name === 'items')
      return [...model.sheets.values()].map((data) => ({
        name: data.name,
        visibility: model.events.visibilityOf(data.name),
      }));
    throw new MemoryExcelError('InvalidArgument', `The worksheet collection has no property ${name} here.`);
  }
  if (ref.kind === 'sheet') {
    if (ref.sheet === null) return undefined;
    if (name === 'name') return ref.sheet;
    if (name === 'visibility') return model.events.visibilityOf(ref.sheet);
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
  const data = model.sheet(block.sheet);
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
      return readBlock(data, block, (cell) => cell?.value ?? '');
    case 'formulas':
      // As Office gives them: a cell's formula, or its value where it holds none.
      return readBlock(data, block, (cell) => cell?.formula ?? cell?.value ?? '');
    case 'numberFormat':
      return readBlock(data, block, (cell) => cell?.numberFormat ?? 'General');
    default:
      throw new MemoryExcelError('InvalidArgument', `A range has no property ${name} here.`);
  }
}
