/**
 * The Suggestions view's flow, without React: for the priced BOM's problem lines (not found, not Active, short,
 * overbuy: src/suggest/problems.ts), candidates found by one prefix list search for all of them together
 * (src/suggest), each with its match class, parameters, lifecycle, stock and price at the line's need. Nothing is
 * applied until the buyer uses a candidate: it then goes to the pane's own "Replacement MPN" column (never over the
 * BOM's part number), the BOM is priced again and the line's Status says "suggestion … for … (match class)".
 */
import type { PricedBomLine } from '../src/purchase/price-lines';
import { type LineSuggestions, type ProblemLine, type Suggestion, problemLines } from '../src/suggest';
import { CandidateSearch } from './candidate-search';
import type { PaneController } from './controller';
import { describeProblem } from './errors';
import type { PaneServices } from './services';
import { Store } from './store';

export interface SuggestionsState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** When the pricing the suggestions were found for was made; null before any. */
  pricedAt: Date | null;
  lines: LineSuggestions[];
  /** List searches sent for them. */
  requests: number;
  /** Prefixes whose search failed: their lines may lack candidates. */
  failedPrefixes: number;
  error: string | null;
  /** Rows (within the BOM) a candidate was used for in this view: the part number written. */
  used: Record<number, string>;
}

/** What the Status says of a suggestion used, in brackets after it: its match class and what differs. */
export function suggestionNote(s: Suggestion): string {
  if (s.matchClass === 'differs') return s.differences.length > 0 ? `differs: ${s.differences.join('; ')}` : 'differs';
  return s.differences.length > 0 ? `${s.matchClass}; ${s.differences.join('; ')}` : s.matchClass;
}

export class SuggestionsController extends Store<SuggestionsState> {
  private readonly candidates: CandidateSearch;

  constructor(
    services: Pick<PaneServices, 'searchPrefixes'>,
    private readonly pane: PaneController,
  ) {
    super({ status: 'idle', pricedAt: null, lines: [], requests: 0, failedPrefixes: 0, error: null, used: {} });
    this.candidates = new CandidateSearch((parts, options) => services.searchPrefixes(parts, options));
  }

  /**
   * Finds the suggestions for the present pricing, unless they were found for it already (or are being found);
   * `again` finds them anew.
   */
  load = async (again = false): Promise<void> => {
    const { pricing, bom } = this.pane.getState();
    if (!pricing || !bom?.read) return;
    const same =
      this.state.pricedAt === pricing.pricedAt && this.state.status !== 'failed' && this.state.status !== 'idle';
    if (same && !again) return;
    this.set({ status: 'loading', pricedAt: pricing.pricedAt, error: null, used: same ? this.state.used : {} });
    let problems: ProblemLine[];
    try {
      problems = problemLines({ lines: pricing.lines, boards: pricing.boards }, bom.read);
    } catch (e) {
      this.set({ status: 'failed', lines: [], error: describeProblem(e).text });
      return;
    }
    const found = await this.candidates.find(problems, pricing.plan);
    if (found.kind === 'stopped') return;
    if (found.kind === 'failed') {
      this.set({ status: 'failed', lines: [], error: found.error });
      return;
    }
    const { lines, requests, failed } = found.result;
    this.set({ status: 'ready', lines, requests, failedPrefixes: failed });
  };

  /** Stops a search under way (the view was left). */
  stop = (): void => {
    if (this.state.status === 'loading') {
      this.candidates.stop();
      this.set({ status: 'idle', pricedAt: null });
    }
  };

  /**
   * Uses a candidate for its line: written as the line's replacement, recorded as a suggestion, the BOM priced
   * again. The pane's notices say what was done, or what failed.
   */
  use = async (line: LineSuggestions, suggestion: Suggestion): Promise<void> => {
    const priced: PricedBomLine | undefined = this.pane.getState().pricing?.lines.find((l) => l.row === line.row);
    if (!priced) return;
    const written = await this.pane.replaceWith(
      priced,
      suggestion.partNumber,
      suggestion.manufacturer,
      suggestionNote(suggestion),
    );
    if (written) this.set({ used: { ...this.state.used, [line.row]: suggestion.partNumber } });
  };
}
