/**
 * The summary of a priced BOM in words and figures, one list for every place that shows it: the CLI's table,
 * the CSV's footer, the XLSX "Summary" sheet and the task pane. Each entry is a label and a value; amounts are
 * numbers in the summary's currency, so a sheet can format them, and `text` is how a terminal prints them.
 */
import type { PricedSummary } from '../bom/layout';
import { rateSentence } from '../pricing/rates';

export interface SummaryEntry {
  label: string;
  /** A number (an amount in `currency`, or a count) or text. */
  value: number | string;
  kind: 'money' | 'count' | 'text';
  /** The value as a terminal prints it. */
  text: string;
}

function money(n: number, currency: string | null): string {
  const amount = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${amount} ${currency}` : amount;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** The statuses as one line: "12 lines: 9 priced, 1 short, …". */
export function countsText(s: PricedSummary): string {
  return `${count(s.lines)} lines: ${count(s.priced)} priced, ${count(s.short)} short, ${count(s.notFound)} not found, ${count(s.ambiguous)} ambiguous, ${count(s.noPrice)} no price, ${count(s.skipped)} skipped`;
}

/**
 * The summary's entries, in order: total per board and per build in the user's currency, per source, the cost of
 * spares, lines by status, lines whose part is not Active, and the rates used with their origin and "as of".
 */
export function summaryEntries(s: PricedSummary, boards: number): SummaryEntry[] {
  const cur = s.currency;
  const out: SummaryEntry[] = [];
  const amount = (label: string, n: number) => out.push({ label, value: n, kind: 'money', text: money(n, cur) });
  const counted = (label: string, n: number) => out.push({ label, value: n, kind: 'count', text: count(n) });
  const text = (label: string, value: string) => out.push({ label, value, kind: 'text', text: value });

  text('Currency', cur ?? '(nothing priced)');
  amount('Total per board', s.totalPerBoard);
  out.push(buildTotal(s, boards));
  for (const source of s.bySource) amount(`  from ${source.source} (${count(source.lines)} line${source.lines === 1 ? '' : 's'})`, source.total);
  amount('Spares bought (MOQ, packs, breaks)', s.excess);
  counted('Lines', s.lines);
  counted('Priced', s.priced);
  counted('Short of stock', s.short);
  counted('Not found', s.notFound);
  counted('Ambiguous', s.ambiguous);
  counted('No price', s.noPrice);
  counted('Skipped', s.skipped);
  counted('Part not Active (NRND, Obsolete…)', s.notActive);
  for (const rate of s.rates) {
    text(`Rate ${rate.from} → ${rate.to}`, rateSentence(rate));
  }
  for (const missing of s.missingRates) text(`No rate ${missing.from} → ${missing.to}`, `${missing.reason}; offers in ${missing.from} did not compete`);
  const others = Object.keys(s.totalsPerBuild).filter((c) => c !== cur);
  for (const other of others) text(`Also priced in ${other}`, `${money(s.totalsPerBuild[other], other)} (lines priced in another run; not added)`);
  return out;
}

/** "Total for 10 boards": what the build costs, in the summary's currency. */
export function buildTotal(s: PricedSummary, boards: number): SummaryEntry {
  return { label: `Total for ${count(boards)} board${boards === 1 ? '' : 's'}`, value: s.totalPerBuild, kind: 'money', text: money(s.totalPerBuild, s.currency) };
}

/** The first cell of a Summary sheet: how the add-in knows the sheet is its own. */
export const SUMMARY_TITLE = 'Priced BOM';

/** One row of a Summary sheet: a label and a value, with how the value is formatted. */
export interface SummarySheetRow {
  label: string;
  value: number | string | Date | null;
  kind: 'title' | 'money' | 'count' | 'text' | 'date' | 'blank';
}

/** Number formats of the Summary sheet's values, by kind. */
export const SUMMARY_FORMATS: Record<SummarySheetRow['kind'], string> = {
  title: 'General',
  money: '#,##0.00',
  count: '#,##0',
  text: '@',
  date: 'yyyy-mm-dd hh:mm',
  blank: 'General',
};

/**
 * The rows of the "Summary" sheet, the same in the CLI's XLSX file and in the workbook the task pane writes: the
 * title, where the BOM came from, when it was priced, the boards, then every summary entry.
 */
export function summarySheetRows(s: PricedSummary, boards: number, about: { file?: string; sheet?: string; pricedAt: Date }): SummarySheetRow[] {
  const rows: SummarySheetRow[] = [{ label: SUMMARY_TITLE, value: null, kind: 'title' }];
  if (about.file !== undefined) rows.push({ label: 'File', value: about.file, kind: 'text' });
  if (about.sheet !== undefined) rows.push({ label: 'Sheet', value: about.sheet, kind: 'text' });
  rows.push({ label: 'Priced at', value: about.pricedAt, kind: 'date' });
  rows.push({ label: 'Boards', value: boards, kind: 'count' });
  rows.push({ label: '', value: null, kind: 'blank' });
  for (const entry of summaryEntries(s, boards)) rows.push({ label: entry.label, value: entry.value, kind: entry.kind });
  return rows;
}

/** The summary as terminal lines: "Label: value". */
export function summaryText(s: PricedSummary, boards: number): string[] {
  const entries = summaryEntries(s, boards);
  const width = Math.max(...entries.map((e) => e.label.length));
  return entries.map((e) => `${`${e.label}:`.padEnd(width + 1)} ${e.text}`);
}
