/** The catalog as judge of a BOM's part-number column (src/bom/judge.ts), asked through the lookups that price it. */
import type { CatalogJudge } from '../bom/judge';
import type { BomLookupPort } from './price-types';

/**
 * A judge that asks through the lookups the BOM is priced with (the pane's batching scheduler): a part number is
 * known when the catalog finds it. The answers are kept by the scheduler's cache for the pricing that follows.
 */
export function lookupJudge(port: BomLookupPort): CatalogJudge {
  return async (partNumbers) => {
    const results = await port.lookupMany(partNumbers.map((partNumber) => ({ partNumber })));
    const answered = results.filter((r) => 'result' in r);
    // No answer at all (the service unreachable, a refused login): the catalog cannot judge, which is not
    // "it knows none of them".
    if (answered.length === 0 && results.length > 0) {
      const first = results[0];
      throw first instanceof Error ? first : new Error('the catalog did not answer');
    }
    return results.map((r) => 'result' in r && r.result.numberFound > 0);
  };
}
