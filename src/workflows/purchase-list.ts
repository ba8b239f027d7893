/**
 * The "make a purchase list" workflow, one for `partsheet plan` and the task pane's Purchase tab: from the BOMs read
 * (one or several, each with one build quantity or one per scenario) and the stock given (a stock list on hand; on
 * order, a list or the workbook's record of orders placed), to the purchase list of the scenario chosen and, with
 * several, every scenario's figures. One lookup for every BOM and scenario; the stock lists read, checked and applied
 * once; each part planned at the combined need, with its dates, each BOM's buildable counts and what the list
 * cannot buy (src/purchase does each step).
 *
 * The callers read their inputs (files and arguments, sheet ranges and the pane's setup) and present the record
 * (text, JSON and XLSX; the pane and the Purchase list sheet); nothing here reads a file or writes a sheet.
 *
 * When no part could be looked up at all (the service unreachable, a refused login) there is no list to make: the
 * lookup's own error is thrown, so a list made earlier is not written over with one that buys nothing. When some
 * could not, the list is made and `lookupFailuresText` says how many.
 */
import type { CellGrid } from '../text/normalize';
import type { BomLookupPort } from '../purchase/price-lines';
import type { BomReadResult } from '../bom/read';
import type { OrderRecord } from '../excel/order-record';
import type { PurchaseOptions, PurchaseResult, StockEntry } from '../purchase/types';
import { type StockReadResult, StockReadError, readStock, stockEntries } from '../purchase/stock';
import { withoutTestOrders } from '../purchase/order-environment';
import { type ReceivedMark, onOrderEntries } from '../purchase/on-order';
import { type PurchaseScenarios, type ScenarioBom, planPurchaseScenarios } from '../purchase/scenarios';
import { type PurchaseBlocker, purchaseBlockers } from '../purchase/blockers';

/** A stock list as cells: a file's, or a sheet range's. */
export interface StockCells {
  cells: CellGrid;
  /** Where the list is, for its errors and notes: the file's path, the range's address. */
  where: string;
  /** What each entry's origin starts with, for the stock not applied: "stock.csv", "On hand Stock". */
  origin: string;
  /** The file's or sheet's row number of the cells' first row (default 1). */
  firstRowNumber?: number;
}

/** What is on order: a list (its rows of test orders not counted), or the orders placed from the workbook. */
export type OnOrderSource =
  { list: StockCells } | { orders: readonly OrderRecord[]; received: readonly ReceivedMark[] };

export interface PurchaseListInput {
  /** In priority order: the first listed takes the stock first. */
  boms: readonly ScenarioBom[];
  /** 0-based: the scenario the list is for (default 0). */
  scenario?: number;
  onHand?: StockCells | null;
  onOrder?: OnOrderSource | null;
}

/** A stock list as read, for the caller's notes. */
export interface StockListRead {
  /** Where the list is (StockCells.where). */
  where: string;
  read: StockReadResult;
  /** Its rows that could not be read, each at its row number in the file or sheet; never applied. */
  problems: Array<{ row: number; partNumber: string; text: string }>;
  /** Rows of test orders not counted (a list of what is on order with an Environment column); 0 otherwise. */
  testRows: number;
}

/** The orders placed from the workbook as what is on order: those not counted and why. */
export interface OrdersOnOrder {
  /** Orders left out, in words ("… not confirmed, so not counted as on order …"). */
  leftOut: string[];
  /** Orders placed in the test environment, not received: never counted. */
  testOrders: number;
}

export interface PurchaseList {
  /** The list of the scenario chosen (the only one when each BOM has one quantity). */
  result: PurchaseResult;
  /** Every scenario's figures when there are several; null for one. */
  scenarios: PurchaseScenarios | null;
  /** What the list cannot buy: the parts short everywhere and the lines whose part is not known. */
  blockers: PurchaseBlocker[];
  onHand: StockListRead | null;
  /** What is on order as read: a list, or the orders placed; null when none was given. */
  onOrder: { list: StockListRead } | { orders: OrdersOnOrder } | null;
}

/** Reads a stock list; a StockReadError names where the list is. With `onOrder`, rows of test orders are left out. */
function readStockList(source: StockCells, onOrder: boolean): { list: StockListRead; entries: StockEntry[] } {
  let whole: StockReadResult;
  try {
    whole = readStock(source.cells);
  } catch (e) {
    if (e instanceof StockReadError) throw new StockReadError(`${source.where}: ${e.message}`);
    throw e;
  }
  const { read, testRows } = onOrder ? withoutTestOrders(source.cells, whole) : { read: whole, testRows: 0 };
  const first = source.firstRowNumber ?? 1;
  const problems = read.problems.map((p) => ({ row: p.row + first, partNumber: p.partNumber, text: p.text }));
  return {
    list: { where: source.where, read, problems, testRows },
    entries: stockEntries(read, source.origin, first),
  };
}

/** What is on order: its entries to apply, and what the caller says of it. */
function readOnOrder(source: OnOrderSource): { said: NonNullable<PurchaseList['onOrder']>; entries: StockEntry[] } {
  if ('list' in source) {
    const { list, entries } = readStockList(source.list, true);
    return { said: { list }, entries };
  }
  const open = onOrderEntries(source.orders, source.received);
  return { said: { orders: { leftOut: open.leftOut, testOrders: open.testOrders } }, entries: open.entries };
}

/**
 * The purchase list of `input.boms` net of the stock given, looked up through `lookup` once for every scenario;
 * `options` are the pricing choices (currency, rates, overage, dates…). Throws StockReadError for a stock list that
 * cannot be read, ScenarioError for quantities that cannot be paired or a scenario that is not one, and the lookup's
 * error when no part could be looked up.
 */
export async function makePurchaseList(
  input: PurchaseListInput,
  lookup: BomLookupPort,
  options: Omit<PurchaseOptions, 'onHand' | 'onOrder'> = {},
): Promise<PurchaseList> {
  // The stock is read before anything is looked up: a list that cannot be read costs no lookup.
  const onHand = input.onHand ? readStockList(input.onHand, false) : null;
  const onOrder = input.onOrder ? readOnOrder(input.onOrder) : null;
  const all = await planPurchaseScenarios(input.boms, lookup, {
    ...options,
    onHand: onHand?.entries ?? [],
    onOrder: onOrder?.entries ?? [],
    chosen: input.scenario ?? 0,
  });
  const result = all.scenarios[all.chosen].result;
  if (result.failures.length > 0 && result.failures.length === result.lookups) throw result.failures[0].error;
  return {
    result,
    scenarios: all.scenarios.length > 1 ? all : null,
    blockers: purchaseBlockers(result),
    onHand: onHand?.list ?? null,
    onOrder: onOrder?.said ?? null,
  };
}

/** A BOM's reading warnings, each with the BOM's name: "Board A: Row 12: …". */
export function readerWarnings(name: string, read: Pick<BomReadResult, 'warnings'>): string[] {
  return read.warnings.map((w) => `${name}: ${w.message}`);
}

/** "3 of 120 parts could not be looked up: …" when some lookups failed (the list is short of them); null when none did. */
export function lookupFailuresText(result: Pick<PurchaseResult, 'failures' | 'lookups'>): string | null {
  if (result.failures.length === 0) return null;
  return `${result.failures.length} of ${result.lookups} parts could not be looked up: ${result.failures[0].error.message}`;
}
