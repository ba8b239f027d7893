/**
 * `partsheet plan A.csv:10 B.xlsx:25 --on-hand stock.csv [--on-order orders.csv] [--json|--out list.xlsx]`: one
 * purchase list for several BOMs, net of the stock on hand and on order. The command reads its files, makes the list
 * with the purchase-list workflow (src/workflows/purchase-list.ts) and prints or writes it (plan-report.ts,
 * plan-json.ts); its arguments are read in plan-args.ts.
 */
import { showWarnings, todayOf } from './io';
import { basename } from 'node:path';
import { BomError } from '../src/bom';
import { CatalogError } from '../src/catalog';
import type { LookupScheduler } from '../src/lookup';
import { ScenarioError, StockReadError, scenarioLines } from '../src/purchase';
import { type StockCells, lookupFailuresText, makePurchaseList } from '../src/workflows/purchase-list';
import { BomFileError, readBomFile } from './bomfile';
import { buyingSetup, catalogClientOf, catalogJudge } from './connection';
import { readPlanBoms } from './plan-boms';
import { clean } from './terminal';
import { commandArgs } from './args';
import { errorLine } from './error-line';
import { planJson, scenariosJson } from './plan-json';
import { PLAN_USAGE, readArgs } from './plan-args';
import { renderPlan, stockWords, writeXlsx } from './plan-report';

export interface PlanIo {
  out(s: string): void;
  err(s: string): void;
  /** Today as `yyyy-mm-dd` (the clock the dates are reckoned from); by default the machine's own day (cli/io.ts todayOf). */
  today?: () => string;
}

/** Errors whose message says it all: a file's, the catalog's, the stock's, the scenarios'. */
const WORDED = [BomFileError, CatalogError, StockReadError, ScenarioError];
/** `partsheet plan ...`: 0 when the list was made; 1 when a file cannot be read or the service failed; 2 for a usage error. */
export async function planCommand(
  argv: string[],
  io: PlanIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const today = todayOf(io);
  const args = commandArgs('plan', PLAN_USAGE, () => readArgs(argv, env, today), io);
  if (typeof args === 'number') return args;
  let scheduler: LookupScheduler | undefined;
  let current = '';
  try {
    const client = catalogClientOf(args);
    const judge = catalogJudge(client, args.version);
    const { boms, warnings } = await readPlanBoms(args.boms, judge, (file) => (current = file));
    const stockFile = async (path: string | undefined): Promise<StockCells | null> => {
      if (path === undefined) return null;
      current = path;
      return { cells: (await readBomFile(path)).cells, where: path, origin: basename(path) };
    };
    const onHand = await stockFile(args.onHand);
    const onOrderList = await stockFile(args.onOrder);
    current = '';

    const setup = buyingSetup(client, args);
    scheduler = setup.scheduler;
    const list = await makePurchaseList(
      { boms, scenario: args.scenario, onHand, onOrder: onOrderList && { list: onOrderList } },
      scheduler,
      setup.options,
    );
    const { result, scenarios } = list;
    showWarnings(io, 'plan', warnings);
    const { stock, problems } = stockWords(list);
    for (const t of stock) io.err(`partsheet plan: ${clean(t)}`);
    for (const p of problems) {
      io.err(
        `partsheet plan: ${clean(p.file)} row ${p.row}: not applied: ${clean(p.partNumber ? `${p.partNumber}: ${p.why}` : p.why)}`,
      );
    }
    if (args.json) {
      const json = planJson(result, { stock, problems }) as Record<string, unknown>;
      io.out(JSON.stringify(scenarios ? { ...json, ...scenariosJson(scenarios) } : json, null, 2));
    } else {
      if (args.out !== undefined) {
        await writeXlsx(args.out, result, scenarios);
        io.out(`Wrote ${args.out}`);
      }
      if (scenarios) for (const line of [...scenarioLines(scenarios), '']) io.out(clean(line));
      for (const line of renderPlan(result)) io.out(line);
    }
    const failed = lookupFailuresText(result);
    if (failed !== null) {
      io.err(`partsheet plan: ${clean(failed)}`);
      return 1;
    }
    return 0;
  } catch (e) {
    let message: string;
    if (WORDED.some((kind) => e instanceof kind)) message = (e as Error).message;
    else if (e instanceof BomError) message = `${current}: ${e.message}`;
    else if ((e as NodeJS.ErrnoException).code !== undefined)
      message = `${args.out ?? current}: ${(e as Error).message}`;
    else message = `unexpected failure: ${e instanceof Error ? e.message : String(e)}`;
    io.err(errorLine('partsheet plan', clean(message), e, args.out ? 'PS_CLI_OUTPUT' : 'PS_CLI_BOM_FILE'));
    return 1;
  } finally {
    scheduler?.close();
  }
}
