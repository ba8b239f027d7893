/**
 * `npm run bench bom-large`: `partsheet price` on large and hostile BOM files, each in a child process of its
 * own so that its peak memory (max RSS) is its own. The service runs in this process over a demo catalog.
 *
 * Cases: a 5,000-line BOM (the baseline), a 200,000-line BOM priced to XLSX and to CSV, a CSV with a million
 * blank lines between two parts, and an XLSX with one stray cell at A1048576. Time and memory are reported,
 * and as ratios to the baseline measured in the same run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { startService, type RunningService } from '../service/server';
import { openDatabase } from '../service/store/db';
import { printTable, writeResult, type Row } from './report';

interface ChildResult {
  code: number;
  ms: number;
  maxRssMb: number;
  outBytes: number;
  stdout: string;
}

/** Runs `partsheet price FILE --out OUT` in a child process; it reports its own exit code and max RSS. */
function priceInChild(distDir: string, file: string, out: string, url: string): Promise<ChildResult> {
  const script = `
    const { priceCommand } = require(${JSON.stringify(join(distDir, 'cli', 'price.js'))});
    const lines = [];
    priceCommand([${JSON.stringify(file)}, '--out', ${JSON.stringify(out)}, '--url', ${JSON.stringify(url)}],
      { out: (s) => lines.push(s), err: (s) => lines.push(s) }, {})
      .then((code) => process.stdout.write(JSON.stringify({ code, maxRss: process.resourceUsage().maxRSS, lines })));`;
  const t0 = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      try {
        const r = JSON.parse(text) as { code: number; maxRss: number; lines: string[] };
        resolve({
          code: r.code,
          ms,
          maxRssMb: Math.round(r.maxRss / 1024),
          outBytes: statSync(out).size,
          stdout: r.lines.join('\n'),
        });
      } catch {
        reject(new Error(`the child gave no result: ${text.slice(0, 300)}`));
      }
    });
  });
}

function bomCsv(parts: { partNumber: string; manufacturer: string }[], lines: number): string {
  const rows: (string | number)[][] = [['Designator', 'Qty', 'Manufacturer', 'MPN', 'Description']];
  for (let i = 0; i < lines; i++) {
    const part = parts[i % parts.length];
    rows.push([
      `R${i * 2 + 1}, R${i * 2 + 2}`,
      2,
      i % 3 === 0 ? part.manufacturer : '',
      part.partNumber,
      'RES 10K 1% 0603',
    ]);
  }
  return Papa.unparse(rows);
}

export async function runBomLargeBench(
  options: { lines?: number; distinct?: number } = {},
): Promise<Record<string, unknown>> {
  const lines = options.lines ?? 200_000;
  const distinct = options.distinct ?? 2_000;
  const distDir = join(__dirname, '..');
  const dir = mkdtempSync(join(tmpdir(), 'partsheet-bom-large-'));
  let running: RunningService | undefined;
  try {
    running = await startService({ dataDir: dir, port: 0, testPort: 0, host: '127.0.0.1', parts: 20_000 });
    const db = openDatabase(join(dir, 'production.db'), { readonly: true });
    const parts = db
      .prepare<[number], { part_num: string; mfr_name: string }>(
        `SELECT p.part_num, m.mfr_name FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id GROUP BY p.norm ORDER BY p.item_id LIMIT ?`,
      )
      .all(distinct)
      .map((r) => ({ partNumber: r.part_num, manufacturer: r.mfr_name }));
    db.close();
    const url = running.productionUrl;

    const baseFile = join(dir, 'base.csv');
    writeFileSync(baseFile, bomCsv(parts, 5_000));
    const bigFile = join(dir, 'big.csv');
    writeFileSync(bigFile, bomCsv(parts, lines));
    const blankFile = join(dir, 'blank.csv');
    writeFileSync(blankFile, `MPN,Qty\n${parts[0].partNumber},1\n${'\n'.repeat(1_000_000)}${parts[1].partNumber},2\n`);
    const strayFile = join(dir, 'stray.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('BOM');
    ws.addRow(['MPN', 'Qty']);
    ws.addRow([parts[0].partNumber, 1]);
    ws.addRow([parts[1].partNumber, 2]);
    ws.getCell('A1048576').value = 'x';
    await wb.xlsx.writeFile(strayFile);

    const base = await priceInChild(distDir, baseFile, join(dir, 'base.xlsx'), url);
    const bigXlsx = await priceInChild(distDir, bigFile, join(dir, 'big.xlsx'), url);
    const bigCsv = await priceInChild(distDir, bigFile, join(dir, 'big-out.csv'), url);
    const blank = await priceInChild(distDir, blankFile, join(dir, 'blank-out.csv'), url);
    const stray = await priceInChild(distDir, strayFile, join(dir, 'stray-out.xlsx'), url);
    for (const [name, r] of Object.entries({ base, bigXlsx, bigCsv, blank, stray })) {
      if (r.code !== 0) throw new Error(`${name}: partsheet price exited ${r.code}: ${r.stdout}`);
    }

    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    const rows: Row[] = [
      { measure: 'baseline: 5,000 lines to XLSX', value: base.ms, unit: 'ms' },
      { measure: 'baseline: max RSS', value: base.maxRssMb, unit: 'MB' },
      { measure: `${lines.toLocaleString('en-US')} lines to XLSX`, value: bigXlsx.ms, unit: 'ms' },
      {
        measure: `${lines.toLocaleString('en-US')} lines to XLSX: max RSS`,
        value: bigXlsx.maxRssMb,
        unit: 'MB',
        target: '≤1024',
        ok: bigXlsx.maxRssMb <= 1024,
      },
      { measure: '  time ÷ baseline', value: ratio(bigXlsx.ms, base.ms), unit: '×' },
      { measure: '  memory ÷ baseline', value: ratio(bigXlsx.maxRssMb, base.maxRssMb), unit: '×' },
      { measure: '  XLSX size', value: Math.round(bigXlsx.outBytes / 1024 / 1024), unit: 'MiB' },
      { measure: `${lines.toLocaleString('en-US')} lines to CSV`, value: bigCsv.ms, unit: 'ms' },
      { measure: `${lines.toLocaleString('en-US')} lines to CSV: max RSS`, value: bigCsv.maxRssMb, unit: 'MB' },
      { measure: '1,000,000 blank lines between two parts (CSV)', value: blank.ms, unit: 'ms' },
      { measure: '  max RSS', value: blank.maxRssMb, unit: 'MB' },
      { measure: '  output size', value: blank.outBytes, unit: 'B' },
      { measure: 'stray cell at A1048576 (XLSX)', value: stray.ms, unit: 'ms' },
      { measure: '  max RSS', value: stray.maxRssMb, unit: 'MB' },
      { measure: '  output size', value: stray.outBytes, unit: 'B' },
    ];
    printTable('Large and hostile BOM files (partsheet price, one child process each)', rows);
    const out = { lines, distinct, base, bigXlsx, bigCsv, blank, stray };
    writeResult('bom-large', rows, out);
    return out;
  } finally {
    await running?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
