/**
 * The pane's "Several BOMs" work, without its view: BOM ranges (on any sheet) remembered with a name and a number of
 * builds (or several, one per scenario: src/purchase/scenarios.ts) in the workbook's document settings, an On hand range, whether what is on order counts (on by default: the
 * workbook's own record of orders placed in production, less those marked received; test orders never count), and the run that makes the purchase list
 * (src/purchase) and writes the **Purchase list** sheet through the workbook port.
 */
import { lookupJudge } from '../../src/bom';
import { type BomLookupPort } from '../../src/bom/price-lines';
import { parseAddress } from '../../src/excel/address';
import type { WorkbookPort } from '../../src/excel/workbook-port';
import type { OrderRecord } from '../../src/excel/order-record';
import { type ConfirmOverwrite, type WrittenOutput } from '../../src/excel/priced-sheet';
import { writePurchaseSheet } from '../../src/purchase/sheet';
import { MAX_BOARDS } from '../../src/bom/read';
import {
  MAX_PURCHASE_SCENARIOS,
  type PurchaseOptions,
  ScenarioError,
  type ScenarioBom,
  type ReceivedMark,
  isOnOrder,
  markReceived,
  onOrderEntries,
  scenarioBuilds,
  stockReadText,
  testOrdersText,
} from '../../src/purchase';
import { readBomCells } from '../../src/workflows/read-bom';
import {
  MAX_WARNINGS_SHOWN,
  type PurchaseList,
  type StockCells,
  lookupFailuresText,
  makePurchaseList,
  readerWarnings,
} from '../../src/workflows/purchase-list';
import { countOf } from '../../src/text/plural';
import { asSentence } from '../../src/text/words';
import type { ErrorCode } from '../../protocol/error-codes';

/** The document setting the several-BOMs choices are kept under. */
export const PURCHASE_SETUP_KEY = 'partsheet.purchase';

export interface NamedBomRange {
  name: string;
  /** `Board A!A1:F40`. */
  address: string;
  /** The first (or only) build quantity. */
  builds: number;
  /** Several build quantities, one per scenario, as written (the first is `builds`); absent for one. */
  quantities?: number[];
}

export interface PurchaseSetup {
  boms: NamedBomRange[];
  /** 0-based: the scenario the Purchase list sheet is written for (and ordered from) when there are several. */
  scenario?: number;
  /** The On hand range, or null when none. */
  onHand: string | null;
  /** Whether what is on order (placed, not received) is subtracted. */
  useOnOrder: boolean;
}

export const EMPTY_SETUP: PurchaseSetup = { boms: [], onHand: null, useOnOrder: true };

/** The choices read back from the workbook; anything unreadable falls back to the empty setup's values. */
export function asPurchaseSetup(value: unknown): PurchaseSetup {
  if (value === null || typeof value !== 'object') return { ...EMPTY_SETUP, boms: [] };
  const v = value as Record<string, unknown>;
  const boms = Array.isArray(v.boms)
    ? v.boms.filter(
        (b): b is NamedBomRange =>
          b !== null &&
          typeof b === 'object' &&
          typeof b.name === 'string' &&
          typeof b.address === 'string' &&
          Number.isSafeInteger(b.builds) &&
          b.builds >= 1,
      )
    : [];
  const scenario = Number.isSafeInteger(v.scenario) && (v.scenario as number) >= 0 ? (v.scenario as number) : 0;
  return {
    boms: boms.map((b) => keptQuantities(b)),
    onHand: typeof v.onHand === 'string' ? v.onHand : null,
    useOnOrder: v.useOnOrder !== false,
    ...(scenario > 0 ? { scenario } : {}),
  };
}

/** A BOM as kept, its quantities list dropped when it is not one the pane can use (2 or more, the first `builds`). */
function keptQuantities(b: NamedBomRange): NamedBomRange {
  const { quantities, ...rest } = b;
  const usable =
    Array.isArray(quantities) &&
    quantities.length >= 2 &&
    quantities.length <= MAX_PURCHASE_SCENARIOS &&
    quantities.every((q) => Number.isSafeInteger(q) && q >= 1 && q <= MAX_BOARDS) &&
    quantities[0] === b.builds;
  return usable ? { ...rest, quantities: [...quantities] } : rest;
}

/** A BOM's build quantities: its list, or its one quantity. */
export function buildsOf(bom: NamedBomRange): number[] {
  return bom.quantities && bom.quantities.length >= 2 ? bom.quantities : [bom.builds];
}

/** The build quantities of each scenario the setup makes (see src/purchase/scenarios.ts); throws SeveralBomsError. */
export function setupScenarios(setup: PurchaseSetup): number[][] {
  try {
    return scenarioBuilds(setup.boms.map((b) => ({ name: b.name, builds: buildsOf(b) })));
  } catch (e) {
    if (e instanceof ScenarioError) throw new SeveralBomsError(asSentence(e.message));
    throw e;
  }
}

/** Where the pane keeps its choices and reads the orders (taskpane/adapters/purchase-store.ts in Excel). */
export interface PurchaseStore {
  loadSetup(): PurchaseSetup;
  saveSetup(setup: PurchaseSetup): Promise<void>;
  loadOrders(): OrderRecord[];
  loadReceived(): ReceivedMark[];
  saveReceived(marks: readonly ReceivedMark[]): Promise<void>;
}

export interface SeveralBomsDeps {
  book: WorkbookPort;
  store: PurchaseStore;
  lookups: BomLookupPort;
  confirm: ConfirmOverwrite;
  now?: () => Date;
}

/** The list made (src/workflows/purchase-list.ts), where it was written, and what the pane says beside it. */
export interface PurchaseRun extends PurchaseList {
  written: WrittenOutput;
  /** The BOMs' reading warnings, how the On hand range was read, its rows not read, orders not counted, parts not looked up. */
  notes: string[];
}

export class SeveralBomsError extends Error {
  readonly errorCode: ErrorCode = 'PS_PURCHASE_SCENARIO';
}

export class SeveralBoms {
  constructor(private readonly deps: SeveralBomsDeps) {}

  get setup(): PurchaseSetup {
    return this.deps.store.loadSetup();
  }

  /**
   * Adds a BOM range under a name, or changes the one of that name (its range or builds). Several quantities (one
   * per scenario) are given as `quantities`.
   */
  async saveBom(bom: NamedBomRange): Promise<void> {
    const name = bom.name.trim();
    if (name === '') throw new SeveralBomsError('Give the BOM a name.');
    const list = bom.quantities && bom.quantities.length >= 2 ? bom.quantities : [bom.builds];
    if (list.length > MAX_PURCHASE_SCENARIOS)
      throw new SeveralBomsError(`At most ${MAX_PURCHASE_SCENARIOS} build quantities for ${name}.`);
    if (list.some((q) => !Number.isSafeInteger(q) || q < 1))
      throw new SeveralBomsError(`Builds for ${name} must be a whole number of 1 or more.`);
    parseAddress(bom.address);
    const { quantities: _given, ...range } = bom;
    const saved: NamedBomRange = {
      ...range,
      name,
      builds: list[0],
      ...(list.length >= 2 ? { quantities: [...list] } : {}),
    };
    const setup = this.setup;
    const at = setup.boms.findIndex((b) => b.name === name);
    const boms = at >= 0 ? setup.boms.map((b, i) => (i === at ? saved : b)) : [...setup.boms, saved];
    // Lists that cannot be paired are kept (the buyer may be changing each BOM in turn) and refused when the list
    // is made; the view says so meanwhile.
    await this.deps.store.saveSetup({ ...setup, boms });
  }

  /** Chooses the scenario (0-based) the Purchase list sheet is written for. */
  async setScenario(scenario: number): Promise<void> {
    const count = setupScenarios(this.setup).length;
    if (!Number.isSafeInteger(scenario) || scenario < 0 || scenario >= count)
      throw new SeveralBomsError(`Choose a scenario from 1 to ${count}.`);
    await this.deps.store.saveSetup({ ...this.setup, scenario });
  }

  async removeBom(name: string): Promise<void> {
    const setup = this.setup;
    await this.deps.store.saveSetup({ ...setup, boms: setup.boms.filter((b) => b.name !== name) });
  }

  async setOnHand(address: string | null): Promise<void> {
    if (address !== null) parseAddress(address);
    await this.deps.store.saveSetup({ ...this.setup, onHand: address });
  }

  async setUseOnOrder(use: boolean): Promise<void> {
    await this.deps.store.saveSetup({ ...this.setup, useOnOrder: use });
  }

  /** The orders still counted as on order (placed in production, not received). */
  openOrders(): OrderRecord[] {
    const received = this.deps.store.loadReceived();
    return this.deps.store.loadOrders().filter((r) => isOnOrder(r, received));
  }

  /** How many orders placed in the test environment (not marked received) are not counted as on order. */
  testOrders(): number {
    return onOrderEntries(this.deps.store.loadOrders(), this.deps.store.loadReceived()).testOrders;
  }

  /** Marks an order received: it no longer counts as on order. */
  async markReceived(order: OrderRecord): Promise<void> {
    const now = this.deps.now ?? (() => new Date());
    await this.deps.store.saveReceived(markReceived(this.deps.store.loadReceived(), order, now()));
  }

  private async cells(address: string) {
    const block = parseAddress(address);
    const read = await this.deps.book.readRange(block.sheet, address);
    return read.values;
  }

  /**
   * Reads every BOM range (as the BOM view reads it: the catalog judges the part-number column) and the On hand
   * range, makes the list (src/workflows/purchase-list.ts) and writes the Purchase list sheet.
   */
  async makeList(options: Omit<PurchaseOptions, 'onHand' | 'onOrder'> = {}): Promise<PurchaseRun> {
    const setup = this.setup;
    if (setup.boms.length === 0) throw new SeveralBomsError('Add at least one BOM range first.');
    const sets = setupScenarios(setup);
    const judge = lookupJudge(this.deps.lookups);
    const boms: ScenarioBom[] = [];
    for (const bom of setup.boms)
      boms.push({
        name: bom.name,
        builds: buildsOf(bom),
        read: await readBomCells(await this.cells(bom.address), {}, judge),
      });
    const onHand = setup.onHand === null ? null : await this.onHandCells(setup.onHand);
    const onOrder = setup.useOnOrder
      ? { orders: this.deps.store.loadOrders(), received: this.deps.store.loadReceived() }
      : null;
    // A scenario chosen before the quantities changed is the last there is now.
    const scenario = Math.min(setup.scenario ?? 0, sets.length - 1);
    const list = await makePurchaseList({ boms, scenario, onHand, onOrder }, this.deps.lookups, options);
    const written = await writePurchaseSheet(this.deps.book, list.result, {
      confirm: this.deps.confirm,
      scenarios: list.scenarios,
    });
    return { ...list, written, notes: runNotes(boms, list) };
  }

  private async onHandCells(address: string): Promise<StockCells> {
    const block = parseAddress(address);
    return {
      cells: await this.cells(address),
      where: `On hand ${address}`,
      origin: `On hand ${block.sheet}`,
      firstRowNumber: block.row + 1,
    };
  }
}

/**
 * What the pane says beside the list: each BOM's reading warnings, how the On hand range was read and its rows not
 * read, the orders not counted as on order, and the parts that could not be looked up.
 */
function runNotes(boms: readonly ScenarioBom[], list: PurchaseList): string[] {
  const warnings = boms.flatMap((b) => readerWarnings(b.name, b.read));
  const notes = warnings.slice(0, MAX_WARNINGS_SHOWN);
  if (warnings.length > MAX_WARNINGS_SHOWN)
    notes.push(`and ${countOf(warnings.length - MAX_WARNINGS_SHOWN, 'more warning')}`);
  if (list.onHand) {
    notes.push(`${list.onHand.source.where}: ${stockReadText(list.onHand.read)}`);
    for (const p of list.onHand.problems)
      notes.push(`On hand row ${p.row}: not applied: ${p.partNumber ? `${p.partNumber}: ` : ''}${p.text}`);
  }
  if (list.onOrder && 'orders' in list.onOrder) {
    notes.push(...list.onOrder.orders.leftOut);
    const ignored = testOrdersText(list.onOrder.orders.testOrders);
    if (ignored !== null) notes.push(ignored);
  }
  const failed = lookupFailuresText(list.result);
  if (failed !== null) notes.push(failed);
  return notes;
}

/** Choices and marks kept in memory only: outside Excel, where there is no document to keep them in. */
export function memoryPurchaseStore(orders: () => OrderRecord[] = () => []): PurchaseStore {
  let setup: PurchaseSetup = { ...EMPTY_SETUP, boms: [] };
  let received: ReceivedMark[] = [];
  return {
    loadSetup: () => setup,
    saveSetup: async (next) => void (setup = next),
    loadOrders: orders,
    loadReceived: () => received,
    saveReceived: async (marks) => void (received = [...marks]),
  };
}
