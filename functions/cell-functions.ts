/** The PARTS functions that answer one value per part cell. */
import { makerName } from '../src/match';
import type { Offer } from '../src/catalog/model';
import { freeStock } from '../src/pricing';
import type { PartPlan } from '../src/plan';
import { scalarText } from './arguments';
import { best, bestOrStocked, offersOf } from './choice';
import type { CellEngine, CellInput, Priced } from './cell-engine';
import type { PartsFunctions } from './contract';
import { Failure, type Outcome, failure, invalid, notAvailable } from './outcome';

const COMPLIANCE_ALIASES: Record<string, string> = {
  rohs: 'eurohs',
  eurohs: 'eurohs',
  chinarohs: 'cnrohs',
  cnrohs: 'cnrohs',
};

function complianceKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const withBest = (pick: (b: PartPlan, input: CellInput) => Outcome): Priced => ({
  priced: (input, ask) => {
    const chosen = best(input.part, { ...ask, need: input.quantity });
    return chosen instanceof Failure ? chosen : pick(chosen, input);
  },
});

const withOffer = (pick: (o: Offer, input: CellInput) => Outcome): Priced => ({
  priced: (input, ask) => {
    const chosen = bestOrStocked(input.part, { ...ask, need: input.quantity });
    return chosen instanceof Failure ? chosen : pick(chosen, input);
  },
});

/** The functions that answer one value per part cell. */
export function cellFunctions<E>(
  engine: CellEngine<E>,
): Omit<PartsFunctions<E>, 'breaks' | 'offers' | 'manufacturers'> {
  const { toError, perPart } = engine;
  return {
    price: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withBest((b) => (b.unitPrice === null ? failure('noPrice', '') : b.unitPrice)),
      ),

    stock: (part, manufacturer) =>
      perPart({ part, manufacturer }, ({ part: p }, ask) =>
        ask.sources.length > 0 ? freeStock({ offers: offersOf(p, ask.sources) }) : freeStock(p),
      ),

    leadTime: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withOffer((o, { partNumber }) =>
          o.leadTimeWeeks === null ? notAvailable(`No lead time published for ${partNumber}`) : o.leadTimeWeeks,
        ),
      ),

    moq: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withOffer((o) => o.moq),
      ),

    orderQty: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withBest((b) => (b.bought > 0 ? b.bought : (b.quote?.qty ?? 0))),
      ),

    description: (part, manufacturer) => perPart({ part, manufacturer }, ({ part: p }) => p.description),

    manufacturer: (part, manufacturer) => perPart({ part, manufacturer }, ({ part: p }) => makerName(p)),

    availability: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withOffer((o) => o.availabilityText || o.availabilityCode || (o.inStock ? 'In stock' : 'No stock')),
      ),

    datasheet: (part, manufacturer) =>
      perPart(
        { part, manufacturer },
        ({ part: p, partNumber }) => p.datasheetUrl || notAvailable(`No datasheet for ${partNumber}`),
      ),

    status: (part, manufacturer) =>
      perPart(
        { part, manufacturer },
        ({ part: p, partNumber }) => p.status || notAvailable(`No lifecycle status published for ${partNumber}`),
      ),

    compliance: async (part, label, manufacturer) => {
      const wanted = complianceKey(scalarText(label));
      if (wanted === '') throw toError(invalid('Give the compliance label, such as "eurohs" or "cnrohs"'));
      const key = COMPLIANCE_ALIASES[wanted] ?? wanted;
      return perPart({ part, manufacturer }, ({ part: p, partNumber }) => {
        const found = Object.entries(p.compliance).find(([k]) => complianceKey(k) === key);
        if (!found) {
          const known = Object.keys(p.compliance);
          return notAvailable(
            `No "${scalarText(label)}" compliance for ${partNumber}${known.length ? ` (known: ${known.join(', ')})` : ''}`,
          );
        }
        return found[1] || 'Unknown';
      });
    },

    itemId: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withBest((b) =>
          b.purchases.length > 0
            ? b.purchases.map((p) => p.offer.sourcePartId).join(' + ')
            : (b.quote?.offer.sourcePartId ?? failure('noPrice', '')),
        ),
      ),
  };
}
