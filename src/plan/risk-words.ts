/** The words of the risk table (risk.ts): the count a summary gives, the command line's section, the Risk sheet. */
import { countOf } from '../text/plural';
import type { RiskLevel, RiskRow } from './risk';
import { firstAndMore } from '../text/words';

/** How many parts at each level. */
export function riskCounts(rows: readonly RiskRow[]): Record<RiskLevel, number> {
  const counts: Record<RiskLevel, number> = { high: 0, medium: 0, low: 0 };
  for (const r of rows) counts[r.level]++;
  return counts;
}

/** "3 parts at high risk, 5 at medium risk, 40 at low risk". */
export function riskCountWords(rows: readonly RiskRow[]): string {
  return countsWords(riskCounts(rows));
}

/** riskCountWords of counts already made. */
export function countsWords(c: Record<RiskLevel, number>): string {
  return `${countOf(c.high, 'part')} at high risk, ${c.medium} at medium risk, ${c.low} at low risk`;
}

function rowsWords(rows: readonly number[], firstRowNumber: number): string {
  return `${rows.length === 1 ? 'row' : 'rows'} ${firstAndMore(rows, 4, (r) => String(r + firstRowNumber))}`;
}

/** The command line's "Risk" section: the counts, then each part at high or medium risk with why. */
export function riskText(rows: readonly RiskRow[], firstRowNumber = 1): string[] {
  const out = [`Risk: ${riskCountWords(rows)}`];
  for (const level of ['high', 'medium'] as const)
    for (const r of rows.filter((row) => row.level === level))
      out.push(
        `  ${level} ${r.partNumber} (${rowsWords(r.rows, firstRowNumber)}): ${r.reasons
          .filter((x) => x.level !== 'low')
          .map((x) => x.says)
          .join('; ')}; lifecycle ${r.lifecycle}, RoHS ${r.rohs}, ${countOf(r.sourcesWithStock, 'source')} with stock`,
      );
  return out;
}

export const RISK_SHEET_HEADERS = [
  'Part',
  'Manufacturer',
  'Rows',
  'Risk',
  'Why',
  'Lifecycle',
  'RoHS',
  'Compliance',
  'ECCN',
  'HTS',
  'Tariff',
  'Sources with stock',
] as const;

/** The "Risk" sheet: a header row, then one row per part; every cell says something ("Unknown" where not given). */
export function riskSheetRows(rows: readonly RiskRow[], firstRowNumber = 1): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [[...RISK_SHEET_HEADERS]];
  for (const r of rows) {
    const compliance = Object.entries(r.compliance)
      .map(([label, value]) => `${label} ${value}`)
      .join(', ');
    out.push([
      r.partNumber,
      r.manufacturer,
      r.rows.map((row) => row + firstRowNumber).join(', '),
      r.level,
      r.reasons.length === 0 ? 'no rule applies' : r.reasons.map((x) => x.says).join('; '),
      r.lifecycle,
      r.rohs,
      compliance === '' ? 'Unknown' : compliance,
      r.eccn,
      r.hts,
      r.tariff,
      r.sourcesWithStock,
    ]);
  }
  return out;
}
