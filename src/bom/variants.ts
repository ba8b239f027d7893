/**
 * Build variants marked in columns of their own: a BOM that lists every part once and says, per variant, whether it
 * is fitted ("Std" ● / "Pro" ○, "V1" X / "V2" -, "Basic" Y / "Full" N). Which variant is built is the buyer's
 * choice: read without one, every line counts as fitted and a warning names the variants; read with one
 * (`partsheet price --variant NAME`), a line that variant marks not fitted is not placed.
 */
import { type Cell, type CellGrid, cellText } from '../text/normalize';

/** A mark that says the part is fitted in the column's variant. */
const FITTED = /^(?:●|•|✓|✔|☑|■|x|y|yes|ja|oui|si|sí|是|有|1|fit|fitted|placed|populated|bestückt|贴|実装)$/i;
/** A mark that says it is not. */
const NOT_FITTED = /^(?:○|◯|◦|☐|□|-|–|—|n|no|nein|non|否|无|0|dnp|dni|nf|nc|np|not fitted|不贴|未実装)$/i;

/** A build variant's column. */
export interface VariantColumn {
  column: number;
  name: string;
}

/** Whether a cell of a variant column says the part is not fitted in that variant. */
export function notFittedInVariant(cell: Cell): boolean {
  return NOT_FITTED.test(cellText(cell).trim());
}

/** Whether a cell is a variant mark of either kind. */
function isMark(cell: Cell): boolean {
  const t = cellText(cell).trim();
  return FITTED.test(t) || NOT_FITTED.test(t);
}

/**
 * The variant columns of a table: two or more columns not taken by a field, named, whose filled cells are (nearly)
 * all fitted/not-fitted marks, with both kinds among them (a column of one mark only says nothing of a choice).
 */
export function variantColumns(
  headerCells: readonly Cell[],
  rows: CellGrid,
  taken: ReadonlySet<number>,
): VariantColumn[] {
  const found: VariantColumn[] = [];
  let fitted = 0;
  let notFitted = 0;
  headerCells.forEach((header, c) => {
    const name = cellText(header).trim();
    if (taken.has(c) || name === '') return;
    let marks = 0;
    let other = 0;
    let fit = 0;
    for (const row of rows) {
      const cell = row?.[c];
      if (cellText(cell).trim() === '') continue;
      if (isMark(cell)) {
        marks++;
        if (!notFittedInVariant(cell)) fit++;
      } else other++;
    }
    if (marks >= 2 && other * 10 <= marks) {
      found.push({ column: c, name });
      fitted += fit;
      notFitted += marks - fit;
    }
  });
  return found.length >= 2 && fitted > 0 && notFitted > 0 ? found : [];
}
