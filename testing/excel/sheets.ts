/**
 * The in-memory workbook's sheets and tables, the selection and the active sheet, and what changes them as a whole:
 * adding a sheet, inserting cells (which moves tables), and reading the charts back.
 */
import { type CellBlock, parseAddress } from '../../src/excel/address';
import { type MemoryChartView, MemoryExcelError, type MemoryTable, type MemoryValue } from './model';
import { type SheetData, isBlankCell, readBlock } from './cells';
import { MAX_ROWS } from '../../src/excel/address';
import { SheetEvents } from './sheet-events';

export class SheetModel {
  readonly sheets = new Map<string, SheetData>();
  readonly tables: MemoryTable[] = [];
  /** The sheets' visibility and the handlers of their change events. */
  readonly events = new SheetEvents();
  selection: CellBlock;
  activeSheet: string;
  /** Told of each calculation asked: of a block, or of the whole workbook (null). */
  onCalculate: ((target: CellBlock | null) => void) | null = null;

  constructor(names: string[]) {
    for (const name of names) this.addSheet(name);
    this.activeSheet = names[0];
    this.selection = { sheet: names[0], row: 0, column: 0, rows: 1, columns: 1 };
  }

  findSheet(name: string): SheetData | undefined {
    const exact = this.sheets.get(name);
    if (exact) return exact;
    const lower = name.toLowerCase();
    for (const data of this.sheets.values()) if (data.name.toLowerCase() === lower) return data;
    return undefined;
  }

  sheet(name: string): SheetData {
    const data = this.findSheet(name);
    if (!data) throw new MemoryExcelError('ItemNotFound', `The sheet "${name}" does not exist.`);
    return data;
  }

  /** Deletes a sheet with its cells and tables, as the user does. */
  deleteSheet(name: string): void {
    const data = this.sheet(name);
    this.sheets.delete(data.name);
    for (let i = this.tables.length - 1; i >= 0; i--) if (this.tables[i].sheet === data.name) this.tables.splice(i, 1);
  }

  addSheet(name: string): void {
    if (this.findSheet(name))
      throw new MemoryExcelError('ItemAlreadyExists', `A sheet named "${name}" already exists.`);
    if (name.trim() === '' || name.length > 31 || /[\\/?*[\]:]/.test(name)) {
      throw new MemoryExcelError('InvalidArgument', `"${name}" is not a valid sheet name.`);
    }
    this.sheets.set(name, { name, cells: new Map(), columnWidths: new Map(), charts: [] });
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

  /** The charts of a sheet, each series with the values its cells hold now (a chart follows its cells). */
  chartViews(sheet: string): MemoryChartView[] {
    const data = this.sheet(sheet);
    const valuesOf = (block: CellBlock): MemoryValue[] =>
      readBlock(this.sheet(block.sheet), block, (cell) => cell?.value ?? '').flat();
    return data.charts.map((chart) => {
      const { source } = chart;
      const byColumns = chart.seriesBy === 'Columns';
      const count = byColumns ? source.columns : source.rows;
      const length = byColumns ? source.rows : source.columns;
      const first = readBlock(data, source, (cell) => cell?.value ?? '');
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

  /**
   * Range.insert('Down'): empty cells take the block's place and what was there and below moves down by its
   * height, in its columns; tables there move (or grow, when the rows go inside them). As Excel does, it is refused
   * when a value would be pushed off the sheet, or when a table lies partly across the moved columns.
   */
  insertDown(data: SheetData, block: CellBlock): void {
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
}
