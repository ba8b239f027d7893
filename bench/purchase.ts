import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { partNumberKey } from '../protocol/part-number';
import { type Cell, readBom } from '../src/bom';
import { priceBom } from '../src/purchase/price-lines';
import { CatalogClient } from '../src/catalog/client';
import { LookupScheduler } from '../src/lookup';
import { RateBook, tokenSearchProbe } from '../src/pricing/rates';
import { type PurchaseBom, type StockEntry, planPurchase, planPurchaseScenarios } from '../src/purchase';
import { startService, type RunningService } from '../service/server';
import { Rng } from '../service/demo/random';
import { openDatabase } from '../service/store/db';
import { msSince, printTable, writeResult, type Row } from './report';

export interface PurchaseBenchOptions {
  catalogParts?: number;
  boms?: number;
  linesPerBom?: number;
  distinct?: number;
}

interface CatalogPart {
  partNumber: string;
  manufacturer: string;
}

/** One BOM of `lines` lines over `parts` (each at least once), the maker written on about half of them. */
function buildBom(parts: readonly CatalogPart[], lines: number, rng: Rng): Cell[][] {
  const cells: Cell[][] = [['Designator', 'Qty', 'Manufacturer', 'Manufacturer Part Number']];
  const order = parts.map((_, index) => index);
  while (order.length < lines) order.push(rng.int(0, parts.length - 1));
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  order.slice(0, lines).forEach((index, n) => {
    const part = parts[index];
    const qty = rng.int(1, 6);
    cells.push([
      qty === 1 ? `U${n + 1}` : `R${n * 10 + 1}-R${n * 10 + qty}`,
      qty,
      rng.chance(0.5) ? part.manufacturer : '',
      part.partNumber,
    ]);
  });
  return cells;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * A purchase list for 3 BOMs of 2,000 lines each over 3,000 distinct parts (each part on two of the BOMs), with
 * stock on hand for a fifth of the parts, against the real service over a 20,000-part demo catalog: the list
 * requests sent for all BOMs together, and the time to make the list again with every lookup cached (matching,
 * netting and planning), beside the baseline of pricing the three BOMs one at a time in the same run.
 */
export async function runPurchaseBench(options: PurchaseBenchOptions = {}): Promise<Record<string, unknown>> {
  const catalogParts = options.catalogParts ?? 20_000;
  const bomCount = options.boms ?? 3;
  const linesPerBom = options.linesPerBom ?? 2_000;
  const distinct = options.distinct ?? 3_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-purchase-bench-'));
  let running: RunningService | undefined;
  try {
    running = await startService({ dataDir, port: 0, testPort: 0, host: '127.0.0.1', parts: catalogParts });
    const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
    const known = db
      .prepare<[number], { part_num: string; mfr_name: string }>(
        `SELECT p.part_num, m.mfr_name FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id GROUP BY p.norm ORDER BY p.item_id LIMIT ?`,
      )
      .all(distinct + 100)
      .map((r) => ({ partNumber: r.part_num, manufacturer: r.mfr_name }))
      // Part numbers the service compares as one (punctuation aside) are one lookup: each kept once.
      .filter((p, i, all) => all.findIndex((q) => partNumberKey(q.partNumber) === partNumberKey(p.partNumber)) === i)
      .slice(0, distinct);
    db.close();
    if (known.length < distinct) throw new Error(`the demo catalog has only ${known.length} distinct part numbers`);
    const rng = new Rng(28);
    // BOM k uses a window of the parts that starts a third further along each time: every part is on two BOMs.
    const window = Math.round((distinct * 2) / bomCount);
    const boms: PurchaseBom[] = Array.from({ length: bomCount }, (_, k) => {
      const start = Math.round((k * distinct) / bomCount);
      const parts = Array.from({ length: window }, (_, i) => known[(start + i) % distinct]);
      const cells = buildBom(parts.slice(0, Math.min(window, linesPerBom)), linesPerBom, rng);
      return { name: `Board ${String.fromCharCode(65 + k)}`, builds: [10, 25, 40][k % 3], read: readBom(cells) };
    });
    const onHand: StockEntry[] = known
      .filter((_, i) => i % 5 === 0)
      .map((p, i) => ({
        partNumber: p.partNumber,
        manufacturer: p.manufacturer,
        quantity: 20 + (i % 300),
        origin: `stock row ${i + 2}`,
      }));

    const client = new CatalogClient({ itemBaseUrl: running.productionUrl, login: 'demo', apikey: 'demo-key' });
    const scheduler = new LookupScheduler({ port: client });
    const rates = new RateBook({ probe: tokenSearchProbe((token, opts) => client.searchToken(token, opts)) });
    const t0 = process.hrtime.bigint();
    const first = await planPurchase(boms, scheduler, { rates, onHand });
    const firstMs = msSince(t0);
    const stats = scheduler.stats();

    // Both measured with every lookup and rate cached, alternately, so that the machine's noise falls on both.
    const listTimes: number[] = [];
    const separateTimes: number[] = [];
    // Scenarios: each BOM at its builds, twice and five times that; one match for the three, against three lists.
    const scenarioBoms = boms.map((b) => ({
      name: b.name,
      read: b.read,
      builds: [b.builds, b.builds * 2, b.builds * 5],
    }));
    const scenarioTimes: number[] = [];
    const threeListTimes: number[] = [];
    let scenariosExact = true;
    for (let i = 0; i < 5; i++) {
      const tScenarios = process.hrtime.bigint();
      const compared = await planPurchaseScenarios(scenarioBoms, scheduler, { rates, onHand });
      scenarioTimes.push(msSince(tScenarios));
      const tThree = process.hrtime.bigint();
      for (const [k, sc] of compared.scenarios.entries()) {
        const alone = await planPurchase(
          boms.map((b, j) => ({ ...b, builds: scenarioBoms[j].builds[k] })),
          scheduler,
          { rates, onHand },
        );
        if (alone.micro !== sc.micro) scenariosExact = false;
      }
      threeListTimes.push(msSince(tThree));
      const tList = process.hrtime.bigint();
      await planPurchase(boms, scheduler, { rates, onHand });
      listTimes.push(msSince(tList));
      const tSeparate = process.hrtime.bigint();
      for (const bom of boms) await priceBom(bom.read, scheduler, { rates, boards: bom.builds });
      separateTimes.push(msSince(tSeparate));
    }
    const after = scheduler.stats();
    scheduler.close();
    const listMs = median(listTimes);
    const separateMs = median(separateTimes);
    const scenariosMs = median(scenarioTimes);
    const threeListsMs = median(threeListTimes);
    const keys = new Set(boms.flatMap((b) => b.read.lines.map((l) => partNumberKey(l.partNumber))));
    const shared = first.rows.filter((r) => r.sharedBy.length > 0).length;
    const covered = first.rows.filter((r) => r.status === 'covered').length;
    const rows: Row[] = [
      { measure: 'BOMs × lines', value: `${bomCount} × ${linesPerBom.toLocaleString('en-US')}`, unit: '' },
      { measure: 'distinct part numbers of the BOMs', value: keys.size, unit: '' },
      {
        measure: 'part numbers looked up (all BOMs together)',
        value: first.lookups,
        unit: '',
        target: `${keys.size}`,
        ok: first.lookups === keys.size,
      },
      {
        measure: 'list requests sent (all BOMs)',
        value: stats.requests,
        unit: 'req',
        target: '≤3',
        ok: stats.requests <= 3,
      },
      {
        measure: 'parts on the list / shared by 2+ BOMs / covered by stock',
        value: `${first.rows.length} / ${shared} / ${covered}`,
        unit: '',
      },
      {
        measure: 'lines not on the list (not found, ambiguous)',
        value:
          first.unlisted
            .map((u) => `${u.partNumber}: ${u.status}`)
            .slice(0, 3)
            .join('; ') || '0',
        unit: '',
      },
      {
        measure: 'lookups failed',
        value: first.failures.length,
        unit: '',
        target: '0',
        ok: first.failures.length === 0,
      },
      { measure: 'first list (lookups + rates + plan)', value: firstMs, unit: 'ms' },
      {
        measure: 'purchase list, lookups cached (median of 5)',
        value: listMs,
        unit: 'ms',
        target: '≤300',
        ok: listMs <= 300,
      },
      { measure: 'baseline: the 3 BOMs priced one at a time, cached (median of 5)', value: separateMs, unit: 'ms' },
      { measure: 'purchase list ÷ baseline', value: Number((listMs / separateMs).toFixed(2)), unit: '×' },
      { measure: '3 scenarios (builds ×1, ×2, ×5), one match, cached (median of 5)', value: scenariosMs, unit: 'ms' },
      {
        measure: 'baseline: 3 purchase lists at the same builds, cached (median of 5)',
        value: threeListsMs,
        unit: 'ms',
      },
      { measure: 'scenarios ÷ 3 lists', value: Number((scenariosMs / threeListsMs).toFixed(2)), unit: '×' },
      {
        measure: 'scenario totals equal the 3 lists, to the micro-unit',
        value: scenariosExact ? 'yes' : 'no',
        unit: '',
        target: 'yes',
        ok: scenariosExact,
      },
      {
        measure: 'requests during the cached runs',
        value: after.requests - stats.requests,
        unit: 'req',
        target: '0',
        ok: after.requests === stats.requests,
      },
      { measure: 'total to buy', value: `${first.total.toFixed(2)} ${first.currency}`, unit: '' },
    ];
    printTable('Purchase list for several BOMs (partsheet plan)', rows);
    const out = {
      boms: bomCount,
      linesPerBom,
      distinct,
      requests: stats.requests,
      lookups: first.lookups,
      firstMs,
      listMs,
      separateMs,
      ratio: listMs / separateMs,
      scenariosMs,
      threeListsMs,
      scenariosRatio: scenariosMs / threeListsMs,
      scenariosExact,
      parts: first.rows.length,
      shared,
      covered,
    };
    writeResult('purchase', rows, out);
    return out;
  } finally {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
