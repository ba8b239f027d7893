/**
 * The workbook's snapshots of runs, one per BOM sheet (src/excel/run-snapshot-sheet.ts over the layout of
 * src/changes/snapshot-sheet.ts), over the in-memory workbook: each sheet's run replaced in its own column, the
 * number kept bounded, and a sheet in the layout of one snapshot (a workbook priced before) still read.
 */
import {
  MAX_KEPT_SNAPSHOTS,
  type RunSnapshot,
  SNAPSHOT_FORMAT,
  SNAPSHOT_SHEET,
  SNAPSHOT_VERSION,
  snapshotChunks,
  snapshotText,
} from '../../src/changes';
import { createWorkbookPort } from '../../src/excel';
import { keptRunSnapshots, readRunSnapshot, writeRunSnapshot } from '../../src/excel/run-snapshot-sheet';
import { MemoryWorkbook } from '../../testing/excel';

function run(pricedAt: string, need: number): RunSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    pricedAt,
    currency: 'USD',
    boards: 1,
    firstRow: 1,
    total: 0,
    otherCurrency: 0,
    rates: [],
    lines: [
      {
        row: 1,
        pn: 'BAV99',
        mfr: '',
        des: 'D1',
        need,
        status: 'priced',
        part: 'BAV99',
        lifecycle: 'Active',
        cost: 0,
        unit: 0,
        cur: 'USD',
        items: [['E-1', need, 'ACNA']],
        stock: 10,
        leadWeeks: null,
        arrival: null,
      },
    ],
    offers: {},
  };
}

const at = (minute: number) => `2026-12-02T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('the workbook’s snapshots, one per BOM sheet', () => {
  test('each BOM sheet’s run replaces its own; the others stay, read only when asked for', async () => {
    const book = new MemoryWorkbook({ sheets: ['A', 'B'] });
    const port = createWorkbookPort(book.host);
    await writeRunSnapshot(port, run(at(1), 1), 'A');
    await writeRunSnapshot(port, run(at(2), 2), 'B');
    await writeRunSnapshot(port, run(at(3), 3), 'A');
    expect(book.visibility(SNAPSHOT_SHEET)).toBe('VeryHidden');
    expect((await keptRunSnapshots(port)).map((k) => [k.bomSheet, k.pricedAt])).toEqual([
      ['A', at(3)],
      ['B', at(2)],
    ]);
    expect((await readRunSnapshot(port, 'A'))?.snapshot.lines[0].need).toBe(3);
    expect((await readRunSnapshot(port, 'B'))?.snapshot.lines[0].need).toBe(2);
    expect(await readRunSnapshot(port, 'C')).toBeNull();
  });

  test('a long text over many cells, replaced by a shorter one, leaves none of its cells', async () => {
    const book = new MemoryWorkbook({ sheets: ['A'] });
    const port = createWorkbookPort(book.host);
    const long = run(at(1), 1);
    long.lines = Array.from({ length: 400 }, (_, i) => ({ ...long.lines[0], row: i + 1, des: `D${i + 1}` }));
    await writeRunSnapshot(port, long, 'A');
    await writeRunSnapshot(port, run(at(2), 7), 'B');
    await writeRunSnapshot(port, run(at(3), 5), 'A');
    expect((await readRunSnapshot(port, 'A'))?.snapshot.lines).toHaveLength(1);
    expect((await readRunSnapshot(port, 'B'))?.snapshot.lines[0].need).toBe(7);
  });

  test(`at most ${MAX_KEPT_SNAPSHOTS} BOM sheets are kept: a new one takes the place of the run priced longest ago`, async () => {
    const book = new MemoryWorkbook({ sheets: ['S'] });
    const port = createWorkbookPort(book.host);
    for (let i = 0; i < MAX_KEPT_SNAPSHOTS; i++) await writeRunSnapshot(port, run(at(10 + i), i), `S${i}`);
    // S0 priced again: now S1 is the oldest.
    await writeRunSnapshot(port, run(at(30), 9), 'S0');
    await writeRunSnapshot(port, run(at(31), 1), 'New');
    const kept = await keptRunSnapshots(port);
    expect(kept).toHaveLength(MAX_KEPT_SNAPSHOTS);
    expect(kept.map((k) => k.bomSheet)).not.toContain('S1');
    expect(kept.map((k) => k.bomSheet)).toEqual(expect.arrayContaining(['S0', 'New', 'S2', 'S7']));
    expect((await readRunSnapshot(port, 'New'))?.snapshot.lines[0].need).toBe(1);
    expect(await readRunSnapshot(port, 'S1')).toBeNull();
  });

  test('a workbook priced before (one snapshot down column A, its BOM sheet in B1) is read, and kept beside new runs', async () => {
    const book = new MemoryWorkbook({ sheets: ['A', 'B'] });
    const port = createWorkbookPort(book.host);
    const chunks = snapshotChunks(snapshotText(run(at(1), 4)), 100);
    await port.writeHiddenSheet(
      SNAPSHOT_SHEET,
      chunks.map((c, i) => (i === 0 ? [c, 'A'] : [c])),
    );
    expect((await readRunSnapshot(port, 'A'))?.snapshot.lines[0].need).toBe(4);
    expect(await readRunSnapshot(port, 'B')).toBeNull();
    await writeRunSnapshot(port, run(at(2), 6), 'B');
    expect((await readRunSnapshot(port, 'A'))?.snapshot.lines[0].need).toBe(4);
    expect((await readRunSnapshot(port, 'B'))?.snapshot.lines[0].need).toBe(6);
    // The one snapshot of the command line's output names no BOM sheet: it is no sheet's, and gives way.
    await port.writeHiddenSheet(
      SNAPSHOT_SHEET,
      chunks.map((c) => [c]),
    );
    expect(await keptRunSnapshots(port)).toEqual([{ bomSheet: '', pricedAt: '', column: 0 }]);
    await writeRunSnapshot(port, run(at(3), 2), 'A');
    expect((await keptRunSnapshots(port)).map((k) => k.bomSheet)).toEqual(['A']);
  });
});
