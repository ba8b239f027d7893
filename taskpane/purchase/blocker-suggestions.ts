/**
 * Suggestions for what a purchase list cannot buy, without React: for one blocker (a part short at every offer, or a
 * line not on the list), candidates found by the Suggestions view's own search (src/suggest: one prefix list search,
 * ranked so that a part of another known value never comes first), at the blocker's need, priced in the list's
 * currency. Nothing is applied: a candidate is used by putting it in the BOM and making the list again.
 */
import type { PurchaseBlocker, PurchaseResult } from '../../src/purchase';
import type { LineSuggestions, ProblemLine } from '../../src/suggest';
import { CandidateSearch, type PrefixSearch } from '../candidate-search';
import { Store } from '../store';

export interface BlockerSuggestionsState {
  /** The blocker shown (its key: blockerKey), or null when none is open. */
  open: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The candidates found for the open blocker; null until found. */
  found: LineSuggestions | null;
  /** The need candidates were priced at. */
  need: number;
  error: string | null;
}

/** A blocker's key: stable across renders of one list. */
export function blockerKey(b: PurchaseBlocker): string {
  return b.kind === 'short' ? `short:${b.row}` : `unlisted:${b.line}`;
}

/** The problem line suggestions are found for: the blocker's part, need and what is known of it. */
export function blockerProblem(result: PurchaseResult, b: PurchaseBlocker): ProblemLine {
  if (b.kind === 'short') {
    const row = result.rows[b.row];
    return {
      row: b.row,
      partNumber: row.partNumber,
      need: row.need,
      problems: ['short'],
      texts: ['', '', row.description, row.part.description ?? '', row.part.packageType ?? ''],
      part: row.part,
    };
  }
  const line = result.unlisted[b.line];
  return {
    row: line.row,
    partNumber: line.partNumber,
    need: line.need ?? 1,
    problems: ['not found'],
    texts: [],
    part: null,
  };
}

export class BlockerSuggestions extends Store<BlockerSuggestionsState> {
  private readonly candidates: CandidateSearch;

  constructor(search: PrefixSearch) {
    super({ open: null, status: 'idle', found: null, need: 0, error: null });
    this.candidates = new CandidateSearch(search);
  }

  /** Finds the candidates for `blocker` of `result` (again when `again`); opening another closes the first. */
  show = async (result: PurchaseResult, blocker: PurchaseBlocker, again = false): Promise<void> => {
    const key = blockerKey(blocker);
    if (!again && this.state.open === key && this.state.status !== 'failed') return;
    const problem = blockerProblem(result, blocker);
    this.set({ open: key, status: 'loading', found: null, need: problem.need, error: null });
    const found = await this.candidates.find([problem], { rates: result.rates, currency: result.currency });
    if (found.kind === 'stopped') return;
    if (found.kind === 'failed') this.set({ status: 'failed', error: found.error });
    else this.set({ status: 'ready', found: found.result.lines[0] ?? null });
  };

  /** Closes the candidates shown (a search under way is stopped). */
  close = (): void => {
    this.candidates.stop();
    this.set({ open: null, status: 'idle', found: null, error: null });
  };
}
