/**
 * The cost bridge (src/changes/bridge.ts): each kind of change put to its own effect by hand-made pairs of snapshots,
 * and, over 1,000 random pairs (seeded), the effects adding up exactly, to the micro-unit, to the change of total.
 */
import fc from 'fast-check';
import {
  type RunSnapshot,
  type SnapshotLine,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  compareRuns,
  effectsSum,
  readSnapshot,
  snapshotText,
} from '../../src/changes';

function line(row: number, o: Partial<SnapshotLine> = {}): SnapshotLine {
  return {
    row,
    pn: `PN${row}`,
    mfr: '',
    des: `R${row}`,
    need: 10,
    status: 'priced',
    part: `PN${row}`,
    lifecycle: 'Active',
    cost: 1_000_000,
    unit: 100_000,
    cur: 'USD',
    items: [[`S-${row}`, 10, 'ACNA']],
    stock: 500,
    leadWeeks: 8,
    arrival: null,
    ...o,
  };
}

function run(lines: SnapshotLine[], o: Partial<RunSnapshot> = {}): RunSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    pricedAt: '2026-11-02T08:00:00.000Z',
    currency: 'USD',
    boards: 1,
    firstRow: 2,
    total: lines.reduce((n, l) => n + l.cost, 0),
    otherCurrency: 0,
    rates: [],
    lines,
    offers: {},
    ...o,
  };
}

describe('the cost bridge, by hand', () => {
  test('a line added and a line removed: their costs, in and out', () => {
    const c = compareRuns(run([line(1), line(2, { cost: 700_000 })]), run([line(1), line(3, { cost: 2_500_000 })]));
    expect(c.bridge!.effects).toMatchObject({ added: 2_500_000n, removed: -700_000n, quantity: 0n, price: 0n });
    expect(c.bridge!.change).toBe(1_800_000n);
    expect(c.changes.map((ch) => ch.kinds)).toEqual([['added'], ['removed']]);
  });

  test('a need doubled at the same unit price is all quantity; a new break is price', () => {
    const before = run([line(1), line(2)]);
    const after = run([
      line(1, { need: 20, cost: 2_000_000, items: [['S-1', 20, 'ACNA']] }),
      line(2, { need: 20, cost: 1_600_000, unit: 80_000, items: [['S-2', 20, 'ACNA']] }),
    ]);
    const c = compareRuns(before, after);
    expect(c.bridge!.effects).toMatchObject({ quantity: 2_000_000n, price: -400_000n, offer: 0n });
    expect(c.changes.find((ch) => ch.after!.row === 2)!.kinds).toEqual(['quantity', 'price-down']);
  });

  test('a need cut to a third rounds half up, and the rest is price, exactly', () => {
    const c = compareRuns(run([line(1, { need: 3, cost: 1_000_001 })]), run([line(1, { need: 1, cost: 333_334 })]));
    // 1,000,001 × 1/3 = 333,333.67, rounded to 333,334: the quantity effect -666,667; nothing left for price.
    expect(c.bridge!.effects).toMatchObject({ quantity: -666_667n, price: 0n });
  });

  test('another offer chosen: an offer switch; another part: a switch too, and the part said', () => {
    const c = compareRuns(
      run([line(1), line(2)]),
      run([
        line(1, { items: [['S-9', 10, 'EUROPE']], cost: 900_000, unit: 90_000 }),
        line(2, { pn: 'PN2B', part: 'PN2B', items: [['S-2B', 10, 'ACNA']], cost: 1_100_000, unit: 110_000 }),
      ]),
    );
    expect(c.bridge!.effects).toMatchObject({ offer: 0n, price: 0n });
    expect(c.changes.map((ch) => ch.kinds)).toEqual([
      ['price-down', 'offer'],
      ['part', 'price-up', 'offer'],
    ]);
    expect(c.changes.map((ch) => ch.effects.offer)).toEqual([-100_000n, 100_000n]);
  });

  test('an offer in EUR at a new rate: the rate effect, then quantity and price on top', () => {
    const eur = { cur: 'EUR', items: [['S-E', 10, 'EUROPE']] as SnapshotLine['items'] };
    const before = run([line(1, { ...eur, cost: 1_100_000 })], {
      rates: [{ from: 'EUR', rate: 1.1, method: 'learned', asOf: '2026-11-02T08:00:00.000Z' }],
    });
    const after = run([line(1, { ...eur, need: 20, cost: 2_300_000 })], {
      rates: [{ from: 'EUR', rate: 1.2, method: 'learned', asOf: '2026-11-09T08:00:00.000Z' }],
    });
    const c = compareRuns(before, after);
    // 1.10 USD at 1.1 is 1.00 EUR; at 1.2, 1.20 USD (+0.10); twice the need: +1.20; the last 0.10 USD is price.
    expect(c.bridge!.effects).toMatchObject({ rates: 100_000n, quantity: 1_200_000n, price: -100_000n, offer: 0n });
    expect(effectsSum(c.bridge!.effects)).toBe(c.bridge!.change);
  });

  test('stock, lifecycle, lead time and arrival moves are found, with no cost effect of their own', () => {
    const c = compareRuns(
      run([line(1)]),
      run([line(1, { stock: 4, status: 'short', lifecycle: 'NRND', leadWeeks: 12, arrival: '2026-12-01' })]),
    );
    expect(c.changes[0].kinds).toEqual(['status', 'stock', 'lifecycle', 'lead-time', 'arrival']);
    expect(c.changes[0].costChange).toBe(0n);
  });

  test('lines are matched across an edited BOM: rows moved, designators grown, a part edited in place', () => {
    const before = run([line(1, { des: 'R1,R2' }), line(2, { des: 'C1' }), line(3, { des: '', pn: 'X', part: 'X' })]);
    const after = run([
      line(1, { des: 'U9', pn: 'NEW', part: 'NEW', items: [['S-N', 1, 'ACNA']] }),
      line(2, { des: 'R2,R1,R3', pn: 'PN1', part: 'PN1', items: [['S-1', 10, 'ACNA']] }),
      line(3, { des: 'C1', pn: 'PN2', part: 'PN2', items: [['S-2', 10, 'ACNA']] }),
      line(5, { des: '', pn: 'x', part: 'X', items: [['S-3', 10, 'ACNA']] }),
    ]);
    const c = compareRuns(before, after);
    expect(c.matched).toBe(3);
    expect(c.changes.map((ch) => ch.kinds)).toEqual([['added']]);
    expect(c.changes[0].after!.pn).toBe('NEW');
  });

  test('runs in different currencies: the changes, but no bridge, and why', () => {
    const c = compareRuns(run([line(1)]), run([line(1, { need: 20 })], { currency: 'EUR' }));
    expect(c.bridge).toBeNull();
    expect(c.bridgeMissing).toContain('different currencies (USD, then EUR)');
    expect(c.changes[0].kinds).toEqual(['quantity']);
  });
});

/** A random line; lines of the two runs share rows, designators and part numbers often enough to be matched. */
const lineArb = (row: number) =>
  fc
    .record({
      need: fc.integer({ min: 0, max: 5_000 }),
      cost: fc.integer({ min: 0, max: 50_000_000_000 }),
      unit: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
      offer: fc.constantFrom('S-A', 'S-B', 'S-C'),
      part: fc.constantFrom('P1', 'P2', 'P3', 'P4'),
      des: fc.constantFrom('', 'R1', 'R1,R2', 'C1', 'U1,U2,U3'),
      cur: fc.constantFrom('USD', 'EUR', 'GBP', null),
      status: fc.constantFrom('priced', 'short', 'not found', 'no price'),
    })
    .map((r): SnapshotLine =>
      line(row, {
        need: r.need,
        cost: r.cost,
        unit: r.unit,
        items: [[r.offer, r.need, 'ACNA']],
        pn: r.part,
        part: r.part,
        des: r.des,
        cur: r.cur,
        status: r.status as SnapshotLine['status'],
      }),
    );

const runArb = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 30 }),
    fc.double({ min: 0.5, max: 2, noNaN: true }),
    fc.double({ min: 0.005, max: 0.02, noNaN: true }),
  )
  .chain(([rows, eur, jpy]) =>
    fc.tuple(...rows.sort((a, b) => a - b).map(lineArb)).map((lines) =>
      run(lines, {
        rates: [
          { from: 'EUR', rate: eur, method: 'learned', asOf: '2026-11-02T08:00:00.000Z' },
          { from: 'GBP', rate: eur * 1.15, method: 'given', asOf: '2026-11-02T08:00:00.000Z' },
          { from: 'JPY', rate: jpy, method: 'learned', asOf: '2026-11-02T08:00:00.000Z' },
        ],
      }),
    ),
  );

describe('the cost bridge over random pairs of runs', () => {
  test('the effects add up exactly to the change of total, and each line’s to its change, for 1,000 pairs', () => {
    fc.assert(
      fc.property(runArb, runArb, (before, after) => {
        // Through the file format, as a later run reads an earlier one.
        const c = compareRuns(readSnapshot(snapshotText(before), 'a'), readSnapshot(snapshotText(after), 'b'));
        const bridge = c.bridge!;
        expect(bridge.change).toBe(BigInt(after.total) - BigInt(before.total));
        expect(effectsSum(bridge.effects)).toBe(bridge.change);
        for (const ch of c.changes) expect(effectsSum(ch.effects)).toBe(ch.costChange);
        const changed = c.changes.reduce((n, ch) => n + ch.costChange, 0n);
        expect(changed).toBe(bridge.change);
        expect(c.matched + c.changes.filter((ch) => ch.before === null).length).toBe(after.lines.length);
      }),
      { numRuns: 1_000, seed: 45 },
    );
  });
});
