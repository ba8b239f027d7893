/**
 * The dates of a run on the "Summary" sheet (the CLI's XLSX file and the workbook the task pane writes): the
 * clear-to-build day and the critical parts that set it, and with a need-by date the parts late, the builds the
 * parts arriving by then allow, and the price of time. Words from the schedule's record (src/plan/schedule-words.ts).
 */
import { fromMicro } from '../pricing/money';
import { countOf, groupedCount } from '../text/plural';
import type { Schedule } from '../plan/schedule';
import {
  clearWords,
  criticalWords,
  lateNote,
  needByWords,
  priceOfTime,
  priceOfTimeEntries,
} from '../plan/schedule-words';
import type { SummarySheetRow } from './summary-entries';

/** The Summary sheet's rows of `s` (the run at `boards`), amounts in `currency`. */
export function scheduleSummaryRows(s: Schedule, currency: string, boards: number): SummarySheetRow[] {
  const rows: SummarySheetRow[] = [{ label: '', value: null, kind: 'blank' }];
  const text = (label: string, value: string) => rows.push({ label, value, kind: 'text' });
  const money = (label: string, micro: bigint) => rows.push({ label, value: fromMicro(micro), kind: 'money' });
  text('Clear to build', clearWords(s));
  if (s.critical.length > 0)
    text(s.clearToBuild === null ? 'Never arrive in full' : 'Set by (critical parts)', criticalWords(s, 10));
  if (s.needBy === null) return rows;
  text('Need by', `${s.needBy}: ${needByWords(s)}`);
  for (const t of s.parts.filter((p) => p.late))
    text(`  late: ${t.plan.part.partNumber}`, lateNote(t, s.needBy, currency));
  if (s.buildsByNeedBy !== null)
    text(`Builds by ${s.needBy}`, `${countOf(s.buildsByNeedBy, 'build')} of ${groupedCount(boards)}`);
  const p = priceOfTime(s);
  if (p) for (const e of priceOfTimeEntries(p, s.needBy)) money(e.label, e.micro);
  return rows;
}
