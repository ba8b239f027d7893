import fc from 'fast-check';
import {
  MAX_DESIGNATORS,
  countDesignators,
  formatDesignators,
  looksLikeDesignators,
  parseDesignators,
} from '../../src/bom';

describe('parseDesignators', () => {
  it.each([
    ['R1, R2', ['R1', 'R2']],
    ['R1,R2', ['R1', 'R2']],
    ['R1 R2', ['R1', 'R2']],
    ['R1;R2', ['R1', 'R2']],
    ['R1/R2', ['R1', 'R2']],
    ['R1 and R2', ['R1', 'R2']],
    ['R1-R5', ['R1', 'R2', 'R3', 'R4', 'R5']],
    ['R1\u2013R3', ['R1', 'R2', 'R3']],
    ['R1\u2212R3', ['R1', 'R2', 'R3']],
    ['R1 - R3', ['R1', 'R2', 'R3']],
    ['R1..R3', ['R1', 'R2', 'R3']],
    ['R1-3', ['R1', 'R2', 'R3']],
    ['C2,6,7', ['C2', 'C6', 'C7']],
    ['C2, 6-8', ['C2', 'C6', 'C7', 'C8']],
    ['R1-R4, R7', ['R1', 'R2', 'R3', 'R4', 'R7']],
    ['R1-R4, 7', ['R1', 'R2', 'R3', 'R4', 'R7']],
    ['U1A, U1B', ['U1A', 'U1B']],
    ['r1, c2', ['R1', 'C2']],
    ['LED1-LED3', ['LED1', 'LED2', 'LED3']],
    ['R01-R03', ['R01', 'R02', 'R03']],
    ['  R1 ,\u00A0R2\n R3 ', ['R1', 'R2', 'R3']],
    ['(R1, R2)', ['R1', 'R2']],
    ['MH', ['MH']],
    ['', []],
  ])('%j → %j', (text, list) => {
    expect(parseDesignators(text)).toEqual({ list, errors: [] });
  });

  it('expands a reversed range ascending and reports it', () => {
    expect(parseDesignators('R10-R8')).toEqual({
      list: ['R8', 'R9', 'R10'],
      errors: ['R10-R8 runs high to low; read as R8-R10'],
    });
  });

  it("reads an item's name with an underscore and a dashed number as written, never as a range", () => {
    // A power supply TXH 240-124 named in a CAD item column: one position, not 117 (TXH_124 to TXH_240).
    expect(parseDesignators('TXH_240-124').list).toEqual(['TXH_240-124']);
    expect(parseDesignators('R1-R3').list).toEqual(['R1', 'R2', 'R3']);
  });

  it('removes duplicates and reports them', () => {
    expect(parseDesignators('R1, R2, R1-R3')).toEqual({
      list: ['R1', 'R2', 'R3'],
      errors: ['listed more than once: R1, R2'],
    });
  });

  it('caps absurd ranges and reports them', () => {
    const { list, errors } = parseDesignators('R1-R100000');
    expect(list).toHaveLength(MAX_DESIGNATORS);
    expect(list[MAX_DESIGNATORS - 1]).toBe(`R${MAX_DESIGNATORS}`);
    expect(errors).toEqual([`R1-R100000 names 100000 designators; only the first ${MAX_DESIGNATORS} are kept`]);

    const two = parseDesignators('C1-C6000, R1-R6000');
    expect(two.list).toHaveLength(MAX_DESIGNATORS);
    expect(two.errors).toEqual([
      `more than ${MAX_DESIGNATORS} designators; only the first ${MAX_DESIGNATORS} are kept`,
    ]);
  });

  it('reports what it cannot read and keeps it as written', () => {
    expect(parseDesignators('R1-C5')).toEqual({
      list: ['R1-C5'],
      errors: ['"R1-C5" is not a range of one kind of designator; read as written'],
    });
    expect(parseDesignators('5, 6')).toEqual({
      list: ['5', '6'],
      errors: ['"5" has no letter prefix', '"6" has no letter prefix'],
    });
    expect(parseDesignators('U1A-U1D').errors).toHaveLength(1);
  });

  it('counts', () => {
    expect(countDesignators('R1-R4, R7')).toBe(5);
    expect(countDesignators('C2,6,7')).toBe(3);
    expect(countDesignators(null)).toBe(0);
  });

  it('formats compactly', () => {
    expect(formatDesignators(['R1', 'R2', 'R3', 'R4', 'R7', 'C2', 'C3'])).toBe('R1-R4, R7, C2, C3');
    expect(formatDesignators(['U1A', 'R01', 'R02', 'R03'])).toBe('U1A, R01, R02, R03');
  });

  it('recognises designator cells by content', () => {
    expect(looksLikeDesignators('R1, R2')).toBe(true);
    expect(looksLikeDesignators('C1-C4, C9')).toBe(true);
    expect(looksLikeDesignators('LM358')).toBe(false);
    expect(looksLikeDesignators('BAV99')).toBe(false);
    expect(looksLikeDesignators('10k')).toBe(false);
  });
});

describe('parseDesignators properties', () => {
  const prefix = fc.constantFrom('R', 'C', 'L', 'D', 'Q', 'U', 'J', 'SW', 'TP', 'LED', 'FB', 'XY');
  const numbers = fc.uniqueArray(fc.integer({ min: 1, max: 2000 }), { minLength: 1, maxLength: 60 });

  it('formatting a set and parsing it back gives the same set', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(prefix, numbers), { selector: ([p]) => p, minLength: 1, maxLength: 4 }),
        (groups) => {
          const list = groups.flatMap(([p, ns]) => [...ns].sort((a, b) => a - b).map((n) => `${p}${n}`));
          const parsed = parseDesignators(formatDesignators(list));
          expect(parsed.errors).toEqual([]);
          expect(new Set(parsed.list)).toEqual(new Set(list));
          expect(parsed.list).toHaveLength(list.length);
        },
      ),
    );
  });

  type Segment = { p: string; start: number; len: number; style: 'full' | 'short' | 'carried' | 'list' };
  const segment: fc.Arbitrary<Segment> = fc.record({
    p: prefix,
    start: fc.integer({ min: 1, max: 500 }),
    len: fc.integer({ min: 1, max: 30 }),
    style: fc.constantFrom('full', 'short', 'carried', 'list'),
  });
  const separator = fc.constantFrom(', ', ',', '; ', ' ', ' , ', '/');
  const dash = fc.constantFrom('-', '\u2013', '\u2212', ' - ', '..');

  it('ascending ranges and lists in any written style parse to their union', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(segment, separator, dash), { minLength: 1, maxLength: 8 }), (parts) => {
        const expected = new Set<string>();
        const written = parts.map(([s, sep, d]) => {
          const end = s.start + s.len - 1;
          for (let n = s.start; n <= end; n++) expected.add(`${s.p}${n}`);
          switch (s.style) {
            case 'full':
              return `${s.p}${s.start}${d}${s.p}${end}`;
            case 'short':
              return `${s.p}${s.start}${d}${end}`;
            case 'carried':
              return [`${s.p}${s.start}`, ...Array.from({ length: s.len - 1 }, (_, i) => String(s.start + i + 1))].join(
                sep,
              );
            case 'list':
              return Array.from({ length: s.len }, (_, i) => `${s.p}${s.start + i}`).join(sep);
          }
        });
        const text = parts.map(([, sep], i) => (i === 0 ? written[i] : `${sep}${written[i]}`)).join('');
        const parsed = parseDesignators(text);
        expect(new Set(parsed.list)).toEqual(expected);
        expect(parsed.list).toHaveLength(expected.size);
        expect(parsed.errors.every((e) => e.startsWith('listed more than once'))).toBe(true);
      }),
    );
  });

  it('lowercase and look-alike spacing parse the same as the clean text', () => {
    fc.assert(
      fc.property(fc.tuple(prefix, numbers), ([p, ns]) => {
        const clean = ns.map((n) => `${p}${n}`).join(', ');
        const messy = ns.map((n) => `${p.toLowerCase()}${n}`).join(',\u00A0\u2009');
        expect(parseDesignators(messy)).toEqual(parseDesignators(clean));
      }),
    );
  });

  it('never throws, never returns duplicates, and the count equals the list length', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.string({
        unit: fc.constantFrom('R', 'C', '1', '2', '9', '0', '-', ',', ' ', ';', '.', '\u2013', 'A', '/'),
        maxLength: 40,
      }),
    );
    fc.assert(
      fc.property(text, (t) => {
        const parsed = parseDesignators(t);
        expect(new Set(parsed.list).size).toBe(parsed.list.length);
        expect(parsed.list.length).toBeLessThanOrEqual(MAX_DESIGNATORS);
        expect(countDesignators(t)).toBe(parsed.list.length);
        for (const d of parsed.list) expect(d).toBe(d.toUpperCase());
      }),
      { numRuns: 2000 },
    );
  });
});
