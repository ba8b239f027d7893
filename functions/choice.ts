/**
 * Which part a call means and which offer answers it: the rules BOM lines follow (src/match, src/plan), for one cell.
 */
import type { Offer, Part } from '../src/catalog/model';
import { choosePart, makerName } from '../src/match';
import { type PartPlan, offersFromSources, planPart } from '../src/plan';
import type { RateTable } from '../src/pricing/rates';
import { Failure, MESSAGES, failure, notAvailable } from './outcome';

function listNames(names: string[], max = 3): string {
  const unique = [...new Set(names.filter((n) => n !== ''))];
  const shown = unique.slice(0, max);
  const more = unique.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/**
 * The one part the call means, or why there is none: the rule a BOM line follows too (src/match), so a cell and
 * a BOM row naming the same part and maker agree. A cell has one text for the part, which may be a distributor's
 * part number as well as a manufacturer's: among several parts found, the one sold under that number is meant.
 * A cell has no room for a note, so a part matched under another maker's name (an acquired brand, the only maker
 * found) is answered without one; PARTS.MANUFACTURER shows whose it is.
 */
export function partFor(parts: readonly Part[], partNumber: string, manufacturer: string): Part | Failure {
  const choice = choosePart({ partNumber, manufacturer, distributorPartNumbers: [partNumber] }, parts);
  switch (choice.kind) {
    case 'chosen':
      return choice.part;
    case 'not-found':
      return failure('notFound', `: ${partNumber}`);
    case 'no-maker-match':
      return failure(
        'notFound',
        `: ${partNumber} from ${manufacturer} (made by ${listNames(choice.parts.map(makerName))})`,
      );
    case 'ambiguous':
      return choice.makersCompete
        ? failure(
            'ambiguous',
            `: ${partNumber} is made by ${listNames(choice.parts.map(makerName))} — give the manufacturer`,
          )
        : failure(
            'ambiguous',
            `: ${partNumber} matches ${listNames(choice.parts.map((p) => p.partNumber))} — type the part number exactly`,
          );
  }
}

export interface Ask {
  need: number;
  /** The user's currency, never '' (USD when unset). */
  currency: string;
  sources: readonly string[];
  /** Rates into `currency` for the offers of the part asked about. */
  rates: RateTable;
}

export function offersOf(part: Part, sources: readonly string[]): Offer[] {
  return offersFromSources(part.offers, sources);
}

/**
 * The plan for one cell: the same offer choice and conversion as a BOM line (src/plan), for this need alone. A cell
 * cannot see other cells, so needs on several cells are not added up: that is the BOM's job.
 */
export function best(part: Part, ask: Ask): PartPlan | Failure {
  const plan = planPart(
    { part, lines: [{ id: 0, need: ask.need, pinned: null }] },
    { rates: ask.rates, sources: ask.sources.length > 0 ? [...ask.sources] : undefined },
  );
  if (plan.status !== 'no-price') return plan;
  const why = plan.noPriceReason ?? 'no price';
  return why === 'quote only' ? notAvailable(MESSAGES.quoteOnly, { kind: 'noPrice' }) : failure('noPrice', `: ${why}`);
}

/** The offer bought (or waited for), or for a part without a priced offer the offer with the most stock. */
export function bestOrStocked(part: Part, ask: Ask): Offer | Failure {
  const chosen = best(part, ask);
  if (!(chosen instanceof Failure)) {
    const offer = chosen.purchases[0]?.offer ?? chosen.quote?.offer;
    if (offer) return offer;
  }
  const offers = offersOf(part, ask.sources);
  if (offers.length === 0) return chosen instanceof Failure ? chosen : failure('noPrice', ': no offers');
  return offers.reduce((a, b) => (b.stock > a.stock ? b : a));
}
