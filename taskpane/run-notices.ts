/**
 * What the pane says after a pricing run, as notices to show: the outcome (written, cancelled, some prices not
 * renewed, nothing written), one notice per cause of failed lookups, the earlier results kept, the unreadable
 * records of the service's answers. Pure: the controller shows them.
 */
import { plural } from '../src/text/plural';
import type { LookupFailure, PricedBomLine } from '../src/purchase/price-lines';
import { describeProblem } from './errors';
import type { Notice } from './pane-state';
import { firstAndMore } from '../src/text/words';

/** A notice to show: what PaneController.notify takes. */
export type NoticeText = Pick<Notice, 'intent' | 'title' | 'text' | 'action' | 'kind' | 'code'>;

/** The notices of a run's outcome: first what was written, then one per cause of failed lookups (at most three). */
export function runNotices(
  lines: readonly PricedBomLine[],
  address: string | null,
  cancelled: boolean,
  notArrived: number,
  failures: readonly LookupFailure[],
  firstRowNumber: number,
): NoticeText[] {
  const out: NoticeText[] = [outcomeNotice(lines, address, cancelled, notArrived, failures)];
  // One message per cause, naming the rows it left without a new price: kept (stale) or without any.
  const staleRows = new Set(lines.filter((l) => l.stale).map((l) => l.row));
  const byCause = new Map<string, { rows: number[]; error: LookupFailure['error']; kept: boolean }>();
  for (const failure of failures) {
    for (const row of failure.rows) {
      const kept = staleRows.has(row);
      const key = `${kept}|${failure.error.message}`;
      const group = byCause.get(key) ?? { rows: [], error: failure.error, kept };
      group.rows.push(row + firstRowNumber);
      byCause.set(key, group);
    }
  }
  for (const { rows, error, kept } of [...byCause.values()].slice(0, 3)) {
    rows.sort((a, b) => a - b);
    const list = firstAndMore(rows, 8);
    const one = rows.length === 1;
    const title = kept
      ? `${one ? 'Row' : 'Rows'} ${list} kept ${one ? 'its' : 'their'} last prices, marked stale`
      : `${one ? `Row ${list} has` : `Rows ${list} have`} no price yet`;
    const p = describeProblem(error);
    out.push({ intent: 'error', title, text: p.text, action: p.action, code: p.code });
  }
  return out;
}

function outcomeNotice(
  lines: readonly PricedBomLine[],
  address: string | null,
  cancelled: boolean,
  notArrived: number,
  failures: readonly LookupFailure[],
): NoticeText {
  if (address === null) {
    return {
      intent: 'info',
      title: 'Nothing written',
      text: 'The results were not written; the cells beside the BOM are as they were.',
      kind: 'outcome',
    };
  }
  if (cancelled) {
    return {
      intent: 'warning',
      title: 'Cancelled',
      text: `${notArrived} of ${lines.length} lines had no price yet and say "cancelled" in their Status cell; the rest are written in ${address}.`,
      kind: 'outcome',
    };
  }
  if (failures.length > 0) {
    const renewed = lines.filter((l) => l.lookupError === null).length;
    return {
      intent: 'warning',
      title: 'Some prices not renewed',
      text: `${renewed} of ${lines.length} lines priced in ${address}; ${failures.reduce((n, f) => n + f.rows.length, 0)} could not be looked up (see below).`,
      kind: 'outcome',
    };
  }
  return { intent: 'success', title: 'Prices written', text: `${lines.length} lines in ${address}.`, kind: 'outcome' };
}

/** The notice of a run where not one lookup answered: nothing was written, the sheet keeps its last values. */
export function nothingAnsweredNotice(error: unknown): NoticeText {
  const p = describeProblem(error);
  return {
    intent: 'error',
    title: `Nothing written: ${p.title.charAt(0).toLowerCase()}${p.title.slice(1)}`,
    text: `${p.text}${/[.!?]$/.test(p.text.trim()) ? '' : '.'} The sheet keeps its last values.`,
    action: p.action,
    kind: 'outcome',
    code: p.code,
  };
}

/** Names the cells of earlier results the user typed into since, which the pane kept; null when none. */
export function keptCellsNotice(kept: readonly string[]): NoticeText | null {
  if (kept.length === 0) return null;
  const named = firstAndMore(kept, 8);
  const one = kept.length === 1;
  return {
    intent: 'warning',
    title: 'Some earlier results kept',
    text: `${named}: you changed ${one ? 'this cell' : 'these cells'} since the pane wrote ${one ? 'it' : 'them'}, so ${one ? 'it stays' : 'they stay'}; the rest of the earlier results beside rows no longer priced were cleared.`,
  };
}

/** The notice for records of the service's answers that were left out: how many, and the first few by path. */
export function unreadableRecords(warnings: readonly string[]): [title: string, text: string] {
  const n = warnings.length;
  const shown = firstAndMore(warnings, 2, String, { between: '; ' });
  return [
    `${n} unreadable ${plural(n, 'record')} left out`,
    `The parts service sent ${n === 1 ? 'a record' : `${n} records`} that could not be read; the rest of its answer was used. ${shown}`,
  ];
}

/**
 * While the results have no header row, why and how to get one (`headerless`: why, '' when they have one): the notice
 * stays (a new run that writes them without one again says so again) and carries the one action that fixes it.
 */
export function headerlessNotice(headerless: string): NoticeText | null {
  if (headerless === '') return null;
  return {
    intent: 'warning',
    title: 'The results have no header row',
    text: `${headerless} The button does it: your rows move down one row, nothing is overwritten.`,
    action: 'insert-header-row',
    kind: 'header',
  };
}
