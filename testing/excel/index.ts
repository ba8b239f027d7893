/**
 * The in-memory workbook: a stand-in for Excel behind the WorkbookPort, for tests, benchmarks and the end-to-end
 * Office stand-in. Never shipped: it lives outside src/ so the add-in bundle cannot reach it.
 */
export { MemoryDocumentSettings, MemoryWorkbook } from './workbook';
export {
  MemoryExcelError,
  type MemoryCell,
  type MemoryChartView,
  type MemoryRequest,
  type MemoryStats,
  type MemoryTable,
  type MemoryValue,
  type MemoryWorkbookOptions,
} from './model';
export { excelInput } from './text-entry';
