/**
 * The summary of a priced BOM in words and figures, one list for every place that shows it: the CLI's table,
 * the CSV's footer, the XLSX "Summary" sheet and the task pane. Each entry is a label and a value; amounts are
 * numbers in the summary's currency, so a sheet can format them, and `text` is how a terminal prints them.
 */
import type { PricedSummary, SummaryRate } from './summarize';
import { formatMoney } from '../pricing/money';
import { countOf, groupedCount } from '../text/plural';

export interface SummaryEntry {
  label: string;
  /** A number (an amount in `currency`, or a count) or text. */
  value: number | string;
  kind: 'money' | 'count' | 'text';
  /** The value as a terminal prints it. */
  text: string;
  /** A total that leaves lines out: every place that shows it marks it (the label already says so). */
  partial?: boolean;
}

/** What a total covers: the lines to buy (all but skipped ones), how many are priced, and what is left out. */
export interface Coverage {
  /** Lines priced in full. */
  priced: number;
  /** Lines to buy: every line but the skipped ones (DNP, blank, not a part). */
  toBuy: number;
  /** Lines to buy that the total leaves out or holds only in part, by why, in a fixed order; only counts above 0. */
  leftOut: Array<{ what: 'not found' | 'no price' | 'short' | 'ambiguous'; count: number }>;
  skipped: number;
  /** Every line to buy is priced in full. */
  complete: boolean;
}

export function coverageOf(s: PricedSummary): Coverage {
  const leftOut = (
    [
      { what: 'not found', count: s.notFound },
      { what: 'no price', count: s.noPrice },
      { what: 'short', count: s.short },
      { what: 'ambiguous', count: s.ambiguous },
    ] as Coverage['leftOut']
  ).filter((x) => x.count > 0);
  const toBuy = s.lines - s.skipped;
  return { priced: s.priced, toBuy, leftOut, skipped: s.skipped, complete: leftOut.length === 0 };
}

/**
 * What a total covers, in words: "all 50 lines priced", or "48 of 50 lines priced; left out: 1 not found, 1 short
 * (bought in part)"; skipped lines are said after ("; 2 skipped").
 */
export function coverageText(s: PricedSummary): string {
  const c = coverageOf(s);
  const head = c.complete
    ? `all ${countOf(c.toBuy, 'line')} priced`
    : `${groupedCount(c.priced)} of ${groupedCount(c.toBuy)} lines priced`;
  const out = c.leftOut.map(
    (x) => `${groupedCount(x.count)} ${x.what}${x.what === 'short' ? ' (bought in part)' : ''}`,
  );
  return `${head}${out.length > 0 ? `; left out: ${out.join(', ')}` : ''}${c.skipped > 0 ? `; ${groupedCount(c.skipped)} skipped` : ''}`;
}

/** A total's label, marked when the total leaves lines out: "Total for 10 boards (partial: 48 of 50 lines priced)". */
function totalLabel(label: string, c: Coverage): string {
  return c.complete ? label : `${label} (partial: ${groupedCount(c.priced)} of ${groupedCount(c.toBuy)} lines priced)`;
}

function money(n: number, currency: string | null): string {
  return formatMoney(n, currency ?? '');
}

/** The rate given by the user, as the rate book records its origin. */
const SET_BY_USER = 'set by the user';

/**
 * A rate's row as a buyer reads it: the currencies, the rate, where it came from and as of when ("1 EUR = 1.08 USD
 * (from the service's prices, as of 2026-11-25 10:00 UTC)"). Which offer a learned rate was read off is the
 * service's detail, not the buyer's: it stays out.
 */
export function rateRowText(rate: SummaryRate): string {
  const origin = rate.detail === SET_BY_USER ? SET_BY_USER : "from the service's prices";
  return `1 ${rate.from} = ${Number(rate.rate.toPrecision(6))} ${rate.to} (${origin}, as of ${rate.asOf.slice(0, 16).replace('T', ' ')} UTC)`;
}

/** The statuses as one line: "12 lines: 9 priced, 1 short, …". */
export function countsText(s: PricedSummary): string {
  return `${groupedCount(s.lines)} lines: ${groupedCount(s.priced)} priced, ${groupedCount(s.short)} short, ${groupedCount(s.notFound)} not found, ${groupedCount(s.ambiguous)} ambiguous, ${groupedCount(s.noPrice)} no price, ${groupedCount(s.skipped)} skipped`;
}

/**
 * The summary's entries, in order: total per board and per build in the user's currency, per source, the cost of
 * spares, lines by status, lines whose part is not Active, and the rates used with their origin and "as of".
 */
export function summaryEntries(s: PricedSummary, boards: number): SummaryEntry[] {
  const cur = s.currency;
  const out: SummaryEntry[] = [];
  const amount = (label: string, n: number) => out.push({ label, value: n, kind: 'money', text: money(n, cur) });
  const counted = (label: string, n: number) => out.push({ label, value: n, kind: 'count', text: groupedCount(n) });
  const text = (label: string, value: string) => out.push({ label, value, kind: 'text', text: value });

  const coverage = coverageOf(s);
  text('Currency', cur ?? '(nothing priced)');
  out.push({
    label: totalLabel('Total per board', coverage),
    value: s.totalPerBoard,
    kind: 'money',
    text: money(s.totalPerBoard, cur),
    ...(coverage.complete ? {} : { partial: true }),
  });
  out.push(buildTotal(s, boards));
  text('Lines covered', coverageText(s));
  for (const source of s.bySource) amount(`  from ${source.source} (${countOf(source.lines, 'line')})`, source.total);
  amount('Spares bought (MOQ, packs, breaks)', s.excess);
  text('Overbuys (spares over the threshold)', overbuysText(s));
  counted('Lines', s.lines);
  counted('Priced', s.priced);
  counted('Short of stock', s.short);
  counted('Not found', s.notFound);
  counted('Ambiguous', s.ambiguous);
  counted('No price', s.noPrice);
  counted('Skipped', s.skipped);
  counted('Part not Active (NRND, Obsolete…)', s.notActive);
  for (const rate of s.rates) {
    text(`Rate ${rate.from} → ${rate.to}`, rateRowText(rate));
  }
  for (const missing of s.missingRates)
    text(`No rate ${missing.from} → ${missing.to}`, `${missing.reason}; offers in ${missing.from} did not compete`);
  const others = Object.keys(s.totalsPerBuild).filter((c) => c !== cur);
  for (const other of others)
    text(
      `Also priced in ${other}`,
      `${money(s.totalsPerBuild[other], other)} (lines priced in another run; not added)`,
    );
  return out;
}

/** "2 lines, 2,982.97 USD of spares", or "none": the lines marked overbuy and what their spares cost. */
export function overbuysText(s: PricedSummary): string {
  if (s.overbuys === 0) return 'none';
  return `${countOf(s.overbuys, 'line')}, ${money(s.overbuySpares, s.currency)} of spares`;
}

/** "Total for 10 boards": what the build costs, in the summary's currency, marked partial when lines are left out. */
export function buildTotal(s: PricedSummary, boards: number): SummaryEntry {
  const coverage = coverageOf(s);
  const label = totalLabel(`Total for ${countOf(boards, 'board')}`, coverage);
  return {
    label,
    value: s.totalPerBuild,
    kind: 'money',
    text: money(s.totalPerBuild, s.currency),
    ...(coverage.complete ? {} : { partial: true }),
  };
}

/** The first cell of a Summary sheet: how the add-in knows the sheet is its own. */
export const SUMMARY_TITLE = 'Priced BOM';

/** One row of a Summary sheet: a label and a value, with how the value is formatted. */
export interface SummarySheetRow {
  label: string;
  value: number | string | Date | null;
  kind: 'title' | 'money' | 'count' | 'text' | 'date' | 'blank';
  /** A total that leaves lines out: the sheet marks it. */
  partial?: boolean;
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
export function summarySheetRows(
  s: PricedSummary,
  boards: number,
  about: { file?: string; sheet?: string; pricedAt: Date },
): SummarySheetRow[] {
  const rows: SummarySheetRow[] = [{ label: SUMMARY_TITLE, value: null, kind: 'title' }];
  if (about.file !== undefined) rows.push({ label: 'File', value: about.file, kind: 'text' });
  if (about.sheet !== undefined) rows.push({ label: 'Sheet', value: about.sheet, kind: 'text' });
  rows.push({ label: 'Priced at', value: about.pricedAt, kind: 'date' });
  rows.push({ label: 'Boards', value: boards, kind: 'count' });
  rows.push({ label: '', value: null, kind: 'blank' });
  for (const entry of summaryEntries(s, boards))
    rows.push({
      label: entry.label,
      value: entry.value,
      kind: entry.kind,
      ...(entry.partial ? { partial: true } : {}),
    });
  return rows;
}

/** The summary as terminal lines: "Label: value". */
export function summaryText(s: PricedSummary, boards: number): string[] {
  const entries = summaryEntries(s, boards);
  const width = Math.max(...entries.map((e) => e.label.length));
  return entries.map((e) => `${`${e.label}:`.padEnd(width + 1)} ${e.text}`);
}
