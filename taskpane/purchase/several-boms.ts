/**
 * The pane's "Several BOMs" work, without its view: the choices kept in the workbook (setup.ts) changed one at a
 * time, the orders counted as on order with a way to mark one received, and the run: each BOM range and the On hand
 * range read, the list made by the purchase-list workflow (src/workflows/purchase-list.ts), the **Purchase list**
 * sheet written through the workbook port, and the notes said beside it.
 */
import {
  lookupJudge,
  MAX_SCENARIOS,
  type PurchaseOptions,
  type ScenarioBom,
  isOnOrder,
  markReceived,
  onOrderEntries,
  stockReadText,
  testOrdersText,
} from '../../src/purchase';
import { type BomLookupPort } from '../../src/purchase/price-lines';
import { type CellBlock, parseAddress } from '../../src/excel/address';
import type { WorkbookPort } from '../../src/excel/workbook-port';
import type { OrderRecord } from '../../src/excel/order-record';
import { type ConfirmOverwrite, type WrittenOutput } from '../../src/excel/priced-sheet';
import { writePurchaseSheet } from '../../src/excel/purchase-sheet';
import type { BomReadResult } from '../../src/bom';
import type { ReadResult } from '../../src/excel/port-types';
import { readBomCells } from '../../src/workflows/read-bom';
import { readAt, sheetBomView } from '../bom-view';
import type { BomChoices, WorkbookChoicesStore } from '../workbook-choices';
import { MAX_WARNINGS_SHOWN } from '../../src/workflows/warnings-shown';
import {
  type PurchaseList,
  type StockCells,
  lookupFailuresText,
  makePurchaseList,
  readerWarnings,
} from '../../src/workflows/purchase-list';
import { countOf } from '../../src/text/plural';
import {
  type NamedBomRange,
  type PurchaseSetup,
  type PurchaseStore,
  SeveralBomsError,
  buildsOf,
  setupScenarios,
} from './setup';

export interface SeveralBomsDeps {
  book: WorkbookPort;
  store: PurchaseStore;
  /** The choices the BOM view keeps per sheet: a BOM range is read by the columns the buyer chose for its sheet. */
  choices: Pick<WorkbookChoicesStore, 'load'>;
  lookups: BomLookupPort;
  confirm: ConfirmOverwrite;
  now?: () => Date;
}

/** The list made (src/workflows/purchase-list.ts), where it was written, and what the pane says beside it. */
/** A BOM range's cells as read from the sheet, and the BOM read from them. */
export interface BomRangeRead {
  range: ReadResult;
  read: BomReadResult;
}

export interface PurchaseRun extends PurchaseList {
  written: WrittenOutput;
  /** The BOMs' reading warnings, how the On hand range was read, its rows not read, orders not counted, parts not looked up. */
  notes: string[];
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
    if (name === '') throw new SeveralBomsError('Give the BOM a name.', 'PS_PURCHASE_SETUP');
    const list = bom.quantities && bom.quantities.length >= 2 ? bom.quantities : [bom.builds];
    if (list.length > MAX_SCENARIOS)
      throw new SeveralBomsError(`At most ${MAX_SCENARIOS} build quantities for ${name}.`);
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
    return this.deps.book.readRange(parseAddress(address).sheet, address);
  }

  /**
   * A BOM range (its cells and their reading) read as the BOM view reads a selection on its sheet (taskpane/bom-view.ts sheetBomView): by the
   * columns the buyer chose there, where they still fit, else the catalog judging; its rows named as the sheet's.
   * The sheet's remembered columns count only where the buyer chose one (not columns kept as detected) and the range
   * starts at the column the BOM view's did: a column kept by its place means that place in that range only.
   */
  async readBom(bom: NamedBomRange, judge = lookupJudge(this.deps.lookups)): Promise<BomRangeRead> {
    const block = parseAddress(bom.address);
    const range = await this.cells(bom.address);
    const cells = { ...range, selectedAddress: bom.address, source: 'selection' as const, tableName: null };
    const saved = this.deps.choices.load(block.sheet);
    const chosen = saved !== null && buyerChoseColumns(saved) && sameFirstColumn(saved.address, block) ? saved : null;
    const view = await sheetBomView(cells, chosen, 1, async () => judge);
    if (view.read) return { range, read: view.read };
    // Cells that read as no BOM: the reader's own error (its code, what is wrong and where), as the CLI's.
    return { range, read: await readBomCells(range.values, readAt(range), judge) };
  }

  /**
   * Reads every BOM range (as the BOM view reads it: the catalog judges the part-number column) and the On hand
   * range, makes the list (src/workflows/purchase-list.ts) and writes the Purchase list sheet.
   */
  async makeList(options: Omit<PurchaseOptions, 'onHand' | 'onOrder'> = {}): Promise<PurchaseRun> {
    const setup = this.setup;
    if (setup.boms.length === 0) throw new SeveralBomsError('Add at least one BOM range first.', 'PS_PURCHASE_SETUP');
    const sets = setupScenarios(setup);
    const judge = lookupJudge(this.deps.lookups);
    const boms: ScenarioBom[] = [];
    for (const bom of setup.boms)
      boms.push({
        name: bom.name,
        builds: buildsOf(bom),
        read: (await this.readBom(bom, judge)).read,
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
      cells: (await this.cells(address)).values,
      where: `On hand ${address}`,
      origin: `On hand ${block.sheet}`,
      firstRowNumber: block.row + 1,
    };
  }
}

/** Whether the buyer chose a column of the remembered choices (the others were kept as the reader found them). */
function buyerChoseColumns(saved: BomChoices): boolean {
  return Object.values(saved.origins ?? {}).some((origin) => origin?.by === 'user');
}

/** Whether a remembered selection starts at the range's first column (an address that cannot be read: no). */
function sameFirstColumn(address: string, range: CellBlock): boolean {
  try {
    const at = parseAddress(address);
    return at.sheet.toLowerCase() === range.sheet.toLowerCase() && at.column === range.column;
  } catch {
    return false;
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
    notes.push(`${countOf(warnings.length - MAX_WARNINGS_SHOWN, 'more reading warning')} not shown`);
  if (list.onHand) {
    notes.push(`${list.onHand.where}: ${stockReadText(list.onHand.read)}`);
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
