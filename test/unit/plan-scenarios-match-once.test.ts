/**
 * Scenarios match the BOM once and plan each quantity from that match: every figure and every word of a quantity's
 * result is what a run at that quantity alone gives, for BOMs with what the match settles (lines not looked up, a
 * failed lookup, not found, ambiguous with quoted candidates, replacements, pinned offers, approved alternates whose
 * choice changes with the quantity, DNP rows with a quantity, shared parts and overage); and the match asks the
 * service once.
 */
import { type Cell, readBom } from '../../src/bom';
import { type BomLookupPort, matchBom, priceBom, priceMatched } from '../../src/purchase/price-lines';
import { priceScenarios, scenarioTable } from '../../src/purchase/scenarios';
import { CatalogError } from '../../src/catalog/errors';
import { LookupScheduler } from '../../src/lookup';
import { toMicro } from '../../src/pricing/money';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const T0 = Date.UTC(2026, 2, 2, 9);

function catalog(): FakeParts {
  const offer = (id: string, stock: number, unit: number, extra: { moq?: number; packSize?: number } = {}) =>
    makeOffer({
      sourcePartId: id,
      sourceCode: 'ACNA',
      stock,
      breaks: makeBreaks([1, unit], [100, unit * 0.8], [1_000, unit * 0.6]),
      ...extra,
    });
  return new FakeParts().add(
    // Enough for 10 boards (3 a board), short from 100: the alternate is bought from then on.
    makePart('PRIM-1', [offer('PRIM-A', 40, 0.5)]),
    makePart('ALT-1', [offer('ALT-A', 1_000_000, 0.7)]),
    // A cut tape, and a reel that wins at larger needs.
    makePart('SHARED-1', [offer('CUT-S', 800, 0.1), offer('REEL-S', 500_000, 0.02, { moq: 5_000, packSize: 5_000 })]),
    makePart('PINNED-1', [offer('PIN-A', 100_000, 0.3), offer('PIN-B', 100_000, 0.2)]),
    // Two makers of one part number: ambiguous when the BOM names none.
    makePart('TWIN-1', [offer('TWIN-TI', 100_000, 1)]),
    makePart('TWIN-1', [offer('TWIN-ST', 100_000, 2)], {
      manufacturerCode: 'ST',
      manufacturerName: 'STMicroelectronics',
    }),
    makePart('NEWER-1', [offer('NEW-A', 100_000, 0.9)]),
    makePart('OBS-1', [offer('OBS-A', 100_000, 0.4)], { status: 'Obsolete' }),
  );
}

/** Fails every lookup of BROKEN-1, as a service that cannot answer for it would. */
function withFault(port: BomLookupPort): BomLookupPort & { calls: number } {
  const out = {
    calls: 0,
    lookupMany: (async (requests, options) => {
      out.calls++;
      const results = await port.lookupMany(requests, options);
      return results.map((r, i) =>
        requests[i].partNumber === 'BROKEN-1'
          ? new CatalogError('unreachable', 'The parts service did not answer.')
          : r,
      );
    }) as BomLookupPort['lookupMany'],
  };
  return out;
}

const BOM: Cell[][] = [
  ['Ref', 'Qty', 'MPN', 'Manufacturer', 'MPN2', 'MFG2', 'Replacement', 'Pinned offer', 'DNP'],
  ['U1', 3, 'PRIM-1', '', 'ALT-1', '', '', '', ''],
  ['R1-R4', 4, 'SHARED-1', '', '', '', '', '', ''],
  ['R5-R6', 2, 'shared 1', 'TI', '', '', '', '', ''],
  ['C1', 1, 'PINNED-1', '', '', '', '', 'PIN-A', ''],
  ['U2', 1, 'TWIN-1', '', '', '', '', '', ''],
  ['U3', 2, 'OBS-1', '', '', '', 'NEWER-1', '', ''],
  ['U4', 1, 'BROKEN-1', '', '', '', '', '', ''],
  ['U5', 1, 'NOWHERE-1', '', 'NOWHERE-2', '', '', '', ''],
  ['U6', 1, '#*#', '', '', '', '', '', ''],
  ['U7', 2, 'SHARED-1', '', '', '', '', '', 'DNP'],
];

const OPTIONS = { overage: { percent: 5, minExtra: 2 }, now: () => new Date(T0) };

// One catalog for every run (it answers each lookup with copies of its parts), so item ids are the same.
const CATALOG = catalog();

function scheduler(parts: FakeParts = CATALOG): LookupScheduler {
  return new LookupScheduler({ port: parts, windowMs: 0, now: () => T0, retry: { maxAttempts: 1 } });
}

describe('scenarios match once and plan each quantity', () => {
  test('each quantity is, field for field, the run at that quantity alone; one lookup for all', async () => {
    const quantities = [1, 10, 100, 1_000, 7_000];
    const port = withFault(scheduler());
    const runs = await priceScenarios(readBom(BOM), port, quantities, OPTIONS);
    expect(port.calls).toBe(1);
    for (const run of runs) {
      const alone = await priceBom(readBom(BOM), withFault(scheduler()), {
        ...OPTIONS,
        boards: run.boards,
      });
      expect(run.result).toEqual(alone);
      expect(toMicro(run.result.summary.totalPerBuild)).toBe(toMicro(alone.summary.totalPerBuild));
    }
    // What the BOM shows at each quantity: the alternate bought once the primary is short, the failed lookup, the
    // ambiguous line's candidates quoted at its need (overage included), the replacement and the pinned offer.
    const at = (boards: number, row: number) =>
      runs.find((r) => r.boards === boards)!.result.lines.find((l) => l.row === row)!;
    expect(at(10, 1).matchedPart).toBe('PRIM-1');
    expect(at(100, 1).matchedPart).toBe('ALT-1');
    expect(at(100, 1).alternate?.reason).toMatch(/PRIM-1 is short/);
    expect(at(1_000, 7)).toMatchObject({ status: 'no price', lookupError: 'unreachable' });
    expect(at(10, 5).status).toBe('ambiguous');
    expect(at(10, 5).candidates.map((c) => c.quote?.total)).toEqual([12, 24]);
    expect(at(100, 5).candidates.map((c) => c.quote?.total)).toEqual([84, 168]);
    expect(at(10, 6).matchedPart).toBe('NEWER-1');
    expect(at(10, 4).itemId).toBe('PIN-A');
    expect(at(10, 8).statusReason).toBe('approved alternate NOWHERE-2 not found either');
    expect(at(100, 10)).toMatchObject({ status: 'skipped', need: null });
    // The shared part changes offer between the quantities, and the table says so.
    const table = scenarioTable(runs);
    expect(table.quantities.find((q) => q.boards === 1_000)!.changed.map((c) => c.partNumber)).toEqual(
      expect.arrayContaining(['SHARED-1']),
    );
  });

  test('one match serves plans at any quantity, and a plan changes nothing of the match', async () => {
    const read = readBom(BOM);
    const matched = await matchBom(read, withFault(scheduler()), OPTIONS);
    const before = JSON.stringify(matched);
    const big = priceMatched(matched, read, { ...OPTIONS, boards: 1_000 });
    const small = priceMatched(matched, read, { ...OPTIONS, boards: 1 });
    expect(JSON.stringify(matched)).toBe(before);
    expect(priceMatched(matched, read, { ...OPTIONS, boards: 1_000 })).toEqual(big);
    expect(small.summary.totalPerBuild).toBeLessThan(big.summary.totalPerBuild);
    expect(small.lines.find((l) => l.row === 1)!.matchedPart).toBe('PRIM-1');
    expect(big.lines.find((l) => l.row === 1)!.matchedPart).toBe('ALT-1');
  });
});
