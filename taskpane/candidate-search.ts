/**
 * The pane's one way to look for candidates (src/suggest): the Suggestions view for a priced BOM's problem lines
 * and the purchase list for a blocker both use it. One search at a time (a new one stops the one under way), and one
 * reading of its answer: candidates, the words of a failure (no search answered, or the request failed), or nothing
 * when it was stopped.
 */
import type { ListPart } from '../src/catalog/client';
import type { ListAnswer } from '../src/catalog/model';
import { type ProblemLine, type SuggestOptions, type SuggestResult, suggestForLines } from '../src/suggest';
import { describeProblem } from './errors';

/** A list search by prefix, as the pane's services give it. */
export type PrefixSearch = (
  parts: ListPart[],
  options: { exact?: boolean; rows?: number; currency?: string; signal?: AbortSignal },
) => Promise<ListAnswer>;

export type CandidatesFound =
  | { kind: 'found'; result: SuggestResult }
  | { kind: 'failed'; error: string }
  /** A newer search, or stop(), ended it: nothing to show. */
  | { kind: 'stopped' };

const NONE: SuggestResult = { lines: [], requests: 0, prefixes: 0, failed: 0 };

export class CandidateSearch {
  private abort: AbortController | null = null;

  constructor(private readonly search: PrefixSearch) {}

  /** Candidates for `problems`; the search under way, if any, is stopped first. */
  async find(problems: readonly ProblemLine[], options: Omit<SuggestOptions, 'signal'>): Promise<CandidatesFound> {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    try {
      const result =
        problems.length === 0
          ? NONE
          : await suggestForLines(
              problems,
              { searchList: (parts, o) => this.search(parts, o) },
              { ...options, signal: abort.signal },
            );
      if (abort.signal.aborted) return { kind: 'stopped' };
      if (result.prefixes > 0 && result.failed >= result.prefixes) {
        // Not one search answered (the service is down, the key refused): nothing to show but that.
        const error = `the parts service answered none of the ${result.prefixes} searches for candidates.`;
        return { kind: 'failed', error };
      }
      return { kind: 'found', result };
    } catch (e) {
      if (abort.signal.aborted) return { kind: 'stopped' };
      return { kind: 'failed', error: describeProblem(e).text };
    } finally {
      if (this.abort === abort) this.abort = null;
    }
  }

  /** Stops the search under way, if any. */
  stop(): void {
    this.abort?.abort();
    this.abort = null;
  }
}
