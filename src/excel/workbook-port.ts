/**
 * WorkbookPort: the one way into the workbook. Everything that reads or writes cells goes through here, over an
 * ExcelHost (Office's `Excel`, or the in-memory workbook of testing/excel).
 *
 * Rules it keeps:
 * - Every batch runs in `run({ delayForCellEdit: true })`: while the user edits a cell, Excel holds the batch
 *   until they leave the cell instead of failing it.
 * - Reads and writes go in row blocks whose JSON stays under a budget below Excel on the web's 5 MB request and
 *   response limit; a block refused for its size anyway is split in two and sent again (Excel applies nothing
 *   of a refused request).
 * - Writes send each row block in one request: its values first, then its number formats and the fills of its
 *   rows, so a failed request leaves those rows as they were and a sent one leaves them complete. A large write
 *   suspends calculation for each block but the last, which asks for a recalculation.
 * - Text columns (number format '@') get Excel's quote prefix on text Excel would turn into a number, date,
 *   boolean or formula (see text.ts); formula-like service text arrives already quoted by src/bom's safeText.
 * - Whether a block is empty is a question of its own (`isEmpty`), so callers can ask before writing over cells.
 * - What the add-in keeps machine-readable goes to very hidden sheets (`writeHiddenSheet`), and a sheet's changes
 *   are followed through Office's event (`watchSheet`).
 */
import type { ExcelHost } from './host';
import { HostBatches } from './port-batches';
import {
  readRange,
  readSelection,
  readUsedFormulas,
  readUsedRange,
  selectionShape,
  sheetNames,
  sheetStates,
} from './port-reads';
import type { WorkbookPort, WorkbookPortOptions } from './port-types';
import {
  calculateCells,
  clearBlock,
  ensureSheet,
  insertRows,
  recalculate,
  selectBlock,
  setFills,
  styleHeader,
  writeLineChart,
} from './port-sheets';
import { writeBlock, writeCells } from './port-writes';
import { readHiddenSheet, watchSheet, writeHiddenSheet } from './port-hidden';

// The port's words (port-types.ts) are imported from here by its users.
export * from './port-types';

/** The workbook port over a host: each operation is a function of its own over the host's shared batches. */
export function createWorkbookPort(host: ExcelHost, options: WorkbookPortOptions = {}): WorkbookPort {
  const b = new HostBatches(host, options);
  return {
    readSelection: () => readSelection(b),
    selectionShape: () => selectionShape(b),
    readRange: (sheet, address) => readRange(b, sheet, address),
    sheetNames: () => sheetNames(b),
    readUsedRange: (sheet, maxRows) => readUsedRange(b, sheet, maxRows),
    sheetStates: () => sheetStates(b),
    readUsedFormulas: (sheet) => readUsedFormulas(b, sheet),
    writeBlock: (sheet, topRow, leftColumn, values, numberFormats, fills) =>
      writeBlock(b, sheet, topRow, leftColumn, values, numberFormats, fills),
    writeCells: (sheet, writes) => writeCells(b, sheet, writes),
    usedAddress: (block) => b.usedAddress(block),
    isEmpty: async (block) => (await b.usedAddress(block)) === null,
    insertRows: (sheet, row, count) => insertRows(b, sheet, row, count),
    ensureSheet: (name) => ensureSheet(b, name),
    setFills: (sheet, fills) => setFills(b, sheet, fills),
    clear: (block, what) => clearBlock(b, block, what),
    styleHeader: (sheet, row, column, widths) => styleHeader(b, sheet, row, column, widths),
    select: (block) => selectBlock(b, block),
    writeLineChart: (chart) => writeLineChart(b, chart),
    recalculate: (kind) => recalculate(b, kind),
    calculateCells: (blocks) => calculateCells(b, blocks),
    writeHiddenSheet: (name, rows, at) => writeHiddenSheet(b, name, rows, at),
    readHiddenSheet: (name, block) => readHiddenSheet(b, name, block),
    watchSheet: (sheet, listener) => watchSheet(b, sheet, listener),
  };
}
