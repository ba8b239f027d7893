/**
 * The workbook side of the add-in: WorkbookPort (the only code that runs Excel batches), the host types it runs
 * over, and what the pane writes through the port: the priced-BOM
 * output, and for orders the selected priced rows read back, the Order column, row marks and the Orders log.
 * The Office-backed host is in office.ts, imported only by the add-in layers (it needs office.js's types).
 */
export {
  type CellBlock,
  MAX_COLUMNS,
  MAX_ROWS,
  blockAddress,
  columnIndex,
  columnLetters,
  fullAddress,
  overlaps,
  parseAddress,
  quoteSheetName,
  splitSheet,
} from './address';
export type * from './host';
export { DEFAULT_BLOCK_BUDGET, EXCEL_PAYLOAD_LIMIT, jsonBytes, splitRows, utf8Length, type RowBlock } from './payload';
export { excelWouldConvert, keepText, textCell } from './text';
export {
  WorkbookError,
  createWorkbookPort,
  isWorkbookError,
  type CellWrite,
  type CellsChanged,
  type WorkbookPort,
  type WorkbookErrorKind,
  type WorkbookPortOptions,
  type FillSpec,
  type ReadCell,
  type RangeShape,
  type ReadResult,
  type SelectionResult,
  type WriteCell,
  type WriteReport,
} from './workbook-port';
export {
  PRICE_BREAKS_SHEET,
  STATUS_FILLS,
  defaultResultsColumn,
  mergeFills,
  planPricedOutput,
  statusFillOf,
  writePriceBreaks,
  writePricedResults,
  writeResultsHeader,
  type BomLocation,
  type ConfirmOverwrite,
  type OverwriteChoice,
  type OverwriteQuestion,
  type PricedOutputPlan,
  type StatusFillKind,
  type WrittenOutput,
} from './priced-sheet';
export { markResultsStale } from './stale-results';
export { appendBomColumn, locationAddress } from './bom-columns';
export { SUMMARY_SHEET, writeSummarySheet } from './summary-sheet';
export { markTotalStale, writeResultsTotal } from './total-row';
export { SCENARIOS_CHART, writeScenariosSheet } from './scenarios-sheet';
export {
  ORDER_COLUMN_WIDTH,
  ORDER_HEADER,
  ORDER_PROBLEM_FILL,
  markOrderRows,
  readSelectedPricedRows,
  unmarkOrderRows,
  writeOrderCells,
  type OrderCellWrite,
  type PricedBlock,
  type SelectedPricedRows,
  type SheetPricedRow,
  type WrittenOrderColumn,
} from './order-sheet';
export {
  ORDERS_LOG_COLUMNS,
  ORDERS_LOG_HEADERS,
  ORDERS_SHEET,
  appendOrdersLog,
  fromExcelSerial,
  readOrdersLog,
  type LoggedOrder,
  type OrdersLogEntry,
} from './orders-log';
