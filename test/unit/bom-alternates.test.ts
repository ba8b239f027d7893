/**
 * Approved alternates: read from the BOM's columns, bought by the plan when the setting says, needs added up with
 * the lines that buy the same part as their own; and properties of the choice over random options.
 */
import fc from 'fast-check';
import { readBomFile } from '../../cli/bomfile';
import { type Cell, alternateColumns, alternateRole, readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase/price-lines';
import { LookupScheduler } from '../../src/lookup';
import { type AlternateOption, type AlternatesUse, canBuy, chooseAlternate } from '../../src/plan/alternates';
import { type Quote, quotePart } from '../../src/plan/quote';
import { toMicro } from '../../src/pricing/money';
import type { RateTable } from '../../src/pricing/rates';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';
import { corpusFile, testWithCorpus } from '../helpers/bom-corpus';

const testCorpus = testWithCorpus(__filename);

describe('alternate columns by their headers', () => {
  test.each([
    ['MPN2', 'part', 2],
    ['MPN 3', 'part', 3],
    ['Manufacturer Part Number (2)', 'part', 2],
    ['Mfr_PN_2', 'part', 2],
    ['Alt MPN', 'part', null],
    ['Alternate Part Number', 'part', null],
    ['Second Source', 'part', null],
    ['2nd Source MPN', 'part', null],
    ['Alternate', 'part', null],
    ['Substitute P/N', 'part', null],
    ['MFG2', 'maker', 2],
    ['Manufacturer 3', 'maker', 3],
    ['Alt Mfr', 'maker', null],
    ['Second Source Manufacturer', 'maker', null],
  ])('%s is an alternate %s', (header, kind, index) => {
    expect(alternateRole(header)).toEqual({ kind, index });
  });
  test.each([
    'MPN',
    'Manufacturer Part Number (1)',
    'Manufacturer',
    'MFG1',
    'Digi-Key Part Number 2',
    'Alt Digikey #',
    'Supplier Part Number 2',
    'Alt Price',
    'Qty 2',
    'Description 2',
    'Value',
  ])('%s is none', (header) => {
    expect(alternateRole(header)).toBeNull();
  });
  test('makers pair with the part numbers of the same index, else in order; taken columns are left out', () => {
    expect(alternateColumns(['Qty', 'MPN', 'Manufacturer', 'MPN3', 'MFG2', 'MPN2', 'MFG3'], new Set([1, 2]))).toEqual([
      { partNumber: 3, manufacturer: 6 },
      { partNumber: 5, manufacturer: 4 },
    ]);
    expect(alternateColumns(['MPN', 'Alt MPN', 'Alt Manufacturer'], new Set([0]))).toEqual([
      { partNumber: 1, manufacturer: 2 },
    ]);
  });
  test('readBom gives each line its alternates, never its own part number again, and leaves lines without them bare', () => {
    const cells: Cell[][] = [
      ['Ref', 'Qty', 'MPN', 'Manufacturer', 'MPN2', 'MFG2', 'Alt MPN'],
      ['U1', 1, 'LM358N', 'TI', 'LM358DR', 'TI', 'LM358N'],
      ['U2', 1, 'NE555P', 'TI', '', '', 'n/a'],
      ['U3', 1, 'TL072CP', 'TI', 'TL072CDR', '', 'TL072IP'],
    ];
    const read = readBom(cells);
    expect(read.mapping.partNumber).toBe(2);
    expect(read.alternateColumns).toEqual([{ partNumber: 4, manufacturer: 5 }, { partNumber: 6 }]);
    expect(read.lines.map((l) => l.alternates)).toEqual([
      [{ partNumber: 'LM358DR', manufacturer: 'TI' }],
      [],
      [
        { partNumber: 'TL072CDR', manufacturer: '' },
        { partNumber: 'TL072IP', manufacturer: '' },
      ],
    ]);
  });
  testCorpus('a real BOM with MPN2…MPN5 and MFG2…MFG4 (ulx3s)', async () => {
    const file = await readBomFile(corpusFile('ulx3s-1-click-bom.tsv'));
    const read = readBom(file.cells);
    expect(
      read.alternateColumns?.map((c) => [
        read.headers[c.partNumber],
        c.manufacturer === undefined ? null : read.headers[c.manufacturer],
      ]),
    ).toEqual([
      ['MPN2', 'MFG2'],
      ['MPN3', 'MFG3'],
      ['MPN4', 'MFG4'],
      ['MPN5', null],
    ]);
    const line = read.lines.find((l) => l.partNumber === 'NSR0530HT1G');
    expect(line?.alternates).toEqual([{ partNumber: 'BAT54WSQ-7-F', manufacturer: 'Diodes inc.' }]);
  });
});

const T0 = Date.UTC(2025, 0, 6, 9);

function price(cells: Cell[][], catalog: FakeParts, alternates?: AlternatesUse) {
  const scheduler = new LookupScheduler({ port: catalog, windowMs: 0, now: () => T0, retry: { maxAttempts: 1 } });
  return priceBom(readBom(cells), scheduler, { alternates, now: () => new Date(T0) }).finally(() => scheduler.close());
}

const head: Cell[] = ['Ref', 'Qty', 'MPN', 'Manufacturer', 'MPN2', 'MFG2'];

describe('the plan with approved alternates', () => {
  const active = (pn: string, unit: number, stock = 10_000, status = 'Active') =>
    makePart(pn, [makeOffer({ sourcePartId: `S-${pn}`, stock, breaks: makeBreaks([1, unit]) })], { status });

  test('an obsolete primary: the alternate is bought, and the line says which and why', async () => {
    const catalog = new FakeParts().add(active('OLD1', 0.5, 10_000, 'Obsolete'), active('NEW1', 0.6));
    const result = await price([head, ['U1', 4, 'OLD1', 'TI', 'NEW1', 'TI']], catalog);
    const line = result.lines[0];
    expect(line.status).toBe('priced');
    expect(line.partNumber).toBe('OLD1');
    expect(line.matchedPart).toBe('NEW1');
    expect(line.alternate).toEqual({
      partNumber: 'NEW1',
      manufacturer: 'Texas Instruments',
      reason: 'OLD1 is Obsolete',
    });
    expect(line.statusReason).toContain('buys approved alternate NEW1 (Texas Instruments): OLD1 is Obsolete');
    expect(line.extended).toBeCloseTo(2.4, 9);
  });

  test('a primary short of stock, or not found: the alternate that covers the need', async () => {
    const catalog = new FakeParts().add(active('SHORT2', 0.1, 3), active('ALT2', 0.2), active('ALT3', 0.3));
    const result = await price(
      [head, ['U1', 10, 'SHORT2', '', 'ALT2', ''], ['U2', 5, 'MISSING9', '', 'ALT3', '']],
      catalog,
    );
    expect(result.lines.map((l) => [l.matchedPart, l.alternate?.reason])).toEqual([
      ['ALT2', 'SHORT2 is short (3 in stock)'],
      ['ALT3', 'MISSING9 not found'],
    ]);
  });

  test('a buyable primary is kept by default; "whenever cheaper" buys the cheaper alternate', async () => {
    const catalog = new FakeParts().add(active('PRI1', 0.5), active('CHEAP1', 0.2));
    const cells = [head, ['U1', 10, 'PRI1', '', 'CHEAP1', '']];
    const kept = await price(cells, catalog);
    expect(kept.lines[0]).toMatchObject({ matchedPart: 'PRI1', extended: 5 });
    expect(kept.lines[0].alternate).toBeUndefined();
    const cheaper = await price(cells, catalog, 'cheaper');
    expect(cheaper.lines[0]).toMatchObject({ matchedPart: 'CHEAP1', extended: 2 });
    expect(cheaper.lines[0].alternate?.reason).toBe('cheaper: 2.00 USD against 5.00 USD for PRI1');
  });

  test('neither the primary nor any alternate found: not found, and said', async () => {
    const result = await price([head, ['U1', 1, 'NOPE1', '', 'NOPE2', '']], new FakeParts());
    expect(result.lines[0]).toMatchObject({
      status: 'not found',
      statusReason: 'approved alternate NOPE2 not found either',
    });
  });

  test('the needs of a part used as an alternate on one line and as the primary on another add up', async () => {
    // A MOQ of 100: bought for one line each, 200 would be bought; together, 100.
    const shared = makePart('SHARED1', [
      makeOffer({ sourcePartId: 'S-SH', moq: 100, stock: 10_000, breaks: makeBreaks([1, 0.01]) }),
    ]);
    const catalog = new FakeParts().add(active('DEAD1', 0.5, 0, 'Obsolete'), shared);
    const result = await price(
      [head, ['R1', 30, 'DEAD1', '', 'SHARED1', ''], ['R2', 20, 'SHARED1', '', '', '']],
      catalog,
    );
    const plans = result.plans.filter((p) => p.part.partNumber === 'SHARED1');
    expect(plans).toHaveLength(1);
    expect(plans[0].need).toBe(50);
    expect(plans[0].bought).toBe(100);
    expect(result.lines.map((l) => l.share)).toEqual([30, 20]);
    expect(result.lines[0].statusReason).toContain('bought with row 3');
  });

  test('alternates are looked up in the same list searches as the lines', async () => {
    const catalog = new FakeParts().add(active('OLD1', 0.5, 10_000, 'Obsolete'), active('NEW1', 0.6), active('X1', 1));
    await price([head, ['U1', 4, 'OLD1', '', 'NEW1', ''], ['U2', 1, 'X1', '', 'NEW1', '']], catalog);
    expect(catalog.answered).toBe(1);
  });
});

const RATES: RateTable = { base: 'USD', rates: [], missing: [] };

/** Random options: found or not, Active or not, stock above or below the need, any price. */
const optionArb = fc.record({
  found: fc.boolean(),
  status: fc.constantFrom('Active', 'Active', 'Obsolete', 'NRND', ''),
  stock: fc.integer({ min: 0, max: 300 }),
  cents: fc.integer({ min: 1, max: 500 }),
  quoteOnly: fc.boolean(),
});

function optionsOf(
  specs: Array<{ found: boolean; status: string; stock: number; cents: number; quoteOnly: boolean }>,
  need: number,
): AlternateOption[] {
  return specs.map((s, i) => {
    const pn = `P${i}`;
    if (!s.found) return { partNumber: pn, part: null, quote: null };
    const offer = makeOffer({
      sourcePartId: `O${i}`,
      stock: s.stock,
      breaks: s.quoteOnly ? [] : makeBreaks([1, s.cents / 100]),
      quoteOnly: s.quoteOnly,
    });
    const part = makePart(pn, [offer], { status: s.status });
    const quote: Quote = quotePart(part, need, { rates: RATES });
    return { partNumber: pn, part, quote };
  });
}

describe('properties of the choice among a primary and its alternates', () => {
  const cost = (o: AlternateOption) => toMicro(o.quote!.total!);

  test('whenever cheaper: the part bought is the cheapest that can be bought (the earliest on a tie); none buyable, never an unbuyable alternate over a found primary', () => {
    fc.assert(
      fc.property(
        fc.array(optionArb, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 200 }),
        (specs, need) => {
          const options = optionsOf(specs, need);
          const { index } = chooseAlternate(options, 'cheaper');
          const buyable = options.map((o, i) => i).filter((i) => canBuy(options[i]));
          if (buyable.length > 0) {
            expect(canBuy(options[index])).toBe(true);
            const min = buyable.reduce(
              (m, i) => (cost(options[i]) < m ? cost(options[i]) : m),
              cost(options[buyable[0]]),
            );
            expect(cost(options[index])).toBe(min);
            expect(index).toBe(buyable.find((i) => cost(options[i]) === min));
          } else if (options[0].part !== null) {
            expect(index).toBe(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('when the primary cannot be bought: a buyable primary is always kept; otherwise the cheapest buyable alternate', () => {
    fc.assert(
      fc.property(
        fc.array(optionArb, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 200 }),
        (specs, need) => {
          const options = optionsOf(specs, need);
          const { index, reason } = chooseAlternate(options, 'unavailable');
          if (canBuy(options[0])) {
            expect(index).toBe(0);
            return;
          }
          const alternates = options.map((o, i) => i).filter((i) => i > 0 && canBuy(options[i]));
          if (alternates.length > 0) {
            const min = alternates.reduce(
              (m, i) => (cost(options[i]) < m ? cost(options[i]) : m),
              cost(options[alternates[0]]),
            );
            expect(cost(options[index])).toBe(min);
            expect(index).toBe(alternates.find((i) => cost(options[i]) === min));
            expect(reason).toMatch(/^P0 (not found|is |has no price|is short)/);
          } else if (options[0].part !== null) {
            expect(index).toBe(0);
          } else if (index > 0) {
            expect(options[index].part).not.toBeNull();
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('the needs of shared alternates add up: each part is planned once, for the sum of the lines that buy it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            own: fc.integer({ min: 0, max: 3 }),
            alt: fc.integer({ min: 0, max: 3 }),
            qty: fc.integer({ min: 1, max: 50 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (rows) => {
          // Parts A0..A3: A0 and A1 are obsolete, A2 and A3 active; a line buys its own part or its alternate.
          const parts = [0, 1, 2, 3].map((i) =>
            makePart(
              `A${i}`,
              [makeOffer({ sourcePartId: `O-A${i}`, stock: 100_000, breaks: makeBreaks([1, 0.1 * (i + 1)]) })],
              { status: i < 2 ? 'Obsolete' : 'Active' },
            ),
          );
          const catalog = new FakeParts().add(...parts);
          const cells: Cell[][] = [
            head,
            ...rows.map((r, k): Cell[] => [
              `U${k + 1}`,
              r.qty,
              `A${r.own}`,
              '',
              r.alt === r.own ? '' : `A${r.alt}`,
              '',
            ]),
          ];
          const result = await price(cells, catalog);
          const bought = new Map<string, number>();
          for (const line of result.lines)
            bought.set(line.matchedPart!, (bought.get(line.matchedPart!) ?? 0) + (line.need ?? 0));
          for (const [pn, need] of bought) {
            const plans = result.plans.filter((p) => p.part.partNumber === pn);
            expect(plans).toHaveLength(1);
            expect(plans[0].need).toBe(need);
          }
          // Each line buys its alternate exactly when its own part is obsolete and the alternate is not.
          rows.forEach((r, k) => {
            const switched = r.own < 2 && r.alt >= 2 && r.alt !== r.own;
            expect(result.lines[k].matchedPart).toBe(`A${switched ? r.alt : r.own}`);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
