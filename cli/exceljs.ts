/**
 * exceljs, loaded when a workbook is first read or written: loading it costs a start of the command line about a third
 * of a second of processor time, which pricing a CSV file, or any command that opens no workbook, never needs.
 */
import type * as ExcelJS from 'exceljs';
import { load } from './load';

export type { ExcelJS };

export function loadExcelJs(): typeof ExcelJS {
  return load<typeof ExcelJS>('exceljs');
}
