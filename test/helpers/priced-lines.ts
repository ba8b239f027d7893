import type { PricedLine } from '../../src/purchase/priced-layout';

/** A priced line of BOM row `row` (0-based), priced 0.50 USD from the marketplace: 10 needed and bought. */
export function pricedLine(row: number, o: Partial<PricedLine> = {}): PricedLine {
  return {
    status: 'priced',
    statusReason: '',
    row,
    matchedPart: `PART-${row}`,
    manufacturer: 'Maker',
    description: null,
    need: 10,
    orderQty: 10,
    unitPrice: 0.5,
    extended: 5,
    currency: 'USD',
    stock: 100,
    availability: 'In Stock',
    leadTimeWeeks: 4,
    moq: 1,
    pack: 1,
    source: 'MARKETPLACE',
    itemId: `6513${String(row).padStart(4, '0')}`,
    asOf: new Date(2026, 10, 20, 9, 0),
    ...o,
  };
}
