/**
 * Scenarios of a purchase list: several build quantities per BOM (A × 10, 20, 50 with B × 25, 50) compared side by
 * side, with one lookup for all of them.
 *
 * The model. Each BOM gives one build quantity or a list of them, in the order written. Scenario k takes each BOM's
 * k-th quantity; a BOM with one quantity keeps it in every scenario. Lists of different lengths (3 quantities for A,
 * 2 for B) cannot be paired and are refused with a message naming them. At most MAX_SCENARIOS scenarios.
 *
 * One lookup. The BOMs are looked up and matched once (matchBoms), the stock on hand and on order applied once;
 * each scenario is then listed from that match (listAt), which is the very step a run at those build quantities
 * alone ends with: a scenario's figures are, to the cent, what planPurchase gives at its quantities.
 *
 * Per scenario the comparison says the total, the parts to buy, the cost of the spares (bought beyond the net
 * need), the parts short and without a price, and each BOM's cost share. One scenario (the first unless chosen) is
 * the one the Purchase list sheet is written for and ordered from.
 */
import type { BomReadResult } from '../bom/read';
import type { BomLookupPort } from './price-lines';
import { MAX_BOARDS } from '../bom/read';
import { countListText, parseCountList } from '../text/count-list';
import { fromMicro } from '../pricing/money';
import { count } from '../plan/count';
import { applyOptionsStock, listAt } from './list';
import { matchBoms } from './match-boms';
import type { PurchaseOptions, PurchaseResult } from './types';
import type { ErrorCode } from '../../protocol/error-codes';

/** Most scenarios one purchase list compares. */
export const MAX_PURCHASE_SCENARIOS = 8;
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

/** The build quantities are not a list the model can pair, or not whole numbers in range. */
export class ScenarioError extends Error {
  readonly errorCode: ErrorCode = 'PS_PURCHASE_SCENARIO';
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
  if (values.length > MAX_PURCHASE_SCENARIOS)
    throw new ScenarioError(`at most ${MAX_PURCHASE_SCENARIOS} build quantities a BOM; got ${values.length}`);
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
  if (k > MAX_PURCHASE_SCENARIOS)
    throw new ScenarioError(`at most ${MAX_PURCHASE_SCENARIOS} scenarios at once; got ${k}`);
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
  return names.map((n, b) => `${n} × ${builds[b].toLocaleString('en-US')}`).join(' + ');
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
