/**
 * How `partsheet plan` reads its arguments: the usage text, each BOM with its builds ("A.csv:10", "A.csv:10,20,50"),
 * the scenario chosen, the stock files, the output and the pricing flags.
 */
import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { ScenarioError, parseBuildsList, scenarioBuilds } from '../src/purchase';
import { type Day } from '../src/plan/days';
import { type BuyingFlags, DEFAULT_APIKEY, DEFAULT_ITEM_URL, DEFAULT_LOGIN, connectionOf } from './connection';
import { UsageError } from './usage';
import { CONNECTION_FLAGS, PLAN_FLAGS, parseCommand, planFlagsOf } from './args';
import { needByOf } from './price-args';

export const PLAN_USAGE = `Usage: partsheet plan BOM[:BUILDS[,BUILDS...]] ... [--scenario N] [--on-hand FILE] [--on-order FILE] [--need-by DATE] [--json] [--out LIST.xlsx]
                      [--currency CUR] [--overage PCT] [--overage-min N] [--split-min-saving PCT] [--rate CUR=RATE] [--v3]
                      [--url URL] [--login L] [--apikey K]

One purchase list for several BOMs: each BOM file (CSV, TSV, XLSX, XLS, ODS or HTML, read as partsheet price reads it) with its
number of builds after a colon (default 1), listed in priority order (the first listed takes the stock first).
Several quantities after a colon (A.csv:10,20,50 B.xlsx:25,50,100) make scenarios, all from one lookup: scenario
k takes each BOM's k-th quantity, and a BOM given one quantity keeps it in every scenario; BOMs with several
quantities must give the same number of them. A "Scenarios" section compares them (total, parts to buy, cost of
the spares, parts short, each BOM's share); the list itself is for one scenario.
  --scenario N    the scenario the list, its JSON rows and the --out sheets are for (default 1)
  --on-hand FILE  stock on hand: part number, manufacturer (optional), quantity, and optionally reserved and
                  location columns (a parts inventory export with Name/MPN/Manufacturer/Total Stock, or a plain
                  MPN,Qty list); rows that cannot be read or matched are listed, never applied
  --on-order FILE what is ordered and not yet received, in the same form; subtracted after the stock on hand.
                  With an Environment column (as the Orders sheet has), rows of test orders are not counted
  --need-by DATE  the day the parts are needed by (YYYY-MM-DD, today or later): each offer sells only what
                  arrives by then, as for partsheet price. Either way each BOM says the day it is clear to build
                  and the parts that set it
  --json          print the list, the per-BOM summary and what was not applied as JSON
  --out LIST.xlsx write the "Purchase list", "BOMs" and "Not applied" sheets (and "Scenarios" with several)
  --currency CUR, --overage PCT, --overage-min N, --split-min-saving PCT, --rate CUR=RATE, --v3, --url, --login,
  --apikey        as for partsheet price (default service ${DEFAULT_ITEM_URL}, login ${DEFAULT_LOGIN}, key ${DEFAULT_APIKEY})

Exit status: 0 when the list was made; 1 when a file cannot be read or the service failed; 2 for a wrong option.`;

export interface BomArg {
  file: string;
  /** As written: one quantity, or one per scenario. */
  builds: number[];
}

export interface PlanArgs extends BuyingFlags {
  boms: BomArg[];
  /** 0-based: the scenario the list, --json rows and --out sheets are for. */
  scenario: number;
  onHand?: string;
  onOrder?: string;
  json: boolean;
  out?: string;
  url: string;
  login: string;
  apikey: string;
  help: boolean;
}

/**
 * "A.csv:10" → A.csv, 10 builds; "A.csv:10,20,50" → one quantity per scenario; "A.csv:1,000" → 1,000 builds;
 * "A.csv" → 1 build. What follows the last colon is a build count when it is written with number characters
 * (digits, signs, points, separators): a wrong one ("-3", "1.5", "1e3", "") is said as such, never taken for part
 * of a file name. A path's own colon (C:\x.csv) and a file that exists under the whole text are no build count.
 */
export function bomArg(text: string, isFile: (path: string) => boolean = () => false): BomArg {
  const colon = text.lastIndexOf(':');
  const file = text.slice(0, colon);
  const tail = text.slice(colon + 1);
  if (colon < 1 || !/^[\s\d.,;_eE+-]*$/.test(tail) || isFile(text)) return { file: text, builds: [1] };
  if (tail.trim() === '')
    throw new UsageError(`give the number of builds after '${file}:' (${file}:10), or no colon for 1 build`);
  try {
    return { file, builds: parseBuildsList(tail, `the builds after '${file}:'`) };
  } catch (e) {
    if (e instanceof ScenarioError) throw new UsageError(e.message);
    throw e;
  }
}

/** The scenario chosen with --scenario N (1-based), checked against the BOMs' quantities; 0-based. */
function chosenScenario(boms: readonly BomArg[], text: string | undefined): number {
  let sets: number[][];
  try {
    sets = scenarioBuilds(boms.map((b) => ({ name: b.file, builds: b.builds })));
  } catch (e) {
    if (e instanceof ScenarioError) throw new UsageError(e.message);
    throw e;
  }
  if (text === undefined) return 0;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > sets.length)
    throw new UsageError(`--scenario must be a scenario number from 1 to ${sets.length}; got '${text}'`);
  return n - 1;
}

export function readArgs(argv: string[], env: Record<string, string | undefined>, today: Day): PlanArgs {
  const parsed = parseCommand(argv, {
    ...CONNECTION_FLAGS,
    ...PLAN_FLAGS,
    'on-hand': { type: 'string' },
    'on-order': { type: 'string' },
    json: { type: 'boolean' },
    out: { type: 'string', short: 'o' },
    scenario: { type: 'string' },
    'need-by': { type: 'string' },
  });
  const { values, positionals } = parsed;
  const help = values.help ?? false;
  if (!help && positionals.length === 0) throw new UsageError('plan needs at least one BOM file (BOM.csv:BUILDS)');
  const boms = positionals.map((p) => bomArg(p, (path) => existsSync(path)));
  const scenario = help ? 0 : chosenScenario(boms, values.scenario);
  if (values.out !== undefined) {
    if (extname(values.out).toLowerCase() !== '.xlsx')
      throw new UsageError(`--out must name a .xlsx file; got '${values.out}'`);
    const inputs = [...boms.map((b) => b.file), values['on-hand'], values['on-order']].filter(
      (f): f is string => f !== undefined,
    );
    if (inputs.some((f) => resolve(f) === resolve(values.out!)))
      throw new UsageError('--out must not be one of the files read');
  }
  if (values.json && values.out !== undefined) throw new UsageError('choose --json or --out, not both');
  const { currency, overage, splitMinSavingPercent, rates } = planFlagsOf(values);
  return {
    boms,
    scenario,
    onHand: values['on-hand'],
    onOrder: values['on-order'],
    json: values.json ?? false,
    out: values.out,
    currency,
    overage,
    splitMinSavingPercent,
    rates,
    version: values.v3 ? 'v3' : 'v4',
    today,
    needBy: needByOf(values['need-by'], today),
    ...connectionOf(values, env),
    help,
  };
}
