/// <reference types="office-js" />
/**
 * ExcelHost over Office's own `Excel` namespace: the task pane passes the global `Excel` from office.js.
 * The context Office hands to the batch is checked here against the structural types of host.ts.
 */
import type { ExcelHost } from './host';

/** The host for a page where office.js has loaded; `excel` defaults to the global `Excel`. */
export function officeExcelHost(excel: typeof Excel = Excel): ExcelHost {
  return {
    run: (options, batch) =>
      excel.run({ delayForCellEdit: options.delayForCellEdit ?? false }, (context) => batch(context)),
  };
}
