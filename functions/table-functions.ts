/** The PARTS functions that spill a table: a part's price breaks and offers, and the service's manufacturers. */
import type { Manufacturer } from '../src/catalog/model';
import { manufacturerKey } from '../src/match/manufacturer';
import { extendedCost, orderQuantity, priceAtQuantity, priceBreaksTable } from '../src/pricing';
import { scalarText } from './arguments';
import { best, offersOf } from './choice';
import { CELL_DEADLINE_MS, type CellEngine, settleBy } from './cell-engine';
import type { FunctionsDeps, PartsFunctions } from './contract';
import { type CellValue, Failure, MESSAGES, failure, failureOf, noAnswer, notAvailable } from './outcome';

export const BREAKS_HEADER = ['Source', 'Min qty', 'Max qty', 'Price', 'Currency'] as const;
export const OFFERS_HEADER = [
  'Source',
  'Item id',
  'Stock',
  'MOQ',
  'Pack',
  'Order qty',
  'Unit price',
  'Extended',
  'Currency',
  'Lead time (weeks)',
  'Availability',
  'Best',
] as const;
export const MANUFACTURERS_HEADER = ['Code', 'Name'] as const;

export function tableFunctions<E>(
  deps: FunctionsDeps<E>,
  engine: CellEngine<E>,
): Pick<PartsFunctions<E>, 'breaks' | 'offers' | 'manufacturers'> {
  const { toError, table } = engine;
  return {
    breaks: (part, manufacturer, currency) =>
      table({ part, manufacturer, currency }, ({ part: p }, ask) => {
        const offers = offersOf(p, ask.sources);
        const rows = priceBreaksTable(offers);
        if (rows.length > 0)
          return [
            [...BREAKS_HEADER],
            ...rows.map((row): CellValue[] => [row.source, row.minQty, row.maxQty ?? '', row.price, row.currency]),
          ];
        if (offers.length === 0) return failure('noPrice', ': no offers');
        if (offers.every((o) => o.quoteOnly || o.breaks.length === 0))
          return notAvailable(MESSAGES.quoteOnly, { kind: 'noPrice' });
        return failure('noPrice', ` in ${ask.currency}`);
      }),

    offers: (part, quantity, manufacturer, currency) =>
      table(
        { part, quantity, manufacturer, currency },
        ({ part: p, quantity: need }, ask) => {
          const offers = offersOf(p, ask.sources);
          if (offers.length === 0) return failure('noPrice', ': no offers');
          const chosen = best(p, { ...ask, need });
          const winner = chosen instanceof Failure ? null : (chosen.purchases[0]?.offer ?? chosen.quote?.offer ?? null);
          const ordered = winner ? [winner, ...offers.filter((o) => o !== winner)] : offers;
          const rows = ordered.map((o): CellValue[] => {
            const qty = orderQuantity(need, o);
            const at = priceAtQuantity(o, qty);
            return [
              o.sourceCode,
              o.sourcePartId,
              o.stock,
              o.moq,
              o.packSize,
              qty,
              at.unitPrice ?? '',
              at.unitPrice === null ? '' : extendedCost(at.unitPrice, qty),
              o.currency,
              o.leadTimeWeeks ?? '',
              o.availabilityText || o.availabilityCode,
              o === winner,
            ];
          });
          return [[...OFFERS_HEADER], ...rows];
        },
        true,
      ),

    manufacturers: async (filter) => {
      let list: readonly Manufacturer[] | Failure;
      const ms = deps.deadlineMs ?? CELL_DEADLINE_MS;
      try {
        list = await settleBy<readonly Manufacturer[] | Failure>(deps.manufacturers(), ms, () => noAnswer(ms));
      } catch (e) {
        throw toError(failureOf(e));
      }
      if (list instanceof Failure) throw toError(list);
      const text = scalarText(filter);
      const needle = text.toUpperCase();
      const key = manufacturerKey(text);
      const matches = list
        .filter(
          (m) =>
            needle === '' ||
            [m.code, m.name, m.alternateName].some((s) => s.toUpperCase().includes(needle)) ||
            (key !== '' && [m.name, m.alternateName].some((s) => s !== '' && manufacturerKey(s) === key)),
        )
        .sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
      if (matches.length === 0) throw toError(failure('notFound', `: no manufacturer matches "${text}"`));
      return [[...MANUFACTURERS_HEADER], ...matches.map((m): CellValue[] => [m.code, m.name])];
    },
  };
}
