import { showWarnings, todayOf } from './io';
import { basename } from 'node:path';
import { groupedCount, plural } from '../src/text/plural';
import { BomError, type BomReadResult, explainReading } from '../src/bom';
import { sheetChoiceWords } from '../src/bom/sheets';
import { type PricedLines, priceLines, riskOf } from '../src/workflows/price-bom';
import { CatalogError } from '../src/catalog';
import type { LookupScheduler } from '../src/lookup';
import { wireCurrency } from '../src/pricing/rates';
import { problemLines, suggestForLines } from '../src/suggest';
import { alternatesText } from './alternates';
import { scenarioText } from '../src/purchase/scenario-layout';
import { type BomFile, BomFileError, outputDelimiter } from './bomfile';
import { readBomForPricing } from './read-bom';
import { buyingSetup, catalogClientOf, catalogJudge } from './connection';
import { clean } from './terminal';
import { commandArgs } from './args';
import { PRICE_USAGE, type PriceArgs, readArgs } from './price-args';
import type { PriceBomResult } from '../src/purchase/price-types';
import type { ScenarioTable } from '../src/purchase/scenarios';
import type { SuggestResult } from '../src/suggest';
import { jsonReport, readingReport, renderTable, summaryLines } from './price-report';
import { compactForOutput, writeOutput } from './price-output';
import { OutputError } from './output-error';
import { type RunComparison, type RunSnapshot, SnapshotError, buildSnapshot, compareRuns } from '../src/changes';
import { changesJson, changesText, chooseEarlier, readEarlierRuns, writeSnapshotFile } from './price-changes';

import { errorLine } from './error-line';
import { scheduleJson, scheduleText, schedulesText } from '../src/plan/schedule-words';
import { riskText } from '../src/plan/risk-words';

export interface PriceIo {
  out(s: string): void;
  err(s: string): void;
  /**
   * A progress display that rewrites one line (a terminal). Without it, progress is shown only with
   * --progress, as plain lines on `err`.
   */
  progress?: (text: string, final: boolean) => void;
  /** Today as `yyyy-mm-dd` (the clock the dates are reckoned from); by default the machine's own day (cli/io.ts todayOf). */
  today?: () => string;
}

// ---- progress

function progressReporter(io: PriceIo, forced: boolean): ((done: number, total: number) => void) | undefined {
  const text = (done: number, total: number) =>
    `priced ${groupedCount(done)} of ${groupedCount(total)} ${plural(total, 'part')}`;
  if (io.progress) {
    const show = io.progress;
    let last = 0;
    return (done, total) => {
      const now = Date.now();
      if (done === total || now - last >= 100) {
        last = now;
        show(text(done, total), done === total);
      }
    };
  }
  if (!forced) return undefined;
  let last = 0;
  return (done, total) => {
    const now = Date.now();
    if (done === total || (done > 0 && now - last >= 1000)) {
      last = now;
      io.err(text(done, total));
    }
  };
}

/** Progress on a terminal's stderr: one line rewritten in place. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): PriceIo['progress'] {
  if (!stream.isTTY) return undefined;
  return (text, final) => {
    stream.write(`\r${text}\u001b[K${final ? '\n' : ''}`);
  };
}

/** The warnings of a run: the file's, the reader's and those of the service's answers. */
function runWarnings(
  fileWarnings: readonly string[],
  readWarnings: ReadonlyArray<{ code: string; message: string }>,
  answerWarnings: readonly string[],
): string[] {
  return [
    ...fileWarnings,
    ...readWarnings.map((w) => (w.code === 'variants' ? `${w.message} Pass --variant NAME to price one.` : w.message)),
    ...answerWarnings.map((w) => `the parts service's answer: ${w}`),
  ];
}

/** The dates of --json: the schedule of the quantity written, and the clear-to-build day at each quantity compared. */
function datesJson(result: PriceBomResult, schedules: PricedLines['schedules']): [unknown, unknown[] | undefined] {
  return [
    result.schedule ? scheduleJson(result.schedule, result.currency) : undefined,
    schedules?.map((q) => ({
      boards: q.boards,
      clearToBuild: q.schedule.clearToBuild,
      sure: q.schedule.sure,
      critical: q.schedule.critical.map((t) => t.plan.part.partNumber),
    })),
  ];
}

interface Shown {
  result: PriceBomResult;
  json: () => Record<string, unknown>;
  scenarios: ScenarioTable | undefined;
  suggestions: SuggestResult | undefined;
  changes: { before: RunSnapshot; comparison: RunComparison; after: RunSnapshot } | null;
  schedules: PricedLines['schedules'];
}

/**
 * The sections printed below the table: the scenarios, when the parts arrive ("When"), the risk, the alternates
 * suggested and the changes since an earlier run.
 */
function sectionLines(shown: Shown): string[] {
  const { result, scenarios, suggestions, changes, schedules } = shown;
  return [
    ...(scenarios ? ['', ...scenarioText(scenarios)] : []),
    ...(result.schedule ? ['', 'When', ...scheduleText(result.schedule, result.currency, result.boards)] : []),
    ...(schedules ? schedulesText(schedules) : []),
    '',
    ...riskText(riskOf(result)),
    ...(suggestions ? alternatesText(suggestions) : []),
    ...(changes ? ['', ...changesText(changes.comparison)] : []),
  ];
}

/** What the command prints on stdout: the JSON document, or the table (or what was written) and its sections. */
function showResults(io: PriceIo, args: PriceArgs, shown: Shown): void {
  const { result, changes } = shown;
  if (args.json) {
    const json = shown.json();
    if (changes) json.changes = changesJson(changes.comparison, changes.before, changes.after);
    io.out(JSON.stringify(json, null, 2));
    return;
  }
  if (args.out !== undefined) {
    io.out(`Wrote ${args.out}`);
    for (const line of summaryLines(result)) io.out(line);
  } else for (const line of renderTable(result)) io.out(line);
  for (const line of sectionLines(shown)) io.out(clean(line));
}

/**
 * What a run keeps: its snapshot (made when it is kept or compared: an XLSX output keeps one for a later --since), the
 * --snapshot file, and the --out file; returns the changes since the earlier run, when one was given.
 */
async function keepRun(
  args: PriceArgs,
  run: {
    file: BomFile;
    read: BomReadResult;
    result: PriceBomResult;
    fileName: string;
    earlier: RunSnapshot | null;
    suggestions: SuggestResult | undefined;
    scenarios: ScenarioTable | undefined;
  },
): Promise<{ before: RunSnapshot; comparison: RunComparison; after: RunSnapshot } | null> {
  const { file, read, result, earlier, suggestions, scenarios } = run;
  const kept = earlier !== null || args.snapshot !== undefined || args.outFormat === 'xlsx';
  const snapshot = kept ? buildSnapshot(read, result) : null;
  const changes =
    earlier && snapshot ? { before: earlier, comparison: compareRuns(earlier, snapshot), after: snapshot } : null;
  if (args.snapshot !== undefined && snapshot) await writeSnapshotFile(args.snapshot, snapshot);
  if (args.out !== undefined && args.outFormat !== undefined) {
    const delimiter = args.outFormat === 'csv' ? outputDelimiter(args.out, args.delimiter) : undefined;
    await writeOutput(args.out, args.outFormat, {
      ...compactForOutput(file, read, result),
      fileName: run.fileName,
      delimiter,
      suggestions,
      ...(scenarios ? { scenarios } : {}),
      ...(args.shareSafe
        ? {
            shareSafe: {
              overage: args.overage,
              ...(args.keepRecords ? { records: { orders: [] } } : {}),
              ...(file.fetched ? { fetched: file.fetched } : {}),
            },
          }
        : {}),
      ...(snapshot ? { snapshot } : {}),
      ...(changes ? { changes } : {}),
    });
  }
  return changes;
}

/**
 * `partsheet price FILE ...`: 0 when every line was handled; 1 when the file cannot be read or has no
 * part-number column, the service failed, or the output cannot be written; 2 for a usage error.
 * Failures are one line on `err`, never a stack trace.
 */
export async function priceCommand(
  argv: string[],
  io: PriceIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const today = todayOf(io);
  const args = commandArgs('price', PRICE_USAGE, () => readArgs(argv, env, today), io);
  if (typeof args === 'number') return args;
  let scheduler: LookupScheduler | undefined;
  try {
    // The earlier run is read first: a snapshot that cannot be read stops the command before any lookup.
    // A workbook that keeps several BOM sheets' runs: the one named, else the one of the sheet priced (known once the
    // BOM is read).
    const since = args.since !== undefined ? await readEarlierRuns(args.since) : null;
    let earlier = since ? chooseEarlier(since, { named: args.sinceSheet }) : null;
    const client = catalogClientOf(args);
    // The catalog judges which column holds the manufacturer part numbers: one list search per candidate column.
    const judge = catalogJudge(client, args.version);
    const { file, read } = await readBomForPricing(args.file, {
      sheet: args.sheet,
      ...(args.columns !== undefined ? { columns: args.columns } : {}),
      judge,
      ...(args.variant !== undefined ? { variant: args.variant } : {}),
      partsCells: args.shareSafe === true && args.outFormat === 'xlsx',
    });
    if (since && !earlier) earlier = chooseEarlier(since, { bomSheet: file.sheetName ?? null });
    // With --json the explanation goes to stderr, so that stdout stays one JSON document.
    if (args.explain)
      for (const line of [
        ...(file.sheetChoice ? sheetChoiceWords(file.sheetChoice).map((w) => `Sheets: ${w}`) : []),
        ...explainReading(read, { sheet: file.sheetName }),
      ])
        (args.json ? io.err : io.out)(clean(line));
    const setup = buyingSetup(client, args);
    scheduler = setup.scheduler;
    const priceOptions = {
      ...setup.options,
      overbuyThreshold: args.overbuyThreshold,
      boards: args.boards,
      alternates: args.alternates,
      onProgress: progressReporter(io, args.progress),
    };
    // Several quantities: one lookup prices each; the BOM's own columns are the first quantity's.
    const priced = await priceLines(read, scheduler, priceOptions, args.quantities);
    const result = priced.result;
    const scenarios = priced.scenarios ?? undefined;
    const suggestions = args.suggest
      ? await suggestForLines(problemLines(result, read), client, {
          rates: result.rates,
          overage: args.overage,
          currency: wireCurrency(args.currency),
        })
      : undefined;

    if (result.failures.length > 0 && result.failures.length === result.lookups) {
      io.err(errorLine('partsheet price', clean(result.failures[0].error.message), result.failures[0].error));
      return 1;
    }
    const warnings = runWarnings(file.warnings, read.warnings, result.warnings);
    const fileName = basename(args.file);
    const changes = await keepRun(args, { file, read, result, fileName, earlier, suggestions, scenarios });
    showWarnings(io, 'price', warnings);
    showResults(io, args, {
      result,
      json: () =>
        jsonReport(
          result,
          fileName,
          warnings,
          readingReport(read, file.sheetName, file.sheetChoice),
          suggestions,
          scenarios,
          ...datesJson(result, priced.schedules),
        ),
      scenarios,
      suggestions,
      changes,
      schedules: priced.schedules,
    });

    if (result.failures.length > 0) {
      const rows = result.failures.reduce((n, f) => n + f.rows.length, 0);
      const lost = `${groupedCount(result.failures.length)} of ${groupedCount(result.lookups)} parts could not be looked up (${groupedCount(rows)} lines marked "no price: service error"): ${clean(result.failures[0].error.message)}`;
      io.err(errorLine('partsheet price', lost, result.failures[0].error));
      return 1;
    }
    return 0;
  } catch (e) {
    let message: string;
    if (
      e instanceof BomFileError ||
      e instanceof OutputError ||
      e instanceof CatalogError ||
      e instanceof SnapshotError
    )
      message = e.message;
    else if (e instanceof BomError) message = `${args.file}: ${e.message}`;
    else message = `unexpected failure: ${e instanceof Error ? e.message : String(e)}`;
    io.err(errorLine('partsheet price', clean(message), e));
    return 1;
  } finally {
    scheduler?.close();
  }
}
