/**
 * The in-memory workbook's model: what a cell holds, the tables, one request's counts, Office's error shape, and the
 * commands a batch queues between the host proxies (proxies.ts) and the workbook that executes them (workbook.ts).
 */
import type { CellBlock } from '../../src/excel/address';
import type { HostSheetChanged } from '../../src/excel/host';

/** A handler of a sheet's onChanged event. */
export type ChangeHandler = (args: HostSheetChanged) => Promise<unknown>;

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
  /**
   * The ExcelApi sets the host has, as far as the stand-in models them: false for a host before ExcelApi 1.14, whose
   * change events do not say who made the change (no triggerSource). Default true.
   */
  triggerSource?: boolean;
}

export type Ref =
  | { kind: 'workbook' }
  | { kind: 'application' }
  | { kind: 'sheets' }
  | { kind: 'sheet'; sheet: string | null }
  | { kind: 'range'; block: CellBlock | null }
  | { kind: 'tables'; tables: MemoryTable[] }
  | { kind: 'table'; table: MemoryTable | null }
  | { kind: 'result' }
  | { kind: 'charts'; sheet: string }
  | { kind: 'chart'; sheet: string; chart: MemoryChart | null }
  | { kind: 'chartTitle'; sheet: string; chart: MemoryChart }
  | { kind: 'chartSeriesList'; sheet: string; chart: MemoryChart }
  | { kind: 'chartSeries'; sheet: string; chart: MemoryChart; index: number };

/** A chart as Excel keeps it: linked to the cells of its source, its series by columns or rows. */
export interface MemoryChart {
  name: string;
  type: string;
  source: CellBlock;
  seriesBy: 'Columns' | 'Rows';
  title: string;
  /** Where it was put (setPosition's cells), or null while it keeps where Excel put it. */
  position: { start: string; end: string | null } | null;
  /** X-axis values set per series (setXAxisValues), by series index. */
  xValues: Map<number, CellBlock>;
}

/** A chart as a test reads it: its series with the values of their cells now. */
export interface MemoryChartView {
  name: string;
  type: string;
  title: string;
  position: { start: string; end: string | null } | null;
  series: Array<{ name: string; values: MemoryValue[]; xValues: MemoryValue[] | null }>;
}

export interface Command {
  /** Object the command creates or acts on. */
  i: number;
  o: string;
  /** Parent object of a created one. */
  p?: number;
  a?: unknown[];
}

/** The property names a `load` asks for: all of `all` when it names none. */
export function propertyList(names: string | string[] | object | undefined, all: string[]): string[] {
  if (names === undefined) return all;
  if (typeof names === 'string')
    return names
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '');
  if (Array.isArray(names)) return names.map(String);
  throw new MemoryExcelError('InvalidArgument', 'Load takes property names here.');
}
