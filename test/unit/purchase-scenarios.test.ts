import { type Cell, readBom } from '../../src/bom';
import type { BomLookupPort } from '../../src/purchase/price-lines';
import type { Offer } from '../../src/catalog';
import { LookupScheduler } from '../../src/lookup';
import {
  type PurchaseResult,
  ScenarioError,
  type ScenarioBom,
  type StockEntry,
  parseBuildsList,
  planPurchase,
  planPurchaseScenarios,
  scenarioBuilds,
  scenarioFormats,
  scenarioHeaders,
  scenarioLines,
  scenarioRows,
} from '../../src/purchase';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const T0 = Date.UTC(2026, 10, 1, 8, 0);

function offer(o: Partial<Offer> & Pick<Offer, 'sourcePartId'>): Offer {
  return makeOffer({ sourceCode: 'ACNA', breaks: makeBreaks([1, 0.1]), stock: 100_000, ...o });
}

function catalog(): FakeParts {
  return new FakeParts().add(
    // A 100 and a 1,000 break: the combined need of the BOMs reaches them at some quantities only.
    makePart('SHARED-1', [offer({ sourcePartId: 'S1', breaks: makeBreaks([1, 0.1], [100, 0.05], [1000, 0.031]) })]),
    // Two offers with packs and a MOQ: the split changes with the need.
    makePart('CAP-2', [
      offer({ sourcePartId: 'C1', breaks: makeBreaks([1, 0.0123]), packSize: 50 }),
      offer({ sourcePartId: 'C2', sourceCode: 'EUROPE', breaks: makeBreaks([500, 0.0071]), moq: 500, stock: 2_000 }),
    ]),
    // Little stock: short at the larger quantities.
    makePart('RARE-3', [offer({ sourcePartId: 'R1', breaks: makeBreaks([1, 2.5], [10, 2.17]), stock: 40 })]),
    makePart('ONLY-B', [offer({ sourcePartId: 'B1', breaks: makeBreaks([1, 0.33], [25, 0.29]) })]),
  );
}

/** A scheduler over `port` that counts the lookups asked of it. */
function counted(port: FakeParts): { scheduler: BomLookupPort; calls: number[] } {
  const inner = new LookupScheduler({ port, windowMs: 0, now: () => T0, retry: { maxAttempts: 1 } });
  const calls: number[] = [];
  return {
    calls,
    scheduler: {
      lookupMany: (requests, options) => {
        calls.push(requests.length);
        return inner.lookupMany(requests, options);
      },
    },
  };
}

function bom(name: string, builds: number[], lines: Array<[string, number]>): ScenarioBom {
  const cells: Cell[][] = [['MPN', 'Manufacturer', 'Qty'], ...lines.map(([pn, qty]) => [pn, 'TI', qty])];
  return { name, builds, read: readBom(cells) };
}

const BOMS = [
  bom(
    'A',
    [10, 20, 50],
    [
      ['SHARED-1', 3],
      ['CAP-2', 7],
      ['RARE-3', 1],
    ],
  ),
  bom(
    'B',
    [25, 50, 100],
    [
      ['SHARED-1', 2],
      ['ONLY-B', 1],
      ['CAP-2', 4],
    ],
  ),
  bom('C', [5], [['RARE-3', 2]]),
];
const ON_HAND: StockEntry[] = [
  { partNumber: 'SHARED-1', manufacturer: '', quantity: 40, origin: 'stock row 2' },
  { partNumber: 'RARE-3', manufacturer: 'TI', quantity: 6, origin: 'stock row 3' },
];
const ON_ORDER: StockEntry[] = [{ partNumber: 'CAP-2', manufacturer: '', quantity: 100, origin: 'order 90000001' }];
const OPTIONS = { onHand: ON_HAND, onOrder: ON_ORDER, overage: { percent: 2, minExtra: 1 } };

/** What a list says that money and quantities hang on: every amount in micro-units. */
function figures(r: PurchaseResult) {
  return {
    micro: r.micro,
    rows: r.rows.map((row) => [
      row.partNumber,
      row.needs,
      row.toBuy,
      row.orderQty,
      row.micro,
      row.shares,
      row.shareMicros,
      row.status,
      row.plan.excessMicro,
      row.purchases.map((p) => [p.itemId, p.qty]),
    ]),
    boms: r.boms.map((b) => [b.name, b.builds, b.micro, b.buildableOnHand, b.buildableWithOrders]),
    unlisted: r.unlisted,
  };
}

describe('purchase list scenarios: several build quantities per BOM', () => {
  test('each scenario equals a separate run at its combination, to the micro-unit, with one lookup for all', async () => {
    const port = catalog();
    const run = counted(port);
    const s = await planPurchaseScenarios(BOMS, run.scheduler, OPTIONS);
    expect(run.calls).toEqual([4]);
    expect(port.answered).toBe(1);
    expect(s.lookups).toBe(4);
    expect(s.scenarios.map((sc) => sc.builds)).toEqual([
      [10, 25, 5],
      [20, 50, 5],
      [50, 100, 5],
    ]);
    expect(s.scenarios.map((sc) => sc.label)).toEqual([
      'A × 10 + B × 25 + C × 5',
      'A × 20 + B × 50 + C × 5',
      'A × 50 + B × 100 + C × 5',
    ]);

    for (const sc of s.scenarios) {
      const alone = await planPurchase(
        BOMS.map((b, i) => ({ name: b.name, read: b.read, builds: sc.builds[i] })),
        counted(catalog()).scheduler,
        OPTIONS,
      );
      expect(figures(sc.result)).toEqual(figures(alone));
      expect(sc.micro).toBe(alone.micro);
      expect(sc.shares.map((share) => share.micro)).toEqual(alone.boms.map((b) => b.micro));
      expect(sc.shares.reduce((a, share) => a + share.micro, 0n)).toBe(sc.micro);
      expect(sc.excessMicro).toBe(alone.rows.reduce((a, r) => a + r.plan.excessMicro, 0n));
      expect(sc.partsToBuy).toBe(alone.rows.filter((r) => r.orderQty > 0).length);
    }
    // The quantities change what is bought: the scenarios are not one list repeated.
    expect(new Set(s.scenarios.map((sc) => sc.micro)).size).toBe(3);
    // SHARED-1 at A × 50 + B × 100: 150 + 200 (+2 % overage per line: 3 + 4) = 357, less 40 on hand.
    const shared = s.scenarios[2].result.rows.find((r) => r.partNumber === 'SHARED-1')!;
    expect([shared.need, shared.toBuy]).toEqual([357, 317]);
    // RARE-3 runs short at the largest quantities (40 in stock): said per scenario.
    expect(s.scenarios.map((sc) => sc.short)).toEqual([0, 0, 1]);
  });

  test('the Scenarios section: one row per scenario, the chosen one marked; the chosen scenario is the list', async () => {
    const s = await planPurchaseScenarios(BOMS, counted(catalog()).scheduler, { ...OPTIONS, chosen: 1 });
    expect(s.chosen).toBe(1);
    const rows = scenarioRows(s);
    expect(rows.map((r) => [r[0], r[1], r[r.length - 1]])).toEqual([
      [1, 'A × 10 + B × 25 + C × 5', ''],
      [2, 'A × 20 + B × 50 + C × 5', 'yes'],
      [3, 'A × 50 + B × 100 + C × 5', ''],
    ]);
    expect(rows[1][2]).toBe(s.scenarios[1].total);
    // One column model gives the headers, the formats and the cells: each BOM's share under its own header.
    const names = s.scenarios[1].shares.map((share) => share.name);
    const headers = scenarioHeaders(names);
    expect(scenarioFormats(names)).toHaveLength(headers.length);
    for (const row of rows) expect(row).toHaveLength(headers.length);
    for (const [b, name] of names.entries())
      expect(rows[1][headers.indexOf(`Share ${name}`)]).toBe(s.scenarios[1].shares[b].cost);
    const lines = scenarioLines(s);
    expect(lines[0]).toBe('Scenarios (one lookup for all):');
    expect(lines[2]).toMatch(/^ {2}\* 2\. A × 20 \+ B × 50 \+ C × 5: [\d,.]+ USD; \d+ of 4 parts to buy/);
    expect(lines[lines.length - 1]).toBe('The list below is scenario 2 (A × 20 + B × 50 + C × 5).');
    await expect(planPurchaseScenarios(BOMS, counted(catalog()).scheduler, { ...OPTIONS, chosen: 3 })).rejects.toThrow(
      'there are 3 scenarios: choose one from 1 to 3; got 4',
    );
  });

  test('a BOM with one quantity keeps it in every scenario; lists of different lengths are refused, naming them', () => {
    expect(
      scenarioBuilds([
        { name: 'A', builds: [10, 20, 50] },
        { name: 'B', builds: [25] },
      ]),
    ).toEqual([
      [10, 25],
      [20, 25],
      [50, 25],
    ]);
    expect(scenarioBuilds([{ name: 'A', builds: [10] }])).toEqual([[10]]);
    const mismatched = () =>
      scenarioBuilds([
        { name: 'A.csv', builds: [10, 20, 50] },
        { name: 'B.xlsx', builds: [25, 50] },
      ]);
    expect(mismatched).toThrow(ScenarioError);
    expect(mismatched).toThrow(
      "the build quantities cannot be paired into scenarios: A.csv has 3 (10, 20, 50), B.xlsx has 2 (25, 50). Scenario 1 takes each BOM's first quantity",
    );
  });

  test('build quantities are read in the order written; a grouped number is one quantity', () => {
    expect(parseBuildsList('10,20,50')).toEqual([10, 20, 50]);
    expect(parseBuildsList('50, 10; 20')).toEqual([50, 10, 20]);
    expect(parseBuildsList('1,000')).toEqual([1000]);
    expect(parseBuildsList('1_000 2')).toEqual([1000, 2]);
    expect(() => parseBuildsList('10,0')).toThrow(
      "each number of builds must be a whole number from 1 to 1,000,000; got '0'",
    );
    expect(() => parseBuildsList('')).toThrow(ScenarioError);
    expect(() => parseBuildsList('1,2,3,4,5,6,7,8,9')).toThrow('at most 8 build quantities a BOM; got 9');
  });
});
