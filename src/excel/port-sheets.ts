/**
 * The workbook port's operations on sheets and their look: inserting rows, adding a sheet, fills, clearing a block,
 * the header's style, selecting, a line chart, and recalculation.
 */
import { type CellBlock, MAX_ROWS, blockAddress, fullAddress } from './address';
import { excelError, type HostBatches } from './port-batches';
import { insertedBlock } from './own-writes';
import { WorkbookError, type FillSpec, type LineChartSpec } from './port-types';

export async function insertRows(b: HostBatches, sheet: string, row: number, count = 1): Promise<void> {
  if (!Number.isInteger(row) || !Number.isInteger(count) || row < 0 || count < 1 || row + count > MAX_ROWS) {
    throw new WorkbookError('bad-block', `Cannot insert ${count} row(s) at row ${row + 1}.`);
  }
  try {
    await b.own.writing([insertedBlock(sheet, row)], () =>
      b.run(async (context) => {
        context.workbook.worksheets.getItem(sheet).getRangeByIndexes(row, 0, count, 1).getEntireRow().insert('Down');
        await context.sync();
      }),
    );
  } catch (e) {
    throw excelError(e, `inserting a row above row ${row + 1}`, sheet);
  }
}

export async function ensureSheet(b: HostBatches, name: string): Promise<{ created: boolean }> {
  try {
    return await b.run(async (context) => {
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
}

export async function setFills(b: HostBatches, sheet: string, fills: readonly FillSpec[]): Promise<void> {
  if (fills.length === 0) return;
  try {
    await b.run(async (context) => {
      const ws = context.workbook.worksheets.getItem(sheet);
      for (let i = 0; i < fills.length; i += b.fillsPerSync) {
        for (const f of fills.slice(i, i + b.fillsPerSync)) {
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
}

export async function clearBlock(
  b: HostBatches,
  block: CellBlock,
  what: 'contents' | 'formats' | 'all' = 'contents',
): Promise<void> {
  try {
    await b.own.writing([block], () =>
      b.run(async (context) => {
        const range = context.workbook.worksheets
          .getItem(block.sheet)
          .getRangeByIndexes(block.row, block.column, block.rows, block.columns);
        range.clear(what === 'contents' ? 'Contents' : what === 'formats' ? 'Formats' : 'All');
        await context.sync();
      }),
    );
  } catch (e) {
    throw excelError(e, `clearing ${blockAddress(block)}`, block.sheet);
  }
}

export async function styleHeader(
  b: HostBatches,
  sheet: string,
  row: number,
  column: number,
  widths: readonly number[],
): Promise<void> {
  if (widths.length === 0) return;
  try {
    await b.run(async (context) => {
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
}

export async function selectBlock(b: HostBatches, block: CellBlock): Promise<void> {
  try {
    await b.run(async (context) => {
      const ws = context.workbook.worksheets.getItem(block.sheet);
      ws.activate();
      ws.getRangeByIndexes(block.row, block.column, block.rows, block.columns).select();
      await context.sync();
    });
  } catch (e) {
    throw excelError(e, `selecting ${fullAddress(block)}`, block.sheet);
  }
}

export async function writeLineChart(b: HostBatches, chart: LineChartSpec): Promise<void> {
  const sheet = chart.values.sheet;
  try {
    await b.run(async (context) => {
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
}

export async function recalculate(b: HostBatches, kind: 'Recalculate' | 'Full' = 'Full'): Promise<void> {
  try {
    await b.run(async (context) => {
      context.workbook.application.calculate(kind);
      await context.sync();
    });
  } catch (e) {
    throw excelError(e, 'recalculating');
  }
}

export async function calculateCells(b: HostBatches, blocks: readonly CellBlock[]): Promise<void> {
  if (blocks.length === 0) return;
  try {
    await b.run(async (context) => {
      for (const block of blocks) {
        context.workbook.worksheets
          .getItem(block.sheet)
          .getRangeByIndexes(block.row, block.column, block.rows, block.columns)
          .calculate();
      }
      await context.sync();
    });
  } catch (e) {
    throw excelError(e, 'recalculating cells', blocks[0].sheet);
  }
}
