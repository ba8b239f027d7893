/**
 * The in-memory workbook's sheet visibility and change events, as Office has them: `worksheet.visibility` (a sheet
 * 'VeryHidden' is unhidden only by code; the last visible sheet cannot be hidden) and `worksheet.onChanged`, whose
 * handlers are called after each request that changed values of the sheet (triggerSource 'ThisLocalAddin') and after
 * each change a test makes as the user ('Others'), later, as Office calls them: never inside the request.
 */
import { type CellBlock, blockAddress } from '../../src/excel/address';
import type { HostSheetChanged, HostSheetVisibility } from '../../src/excel/host';
import { type ChangeHandler, MemoryExcelError } from './model';

const VISIBILITIES: readonly HostSheetVisibility[] = ['Visible', 'Hidden', 'VeryHidden'];

/** The handlers added to the sheets' onChanged, and each sheet's visibility. */
export class SheetEvents {
  /** Whether events say who made the change (ExcelApi 1.14's triggerSource); a host before 1.14 does not. */
  triggerSource = true;
  private readonly handlers = new Map<string, { sheet: string; handler: ChangeHandler }>();
  private readonly visibility = new Map<string, HostSheetVisibility>();

  visibilityOf(sheet: string): HostSheetVisibility {
    return this.visibility.get(sheet) ?? 'Visible';
  }

  /** Sets a sheet's visibility; `sheets` names every sheet of the workbook. */
  setVisibility(sheets: readonly string[], sheet: string, value: unknown): void {
    if (!VISIBILITIES.includes(value as HostSheetVisibility))
      throw new MemoryExcelError('InvalidArgument', `The visibility ${String(value)} is not valid.`);
    const visible = sheets.filter((s) => s !== sheet && this.visibilityOf(s) === 'Visible');
    if (value !== 'Visible' && visible.length === 0)
      throw new MemoryExcelError('InvalidOperation', 'A workbook must have at least one visible sheet.');
    this.visibility.set(sheet, value as HostSheetVisibility);
  }

  add(key: string, sheet: string, handler: ChangeHandler): void {
    this.handlers.set(key, { sheet, handler });
  }

  remove(key: string): void {
    this.handlers.delete(key);
  }

  /** Tells the handlers of the sheet of each block, once the caller's request is over. */
  changed(blocks: readonly CellBlock[], triggerSource: 'ThisLocalAddin' | 'Others'): void {
    for (const block of blocks) {
      for (const { sheet, handler } of this.handlers.values()) {
        if (sheet.toLowerCase() !== block.sheet.toLowerCase()) continue;
        const args: HostSheetChanged = this.triggerSource
          ? { address: blockAddress(block), triggerSource }
          : { address: blockAddress(block) };
        setTimeout(() => void handler(args).catch(() => undefined), 0);
      }
    }
  }
}
