/**
 * Properties of header detection and of the manufacturer matcher, over BOMs and names built at random from
 * the vocabularies real exports use: any column order, title and group rows above the header, blank runs
 * between lines, a footer block below; any spelling of a maker the name table knows.
 */
import fc from 'fast-check';
import { type Cell, MANUFACTURERS, manufacturerKey, manufacturerMatch, readBom } from '../../src/bom';

const FIELD_NAMES = {
  designators: [
    'Designator',
    'Reference',
    'Refs',
    'Ref Des',
    'Reference(s)',
    'Parts',
    'Schematic Reference',
    'Designators',
  ],
  quantity: ['Qty', 'Quantity', 'Qty per board', 'Order Qty.', 'Quantity Per PCB', 'Count', 'Quantity 1'],
  partNumber: ['MPN', 'Manf#', 'Mfr. #', 'Manufacturer Part Number', 'Mfr Part Number', 'Manufacturer Part Number 1'],
  manufacturer: ['Manufacturer', 'Mfr', 'Manf', 'MF', 'Brand', 'Manufacturer 1'],
  description: ['Description', 'Desc', 'Part Description'],
} as const;
type Field = keyof typeof FIELD_NAMES;

const EXTRAS: Record<string, (i: number) => Cell> = {
  Footprint: (i) => (i % 2 ? 'Resistor_SMD:R_0603_1608Metric' : 'SOT-23-5'),
  Value: (i) => `${i + 1}k`,
  Datasheet: () => 'https://example.com/ds.pdf',
  'LCSC Part #': (i) => `C${25804 + i}`,
  'Digi-Key Part Number': (i) => `311-${i + 1}KGRCT-ND`,
  Notes: () => '',
};

const PARTS = [
  'RC0603FR-07',
  'GRM155R71C104KA',
  'LM358DR',
  'BAV99-7-F',
  'STM32F103C8T',
  'TPS62130RGT',
  'AP2112K-3.3TRG',
];
const MAKERS = ['Yageo', 'Murata', 'Texas Instruments', 'Diodes Incorporated', 'STMicroelectronics'];

const TITLES: Cell[][] = [
  ['Bill of Materials'],
  ['Project:', 'Widget controller'],
  ['Date', '2024-05-01'],
  ['Global Part Info', '', '', 'Digi-Key', '', 'Mouser'],
  ['Revision B, approved'],
];
const FOOTERS: Cell[][][] = [
  [
    ['', 'Used currency rates:', '', 'Total Purchase:', 0],
    ['', 'USD($)/EUR(€):', 1.1873],
  ],
  [['Notes: parts marked X are optional']],
  [['Total', '', 12.5]],
];

const bom = fc.record({
  optional: fc.subarray(['manufacturer', 'description'] as Field[]),
  extras: fc.subarray(Object.keys(EXTRAS)),
  names: fc.record({
    designators: fc.constantFrom(...FIELD_NAMES.designators),
    quantity: fc.constantFrom(...FIELD_NAMES.quantity),
    partNumber: fc.constantFrom(...FIELD_NAMES.partNumber),
    manufacturer: fc.constantFrom(...FIELD_NAMES.manufacturer),
    description: fc.constantFrom(...FIELD_NAMES.description),
  }),
  seed: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
  titles: fc.subarray(TITLES),
  lines: fc.array(
    fc.record({
      part: fc.nat({ max: PARTS.length - 1 }),
      blanksBefore: fc.nat({ max: 3 }),
      qty: fc.integer({ min: 1, max: 4 }),
    }),
    {
      minLength: 1,
      maxLength: 15,
    },
  ),
  footer: fc.option(fc.constantFrom(...FOOTERS), { nil: undefined }),
});

describe('header detection properties', () => {
  it('finds the header below any title rows, maps every named column whatever its place, and reads every line and nothing else', () => {
    fc.assert(
      fc.property(bom, (b) => {
        const fields: Field[] = ['designators', 'quantity', 'partNumber', ...b.optional];
        const columns = [
          ...fields.map((f) => ({ field: f as Field | null, extra: null as string | null })),
          ...b.extras.map((e) => ({ field: null, extra: e })),
        ];
        // A seeded shuffle: the column order is part of the case fast-check shrinks.
        for (let i = columns.length - 1; i > 0; i--) {
          const j = b.seed[i % b.seed.length] % (i + 1);
          [columns[i], columns[j]] = [columns[j], columns[i]];
        }
        const cells: Cell[][] = [...b.titles.map((t) => [...t])];
        const headerRow = cells.length;
        cells.push(columns.map((c) => (c.field ? b.names[c.field] : c.extra)));
        const expected: Array<{ row: number; partNumber: string }> = [];
        b.lines.forEach((line, i) => {
          if (i > 0) for (let k = 0; k < line.blanksBefore; k++) cells.push([]);
          const partNumber = `${PARTS[line.part]}${i}`;
          const refs = Array.from({ length: line.qty }, (_, k) => `R${i * 10 + k + 1}`).join(', ');
          const values: Record<Field, Cell> = {
            designators: refs,
            quantity: line.qty,
            partNumber,
            manufacturer: MAKERS[i % MAKERS.length],
            description: `Part number ${i} of the board`,
          };
          expected.push({ row: cells.length, partNumber });
          cells.push(columns.map((c) => (c.field ? values[c.field] : EXTRAS[c.extra!](i))));
        });
        const tableEnd = cells.length - 1;
        if (b.footer) {
          cells.push([]);
          for (const row of b.footer) cells.push([...row]);
        }

        const r = readBom(cells);
        expect(r.headerRow).toBe(headerRow);
        for (const f of fields)
          expect({ f, column: r.mapping[f] }).toEqual({ f, column: columns.findIndex((c) => c.field === f) });
        expect(r.lines.map((l) => ({ row: l.row, partNumber: l.partNumber }))).toEqual(expected);
        expect(r.lines.map((l) => l.quantityPerBoard)).toEqual(b.lines.map((l) => l.qty));
        expect(r.skipped).toEqual([]);
        expect(r.tableEnd).toBe(tableEnd);
        expect(r.warnings.some((w) => w.code === 'footer')).toBe(b.footer !== undefined);
      }),
      { numRuns: 300 },
    );
  });

  it('a header of generic names (ref, value, Field1…) is the header, never a line, in any field order', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(['maker', 'mpn', 'desc'] as const, { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 2, max: 12 }),
        fc.nat({ max: 3 }),
        (order, n, spare) => {
          const header: Cell[] = [
            'ref',
            'value',
            ...order.map((_, i) => `Field${i + 1}`),
            ...Array.from({ length: spare }, (_, i) => `Field${order.length + i + 1}`),
          ];
          const cells: Cell[][] = [header];
          for (let i = 0; i < n; i++) {
            const by = {
              maker: MAKERS[i % MAKERS.length],
              mpn: `${PARTS[i % PARTS.length]}${i}`,
              desc: `CAP CER ${i + 1}PF 50V 5% NP0 0402`,
            };
            cells.push([
              `C${i + 1}`,
              `${i + 1}pF`,
              ...order.map((k) => by[k]),
              ...Array.from({ length: spare }, () => ''),
            ]);
          }
          const r = readBom(cells);
          expect(r.headerRow).toBe(0);
          expect(r.mapping.partNumber).toBe(2 + order.indexOf('mpn'));
          expect(r.lines.map((l) => l.row)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** A maker's name as a BOM might write it: any case, a legal suffix, a distributor's "(VA)", doubled spaces. */
const spelled = (name: string) =>
  fc
    .record({
      caseOf: fc.constantFrom<(s: string) => string>(
        (s) => s,
        (s) => s.toLowerCase(),
        (s) => s.replace(/\B\w+/g, (w) => w.toLowerCase()),
      ),
      suffix: fc.constantFrom('', ' Inc.', ', Inc', ' Corporation', ' Co., Ltd.', ' GmbH', ' LLC', ' (VA)', ' Corp'),
      spaces: fc.boolean(),
    })
    .map(({ caseOf, suffix, spaces }) => {
      const text = caseOf(name) + suffix;
      return spaces ? text.replace(/ /g, '  ') : text;
    });

function keysOfEntry(i: number): Set<string> {
  const e = MANUFACTURERS[i];
  return new Set([e.name, ...e.aliases].map(manufacturerKey));
}

function acquiredKeys(i: number): Set<string> {
  return new Set((MANUFACTURERS[i].acquired ?? []).map(manufacturerKey));
}

/** Two makers the table ties together: one bought the other, or both bought the same one. */
function related(i: number, j: number): boolean {
  const overlap = (a: Set<string>, b: Set<string>) => [...a].some((k) => b.has(k));
  return (
    overlap(keysOfEntry(i), acquiredKeys(j)) ||
    overlap(keysOfEntry(j), acquiredKeys(i)) ||
    overlap(acquiredKeys(i), acquiredKeys(j))
  );
}

const entry = fc.nat({ max: MANUFACTURERS.length - 1 });

describe('manufacturer matcher properties', () => {
  it('any spelling of a maker or of one of its aliases is the same maker', () => {
    fc.assert(
      fc.property(
        entry.chain((i) =>
          fc.tuple(fc.constant(i), fc.constantFrom(MANUFACTURERS[i].name, ...MANUFACTURERS[i].aliases).chain(spelled)),
        ),
        ([i, bom]) => {
          expect(manufacturerMatch(bom, MANUFACTURERS[i].name)).toBe('same');
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a maker it bought is a near match, never a different maker', () => {
    const pairs = MANUFACTURERS.flatMap((e, i) => (e.acquired ?? []).map((a) => [i, a] as const));
    fc.assert(
      fc.property(fc.constantFrom(...pairs), ([i, acquired]) => {
        expect(['near', 'same']).toContain(manufacturerMatch(acquired, MANUFACTURERS[i].name));
      }),
      { numRuns: 200 },
    );
  });

  it('two makers the table does not tie together do not match', () => {
    fc.assert(
      fc.property(entry, entry, (i, j) => {
        fc.pre(i !== j && !related(i, j));
        expect(manufacturerMatch(MANUFACTURERS[i].name, MANUFACTURERS[j].name)).toBe('none');
      }),
      { numRuns: 300 },
    );
  });

  it('no spelling in the name table names two makers', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const e of MANUFACTURERS) {
      for (const spelling of [e.name, ...e.aliases]) {
        const before = owner.get(spelling);
        if (before !== undefined && before !== e.name) clashes.push(`${spelling}: ${before} and ${e.name}`);
        owner.set(spelling, e.name);
      }
    }
    expect(clashes).toEqual([]);
    for (const e of MANUFACTURERS)
      for (const a of e.aliases) expect({ alias: a, key: manufacturerKey(a) }).toEqual({ alias: a, key: e.name });
  });

  it('every entry of the name table says where it comes from', () => {
    for (const e of MANUFACTURERS)
      expect({ name: e.name, source: e.source.length > 10 }).toEqual({ name: e.name, source: true });
  });
});
