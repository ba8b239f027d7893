import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBom } from '../src/bom';
import { priceBom } from '../src/purchase/price-lines';
import { CatalogClient } from '../src/catalog/client';
import {
  EXCEL_PAYLOAD_LIMIT,
  createWorkbookPort,
  writePriceBreaks,
  writePricedResults,
  type BomLocation,
} from '../src/excel';
import { MemoryWorkbook } from '../testing/excel';
import { LookupScheduler } from '../src/lookup';
import { startService, type RunningService } from '../service/server';
import { openDatabase } from '../service/store/db';
import { printTable, writeResult, type Row } from './report';

export interface TaskpaneBenchOptions {
  lines?: number;
  distinct?: number;
  catalogParts?: number;
  /** Lines of the smaller BOM priced too, to show that syncs follow blocks, not rows. */
  smallLines?: number;
}

interface CatalogPart {
  partNumber: string;
  manufacturer: string;
  description: string;
}

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/** A BOM as a sheet holds it: a header, then `lines` lines cycling over the parts, quantities 1–10. */
function bomCells(parts: CatalogPart[], lines: number): (string | number)[][] {
  const rows: (string | number)[][] = [['Ref', 'MPN', 'Manufacturer', 'Qty', 'Description']];
  for (let i = 0; i < lines; i++) {
    const p = parts[i % parts.length];
    rows.push([`U${i + 1}`, p.partNumber, p.manufacturer, 1 + (i % 10), p.description]);
  }
  return rows;
}

interface FlowMeasure {
  wallMs: number;
  readMs: number;
  priceMs: number;
  writeMs: number;
  listRequests: number;
  partsSent: number;
  syncs: number;
  runs: number;
  maxRequestBytes: number;
  maxResponseBytes: number;
  totalRequestBytes: number;
  readBlocks: number;
  valueBlocks: number;
  formatBlocks: number;
  rowsWritten: number;
  priced: number;
  /** Lines by status: priced / no price / not found / ambiguous / skipped. */
  statuses: string;
  accounted: number;
  breaks: number;
  resultsAddress: string | null;
}

/**
 * The task pane's flow without the pane: read the selection through the WorkbookPort, read the BOM, price it
 * through a fresh scheduler against the service, write the results beside it and the price breaks sheet.
 */
async function runFlow(serviceUrl: string, cells: (string | number)[][], blockBudget?: number): Promise<FlowMeasure> {
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  book.setValues('BOM', `A1:E${cells.length}`, cells);
  book.select('BOM', 'B2');
  const gateway = createWorkbookPort(book.host, blockBudget ? { blockBudget } : {});
  const scheduler = new LookupScheduler({
    port: new CatalogClient({ itemBaseUrl: serviceUrl, login: 'demo', apikey: 'demo-key' }),
  });
  const refuse = async (): Promise<never> => {
    throw new Error('the results area was not empty');
  };

  const t0 = process.hrtime.bigint();
  const selection = await gateway.readSelection();
  const read = readBom(selection.values, { firstRowNumber: selection.rowIndex + 1 });
  const readMs = ms(t0);

  const t1 = process.hrtime.bigint();
  const priced = await priceBom(read, scheduler, { firstRowNumber: selection.rowIndex + 1 });
  const priceMs = ms(t1);

  const t2 = process.hrtime.bigint();
  const location: BomLocation = {
    sheet: selection.sheet,
    rowIndex: selection.rowIndex,
    columnIndex: selection.columnIndex,
    rowCount: selection.rowCount,
    columnCount: selection.columnCount,
    headerRow: read.headerRow,
  };
  const results = await writePricedResults(gateway, location, priced.lines, { confirm: refuse });
  const breaks = await writePriceBreaks(gateway, priced.breaks, { confirm: refuse });
  const writeMs = ms(t2);
  const wallMs = ms(t0);

  const stats = book.stats();
  const lookups = scheduler.stats();
  scheduler.close();
  return {
    wallMs,
    readMs,
    priceMs,
    writeMs,
    listRequests: lookups.requests,
    partsSent: lookups.partsSent,
    syncs: stats.syncs,
    runs: stats.runs,
    maxRequestBytes: stats.maxRequestBytes,
    maxResponseBytes: stats.maxResponseBytes,
    totalRequestBytes: stats.totalRequestBytes,
    readBlocks: selection.blocks,
    valueBlocks: (results.report?.valueBlocks ?? 0) + (breaks.report?.valueBlocks ?? 0),
    formatBlocks: (results.report?.formatBlocks ?? 0) + (breaks.report?.formatBlocks ?? 0),
    rowsWritten: (results.report?.rows ?? 0) + (breaks.report?.rows ?? 0),
    priced: priced.summary.priced,
    statuses: `${priced.summary.priced} / ${priced.summary.noPrice} / ${priced.summary.notFound} / ${priced.summary.ambiguous} / ${priced.summary.skipped}`,
    accounted: priced.summary.lines,
    breaks: priced.breaks.length,
    resultsAddress: results.address,
  };
}

/**
 * bench/taskpane: a 5,000-line BOM over 1,500 distinct parts, priced against the local service (started in-process
 * over a 20,000-part demo catalog) and written through the WorkbookPort into the in-memory workbook, which counts
 * syncs and request bytes. Targets: at most 2 list requests, no request over 5 MB, and a sync count that follows
 * the blocks written, not the rows (the same BOM at 500 lines takes as many syncs).
 */
export async function runTaskpaneBench(options: TaskpaneBenchOptions = {}): Promise<Record<string, unknown>> {
  const lines = options.lines ?? 5_000;
  const distinct = options.distinct ?? 1_500;
  const catalogParts = options.catalogParts ?? 20_000;
  const smallLines = options.smallLines ?? 500;
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-taskpane-bench-'));
  let running: RunningService | undefined;
  try {
    running = await startService({ dataDir, port: 0, testPort: 0, host: '127.0.0.1', parts: catalogParts });
    const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
    // One manufacturer per part number, so every line names exactly one part.
    const parts = db
      .prepare<[number], { part_num: string; mfr_name: string; description: string }>(
        `SELECT p.part_num, m.mfr_name, p.description FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id
         GROUP BY p.norm HAVING COUNT(*) = 1 ORDER BY p.item_id LIMIT ?`,
      )
      .all(distinct)
      .map((r) => ({ partNumber: r.part_num, manufacturer: r.mfr_name, description: r.description }));
    db.close();
    if (parts.length < distinct) throw new Error(`the demo catalog has only ${parts.length} distinct part numbers`);

    // Warm the service's statements and the JIT on a small BOM first.
    await runFlow(running.productionUrl, bomCells(parts.slice(0, 50), 100));
    const small = await runFlow(
      running.productionUrl,
      bomCells(parts.slice(0, Math.min(distinct, smallLines)), smallLines),
    );
    const large = await runFlow(running.productionUrl, bomCells(parts, lines));
    // The same BOM with blocks of 256 KB: every extra block costs one sync, and nothing else does.
    const blocky = await runFlow(running.productionUrl, bomCells(parts, lines), 256 * 1024);
    const blocks = (m: FlowMeasure) => m.readBlocks + m.valueBlocks + m.formatBlocks;

    const mb = (bytes: number) => bytes / (1024 * 1024);
    const rows: Row[] = [
      {
        measure: `BOM`,
        value: `${lines.toLocaleString('en-US')} lines, ${distinct.toLocaleString('en-US')} distinct parts`,
        unit: '',
      },
      { measure: 'catalog (real service, in-process, HTTP)', value: catalogParts, unit: 'parts' },
      { measure: 'wall time: select, read, price, write', value: large.wallMs, unit: 'ms' },
      { measure: '  read selection + BOM', value: large.readMs, unit: 'ms' },
      { measure: '  price (lookups + best offer)', value: large.priceMs, unit: 'ms' },
      { measure: '  write results + price breaks', value: large.writeMs, unit: 'ms' },
      {
        measure: 'list requests to the service',
        value: large.listRequests,
        unit: 'req',
        target: '≤ 2',
        ok: large.listRequests <= 2,
      },
      {
        measure: 'lines with a status',
        value: large.accounted,
        unit: '',
        target: `${lines}`,
        ok: large.accounted === lines,
      },
      { measure: '  priced / no price / not found / ambiguous / skipped', value: large.statuses, unit: '' },
      { measure: 'rows written (results + price breaks)', value: large.rowsWritten, unit: 'rows' },
      { measure: 'Excel syncs (requests)', value: large.syncs, unit: 'sync' },
      { measure: 'Excel.run batches', value: large.runs, unit: '' },
      {
        measure: 'blocks read + values written + formats written',
        value: `${large.readBlocks} + ${large.valueBlocks} + ${large.formatBlocks}`,
        unit: 'block',
      },
      {
        measure: 'largest Excel request',
        value: mb(large.maxRequestBytes),
        unit: 'MB',
        target: '< 5',
        ok: large.maxRequestBytes < EXCEL_PAYLOAD_LIMIT,
      },
      {
        measure: 'largest Excel response',
        value: mb(large.maxResponseBytes),
        unit: 'MB',
        target: '< 5',
        ok: large.maxResponseBytes < EXCEL_PAYLOAD_LIMIT,
      },
      { measure: 'all Excel requests', value: mb(large.totalRequestBytes), unit: 'MB' },
      { measure: `syncs at ${smallLines.toLocaleString('en-US')} lines`, value: small.syncs, unit: 'sync' },
      {
        measure: `syncs added by ${(lines - smallLines).toLocaleString('en-US')} more lines`,
        value: large.syncs - small.syncs,
        unit: 'sync',
        target: '≤ blocks',
        ok: large.syncs - small.syncs <= Math.max(0, blocks(large) - blocks(small)),
      },
      { measure: 'with 256 KB blocks: blocks read + written', value: blocks(blocky), unit: 'block' },
      {
        measure: 'with 256 KB blocks: syncs',
        value: blocky.syncs,
        unit: 'sync',
        target: `${large.syncs - blocks(large)} + blocks`,
        ok: blocky.syncs - blocks(blocky) === large.syncs - blocks(large),
      },
      { measure: 'with 256 KB blocks: largest Excel request', value: mb(blocky.maxRequestBytes), unit: 'MB' },
    ];
    printTable('Task pane: price and write a BOM through the WorkbookPort', rows);
    const result = { lines, distinct, catalogParts, large, small, blocks256k: blocky };
    writeResult('taskpane', rows, result);
    return result;
  } finally {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
