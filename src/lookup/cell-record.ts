/**
 * The record of the PARTS cells the functions calculated: for each call (by the address of the cell that holds the
 * formula) what each of its cells looked up and how it ended, a value with the time of its lookup or a failure of
 * a kind. The functions write it, the task pane reads it (both in the shared runtime): the pane lists the failing
 * cells by kind and counts what a refresh costs from it, never from the words the cells show.
 */
import type { LookupRequest } from './types';
import { utcMinute } from '../text/times';

/** Why a PARTS cell holds an error; the words each kind starts with are the functions' (functions/outcome.ts). */
export type CellFailureKind =
  'notFound' | 'ambiguous' | 'noPrice' | 'rateLimited' | 'refused' | 'unreachable' | 'stale' | 'invalid' | 'other';

/**
 * The words each kind of failure starts with, in a cell's message and in the pane's list: the one vocabulary of both.
 * 'invalid' and 'other' start with their own words (the argument at fault, what went wrong).
 */
export const FAILURE_WORDS = {
  notFound: 'Not found',
  ambiguous: 'Ambiguous',
  rateLimited: 'Rate limited',
  refused: 'Quota or login refused',
  unreachable: 'Service unreachable',
  noPrice: 'No price',
  stale: 'Stale',
} as const satisfies Partial<Record<CellFailureKind, string>>;

/**
 * A rate limit's words from the wait its record keeps: "Rate limited — retry after 13 s", or "— retry shortly" when
 * the service named no wait. The cells and the pane's list both say it so.
 */
export function rateLimitWords(retryAfterS?: number): string {
  return retryAfterS !== undefined && Number.isFinite(retryAfterS) && retryAfterS > 0
    ? `${FAILURE_WORDS.rateLimited} — retry after ${Math.ceil(retryAfterS)} s`
    : `${FAILURE_WORDS.rateLimited} — retry shortly`;
}

/** A time as the stale words give it: `2026-12-02 10:42 UTC`, the same in every locale (src/text/times.ts). */
export const staleTime: (at: number) => string = utcMinute;

/**
 * A stale value's words from the time its record keeps: "Stale: last value from 2026-12-02 10:42 UTC". A cell goes on
 * with the value ("… was 0.1") and why the lookup failed; the pane's list heads the stale cells with it.
 */
export function staleWords(staleAsOf: number): string {
  return `${FAILURE_WORDS.stale}: last value from ${staleTime(staleAsOf)}`;
}

export interface CellFailureNote {
  kind: CellFailureKind;
  /** What the cell says. */
  message: string;
  /** For a rate limit: the seconds the service asked to wait, when it named them. */
  retryAfterS?: number;
  /** For a stale value: when the value the cell gives was looked up (ms since the epoch). */
  staleAsOf?: number;
}

/** One cell of a call: what it looked up (null: a blank part, or bad arguments) and how it ended. */
export interface CellNote {
  request: LookupRequest | null;
  /** When the answer behind its value was looked up; absent for a failure with no answer. */
  asOf?: number;
  failure?: CellFailureNote;
}

/** One call of a PARTS function: the formula's cell and its cells, row by row from there (a spilled range). */
export interface CallNote {
  /** `Sheet1!B2`: the cell holding the formula, as Excel gives it to the function. */
  address: string;
  /** The function's name, such as PRICE. */
  name: string;
  cells: CellNote[][];
  /** When the call ended (ms since the epoch). */
  at: number;
}

/** The calls in the record, read by the pane. */
export interface CellRecordReader {
  calls(): CallNote[];
  /** Called after each change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * How long the record gathers notes before telling its listeners: a recalculation of a sheet of PARTS formulas notes
 * thousands of calls in a burst, and the pane's view is made again once for them, not once per call.
 */
const NOTIFY_AFTER_MS = 100;

/** The record: each call's latest outcome replaces its earlier one. */
export class CellRecord implements CellRecordReader {
  private readonly byAddress = new Map<string, CallNote>();
  private readonly listeners = new Set<() => void>();
  private pending: ReturnType<typeof setTimeout> | null = null;

  note(call: CallNote): void {
    this.byAddress.set(call.address, call);
    this.changed();
  }

  /** Tells the listeners of a change, once for a burst of them. */
  private changed(): void {
    if (this.pending !== null || this.listeners.size === 0) return;
    this.pending = setTimeout(() => {
      this.pending = null;
      for (const listener of [...this.listeners]) {
        try {
          listener();
        } catch {
          // A listener failing must not fail the others.
        }
      }
    }, NOTIFY_AFTER_MS);
  }

  calls(): CallNote[] {
    return [...this.byAddress.values()];
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.byAddress.clear();
  }

  /** Forgets the calls of these formulas' cells (their formulas are gone), and tells the listeners. */
  forget(addresses: readonly string[]): void {
    let forgot = false;
    for (const address of addresses) forgot = this.byAddress.delete(address) || forgot;
    if (forgot) this.changed();
  }
}
