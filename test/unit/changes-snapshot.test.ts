/**
 * Snapshots of real pricing runs (src/changes/snapshot.ts): made from the run's own records, read back, refused with
 * a stable code when damaged or of another version; and two runs of an edited BOM, against a catalog whose prices,
 * stock, lifecycles and lead times moved, compared: every kind of change found, the bridge adding up exactly.
 */
import { type Cell, readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase/price-lines';
import { LookupScheduler } from '../../src/lookup';
import { toMicro } from '../../src/pricing/money';
import { errorCodeOf } from '../../protocol/error-codes';
import {
  SnapshotError,
  buildSnapshot,
  changesSheetRows,
  changesSummary,
  compareRuns,
  effectsSum,
  readSnapshot,
  snapshotText,
} from '../../src/changes';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const T0 = Date.UTC(2026, 10, 2, 8);

async function priceRun(cells: Cell[][], catalog: FakeParts, at: number) {
  const scheduler = new LookupScheduler({ port: catalog, windowMs: 0, now: () => at, retry: { maxAttempts: 1 } });
  const read = readBom(cells);
  try {
    const result = await priceBom(read, scheduler, { now: () => new Date(at) });
    return { read, result, snapshot: buildSnapshot(read, result) };
  } finally {
    scheduler.close();
  }
}

function catalog(): FakeParts {
  const offer = (id: string, unit: number, o = {}) =>
    makeOffer({ sourcePartId: id, breaks: makeBreaks([1, unit], [100, unit * 0.8]), ...o });
  return new FakeParts().add(
    makePart('LM358N', [offer('S-LM', 0.5)]),
    makePart('BAV99', [offer('S-BAV', 0.02, { stock: 1_000 })]),
    makePart('NE555P', [offer('S-555', 0.3)]),
    makePart('1N4148', [offer('S-4148', 0.01), offer('S-4148B', 0.012)]),
    makePart('TL072CP', [offer('S-TL', 0.6)]),
    makePart('LM317T', [offer('S-317', 0.7, { pipeline: [{ date: '2026-12-01', quantity: 500 }] })]),
  );
}

const head: Cell[] = ['Ref', 'Qty', 'MPN'];
const first: Cell[][] = [
  head,
  ['U1', 1, 'LM358N'],
  ['D1,D2', 2, 'BAV99'],
  ['U2', 1, 'NE555P'],
  ['D3', 1, '1N4148'],
  ['U3', 1, 'TL072CP'],
  ['U4', 1, 'LM317T'],
];

describe('a snapshot of a run', () => {
  test('holds the lines as read and priced, the offers seen, the plan, the total and the time', async () => {
    const { result, snapshot } = await priceRun(first, catalog(), T0);
    expect(snapshot).toMatchObject({ version: 1, currency: 'USD', boards: 1, pricedAt: '2026-11-02T08:00:00.000Z' });
    expect(snapshot.lines.map((l) => [l.row, l.pn, l.des, l.need])).toEqual([
      [1, 'LM358N', 'U1', 1],
      [2, 'BAV99', 'D1,D2', 2],
      [3, 'NE555P', 'U2', 1],
      [4, '1N4148', 'D3', 1],
      [5, 'TL072CP', 'U3', 1],
      [6, 'LM317T', 'U4', 1],
    ]);
    expect(snapshot.lines[0]).toMatchObject({ cost: 500_000, unit: 500_000, items: [['S-LM', 1, 'ACNA']] });
    expect(snapshot.lines[5].arrival).toBe('2026-12-01');
    expect(snapshot.offers['1N4148'].map((o) => o[0])).toEqual(['S-4148', 'S-4148B']);
    expect(BigInt(snapshot.total)).toBe(toMicro(result.summary.totalPerBuild));
    expect(readSnapshot(snapshotText(snapshot), 'last.json')).toEqual(snapshot);
  });

  test('damaged, foreign or of another version: refused with a stable code, saying what is wrong', async () => {
    const { snapshot } = await priceRun(first, catalog(), T0);
    const refused = (text: string) => {
      try {
        readSnapshot(text, 'last.json');
      } catch (e) {
        expect(e).toBeInstanceOf(SnapshotError);
        return [errorCodeOf(e), (e as Error).message];
      }
      throw new Error('read');
    };
    expect(refused(snapshotText(snapshot).slice(0, 200))).toEqual([
      'PS_SNAPSHOT_DAMAGED',
      'last.json is not a snapshot of a pricing run: it is not JSON (damaged?).',
    ]);
    expect(refused('{"lines":[]}')[0]).toBe('PS_SNAPSHOT_DAMAGED');
    const newer = refused(JSON.stringify({ ...snapshot, version: 2 }));
    expect(newer[0]).toBe('PS_SNAPSHOT_VERSION');
    expect(newer[1]).toContain('last.json is a snapshot of version 2; this Partsheet reads version 1');
    expect(refused(JSON.stringify({ ...snapshot, version: undefined }))[1]).toContain('a snapshot of no version');
    const doc = () => JSON.parse(snapshotText(snapshot));
    expect(refused(JSON.stringify({ ...doc(), total: snapshot.total + 1 }))).toEqual([
      'PS_SNAPSHOT_DAMAGED',
      'last.json is damaged: its lines do not add up to its total.',
    ]);
    const badLine = doc();
    badLine.lines.need[0] = -1;
    expect(refused(JSON.stringify(badLine))[1]).toBe('last.json is damaged: its line 1 is not readable.');
    // The first line that does not read is named, whichever of its fields is wrong and wherever the others are.
    const twoBad = doc();
    twoBad.lines.status[1] = 'maybe';
    twoBad.lines.items[0] = [['E-1', 2]];
    expect(refused(JSON.stringify(twoBad))[1]).toBe('last.json is damaged: its line 1 is not readable.');
    const laterBad = doc();
    laterBad.lines.arrival[1] = 20261102;
    expect(refused(JSON.stringify(laterBad))[1]).toBe('last.json is damaged: its line 2 is not readable.');
    const short = doc();
    short.lines.pn.pop();
    expect(refused(JSON.stringify(short))[1]).toBe('last.json is damaged: its lines are not columns of one length.');
  });
});

describe('two runs of an edited BOM against a catalog that moved', () => {
  test('every kind of change is found, sorted by cost effect, and the bridge adds up', async () => {
    const parts = catalog();
    const before = await priceRun(first, parts, T0);
    const get = (pn: string) => parts.parts.get(pn)![0];
    get('LM358N').offers[0].breaks = makeBreaks([1, 0.55], [100, 0.44]);
    get('BAV99').offers[0].stock = 1;
    get('NE555P').status = 'Obsolete';
    get('TL072CP').offers[0].leadTimeWeeks = 20;
    get('LM317T').offers[0].pipeline = [{ date: '2027-01-15', quantity: 500 }];
    get('1N4148').offers[0].stock = 0;
    parts.add(makePart('LM741', [makeOffer({ sourcePartId: 'S-741', breaks: makeBreaks([1, 0.25]) })]));
    const edited: Cell[][] = [
      head,
      ['U9', 1, 'LM741'],
      ['U1', 4, 'LM358N'],
      ['D1,D2', 2, 'BAV99'],
      ['U2', 1, 'NE555P'],
      ['D3', 1, '1N4148'],
      ['U3', 1, 'TL072CP'],
    ];
    const after = await priceRun(edited, parts, T0 + 7 * 86_400_000);
    const c = compareRuns(before.snapshot, after.snapshot);
    const kinds = Object.fromEntries(c.changes.map((ch) => [(ch.after ?? ch.before)!.pn, ch.kinds]));
    expect(kinds).toEqual({
      LM741: ['added'],
      LM317T: ['removed'],
      LM358N: ['quantity', 'price-up'],
      BAV99: ['status', 'stock'],
      NE555P: ['lifecycle'],
      '1N4148': ['price-up', 'offer'],
      TL072CP: ['lead-time'],
    });
    expect(c.changes[0].kinds).toEqual(['quantity', 'price-up']);
    const bridge = c.bridge!;
    expect(bridge.change).toBe(BigInt(after.snapshot.total - before.snapshot.total));
    expect(effectsSum(bridge.effects)).toBe(bridge.change);
    expect(bridge.effects).toMatchObject({ added: 250_000n, removed: -700_000n, quantity: 1_500_000n });
    // LM358N's new price at 4 (+0.20), and BAV99 short: only the 1 in stock is bought (-0.02).
    expect(bridge.effects.price).toBe(180_000n);
    expect(bridge.effects.offer).toBe(2_000n);
    expect(changesSummary(c)).toBe('7 lines changed, +1.23 USD; 1 part no longer in stock');
    const rows = changesSheetRows(c, { before: 1, after: 1 });
    expect(rows.find((r) => r[1] === 'LM358N')).toEqual([
      3,
      'LM358N',
      'U1',
      'quantity 1 → 4; unit price up 0.50 → 0.55 USD',
      1.7,
      0.5,
      2.2,
    ]);
  });
});
