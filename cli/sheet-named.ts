/** Which sheet of a workbook (XLSX, XLS, ODS) `--sheet` names. */
import { BomFileError } from './bom-file-error';

/**
 * The index of the sheet named `wanted`, case and outer spaces ignored; the first when none is asked. An error that
 * lists the sheets when none is so named.
 */
export function sheetNamed(names: readonly string[], wanted: string | undefined): number {
  if (wanted === undefined) return 0;
  const key = wanted.trim().toLowerCase();
  const found = names.findIndex((n) => n.trim().toLowerCase() === key);
  if (found === -1)
    throw new BomFileError(`no sheet named "${wanted}"; the sheets are ${names.map((n) => `"${n}"`).join(', ')}`);
  return found;
}
