/**
 * The problem lines of a priced BOM, the ones suggestions are looked for: not found, matched to a part that is not
 * Active, short of stock, or an overbuy (spares over the threshold). Lines that failed to be looked up, are
 * ambiguous, were skipped, or already buy an approved alternate are left out.
 */
import type { BomReadResult } from '../bom/read';
import type { PricedBomLine, PriceBomResult } from '../purchase/price-lines';
import { cellText } from '../text/normalize';
import { isNotActive } from '../catalog/lifecycle';
import { needFor } from '../plan/need';
import type { ProblemKind, ProblemLine } from './suggest';

/** The columns of a BOM's header that state a part's value or footprint ("Value", "Comment", "Footprint", "Package"). */
export function parameterColumns(headers: readonly string[]): { value: number; footprint: number } {
  const value = headers.findIndex((h) => /^(?:value|values|comment|val|wert)$/i.test(h.trim()));
  const footprint = headers.findIndex((h) => /footprint|package|pcb decal|^case$/i.test(h.trim()));
  return { value, footprint };
}

/** What is wrong with a priced line, if anything a suggestion could help with. */
export function problemsOf(line: PricedBomLine): ProblemKind[] {
  if (line.lookupError !== null || line.alternate) return [];
  const out: ProblemKind[] = [];
  if (line.status === 'not found') out.push('not found');
  if (
    (line.status === 'priced' || line.status === 'short' || line.status === 'no price') &&
    isNotActive(line.lifecycle)
  )
    out.push('not Active');
  if (line.status === 'short') out.push('short');
  if (line.status === 'priced' && line.overbuy === true) out.push('overbuy');
  return out;
}

/** The problem lines of a priced BOM, with the texts their parameters are read from. */
export function problemLines(result: Pick<PriceBomResult, 'lines' | 'boards'>, read: BomReadResult): ProblemLine[] {
  const columns = parameterColumns(read.headers);
  const byRow = new Map(read.lines.map((l) => [l.row, l]));
  const out: ProblemLine[] = [];
  for (const line of result.lines) {
    const problems = problemsOf(line);
    const bom = byRow.get(line.row);
    if (problems.length === 0 || !bom) continue;
    const row = read.cells[line.row] ?? [];
    out.push({
      row: line.row,
      partNumber: line.partNumber,
      need: line.need ?? needFor(bom.quantityPerBoard, result.boards),
      problems,
      // The Value cell first (a bare number there is ohms), '' when the BOM has none; the matched part's own last.
      texts: [
        columns.value >= 0 ? cellText(row[columns.value]) : '',
        columns.footprint >= 0 ? cellText(row[columns.footprint]) : '',
        bom.description,
        line.part?.description ?? '',
        line.part?.packageType ?? '',
      ],
      part: line.part ?? null,
    });
  }
  return out;
}
