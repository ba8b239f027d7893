import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Row {
  measure: string;
  value: number | string;
  unit: string;
  target?: string;
  ok?: boolean;
}

/** Milliseconds since `t0`, a reading of `process.hrtime.bigint()`. */
export function msSince(t0: bigint): number {
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

function show(value: number | string): string {
  if (typeof value === 'string') return value;
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

export function printTable(title: string, rows: Row[]): void {
  const width = Math.max(...rows.map((r) => r.measure.length));
  const lines = [`\n${title}`, `${'measure'.padEnd(width)}  ${'value'.padStart(12)}  unit    target   verdict`];
  for (const r of rows) {
    const verdict = r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED';
    lines.push(
      `${r.measure.padEnd(width)}  ${show(r.value).padStart(12)}  ${r.unit.padEnd(6)}  ${(r.target ?? '').padEnd(7)}  ${verdict}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function writeResult(name: string, rows: Row[], extra: Record<string, unknown> = {}): void {
  const dir = join(__dirname, '..', '..', 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const body = { name, measuredAt: new Date().toISOString(), node: process.version, rows, ...extra };
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(body, null, 2)}\n`);
}
