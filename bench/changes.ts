/**
 * `npm run bench changes`: the snapshot of a 5,000-line BOM's run and the comparison of two runs of it
 * (docs/changes.md). The BOM (1,500 distinct parts, bench/bom.ts's) is priced against the real service over a
 * 20,000-part demo catalog, edited as a buyer edits one between runs (lines inserted on top, lines removed, quantities
 * changed, parts replaced in place, lines marked DNP) and priced again. Measured: the snapshot's size as JSON and in
 * the workbook's cells (goal < 2 MB, also as sent to the workbook through the pane's port), making it, reading it back, and comparing the two runs (goal < 200 ms, median
 * of 7, the first untimed), with the bridge checked to add up exactly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cell, readBom } from '../src/bom';
import { isComponentValue } from '../src/bom/row-kinds';
import { priceBom } from '../src/purchase/price-lines';
import { CatalogClient } from '../src/catalog/client';
import { LookupScheduler } from '../src/lookup';
import { RateBook, tokenSearchProbe } from '../src/pricing/rates';
import {
  type RunSnapshot,
  buildSnapshot,
  compareRuns,
  effectsSum,
  readSnapshot,
  snapshotChunks,
  snapshotText,
} from '../src/changes';
import { startService, type RunningService } from '../service/server';
import { Rng } from '../service/demo/random';
import { openDatabase } from '../service/store/db';
import { createWorkbookPort } from '../src/excel';
import { readRunSnapshot, writeRunSnapshot } from '../src/excel/run-snapshot-sheet';
import { MemoryWorkbook } from '../testing/excel';
import { type CatalogPart, buildBom } from './bom';
import { median, msSince, printTable, writeResult, type Row } from './report';

/**
 * The snapshot in the workbook as the pane keeps it (a very hidden sheet, through the workbook port), over the
 * in-memory workbook: what the write sends Excel, how long writing and reading back take, and that it reads back whole.
 */
async function workbookForm(snapshot: RunSnapshot) {
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  const port = createWorkbookPort(book.host);
  let t = process.hrtime.bigint();
  await writeRunSnapshot(port, snapshot, 'BOM');
  const writeMs = msSince(t);
  const { totalRequestBytes, maxRequestBytes, syncs } = book.stats();
  t = process.hrtime.bigint();
  const back = await readRunSnapshot(port, 'BOM');
  const readMs = msSince(t);
  const whole = back !== null && snapshotText(back.snapshot) === snapshotText(snapshot);
  return { totalRequestBytes, maxRequestBytes, syncs, writeMs, readMs, whole };
}

/** CPU time of this process since `from` (process.cpuUsage()), ms: less shaken than wall time by a busy machine. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

/** The BOM edited between runs: `header` is the index of its header row; the lines below it are edited in place. */
function editBom(cells: Cell[][], header: number, spare: CatalogPart[], rng: Rng): Cell[][] {
  const rows = cells.slice(header + 1).map((r) => [...r]);
  for (let i = 0; i < 100; i++) rows[rng.int(0, rows.length - 1)][2] = rng.int(1, 20); // quantities
  for (let i = 0; i < 50; i++) {
    const row = rows[rng.int(0, rows.length - 1)];
    row[4] = spare[i % spare.length].partNumber; // a part replaced in place
    row[3] = '';
  }
  for (let i = 0; i < 25; i++) rows[rng.int(0, rows.length - 1)][2] = 'DNP';
  const kept = rows.filter(() => !rng.chance(0.01)); // about 50 lines removed
  const added = spare.slice(50, 100).map((p, i) => [`N${i + 1}`, `U${90_000 + i}`, 1, '', p.partNumber, p.description]);
  return [...cells.slice(0, header + 1), ...added, ...kept];
}

export async function runChangesBench(
  options: { lines?: number; distinct?: number } = {},
): Promise<Record<string, unknown>> {
  const lineCount = options.lines ?? 5_000;
  const distinct = options.distinct ?? 1_500;
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-changes-bench-'));
  let running: RunningService | undefined;
  try {
    running = await startService({ dataDir, port: 0, testPort: 0, host: '127.0.0.1', parts: 20_000 });
    const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
    const parts = db
      .prepare<[number], { part_num: string; mfr_name: string; description: string }>(
        `SELECT p.part_num, m.mfr_name, p.description FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id
         GROUP BY p.norm ORDER BY p.item_id LIMIT ?`,
      )
      .all(distinct + 300)
      .filter((r) => !isComponentValue(r.part_num))
      .map((r) => ({ partNumber: r.part_num, manufacturer: r.mfr_name, description: r.description }));
    db.close();
    const rng = new Rng(45);
    const cells = buildBom(parts.slice(0, distinct), lineCount, rng);
    const edited = editBom(cells, 3, parts.slice(distinct), rng);

    const client = new CatalogClient({ itemBaseUrl: running.productionUrl, login: 'demo', apikey: 'demo-key' });
    const scheduler = new LookupScheduler({ port: client });
    const rates = new RateBook({ probe: tokenSearchProbe((token, opts) => client.searchToken(token, opts)) });
    const price = async (grid: Cell[][]) => {
      const read = readBom(grid);
      return { read, result: await priceBom(read, scheduler, { boards: 10, rates }) };
    };
    const first = await price(cells);
    const second = await price(edited);
    scheduler.close();

    const builds: number[] = [];
    let before = buildSnapshot(first.read, first.result);
    for (let i = 0; i < 5; i++) {
      const t = process.hrtime.bigint();
      before = buildSnapshot(first.read, first.result);
      builds.push(msSince(t));
    }
    const after = buildSnapshot(second.read, second.result);
    const text = snapshotText(before);
    const bytes = Buffer.byteLength(text);
    const cellsHeld = snapshotChunks(text).length;
    const inBook = await workbookForm(before);
    const reads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = process.hrtime.bigint();
      readSnapshot(text, 'bench');
      reads.push(msSince(t));
    }
    const afterText = snapshotText(after);
    const compares: number[] = [];
    let comparison = compareRuns(before, after);
    for (let i = 0; i < 7; i++) {
      const t = process.hrtime.bigint();
      comparison = compareRuns(readSnapshot(text, 'before'), readSnapshot(afterText, 'after'));
      compares.push(msSince(t));
    }
    const compareAlone: number[] = [];
    const compareCpu: number[] = [];
    for (let i = 0; i < 7; i++) {
      const c = process.cpuUsage();
      compareRuns(readSnapshot(text, 'before'), readSnapshot(afterText, 'after'));
      compareCpu.push(cpuMs(c));
      const t = process.hrtime.bigint();
      compareRuns(before, after);
      compareAlone.push(msSince(t));
    }
    const offersBytes = Buffer.byteLength(JSON.stringify(before.offers));
    const bridge = comparison.bridge!;
    const exact = effectsSum(bridge.effects) === bridge.change && bridge.change === BigInt(after.total - before.total);
    const compareMs = median(compares.slice(1));
    const rows: Row[] = [
      { measure: 'lines in the snapshot', value: before.lines.length, unit: 'lines' },
      { measure: 'parts with offers kept', value: Object.keys(before.offers).length, unit: 'parts' },
      {
        measure: 'snapshot size (JSON)',
        value: Math.round(bytes / 1024),
        unit: 'KB',
        target: '< 2 MB',
        ok: bytes < 2 * 1024 * 1024,
      },
      { measure: '  of which the offers seen', value: Math.round(offersBytes / 1024), unit: 'KB' },
      { measure: 'cells it takes in the workbook', value: cellsHeld, unit: 'cells' },
      {
        measure: 'sent to the workbook to keep it',
        value: Math.round(inBook.totalRequestBytes / 1024),
        unit: 'KB',
        target: '< 2 MB',
        ok: inBook.totalRequestBytes < 2 * 1024 * 1024,
      },
      {
        measure: '  in requests (largest, KB)',
        value: `${inBook.syncs} (${Math.round(inBook.maxRequestBytes / 1024)})`,
        unit: '',
      },
      {
        measure: '  write it, read it back',
        value: `${Math.round(inBook.writeMs)}, ${Math.round(inBook.readMs)}`,
        unit: 'ms',
      },
      { measure: '  read back whole', value: inBook.whole ? 'yes' : 'NO', unit: '', ok: inBook.whole },
      { measure: 'make the snapshot (median of 5)', value: median(builds), unit: 'ms' },
      { measure: 'read it back (median of 5)', value: median(reads), unit: 'ms' },
      {
        measure: 'read both and compare (median of 6)',
        value: compareMs,
        unit: 'ms',
        target: '< 200',
        ok: compareMs < 200,
      },
      { measure: '  its CPU time (median of 7)', value: median(compareCpu), unit: 'ms' },
      { measure: 'compare alone (median of 7)', value: median(compareAlone), unit: 'ms' },
      { measure: 'lines changed', value: comparison.changes.length, unit: 'lines' },
      { measure: 'bridge adds up exactly', value: exact ? 'yes' : 'NO', unit: '', ok: exact },
    ];
    printTable('Changes: the snapshot of a 5,000-line BOM and the comparison of two runs', rows);
    writeResult('changes', rows, { lines: lineCount, distinct });
    return { bytes, compareMs, exact };
  } finally {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
