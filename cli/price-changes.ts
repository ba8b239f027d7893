/**
 * `partsheet price --snapshot FILE.json` and `--since LAST.json|LAST.xlsx`: the run's snapshot written, an earlier
 * one read (from its file, or from the hidden sheet of a workbook `--out` wrote), and the changes since it said as a
 * text section, as JSON and as a "Changes" sheet (docs/changes.md).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import ExcelJS from 'exceljs';
import type { XlsxBook } from '../src/excel/xlsx-book';
import {
  CHANGES_SHEET,
  EFFECT_ORDER,
  type RunComparison,
  type RunSnapshot,
  SNAPSHOT_SHEET,
  SnapshotError,
  bridgeLines,
  changeLine,
  changeRow,
  changeWords,
  changesSheet,
  changesSummary,
  readSnapshot,
  snapshotChunks,
  snapshotText,
} from '../src/changes';
import { fromMicro } from '../src/pricing/money';
import { countOf } from '../src/text/plural';
import { OutputError } from './output-error';

/** Lines of changes the text section lists; the rest are counted (all are in --json and the sheet). */
const MAX_CHANGES_SHOWN = 50;

async function fileText(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (e as Error).message;
    throw new SnapshotError('missing', `cannot read ${path}: ${why}`);
  }
}

/** The snapshot kept in a workbook's hidden sheet, as text; null when the workbook has no such sheet. */
async function workbookSnapshotText(bytes: Buffer, path: string): Promise<string | null> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new SnapshotError('damaged', `${path} cannot be read as an XLSX workbook (damaged?).`);
  }
  const sheet = book.getWorksheet(SNAPSHOT_SHEET);
  if (!sheet) return null;
  let text = '';
  sheet.eachRow((row) => {
    const value = row.getCell(1).value;
    if (typeof value === 'string') text += value;
  });
  return text;
}

/** The earlier run's snapshot: a .json file as --snapshot writes it, or an .xlsx workbook --out wrote. */
export async function readEarlierSnapshot(path: string): Promise<RunSnapshot> {
  const bytes = await fileText(path);
  if (extname(path).toLowerCase() !== '.xlsx') return readSnapshot(bytes.toString('utf8'), path);
  const text = await workbookSnapshotText(bytes, path);
  if (text === null)
    throw new SnapshotError(
      'missing',
      `${path} holds no snapshot of a pricing run (a workbook written by partsheet price --out holds one).`,
    );
  return readSnapshot(text, path);
}

/** Writes the run's snapshot to `path`. */
export async function writeSnapshotFile(path: string, snapshot: RunSnapshot): Promise<void> {
  try {
    await writeFile(path, snapshotText(snapshot));
  } catch (e) {
    throw new OutputError(`cannot write ${path}: ${(e as Error).message}`);
  }
}

const firstRows = (c: RunComparison, before: RunSnapshot, after: RunSnapshot) => ({
  before: before.firstRow,
  after: after.firstRow,
  currency: c.after.currency,
});

/** The "Changes" section of the text output: the summary, a line per change (the largest first), the bridge. */
export function changesText(c: RunComparison): string[] {
  const lines = [`Changes since the run of ${c.before.pricedAt}:`, changesSummary(c)];
  for (const ch of c.changes.slice(0, MAX_CHANGES_SHOWN)) lines.push(`  ${changeLine(c, ch)}`);
  if (c.changes.length > MAX_CHANGES_SHOWN)
    lines.push(`  and ${countOf(c.changes.length - MAX_CHANGES_SHOWN, 'more line')} (all of them in --json)`);
  return [...lines, ...bridgeLines(c)];
}

/** The changes for --json: amounts in the currency's units and, exact, in micro-units. */
export function changesJson(c: RunComparison, before: RunSnapshot, after: RunSnapshot): Record<string, unknown> {
  const rows = firstRows(c, before, after);
  const effects = (e: Record<string, bigint>) =>
    Object.fromEntries(EFFECT_ORDER.map((k) => [k, { amount: fromMicro(e[k]), micro: Number(e[k]) }]));
  return {
    since: c.before.pricedAt,
    summary: changesSummary(c),
    matched: c.matched,
    lines: c.changes.map((ch) => ({
      row: changeRow(ch, rows),
      partNumber: (ch.after ?? ch.before)!.pn,
      kinds: ch.kinds,
      words: changeWords(ch, rows.currency),
      costChange: fromMicro(ch.costChange),
      costChangeMicro: Number(ch.costChange),
      before: ch.before,
      after: ch.after,
    })),
    bridge: c.bridge
      ? {
          currency: c.bridge.currency,
          before: fromMicro(c.bridge.before),
          after: fromMicro(c.bridge.after),
          change: fromMicro(c.bridge.change),
          changeMicro: Number(c.bridge.change),
          effects: effects(c.bridge.effects),
        }
      : null,
    bridgeMissing: c.bridgeMissing,
  };
}

/** The run's snapshot in a hidden sheet of the workbook, for a later `--since` to read. */
export function addSnapshotSheet(workbook: XlsxBook, snapshot: RunSnapshot): void {
  const sheet = workbook.addWorksheet(SNAPSHOT_SHEET, { state: 'veryHidden' });
  for (const chunk of snapshotChunks(snapshotText(snapshot))) sheet.addRow([chunk]).commit();
}

/** The "Changes" sheet: the summary, the bridge and a row per change. */
export function addChangesSheet(workbook: XlsxBook, c: RunComparison, before: RunSnapshot, after: RunSnapshot): void {
  const sheet = workbook.addWorksheet(CHANGES_SHEET);
  const layout = changesSheet(c, { before: before.firstRow, after: after.firstRow });
  layout.widths.forEach((w, i) => (sheet.getColumn(i + 1).width = w));
  layout.rows.forEach((values, r) => {
    const row = sheet.addRow(values);
    if (r === 0 || r === layout.header) row.font = { bold: true };
    if (r > layout.header) for (const col of layout.moneyColumns) row.getCell(col + 1).numFmt = layout.moneyFormat;
    row.commit();
  });
}
