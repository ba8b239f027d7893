/**
 * The workbook's "Scenarios" sheet: the BOM priced at several quantities (src/purchase/scenario-layout.ts' scenarioSheet, as the
 * CLI's XLSX file has it), and beside it a line chart of the cost per board against the number of boards. The sheet
 * is replaced when it is the add-in's own (by the record of its sheets, own-sheets.ts), asked about otherwise.
 */
import { safeText } from '../purchase/priced-layout';
import { SCENARIOS_SHEET, type ScenarioSheet } from '../purchase/scenario-layout';
import { MAX_ROWS, fullAddress } from './address';
import type { WorkbookPort, FillSpec } from './workbook-port';
import { type ConfirmOverwrite, STATUS_FILLS, type WrittenOutput, claimSheet } from './priced-sheet';

/** The name of the chart the add-in draws on the Scenarios sheet (replaced on each run). */
export const SCENARIOS_CHART = 'Partsheet cost per board';

/** Columns cleared when the add-in's earlier scenarios are replaced: the widest sheet 8 quantities make. */
const CLEARED_COLUMNS = 3 + 3 * 8;

export async function writeScenariosSheet(
  book: WorkbookPort,
  content: ScenarioSheet,
  options: { confirm: ConfirmOverwrite; sheet?: string },
): Promise<WrittenOutput & { chart: boolean }> {
  const width = Math.max(content.width, CLEARED_COLUMNS);
  const claimed = await claimSheet(
    book,
    {
      name: options.sheet ?? SCENARIOS_SHEET,
      what: 'scenarios',
      width,
      rows: content.rows,
      columns: content.width,
      firstRow: (content.blocks.find((b) => b.row === 0)?.values[0] ?? []).map((v) =>
        typeof v === 'string' ? safeText(v) : v,
      ),
    },
    options.confirm,
  );
  if (!claimed) return { address: null, report: null, replaced: false, chart: false };
  const { sheet } = claimed;
  if (claimed.ours) await book.clear({ sheet, row: 0, column: 0, rows: MAX_ROWS, columns: width }, 'all');
  for (const block of content.blocks) {
    const columns = Math.max(...block.values.map((r) => r.length));
    const fills: FillSpec[] = (block.partial ?? []).map((i) => ({
      row: block.row + i,
      column: 0,
      columns,
      color: STATUS_FILLS.shortOfNeed.color,
    }));
    const values = block.values.map((r) => r.map((v) => (typeof v === 'string' ? safeText(v) : v)));
    await book.writeBlock(sheet, block.row, 0, values, block.formats, fills);
    if (block.header)
      await book.styleHeader(sheet, block.row, 0, block.row === 0 ? [] : content.widths.slice(0, columns));
  }
  await book.styleHeader(sheet, 0, 0, content.widths);
  const { chart } = content;
  await book.writeLineChart({
    name: SCENARIOS_CHART,
    title: chart.title,
    values: { sheet, row: chart.values.row, column: chart.values.column, rows: chart.values.rows, columns: 1 },
    xValues: { sheet, row: chart.xValues.row, column: chart.xValues.column, rows: chart.xValues.rows, columns: 1 },
    position: { sheet, ...chart.position },
  });
  return {
    address: fullAddress({ sheet, row: 0, column: 0, rows: content.rows, columns: content.width }),
    report: null,
    replaced: claimed.replaced,
    chart: true,
  };
}
