/**
 * The part of the Office.js Excel object model that WorkbookPort uses, as plain structural types, so that the
 * port compiles and runs without Office: Office's own `Excel` object satisfies `ExcelHost`, and so does the
 * in-memory workbook (testing/excel) that tests, benchmarks and the end-to-end Office stand-in use.
 *
 * The semantics are Office's: setting a property or calling a method queues a command; `load` names the
 * properties to fetch; `context.sync()` sends the queued commands as one request and fills in what was loaded.
 * Reading a property before the sync that loads it throws.
 */

/** A cell as `range.values` gives and takes it. Writing `null` leaves the cell as it is; '' empties it. */
export type HostCellValue = string | number | boolean | null;

export interface HostRunOptions {
  /** Wait while the user is editing a cell instead of failing the batch (Excel.RunOptions.delayForCellEdit). */
  delayForCellEdit?: boolean;
}

export interface ExcelHost {
  run<T>(options: HostRunOptions, batch: (context: HostContext) => Promise<T>): Promise<T>;
}

export interface HostContext {
  readonly workbook: HostWorkbook;
  sync(): Promise<void>;
}

export interface HostApplication {
  /** Suspends calculation until the next `context.sync()` (ExcelApi 1.6). */
  suspendApiCalculationUntilNextSync(): void;
  /** 'Recalculate' recalculates what changed; 'Full' everything (ExcelApi 1.1). */
  calculate(calculationType: 'Recalculate' | 'Full' | 'FullRebuild'): void;
}

export interface HostWorkbook {
  readonly worksheets: HostWorksheetCollection;
  readonly application: HostApplication;
  getSelectedRange(): HostRange;
}

export interface HostWorksheetCollection {
  /** The sheets, in workbook order, once loaded (`load('items/name')`, with `items/visibility` too) and synced. */
  readonly items: ReadonlyArray<{ readonly name: string; readonly visibility?: string }>;
  load(propertyNames?: string | string[] | object): HostWorksheetCollection;
  getItem(key: string): HostWorksheet;
  getItemOrNullObject(key: string): HostWorksheet;
  add(name?: string): HostWorksheet;
}

export interface HostWorksheet {
  readonly name: string;
  readonly isNullObject: boolean;
  getRange(address?: string): HostRange;
  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): HostRange;
  activate(): void;
  /** The used cells of the sheet (values only: formats alone do not count), or a null object (ExcelApi 1.4). */
  getUsedRangeOrNullObject(valuesOnly?: boolean): HostRange;
  /** The sheet's charts (ExcelApi 1.1). */
  readonly charts: HostChartCollection;
  /** Whether the user sees the sheet (Excel.SheetVisibility, ExcelApi 1.1): 'VeryHidden' is unhidden only by code. */
  visibility: HostSheetVisibility;
  /** Raised when cells of the sheet change, by the user, another add-in or this one (ExcelApi 1.7). */
  readonly onChanged: HostEvent<HostSheetChanged>;
}

/** Excel.SheetVisibility's text values. */
export type HostSheetVisibility = 'Visible' | 'Hidden' | 'VeryHidden';

/** What Office says of a change of cells (Excel.WorksheetChangedEventArgs, the part read here). */
export interface HostSheetChanged {
  /** The cells changed, without the sheet's name ("B5", "B5:D9"). */
  readonly address: string;
  /** 'ThisLocalAddin' when this add-in made the change, 'Others' otherwise (ExcelApi 1.14; absent before). */
  readonly triggerSource?: string;
}

/** An Office event (OfficeExtension.EventHandlers): handlers added to it are called after each change. */
export interface HostEvent<T> {
  add(handler: (args: T) => Promise<unknown>): HostEventHandle;
}

/** The handler added (OfficeExtension.EventHandlerResult): removed in its own context, then synced. */
export interface HostEventHandle {
  readonly context: { sync(): Promise<void> };
  remove(): void;
}

/** The chart types the add-in draws (Excel.ChartType's text values). */
export type HostChartType = 'Line' | 'LineMarkers' | 'XYScatterLines';

export interface HostChartCollection {
  /** A chart of `sourceData`, its series by columns or rows (ExcelApi 1.1). */
  add(type: HostChartType, sourceData: HostRange, seriesBy?: 'Auto' | 'Columns' | 'Rows'): HostChart;
  /** The chart of that name, or a null object (ExcelApi 1.4). */
  getItemOrNullObject(name: string): HostChart;
}

export interface HostChartTitle {
  text: string;
}

export interface HostChartSeries {
  /** The x-axis values of the series (ExcelApi 1.7). */
  setXAxisValues(sourceData: HostRange): void;
}

export interface HostChartSeriesCollection {
  getItemAt(index: number): HostChartSeries;
}

export interface HostChart {
  name: string;
  readonly isNullObject: boolean;
  readonly title: HostChartTitle;
  readonly series: HostChartSeriesCollection;
  /** Puts the chart over the cells from `startCell` to `endCell` (ExcelApi 1.1). */
  setPosition(startCell: HostRange | string, endCell?: HostRange | string): void;
  delete(): void;
}

export interface HostFill {
  color: string;
  clear(): void;
}

export interface HostFont {
  bold: boolean;
}

export interface HostRangeFormat {
  readonly fill: HostFill;
  readonly font: HostFont;
  /** Width of the columns in points. */
  columnWidth: number;
}

export interface HostTable {
  readonly name: string;
  readonly isNullObject: boolean;
  load(propertyNames?: string | string[] | object): HostTable;
  getRange(): HostRange;
}

/** A value the next sync fills in (OfficeExtension.ClientResult). */
export interface HostClientResult<T> {
  readonly value: T;
}

export interface HostTableCollection {
  getCount(): HostClientResult<number>;
  getFirst(): HostTable;
}

export interface HostRange {
  readonly address: string;
  readonly rowIndex: number;
  readonly columnIndex: number;
  readonly rowCount: number;
  readonly columnCount: number;
  readonly isNullObject: boolean;
  values: HostCellValue[][];
  /** Each cell's formula (`=A1*2`), or its value where it holds none (ExcelApi 1.1). */
  readonly formulas: HostCellValue[][];
  numberFormat: string[][];
  readonly format: HostRangeFormat;
  /** Names the properties to fetch at the next sync (`'address,values'`); the object form is Office's own. */
  load(propertyNames?: string | string[] | object): HostRange;
  /** The current region around the range, as Ctrl+A finds it (ExcelApi 1.7). */
  getSurroundingRegion(): HostRange;
  /** Tables that overlap the range (ExcelApi 1.9). */
  getTables(fullyContained?: boolean): HostTableCollection;
  /** The used cells inside the range, or a null object when none (ExcelApi 1.4). */
  getUsedRangeOrNullObject(valuesOnly?: boolean): HostRange;
  clear(applyTo?: 'All' | 'Formats' | 'Contents' | 'Hyperlinks' | 'RemoveHyperlinks'): void;
  select(): void;
  /** The whole sheet rows the range spans (ExcelApi 1.1). */
  getEntireRow(): HostRange;
  /**
   * Inserts cells of the range's size, moving the cells there down or right (ExcelApi 1.1); Office's
   * `Excel.InsertShiftDirection.down` is the text 'Down'.
   */
  insert(shift: 'Down' | 'Right'): HostRange;
  /** Calculates the range's cells, custom functions included (ExcelApi 1.6). */
  calculate(): void;
}
