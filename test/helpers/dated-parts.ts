/**
 * Two made-up parts whose arrival days are easy to work out by hand: A from stock, B only from two deliveries.
 * Tests of the schedule and of the sheets that show it share them.
 */
import { makeBreaks, makeOffer, makePart } from './fake-parts';

/** A: 1,000 in stock, ships today, at 0.10. */
export const A_STOCK = makePart('A-STOCK', [
  makeOffer({ sourcePartId: 'A1', stock: 1000, shipsIn: 'Ships today', breaks: makeBreaks([1, 0.1]) }),
]);

/** B: none in stock, 100 due 2027-01-24 and 200 due 2027-02-10, at 2.00; a 16-week lead time beyond them. */
export const B_INCOMING = makePart('B-INCOMING', [
  makeOffer({
    sourcePartId: 'B1',
    stock: 0,
    inStock: false,
    pipeline: [
      { date: '2027-01-24', quantity: 100 },
      { date: '2027-02-10', quantity: 200 },
    ],
    leadTimeWeeks: 16,
    breaks: makeBreaks([1, 2]),
  }),
]);
