/**
 * `partsheet price --snapshot FILE.json` and `--since LAST.json|LAST.xlsx`: the run's snapshot written, an earlier
 * one read (from its file, or from the hidden sheet of a workbook `--out` wrote), and the changes since it said as a
 * text section, as JSON and as a "Changes" sheet (docs/changes.md).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { type ExcelJS, loadExcelJs } from './exceljs';
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
  TEXT_ROW,
  keptSheetsText,
  readSnapshot,
  snapshotChunks,
  snapshotSheetLayout,
  snapshotText,
  snapshotTextOf,
  textRowOf,
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

/** The cells of a worksheet as text, row by row from A1 ('' for empty cells). */
function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = typeof cell.value === 'string' ? cell.value : '';
    });
    rows[number - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

/** The runs an earlier file keeps: one for a .json snapshot (of no named sheet), one per BOM sheet of a workbook. */
export interface EarlierRuns {
  path: string;
  runs: Array<{ bomSheet: string; text: string }>;
}

/** The snapshots kept in a workbook's hidden sheet (either layout, src/changes/snapshot-sheet.ts); null without one. */
async function workbookSnapshots(bytes: Buffer, path: string): Promise<EarlierRuns['runs'] | null> {
  const book = new (loadExcelJs().Workbook)();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new SnapshotError('damaged', `${path} cannot be read as an XLSX workbook (damaged?).`);
  }
  const sheet = book.getWorksheet(SNAPSHOT_SHEET);
  if (!sheet) return null;
  const rows = sheetRows(sheet);
  const layout = snapshotSheetLayout(rows.slice(0, TEXT_ROW));
  const from = textRowOf(layout);
  return layout.kept.map((k) => ({
    bomSheet: k.bomSheet,
    text: snapshotTextOf(rows.slice(from).map((r) => r[k.column] ?? '')),
  }));
}

/** The runs an earlier file keeps: a .json file as --snapshot writes it, or an .xlsx workbook (--out, or the pane's). */
export async function readEarlierRuns(path: string): Promise<EarlierRuns> {
  const bytes = await fileText(path);
  if (extname(path).toLowerCase() !== '.xlsx') return { path, runs: [{ bomSheet: '', text: bytes.toString('utf8') }] };
  const runs = await workbookSnapshots(bytes, path);
  if (runs === null || runs.length === 0)
    throw new SnapshotError(
      'missing',
      `${path} holds no snapshot of a pricing run (a workbook written by partsheet price --out, or priced in the task pane, holds one).`,
    );
  return { path, runs };
}

/**
 * The run to compare with, of those `earlier` keeps: the one of the BOM sheet `named` (--since-sheet) when given;
 * else the only one; else the one of the BOM sheet priced (`bomSheet`, once it is known: undefined before). Null
 * while it cannot be told yet; a SnapshotError naming the sheets kept and how to choose when it cannot be told.
 */
export function chooseEarlier(
  earlier: EarlierRuns,
  choice: { named?: string; bomSheet?: string | null },
): RunSnapshot | null {
  const { path, runs } = earlier;
  const sheets = runs.map((r) => ({ bomSheet: r.bomSheet, pricedAt: '', column: 0 }));
  const read = (run: EarlierRuns['runs'][number]) =>
    readSnapshot(run.text, run.bomSheet === '' ? path : `${path} (the run of "${run.bomSheet}")`);
  if (choice.named !== undefined) {
    const run = runs.find((r) => r.bomSheet === choice.named);
    if (run) return read(run);
    throw new SnapshotError(
      'missing',
      `${path} holds no run of the BOM sheet "${choice.named}"; it holds runs of ${keptSheetsText(sheets)}.`,
    );
  }
  if (runs.length === 1) return read(runs[0]);
  if (choice.bomSheet === undefined) return null;
  const run = choice.bomSheet === null ? undefined : runs.find((r) => r.bomSheet === choice.bomSheet);
  if (run) return read(run);
  throw new SnapshotError(
    'missing',
    `${path} holds the last runs of several BOM sheets (${keptSheetsText(sheets)}) and none is of the sheet priced${choice.bomSheet ? ` ("${choice.bomSheet}")` : ''}: say which to compare with, --since-sheet NAME.`,
  );
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
