/**
 * The pane's one search for candidates (the Suggestions view and the purchase list's blockers): a newer search stops
 * the older, whose answer is then never shown; a service that answers none of the searches, or a request that
 * fails, gives the words of the failure; an answer gives the candidates.
 */
import type { ListAnswer, ListPart } from '../../src/catalog';
import type { RateTable } from '../../src/pricing/rates';
import type { ProblemLine } from '../../src/suggest';
import { CandidateSearch } from '../../taskpane/candidate-search';
import { makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const RATES: RateTable = { base: 'USD', rates: [], missing: [] };

const line = (partNumber: string): ProblemLine => ({
  row: 0,
  partNumber,
  need: 10,
  problems: ['not found'],
  texts: [],
  part: null,
});

/** Answers each prefix with the parts whose number starts with it. */
function answer(list: ListPart[], parts: string[]): ListAnswer {
  const results = list.map((l) => {
    const found = parts
      .filter((p) => p.startsWith(l.partNumber))
      .map((p) => makePart(p, [makeOffer({ sourcePartId: `S-${p}`, stock: 100, breaks: makeBreaks([1, 0.1]) })]));
    return { requestedPartNumber: l.partNumber, manufacturerFilter: null, numberFound: found.length, parts: found };
  });
  return { results, partsRequested: list.length, partsFound: 0, partsNotFound: 0, partsError: 0 };
}

describe('CandidateSearch', () => {
  test('an answer gives the candidates of each line', async () => {
    const search = new CandidateSearch(async (list) => answer(list, ['LM358DR', 'LM358DT']));
    const found = await search.find([line('LM358XYZ')], { rates: RATES });
    expect(found.kind).toBe('found');
    if (found.kind !== 'found') return;
    expect(found.result.lines[0].candidates.map((c) => c.partNumber)).toEqual(['LM358DR', 'LM358DT']);
  });

  test('no problem lines: no search is sent', async () => {
    let asked = 0;
    const search = new CandidateSearch(async (list) => {
      asked++;
      return answer(list, []);
    });
    expect(await search.find([], { rates: RATES })).toEqual({
      kind: 'found',
      result: { lines: [], requests: 0, prefixes: 0, failed: 0 },
    });
    expect(asked).toBe(0);
  });

  test('a service that answers none of the searches is a failure that says how many were sent', async () => {
    const search = new CandidateSearch(async () => {
      throw new Error('503 Service Unavailable');
    });
    const found = await search.find([line('LM358XYZ')], { rates: RATES });
    expect(found.kind).toBe('failed');
    if (found.kind !== 'failed') return;
    expect(found.error).toMatch(/answered none of the \d+ searches for candidates/);
  });

  test('a newer search stops the one under way, whose answer is never shown', async () => {
    const waiting: Array<() => void> = [];
    const search = new CandidateSearch(
      (list, options) =>
        new Promise<ListAnswer>((resolve, reject) => {
          options.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          waiting.push(() => resolve(answer(list, ['LM358DR'])));
        }),
    );
    const first = search.find([line('LM358XYZ')], { rates: RATES });
    const second = search.find([line('LM358ABC')], { rates: RATES });
    for (const go of waiting) go();
    expect(await first).toEqual({ kind: 'stopped' });
    expect((await second).kind).toBe('found');
  });

  test('stop() ends the search under way', async () => {
    const search = new CandidateSearch(
      (_list, options) =>
        new Promise<ListAnswer>((_resolve, reject) => {
          options.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const pending = search.find([line('LM358XYZ')], { rates: RATES });
    search.stop();
    expect(await pending).toEqual({ kind: 'stopped' });
  });
});
