/**
 * Scenarios: one BOM, or a purchase list of several, at several build quantities side by side, with one lookup for
 * all of them. Both are the same two steps: the *match* (every part number looked up once, every line matched to its
 * part, the exchange rates learned), which does not depend on how many are built, then the *plan* at each quantity,
 * the very step a run at that quantity alone ends with, so a scenario's figures are, to the cent, what that run
 * gives. Quantities are read by one reader of lists of counts (src/text/count-list.ts), at most MAX_SCENARIOS.
 *
 * One BOM (priceScenarios, scenarioTable): the BOM at 1, 10, 100, 1,000 boards. The comparison says per quantity the
 * total, the cost per board, the cost of the spares, the lines short, the lines whose part is not Active and the
 * lines whose offer changes from the quantity before; and per line the unit price and extended cost at each
 * quantity.
 *
 * A purchase list (planPurchaseScenarios): several build quantities per BOM (A × 10, 20, 50 with B × 25, 50). Each
 * BOM gives one build quantity or a list of them, in the order written. Scenario k takes each BOM's k-th quantity; a
 * BOM with one quantity keeps it in every scenario. Lists of different lengths (3 quantities for A, 2 for B) cannot
 * be paired and are refused with a message naming them. The stock on hand and on order is applied once. Per
 * scenario the comparison says the total, the parts to buy, the cost of the spares (bought beyond the net need), the
 * parts short and without a price, and each BOM's cost share. One scenario (the first unless chosen) is the one the
 * Purchase list sheet is written for and ordered from.
 *
 * Their sheets and printed tables are in scenario-layout.ts.
 */
import { type BomReadResult, MAX_BOARDS } from '../bom/read';
import {
  type BomLookupPort,
  type PriceBomOptions,
  type PriceBomResult,
  type PricedBomLine,
  matchBom,
  priceMatched,
} from './price-lines';
import { coverageOf, coverageText } from './summary-entries';
import { countListText, parseCountList } from '../text/count-list';
import { fromMicro } from '../pricing/money';
import { applyOptionsStock, listAt } from './list';
import { matchBoms } from './match-boms';
import type { PurchaseOptions, PurchaseResult } from './types';
import { type ScenarioDates, scenarioDates } from './scenario-dates';
import type { ErrorCode } from '../../protocol/error-codes';
import { groupedCount as count } from '../text/plural';

/** Most quantities one run compares: of boards for one BOM, scenarios for a purchase list. */
export const MAX_SCENARIOS = 8;

// One BOM at several quantities of boards.

/** Quantities as the user wrote them: sorted and each once in `quantities`; `first` is the one written first. */
export interface BoardsList {
  quantities: number[];
  first: number;
}

/**
 * Reads a Boards text: one quantity ("10", "1,000", "1_000") or several, separated by commas, semicolons or
 * spaces ("1, 10, 100, 1000", "1,10,100,1000"), as src/text/count-list.ts reads a list of counts; sorted, each once.
 * Throws a RangeError in the user's words when the text is not such a list.
 */
export function parseBoardsList(text: string, max = MAX_BOARDS): BoardsList {
  const values = parseCountList(text, { noun: 'boards', subject: 'each number of boards', max });
  const quantities = [...new Set(values)].sort((a, b) => a - b);
  if (quantities.length > MAX_SCENARIOS)
    throw new RangeError(`at most ${MAX_SCENARIOS} quantities of boards at once; got ${quantities.length}`);
  return { quantities, first: values[0] };
}

/** Of the quantities priced (sorted), the one whose run a sheet shows: the one asked for, else the smallest. */
export function shownBoards(options: Pick<PriceBomOptions, 'boards'>, sorted: readonly number[]): number {
  return options.boards ?? sorted[0];
}

export interface ScenarioRun {
  boards: number;
  result: PriceBomResult;
}

/**
 * Prices the BOM at each quantity of `quantities` (sorted, each once), with one lookup and one match for all (see
 * the module note): each quantity's needs are its lines' quantities per board times that quantity. `settleLines` is
 * applied to the run at `options.boards` alone (the first quantity when not given), the one a sheet shows. Progress
 * is reported for the lookup only.
 */
export async function priceScenarios(
  read: BomReadResult,
  port: BomLookupPort,
  quantities: readonly number[],
  options: PriceBomOptions = {},
): Promise<ScenarioRun[]> {
  const list = [...new Set(quantities)].sort((a, b) => a - b);
  if (list.length === 0) throw new RangeError('no quantity of boards to price');
  const chosen = shownBoards(options, list);
  const matched = await matchBom(read, port, options);
  return list.map((boards) => ({
    boards,
    result: priceMatched(matched, read, {
      ...options,
      boards,
      settleLines: boards === chosen ? options.settleLines : undefined,
    }),
  }));
}

/** A line whose offer is not the one bought at the quantity before. */
export interface OfferChange {
  row: number;
  partNumber: string;
  /** The offers bought before and now, as "SOURCE sourcePartId" joined by " + "; '' when none. */
  from: string;
  to: string;
}

export interface ScenarioQuantity {
  boards: number;
  currency: string | null;
  total: number;
  perBoard: number;
  /** The cost of the spares (bought beyond the need). */
  excess: number;
  /** Lines priced in full, and lines to buy: the total leaves out the rest. */
  priced: number;
  toBuy: number;
  /** The total covers every line to buy. */
  complete: boolean;
  /** What the total covers, in words ("all 50 lines priced"). */
  coverage: string;
  short: number;
  notActive: number;
  overbuys: number;
  /** Lines whose offer changes from the quantity before (none for the first). */
  changed: OfferChange[];
  /** When the build is clear to build at this quantity (when the run worked out dates). */
  dates?: ScenarioDates;
}

export interface ScenarioLineCost {
  boards: number;
  status: PricedBomLine['status'];
  orderQty: number | null;
  unitPrice: number | null;
  extended: number | null;
  /** The offers bought ('' when none). */
  offer: string;
}

export interface ScenarioLine {
  row: number;
  partNumber: string;
  matchedPart: string | null;
  /** One per quantity, in the order of `quantities`. */
  at: ScenarioLineCost[];
}

export interface ScenarioTable {
  currency: string | null;
  quantities: ScenarioQuantity[];
  /** The lines to buy (skipped rows are left out), in row order. */
  lines: ScenarioLine[];
}

/** The offers a line buys: each purchase's source and sourcePartId, as its plan has them. */
function offersByRow(result: PriceBomResult): Map<number, string> {
  const out = new Map<number, string>();
  for (const plan of result.plans) {
    const text = plan.purchases
      .map((p) => `${p.offer.sourceCode || p.offer.sourceName} ${p.offer.sourcePartId}`.trim())
      .join(' + ');
    for (const line of plan.lines) out.set(line.id, text);
  }
  return out;
}

/** The comparison of the runs of priceScenarios: per quantity, and per line at each quantity. */
export function scenarioTable(runs: readonly ScenarioRun[]): ScenarioTable {
  const offers = runs.map((r) => offersByRow(r.result));
  const quantities = runs.map((run, i): ScenarioQuantity => {
    const s = run.result.summary;
    const c = coverageOf(s);
    const changed: OfferChange[] = [];
    if (i > 0) {
      for (const line of run.result.lines) {
        if (line.status === 'skipped') continue;
        const from = offers[i - 1].get(line.row) ?? '';
        const to = offers[i].get(line.row) ?? '';
        if (from !== to) changed.push({ row: line.row, partNumber: line.partNumber, from, to });
      }
    }
    return {
      boards: run.boards,
      currency: s.currency,
      total: s.totalPerBuild,
      perBoard: s.totalPerBoard,
      excess: s.excess,
      priced: c.priced,
      toBuy: c.toBuy,
      complete: c.complete,
      coverage: coverageText(s),
      short: s.short,
      notActive: s.notActive,
      overbuys: s.overbuys,
      changed,
      ...(run.result.schedule ? { dates: scenarioDates(run.result.schedule) } : {}),
    };
  });
  const lines: ScenarioLine[] = [];
  const first = runs[0]?.result.lines ?? [];
  const byRow = runs.map((r) => new Map(r.result.lines.map((l) => [l.row, l])));
  for (const line of first) {
    if (line.status === 'skipped') continue;
    lines.push({
      row: line.row,
      partNumber: line.partNumber,
      matchedPart: line.matchedPart,
      at: runs.map((run, i) => {
        const l = byRow[i].get(line.row);
        return {
          boards: run.boards,
          status: l?.status ?? line.status,
          orderQty: l?.orderQty ?? null,
          unitPrice: l?.unitPrice ?? null,
          extended: l?.extended ?? null,
          offer: offers[i].get(line.row) ?? '',
        };
      }),
    });
  }
  return { currency: quantities.find((q) => q.currency !== null)?.currency ?? null, quantities, lines };
}

// A purchase list: several BOMs, each at one build quantity or several.

/** Most BOMs on one purchase list: each adds a column to every row and a share to every scenario. */
export const MAX_PURCHASE_BOMS = 50;
/**
 * Most BOM lines (all BOMs together) times scenarios: each scenario lists every line again. 50 BOMs of 1,000 lines
 * at 8 scenarios, or one BOM of 200,000 lines at 2; beyond it memory and time grow past what a desk machine has.
 */
export const MAX_PURCHASE_LINE_SCENARIOS = 400_000;

/** A BOM with its build quantities, in the order written (one, or one per scenario). */
export interface ScenarioBom {
  name: string;
  read: BomReadResult;
  builds: readonly number[];
}

/**
 * The build quantities are not a list the model can pair, or not whole numbers in range (PS_PURCHASE_SCENARIO); or the
 * list is over its bounds, of BOMs or of lines × scenarios (PS_PURCHASE_TOO_LARGE).
 */
export class ScenarioError extends Error {
  constructor(
    message: string,
    readonly errorCode: Extract<ErrorCode, 'PS_PURCHASE_SCENARIO' | 'PS_PURCHASE_TOO_LARGE'> = 'PS_PURCHASE_SCENARIO',
  ) {
    super(message);
  }
}

/**
 * Reads build quantities as written (src/text/count-list.ts): "10", "1,000" (one number with thousands separators),
 * "10,20,50", "10, 20, 50" or "10;20;50", kept in the order written. Throws a ScenarioError in the user's words,
 * naming what is read as `subject`.
 */
export function parseBuildsList(text: string, subject = 'each number of builds'): number[] {
  let values: number[];
  try {
    values = parseCountList(text, { noun: 'builds', subject, max: MAX_BOARDS });
  } catch (e) {
    if (e instanceof RangeError) throw new ScenarioError(e.message);
    throw e;
  }
  if (values.length > MAX_SCENARIOS)
    throw new ScenarioError(`at most ${MAX_SCENARIOS} build quantities a BOM; got ${values.length}`);
  return values;
}

/**
 * The build quantities of each scenario, one per BOM in listed order: scenario k takes each BOM's k-th quantity, a
 * BOM with one keeps it. Throws a ScenarioError when two BOMs give different numbers (both more than one).
 */
export function scenarioBuilds(boms: ReadonlyArray<{ name: string; builds: readonly number[] }>): number[][] {
  if (boms.length === 0) throw new ScenarioError('a purchase list needs at least one BOM');
  if (boms.length > MAX_PURCHASE_BOMS)
    throw new ScenarioError(
      `at most ${MAX_PURCHASE_BOMS} BOMs on one purchase list; got ${count(boms.length)}: make several lists`,
      'PS_PURCHASE_TOO_LARGE',
    );
  const empty = boms.find((b) => b.builds.length === 0);
  if (empty) throw new ScenarioError(`${empty.name} has no build quantity`);
  const several = boms.filter((b) => b.builds.length > 1);
  const k = several.length === 0 ? 1 : several[0].builds.length;
  const odd = several.find((b) => b.builds.length !== k);
  if (odd) {
    const listed = several.map((b) => `${b.name} has ${count(b.builds.length)} (${countListText(b.builds)})`);
    throw new ScenarioError(
      `the build quantities cannot be paired into scenarios: ${listed.join(', ')}. Scenario 1 takes each BOM's first quantity, scenario 2 its second, and so on: give every BOM with several quantities the same number of them, or one quantity to keep in every scenario.`,
    );
  }
  if (k > MAX_SCENARIOS) throw new ScenarioError(`at most ${MAX_SCENARIOS} scenarios at once; got ${k}`);
  return Array.from({ length: k }, (_, i) => boms.map((b) => (b.builds.length === 1 ? b.builds[0] : b.builds[i])));
}

/** The BOM at which a running count of lines (as the BOMs are read, in order) passed the cap. */
export interface LineCountAt {
  /** The BOM as the user gave it (its file). */
  name: string;
  /** 0-based, of `of` BOMs. */
  index: number;
  of: number;
}

/**
 * The lines × scenarios cap (MAX_PURCHASE_LINE_SCENARIOS): a ScenarioError when `lines` at `scenarios` pass it.
 * Without `at`, `lines` are all the BOMs' together; with it, they are those read so far, up to and including the
 * BOM `at` names: a reader counts as it reads and stops at the BOM that passes the cap, before reading the next.
 */
export function checkLineScenarios(lines: number, scenarios: number, at?: LineCountAt): void {
  if (lines * scenarios <= MAX_PURCHASE_LINE_SCENARIOS) return;
  const have =
    at === undefined
      ? `the BOMs have ${count(lines)} lines in all`
      : at.of === 1
        ? `${at.name} has ${count(lines)} lines`
        : `the BOMs up to and including ${at.name} (BOM ${count(at.index + 1)} of ${count(at.of)}) have ${count(lines)} lines`;
  throw new ScenarioError(
    `${have}, at ${count(scenarios)} ${scenarios === 1 ? 'scenario' : 'scenarios'}: ${count(lines * scenarios)} lines to list; at most ${count(MAX_PURCHASE_LINE_SCENARIOS)} (lines × scenarios) on one purchase list: fewer scenarios or BOMs, or several lists`,
    'PS_PURCHASE_TOO_LARGE',
  );
}

/** One BOM's share of a scenario. */
export interface ScenarioShare {
  name: string;
  builds: number;
  micro: bigint;
  cost: number;
}

/** The figures of one scenario, for the comparison. */
export interface ScenarioFigures {
  /** 1-based, as shown. */
  number: number;
  /** "A × 10 + B × 25". */
  label: string;
  builds: number[];
  micro: bigint;
  total: number;
  /** Parts bought (order quantity above 0), and of all the parts listed. */
  partsToBuy: number;
  parts: number;
  /** Parts the stock covers in full. */
  covered: number;
  /** The cost of the spares: what is bought beyond the net need, micro-units. */
  excessMicro: bigint;
  excess: number;
  /** Parts not to be had in full anywhere, and parts with no usable price. */
  short: number;
  noPrice: number;
  shares: ScenarioShare[];
}

export interface PurchaseScenario extends ScenarioFigures {
  result: PurchaseResult;
}

export interface PurchaseScenarios {
  scenarios: PurchaseScenario[];
  /** 0-based: the scenario written to the Purchase list sheet and ordered from. */
  chosen: number;
  /** Distinct part numbers looked up, once for every scenario. */
  lookups: number;
}

/** "A × 10 + B × 25". */
export function scenarioLabel(names: readonly string[], builds: readonly number[]): string {
  return names.map((n, b) => `${n} × ${count(builds[b])}`).join(' + ');
}

/** The comparison figures of one listed scenario. */
export function scenarioFigures(number: number, result: PurchaseResult): ScenarioFigures {
  const builds = result.boms.map((b) => b.builds);
  const excessMicro = result.rows.reduce((a, r) => a + r.plan.excessMicro, 0n);
  return {
    number,
    label: scenarioLabel(
      result.boms.map((b) => b.name),
      builds,
    ),
    builds,
    micro: result.micro,
    total: result.total,
    partsToBuy: result.rows.filter((r) => r.orderQty > 0).length,
    parts: result.rows.length,
    covered: result.rows.filter((r) => r.status === 'covered').length,
    excessMicro,
    excess: fromMicro(excessMicro),
    short: result.rows.filter((r) => r.status === 'short').length,
    noPrice: result.rows.filter((r) => r.status === 'no price').length,
    shares: result.boms.map((b) => ({ name: b.name, builds: b.builds, micro: b.micro, cost: b.cost })),
  };
}

/**
 * The purchase list at every scenario of `boms` (see the module note), with one lookup for all. `chosen` (0-based,
 * default 0) names the scenario for the sheet and the orders; a ScenarioError when it is not one of them.
 */
export async function planPurchaseScenarios(
  boms: readonly ScenarioBom[],
  scheduler: BomLookupPort,
  options: PurchaseOptions & { chosen?: number } = {},
): Promise<PurchaseScenarios> {
  const sets = scenarioBuilds(boms);
  checkLineScenarios(
    boms.reduce((n, b) => n + b.read.lines.length, 0),
    sets.length,
  );
  const chosen = options.chosen ?? 0;
  if (!Number.isSafeInteger(chosen) || chosen < 0 || chosen >= sets.length)
    throw new ScenarioError(
      `there ${sets.length === 1 ? 'is 1 scenario' : `are ${sets.length} scenarios`}: choose one from 1 to ${sets.length}; got ${chosen + 1}`,
    );
  const matched = await matchBoms(
    boms.map((b) => ({ name: b.name, read: b.read, builds: b.builds[0] })),
    scheduler,
    options,
  );
  const stock = applyOptionsStock(matched, options);
  const scenarios = sets.map((builds, i) => {
    const result = listAt(matched, stock, builds, options);
    return { ...scenarioFigures(i + 1, result), result };
  });
  return { scenarios, chosen, lookups: matched.lookups };
}
