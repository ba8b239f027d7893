import type { ListAnswer, Part } from '../../src/catalog';
import type { ListPart } from '../../src/lookup';
import { readParameters } from '../../src/parts/parameters';
import type { RateTable } from '../../src/pricing/rates';
import { type ProblemLine, familyStem, seriesPrefixes, siblingPrefixes, suggestForLines } from '../../src/suggest';
import { makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

describe('family stems', () => {
  test.each([
    ['LMV324AW5-13', 'LMV324'],
    ['STM32F411CEU6', 'STM32F411'],
    ['STM32F105G4U7TR', 'STM32F105'],
    ['TL072CDR', 'TL072'],
    ['1N4148W-7-F', '1N4148'],
    ['NC7SZU04FHX', 'NC7SZU04'],
    ['SN74LVC1G08DBVR', 'SN74LVC1G08'],
    ['LM2596S-5.0/NOPB', 'LM2596'],
    ['BAV99', 'BAV99'],
  ])('%s → %s', (pn, stem) => {
    expect(familyStem(pn)).toBe(stem);
  });
  test('no stem without digits or with too little', () => {
    expect(familyStem('ABC')).toBeNull();
    expect(familyStem('R1')).toBeNull();
  });
});

describe('sibling prefixes', () => {
  test.each([
    ['ABM8-14.7456MHZ-D2-T3', ['ABM8-14.7456MHZ-D2', 'ABM8-14.7456MHZ']],
    ['LMV324AW5-13', ['LMV324AW5']],
    ['BAV99', []],
    ['TL072CDR', []],
  ])('%s', (pn, prefixes) => {
    expect(siblingPrefixes(pn)).toEqual(prefixes);
  });
});

describe('series prefixes from parameters', () => {
  test('a 10 kΩ 1 % 0603 resistor in the makers’ ordering codes', () => {
    expect(
      seriesPrefixes(readParameters('10k', 'R_0603', 'RES SMD 10K OHM 1% 1/10W 0603'), 4).map((s) => s.prefix),
    ).toEqual(['RC0603FR-0710KL', 'CRCW060310K0FK', 'ERJ-3EKF1002V', 'RMCF0603FT10K0']);
  });
  test('a 5 % resistor is looked for at 5 % first, then at 1 %', () => {
    expect(seriesPrefixes(readParameters('RES SMD 4.7K OHM 5% 1/10W 0402'), 8).map((s) => s.prefix)).toEqual([
      'RC0402JR-074K7L',
      'CRCW04024K70JN',
      'ERJ-2GEJ472X',
      'RMCF0402JT4K70',
      'RK73B1ETTD472J',
      'MCR01EZPJ472',
      'RC0402FR-074K7L',
      'CRCW04024K70FK',
    ]);
  });
  test('a 100 nF 16 V X7R 10 % 0402 capacitor', () => {
    expect(seriesPrefixes(readParameters('CAP CER 0.1UF 16V 10% X7R 0402'), 5).map((s) => s.prefix)).toEqual([
      'GRM155R71C104K',
      'CL05B104KO',
      'C0402C104K4R',
      'C1005X7R1C104K',
      'CC0402KRX7R7BB104',
    ]);
  });
  test('what the line does not state is left open: a bare "100n" on C_0402', () => {
    expect(seriesPrefixes(readParameters('100n', 'C_0402'), 5).map((s) => s.prefix)).toEqual(['C0402C104']);
  });
  test('nothing for a part that is no chip passive', () => {
    expect(seriesPrefixes(readParameters('IC OPAMP 8SOIC'))).toEqual([]);
    expect(seriesPrefixes(readParameters('FIXED IND 4.7UH 2A SMD'))).toEqual([]);
  });
});

const RATES: RateTable = { base: 'USD', rates: [], missing: [] };

/** A prefix list search over parts in memory, counting requests and refusing more than 1000 prefixes. */
class PrefixCatalog {
  requests = 0;
  sizes: number[] = [];
  constructor(readonly parts: Part[]) {}
  async searchList(list: ListPart[], opts: { exact?: boolean; rows?: number }): Promise<ListAnswer> {
    this.requests++;
    this.sizes.push(list.length);
    if (list.length > 1000) throw new Error('too many');
    const results = list.map((l) => {
      const key = l.partNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
      const found = this.parts
        .filter((p) =>
          opts.exact === false
            ? p.partNumber
                .toUpperCase()
                .replace(/[^A-Z0-9]/g, '')
                .startsWith(key)
            : false,
        )
        .slice(0, opts.rows ?? 10);
      return { requestedPartNumber: l.partNumber, manufacturerFilter: null, numberFound: found.length, parts: found };
    });
    return { results, partsRequested: list.length, partsFound: 0, partsNotFound: 0, partsError: 0 };
  }
}

const part = (pn: string, description: string, status = 'Active', price = 0.01, stock = 10_000) =>
  makePart(pn, [makeOffer({ sourcePartId: `S-${pn}`, stock, breaks: makeBreaks([1, price]) })], {
    description,
    status,
  });

describe('suggestForLines', () => {
  test('same parameters of other series rank above a part of another value; not-Active parts and the line’s own are left out', async () => {
    const catalog = new PrefixCatalog([
      part('RC0603FR-0710KL', 'RES SMD 10K OHM 1% 1/10W 0603', 'Obsolete'),
      part('CRCW060310K0FKEA', 'RES SMD 10K OHM 1% 1/10W 0603', 'Active', 0.02),
      part('ERJ-3EKF1002V', 'RES SMD 10K OHM 1% 1/10W 0603', 'Active', 0.01),
      part('CRCW060310K0FKED', 'RES SMD 10K OHM 1% 1/10W 0603', 'NRND'),
      // Listed under the prefix, but its description says another value: marked, and listed apart.
      part('CRCW060310K0FKEB', 'RES SMD 1K OHM 1% 1/10W 0603', 'Active', 0.001),
    ]);
    const line: ProblemLine = {
      row: 3,
      partNumber: 'RC0603FR-0710KL',
      need: 100,
      problems: ['not Active'],
      texts: ['10k', 'R_0603', '', catalog.parts[0].description],
      part: catalog.parts[0],
    };
    const result = await suggestForLines([line], catalog, { rates: RATES });
    expect(result.requests).toBe(1);
    const c = result.lines[0].candidates;
    expect(c.map((x) => [x.partNumber, x.matchClass])).toEqual([
      ['ERJ-3EKF1002V', 'same parameters, other series'],
      ['CRCW060310K0FKEA', 'same parameters, other series'],
    ]);
    expect(c[0].fit).toBe('same');
    const other = result.lines[0].otherValues;
    expect(other.map((x) => [x.partNumber, x.matchClass, x.fit])).toEqual([
      ['CRCW060310K0FKEB', 'differs', 'different value'],
    ]);
    expect(other[0].differences).toEqual(['value 1 kΩ, the line 10 kΩ']);
    expect(c[0].quote.total).toBeCloseTo(1, 9);
    expect(result.lines[0].lineParameters).toBe('10 kΩ 1% 0603');
  });

  test('a family member in another package is said to differ, and ranks below one in the same package', async () => {
    const own = part('LMV324AW5-13', 'IC OPAMP GP 4 CIRCUIT SOT-25', 'Obsolete');
    const catalog = new PrefixCatalog([
      own,
      part('LMV324S-13', 'IC OPAMP GP 4 CIRCUIT SO-14'),
      part('LMV324AW5-7', 'IC OPAMP GP 4 CIRCUIT SOT-25', 'Active', 0.5),
    ]);
    const line: ProblemLine = {
      row: 1,
      partNumber: 'LMV324AW5-13',
      need: 25,
      problems: ['not Active'],
      texts: ['', '', '', own.description],
      part: own,
    };
    const result = await suggestForLines([line], catalog, { rates: RATES });
    const c = result.lines[0].candidates;
    expect(c.map((x) => [x.partNumber, x.matchClass, x.differences])).toEqual([
      ['LMV324AW5-7', 'same family and package', []],
      ['LMV324S-13', 'differs', ['package SOIC-14, the line SOT-25']],
    ]);
    expect(c[1].fit).toBe('different package');
  });

  test('the obsolete 14.7456 MHz crystal: its exact sibling first, another frequency below and marked', async () => {
    const own = part('ABM8-14.7456MHZ-D2-T3', 'CRYSTAL 14.7456MHZ 18PF SMD', 'Obsolete');
    // The family's first parts in the catalog's order are of other frequencies: a stem search alone finds them only.
    const catalog = new PrefixCatalog([
      part('ABM8-10.000MHZ-B2-T', 'CRYSTAL 10.0000MHZ 18PF SMD', 'Active', 0.2),
      part('ABM8-11.0592MHZ-18-D2X-T', 'CRYSTAL 11.0592MHZ 18PF SMD', 'Active', 0.1),
      part('ABM8-12.000MHZ-B2-T', 'CRYSTAL 12.0000MHZ 18PF SMD', 'Active', 0.2),
      part('ABM8-13.560MHZ-B2-T', 'CRYSTAL 13.5600MHZ 18PF SMD', 'Active', 0.2),
      own,
      part('ABM8-14.7456MHZ-D2-T', 'CRYSTAL 14.7456MHZ 18PF SMD', 'Active', 0.3, 26_067),
    ]);
    const line: ProblemLine = {
      row: 4,
      partNumber: 'ABM8-14.7456MHZ-D2-T3',
      need: 10,
      problems: ['not Active'],
      texts: ['', '', '', own.description],
      part: own,
    };
    const result = await suggestForLines([line], catalog, { rates: RATES });
    const c = result.lines[0].candidates;
    expect(c[0]).toMatchObject({
      partNumber: 'ABM8-14.7456MHZ-D2-T',
      matchClass: 'same family and package',
      fit: 'same',
      parameters: '14.7456 MHz 3.2×2.5 mm',
      stock: 26_067,
    });
    // Another frequency is no suggestion for the line: listed apart, marked, below.
    expect(c.every((x) => x.fit !== 'different value')).toBe(true);
    const other = result.lines[0].otherValues.find((x) => x.partNumber === 'ABM8-11.0592MHZ-18-D2X-T')!;
    expect(other).toMatchObject({ matchClass: 'differs', fit: 'different value' });
    expect(other.differences).toEqual(['frequency 11.0592 MHz, the line 14.7456 MHz']);
    expect(result.lines[0].lineParameters).toBe('14.7456 MHz 3.2×2.5 mm');
  });

  test('a candidate of a known different value is never above one of the same or an unknown value', async () => {
    // The line's value is read from its Value cell; one candidate states nothing, one another value, one the same.
    const catalog = new PrefixCatalog([
      part('QZ1234-A1', 'QZ PART', 'Active', 0.001),
      part('QZ1234-B1', 'CRYSTAL 12.0000MHZ SMD 3.2X2.5MM', 'Active', 0.001),
      part('QZ1234-C1', 'CRYSTAL 16.0000MHZ SMD 3.2X2.5MM', 'Active', 0.5),
    ]);
    const line: ProblemLine = {
      row: 0,
      partNumber: 'QZ1234-Z9',
      need: 1,
      problems: ['not found'],
      texts: ['16MHz', 'Crystal_SMD_3225-4Pin_3.2x2.5mm', ''],
      part: null,
    };
    const found = (await suggestForLines([line], catalog, { rates: RATES })).lines[0];
    const c = found.candidates;
    // The cheapest is of another frequency: apart, never first.
    expect(c.map((x) => [x.partNumber, x.matchClass, x.fit])).toEqual([
      ['QZ1234-C1', 'same family and package', 'same'],
      ['QZ1234-A1', 'same family', 'unknown'],
    ]);
    expect(found.otherValues.map((x) => [x.partNumber, x.fit])).toEqual([['QZ1234-B1', 'different value']]);
    // No parameters read: of the family, never "the same".
    expect(c[1].parameters).toBe('');
  });

  test('all problem lines share the requests: 1,500 lines of distinct stems take two', async () => {
    const catalog = new PrefixCatalog([]);
    const lines: ProblemLine[] = Array.from({ length: 1500 }, (_, i) => ({
      row: i,
      partNumber: `QX${1000 + i}AB`,
      need: 1,
      problems: ['not found'],
      texts: [],
      part: null,
    }));
    const result = await suggestForLines(lines, catalog, { rates: RATES, rows: 1 });
    expect(result.prefixes).toBe(1500);
    expect(catalog.sizes).toEqual([1000, 500]);
    expect(result.requests).toBe(2);
  });

  test('an answer the service refuses is asked again in halves', async () => {
    const catalog = new PrefixCatalog([]);
    let refused = 0;
    const port = {
      searchList: (list: ListPart[], opts: { exact?: boolean; rows?: number }) => {
        if (list.length > 300) {
          refused++;
          return Promise.reject(new Error('answer too large'));
        }
        return catalog.searchList(list, opts);
      },
    };
    const lines: ProblemLine[] = Array.from({ length: 400 }, (_, i) => ({
      row: i,
      partNumber: `QX${1000 + i}AB`,
      need: 1,
      problems: ['not found'],
      texts: [],
      part: null,
    }));
    const result = await suggestForLines(lines, port, { rates: RATES });
    expect(refused).toBe(1);
    expect(catalog.sizes).toEqual([200, 200]);
    expect(result.failed).toBe(0);
  });
});
