/**
 * `partsheet plan A.csv:10 B.xlsx:25 --on-hand stock.csv [--on-order orders.csv] [--json|--out list.xlsx]`: one
 * purchase list for several BOMs (src/purchase), net of the stock on hand and on order.
 */
import { existsSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { BomError } from '../src/bom';
import { CatalogError, type ApiVersion } from '../src/catalog';
import { LookupScheduler } from '../src/lookup';
import { type Overage } from '../src/plan';
import { formatMoney } from '../src/pricing/money';
import { RateBook, tokenSearchProbe } from '../src/pricing/rates';
import {
  type PurchaseResult,
  type PurchaseScenarios,
  ScenarioError,
  type StockEntry,
  type StockReadResult,
  StockReadError,
  parseBuildsList,
  planPurchaseScenarios,
  readStock,
  scenarioBuilds,
  scenarioFormats,
  scenarioHeaders,
  scenarioLines,
  scenarioRows,
  stockEntries,
  stockReadText,
  testRowsText,
  withoutTestOrders,
} from '../src/purchase';
import {
  BOM_SUMMARY_HEADERS,
  bomSummaryRows,
  buildableText,
  BUILDABLE_COUNTS,
  costPercent,
  offersText,
  PRICE_OF_TIME_HEADERS,
  priceOfTimeRows,
  purchaseColumns,
  purchaseTableRows,
  rowStatusText,
} from '../src/purchase/layout';
import { BomFileError, readBomFile } from './bomfile';
import {
  catalogClientOf,
  catalogJudge,
  connectionOf,
  DEFAULT_APIKEY,
  DEFAULT_ITEM_URL,
  DEFAULT_LOGIN,
} from './connection';
import { readPlanBoms } from './plan-boms';
import { UsageError } from './usage';
import { clean, fit } from './terminal';
import { commandArgs, CONNECTION_FLAGS, PLAN_FLAGS, parseCommand, planFlagsOf } from './args';
import { countOf, plural } from '../src/text/plural';
import { errorLine } from './error-line';
import { planJson, scenariosJson } from './plan-json';
import { needByOf } from './price-args';
import { type Day, dayOfDate } from '../src/plan/days';
import { bomDatesText } from '../src/purchase/dates-words';
import { priceOfTime, priceOfTimeWords } from '../src/plan/schedule-words';

export interface PlanIo {
  out(s: string): void;
  err(s: string): void;
  /** Today, yyyy-mm-dd (the clock, read once here); the machine's UTC day when not given. */
  today?: () => string;
}

export const PLAN_USAGE = `Usage: partsheet plan BOM[:BUILDS[,BUILDS...]] ... [--scenario N] [--on-hand FILE] [--on-order FILE] [--need-by DATE] [--json] [--out LIST.xlsx]
                      [--currency CUR] [--overage PCT] [--overage-min N] [--split-min-saving PCT] [--rate CUR=RATE] [--v3]
                      [--url URL] [--login L] [--apikey K]

One purchase list for several BOMs: each BOM file (CSV, TSV or XLSX, read as partsheet price reads it) with its
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

interface BomArg {
  file: string;
  /** As written: one quantity, or one per scenario. */
  builds: number[];
}

interface PlanArgs {
  boms: BomArg[];
  /** 0-based: the scenario the list, --json rows and --out sheets are for. */
  scenario: number;
  onHand?: string;
  onOrder?: string;
  json: boolean;
  out?: string;
  currency: string;
  overage: Overage;
  splitMinSavingPercent: number;
  rates: Record<string, number>;
  version: ApiVersion;
  today: Day;
  needBy: Day | null;
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

function readArgs(argv: string[], env: Record<string, string | undefined>, today: Day): PlanArgs {
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

async function readStockFile(path: string, onOrder = false): Promise<{ read: StockReadResult; testRows: number }> {
  const file = await readBomFile(path);
  try {
    const read = readStock(file.cells);
    return onOrder ? withoutTestOrders(file.cells, read) : { read, testRows: 0 };
  } catch (e) {
    if (e instanceof StockReadError) throw new StockReadError(`${path}: ${e.message}`);
    throw e;
  }
}

/** The purchase list as a printed table, the per-BOM summary, and what is not on the list. */
export function renderPlan(result: PurchaseResult): string[] {
  const names = result.boms.map((b) => b.name);
  const cols: Array<{ header: string; right?: boolean; max: number; cell: (i: number) => string }> = [
    { header: 'Part number', max: 24, cell: (i) => result.rows[i].partNumber },
    { header: 'Manufacturer', max: 18, cell: (i) => result.rows[i].manufacturer },
    ...names.map((n, b) => ({
      header: `Need ${n}`,
      right: true,
      max: 14,
      cell: (i: number) => result.rows[i].needs[b].toLocaleString('en-US'),
    })),
    { header: 'Need', right: true, max: 10, cell: (i) => result.rows[i].need.toLocaleString('en-US') },
    { header: 'On hand', right: true, max: 10, cell: (i) => result.rows[i].onHand.toLocaleString('en-US') },
    { header: 'On order', right: true, max: 10, cell: (i) => result.rows[i].onOrder.toLocaleString('en-US') },
    { header: 'To buy', right: true, max: 10, cell: (i) => result.rows[i].toBuy.toLocaleString('en-US') },
    { header: 'Order', right: true, max: 10, cell: (i) => result.rows[i].orderQty.toLocaleString('en-US') },
    {
      header: 'Cost',
      right: true,
      max: 14,
      cell: (i) => result.rows[i].cost.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    },
    { header: 'Status', max: 16, cell: (i) => rowStatusText(result.rows[i]) },
    { header: 'Offers', max: 60, cell: (i) => offersText(result.rows[i]) },
  ];
  const cells = result.rows.map((_, i) => cols.map((c) => fit(c.cell(i), c.max)));
  const widths = cols.map((c, k) => Math.max(c.header.length, ...cells.map((r) => r[k].length)));
  const format = (row: readonly string[]) =>
    row
      .map((v, k) => (k === row.length - 1 ? v : cols[k].right ? v.padStart(widths[k]) : v.padEnd(widths[k])))
      .join('  ')
      .trimEnd();
  const out = [`Purchase list (${result.currency})`, format(cols.map((c) => c.header)), ...cells.map(format)];
  const noted = result.rows.filter((r) => r.notes.length > 0 || r.sharedBy.length > 0);
  if (noted.length > 0) {
    out.push('', 'Notes:');
    for (const r of noted) {
      const shared = r.sharedBy.length > 0 ? [`shared by ${r.sharedBy.join(', ')}`] : [];
      out.push(`  ${clean(r.partNumber)}: ${clean([...shared, ...r.notes].join('; '))}`);
    }
  }
  out.push('', 'BOMs:');
  for (const bom of result.boms) {
    const percent = costPercent(bom, result);
    out.push(
      `  ${clean(bom.name)}: ${countOf(bom.builds, 'build')}, ${bom.parts} ${plural(bom.parts, 'part')} (${bom.sharedParts} shared), cost share ${formatMoney(bom.cost, result.currency)}${percent === null ? '' : ` (${percent} %)`}`,
      ...BUILDABLE_COUNTS.map((b) => `    ${b.text}: ${clean(buildableText(bom[b.key], bom.builds))}`),
      ...(bom.dates ? bomDatesText(bom.dates, bom.builds).map((t) => `    ${clean(t)}`) : []),
    );
  }
  if (result.unlisted.length > 0) {
    out.push('', 'Lines not on the list (their part is not known):');
    for (const u of result.unlisted)
      out.push(
        `  ${clean(result.boms[u.bom].name)} row ${u.row + 1}: ${clean(u.partNumber || '(no part number)')}: ${u.status}${u.reason ? ` (${clean(u.reason)})` : ''}`,
      );
  }
  if (result.notApplied.length > 0) {
    out.push('', 'Stock not applied:');
    for (const n of result.notApplied)
      out.push(
        `  ${clean(n.entry.origin)}: ${clean(n.entry.partNumber)} × ${n.entry.quantity.toLocaleString('en-US')}: ${clean(n.text)}`,
      );
  }
  out.push(
    '',
    `Total to buy: ${formatMoney(result.total, result.currency)} for ${result.rows.filter((r) => r.orderQty > 0).length} of ${result.rows.length} parts`,
  );
  const time = result.schedule ? priceOfTime(result.schedule) : null;
  if (time && result.schedule?.needBy)
    out.push(`Price of time: ${priceOfTimeWords(time, result.schedule.needBy, result.currency)}`);
  return out;
}

async function writeXlsx(path: string, result: PurchaseResult, scenarios: PurchaseScenarios | null): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = result.pricedAt;
  const list = workbook.addWorksheet('Purchase list', { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns = purchaseColumns(result.boms.map((b) => b.name));
  columns.forEach((c, i) => (list.getColumn(i + 1).width = c.width));
  list.addRow(columns.map((c) => c.header)).font = { bold: true };
  for (const values of purchaseTableRows(result)) {
    const row = list.addRow(values);
    columns.forEach((c, i) => (row.getCell(i + 1).numFmt = c.numberFormat));
  }
  const boms = workbook.addWorksheet('BOMs');
  boms.addRow(BOM_SUMMARY_HEADERS).font = { bold: true };
  for (const values of bomSummaryRows(result)) boms.addRow(values);
  const time = priceOfTimeRows(result);
  if (time.length > 0) {
    boms.addRow([]);
    boms.addRow(PRICE_OF_TIME_HEADERS).font = { bold: true };
    for (const values of time) boms.addRow(values);
  }
  [20, 8, 8, 12, 12, 14, 8, 12, 40, 40, 26, 30, 12].forEach((w, i) => (boms.getColumn(i + 1).width = w));
  const notApplied = workbook.addWorksheet('Not applied');
  notApplied.addRow(['What', 'Where', 'Part number', 'Quantity', 'Why']).font = { bold: true };
  for (const u of result.unlisted)
    notApplied.addRow([
      'BOM line',
      `${result.boms[u.bom].name} row ${u.row + 1}`,
      u.partNumber,
      u.need,
      `${u.status}${u.reason ? `: ${u.reason}` : ''}`,
    ]);
  for (const n of result.notApplied)
    notApplied.addRow([
      n.onOrder ? 'on order' : 'on hand',
      n.entry.origin,
      n.entry.partNumber,
      n.entry.quantity,
      n.text,
    ]);
  if (scenarios) {
    const sheet = workbook.addWorksheet('Scenarios');
    const names = result.boms.map((b) => b.name);
    const formats = scenarioFormats(names);
    sheet.addRow(scenarioHeaders(names)).font = { bold: true };
    for (const values of scenarioRows(scenarios)) {
      const row = sheet.addRow(values);
      formats.forEach((f, i) => (row.getCell(i + 1).numFmt = f));
    }
    sheet.getColumn(2).width = 40;
  }
  await workbook.xlsx.writeFile(path);
}

/** Errors whose message says it all: a file's, the catalog's, the stock's, the scenarios'. */
const WORDED = [BomFileError, CatalogError, StockReadError, ScenarioError];
/** `partsheet plan ...`: 0 when the list was made; 1 when a file cannot be read or the service failed; 2 for a usage error. */
export async function planCommand(
  argv: string[],
  io: PlanIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const today = io.today?.() ?? dayOfDate(new Date());
  const args = commandArgs('plan', PLAN_USAGE, () => readArgs(argv, env, today), io);
  if (typeof args === 'number') return args;
  let scheduler: LookupScheduler | undefined;
  let current = '';
  try {
    const client = catalogClientOf(args);
    const judge = catalogJudge(client, args.version);
    const { boms, warnings } = await readPlanBoms(args.boms, judge, (file) => (current = file));
    const stockText: string[] = [];
    const problems: unknown[] = [];
    const load = async (path: string | undefined, label: string): Promise<StockEntry[]> => {
      if (path === undefined) return [];
      current = path;
      const { read, testRows } = await readStockFile(path, label === 'on order');
      stockText.push(`${label} ${path}: ${stockReadText(read)}`);
      const ignored = testRowsText(testRows);
      if (ignored !== null) stockText.push(`${label} ${path}: ${ignored}`);
      for (const p of read.problems)
        problems.push({ file: path, row: p.row + 1, partNumber: p.partNumber, why: p.text });
      return stockEntries(read, basename(path));
    };
    const onHand = await load(args.onHand, 'on hand');
    const onOrder = await load(args.onOrder, 'on order');
    current = '';

    scheduler = new LookupScheduler({ port: client });
    const rates = new RateBook({
      probe: tokenSearchProbe((token, opts) => client.searchToken(token, opts)),
      given: args.rates,
    });
    const scenarios = await planPurchaseScenarios(boms, scheduler, {
      chosen: args.scenario,
      currency: args.currency,
      rates,
      overage: args.overage,
      splitMinSavingPercent: args.splitMinSavingPercent,
      version: args.version,
      timing: { today: args.today, needBy: args.needBy },
      onHand,
      onOrder,
    });
    const result = scenarios.scenarios[scenarios.chosen].result;
    const several = scenarios.scenarios.length > 1 ? scenarios : null;
    if (result.failures.length > 0 && result.failures.length === result.lookups) {
      io.err(errorLine('partsheet plan', clean(result.failures[0].error.message), result.failures[0].error));
      return 1;
    }
    for (const w of warnings.slice(0, 20)) io.err(`partsheet plan: warning: ${clean(w)}`);
    for (const t of stockText) io.err(`partsheet plan: ${clean(t)}`);
    for (const p of problems as Array<{ file: string; row: number; partNumber: string; why: string }>) {
      io.err(
        `partsheet plan: ${clean(p.file)} row ${p.row}: not applied: ${clean(p.partNumber ? `${p.partNumber}: ${p.why}` : p.why)}`,
      );
    }
    if (args.json) {
      const json = planJson(result, { stock: stockText, problems }) as Record<string, unknown>;
      io.out(JSON.stringify(several ? { ...json, ...scenariosJson(several) } : json, null, 2));
    } else {
      if (args.out !== undefined) {
        await writeXlsx(args.out, result, several);
        io.out(`Wrote ${args.out}`);
      }
      if (several) for (const line of [...scenarioLines(several), '']) io.out(clean(line));
      for (const line of renderPlan(result)) io.out(line);
    }
    if (result.failures.length > 0) {
      io.err(
        `partsheet plan: ${result.failures.length} of ${result.lookups} parts could not be looked up: ${clean(result.failures[0].error.message)}`,
      );
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
