/**
 * The "Several BOMs" view's state, without React: the BOM ranges and the On hand range (kept in the workbook by
 * SeveralBoms), the orders still counted as on order with a way to mark one received, the run that writes the
 * Purchase list sheet, and the rows of the list for the order review.
 */
import { runTiming } from '../need-by';
import { priceOptionsOf } from '../../src/workflows/price-bom';
import type { PartsheetSettings } from '../../src/settings';
import type { BomLookupPort } from '../../src/purchase/price-lines';
import { safeText } from '../../src/purchase/priced-layout';
import { replacementText, type PurchaseBlocker } from '../../src/purchase';
import { fullAddress, parseAddress } from '../../src/excel/address';
import type { OrderRecord } from '../../src/excel/order-record';
import type { SelectedPricedRows } from '../../src/excel/order-sheet';
import type { OverwriteChoice, OverwriteQuestion } from '../../src/excel/priced-sheet';
import type { WorkbookPort } from '../../src/excel/workbook-port';
import type { RateBook } from '../../src/pricing/rates';
import { describeProblem } from '../errors';
import { PendingQuestion, Store } from '../store';
import { purchaseListSelection } from '../../src/workflows/purchase-order-rows';
import { writeSuggestion } from './use-suggestion';
import type { Suggestion } from '../../src/suggest';
import { plural } from '../../src/text/plural';
import { REPLACEMENT_HEADER } from '../pane-state';
import { EMPTY_SETUP, type NamedBomRange, type PurchaseSetup, type PurchaseStore } from './setup';
import { type PurchaseRun, SeveralBoms } from './several-boms';
import type { WorkbookChoicesStore } from '../workbook-choices';

/** The checkout whose orders count as on order: test orders buy nothing. */
export { ON_ORDER_ENVIRONMENT } from '../../src/purchase';

export interface PurchaseServices {
  book: WorkbookPort;
  store: PurchaseStore;
  /** The BOM view's choices per sheet (the columns chosen), by which each BOM range is read. */
  choices: Pick<WorkbookChoicesStore, 'load'>;
  settings: { getSettings(): Promise<PartsheetSettings> };
  getScheduler(): Promise<BomLookupPort>;
  getRateBook?(): Promise<Pick<RateBook, 'tableFor'>>;
  now?: () => Date;
}

export interface PurchaseViewState {
  setup: PurchaseSetup;
  phase: 'idle' | 'selecting' | 'making';
  /** The last list made: its figures, where it was written, and the notes of its stock lists. */
  run: PurchaseRun | null;
  /** Why the last action failed, in a buyer's words; null when it did not. */
  error: string | null;
  /** Where the view shows it: by the ranges ('setup') or by the list ('list'). */
  errorAt: 'setup' | 'list';
  /** Orders counted as on order (production, placed, not marked received). */
  openOrders: OrderRecord[];
  /** Orders placed in the test environment (not marked received): never counted as on order. */
  testOrders: number;
  /** The question before writing over a sheet that is not the add-in's. */
  confirm: OverwriteQuestion | null;
  /** The suggestion last used from the list ("… used for … in A row 5"), said where the buyer used it; null when none. */
  used: string | null;
}

export class PurchaseController extends Store<PurchaseViewState> {
  private readonly several: SeveralBoms;
  private readonly question = new PendingQuestion<OverwriteQuestion, OverwriteChoice>((confirm) =>
    this.set({ confirm }),
  );

  constructor(private readonly services: PurchaseServices) {
    super({
      setup: { ...EMPTY_SETUP, boms: [] },
      phase: 'idle',
      run: null,
      error: null,
      errorAt: 'setup',
      openOrders: [],
      testOrders: 0,
      confirm: null,
      used: null,
    });
    this.several = new SeveralBoms({
      book: services.book,
      store: services.store,
      choices: services.choices,
      // Asked for when the list is made: the runtime's one scheduler, so the PARTS cache is shared.
      lookups: {
        lookupMany: async (requests, options) => (await services.getScheduler()).lookupMany(requests, options),
      },
      confirm: this.question.ask,
      ...(services.now ? { now: services.now } : {}),
    });
  }

  /** Reads the choices and the orders kept in the workbook. */
  start = (): (() => void) => {
    this.reload();
    return () => {
      if (this.question.waiting) this.answerConfirm('cancel');
    };
  };

  /** Reads the choices and the orders again (orders placed or marked received since). */
  refresh = (): void => this.reload();

  private reload(): void {
    try {
      this.set({
        setup: this.several.setup,
        openOrders: this.several.openOrders(),
        testOrders: this.several.testOrders(),
      });
    } catch (e) {
      this.set({ error: describeProblem(e).text, errorAt: 'setup' });
    }
  }

  private async act(work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      this.set({ error: null });
      return true;
    } catch (e) {
      this.set({ error: describeProblem(e).text, errorAt: 'setup' });
      return false;
    } finally {
      this.reload();
    }
  }

  /** The address of the selected range (the table around one selected cell), for a BOM or the On hand range. */
  selectedRange = async (): Promise<string | null> => {
    if (this.state.phase !== 'idle') return null;
    this.set({ phase: 'selecting' });
    try {
      const read = await this.services.book.readSelection();
      this.set({ error: null });
      return read.address;
    } catch (e) {
      this.set({ error: describeProblem(e).text, errorAt: 'setup' });
      return null;
    } finally {
      this.set({ phase: 'idle' });
    }
  };

  saveBom = (bom: NamedBomRange): Promise<boolean> => this.act(() => this.several.saveBom(bom));
  removeBom = (name: string): Promise<boolean> => this.act(() => this.several.removeBom(name));
  setOnHand = (address: string | null): Promise<boolean> => this.act(() => this.several.setOnHand(address));
  setUseOnOrder = (use: boolean): Promise<boolean> => this.act(() => this.several.setUseOnOrder(use));
  /** Chooses the scenario (0-based) the Purchase list sheet is written for and ordered from. */
  setScenario = (scenario: number): Promise<boolean> => this.act(() => this.several.setScenario(scenario));
  markReceived = (order: OrderRecord): Promise<boolean> => this.act(() => this.several.markReceived(order));

  /**
   * Uses a candidate for what the list cannot buy: written as the replacement of the blocker's lines in the BOM
   * ranges it blocks (taskpane/purchase/use-suggestion.ts), then the list is made again, which buys it.
   */
  useSuggestion = async (blocker: PurchaseBlocker, candidate: Suggestion): Promise<boolean> => {
    const run = this.state.run;
    if (!run || this.state.phase !== 'idle') return false;
    const text = replacementText(candidate.partNumber, candidate.manufacturer);
    let where = '';
    const written = await this.act(async () => {
      const done = await writeSuggestion(
        this.services.book,
        (bom) => this.several.readBom(bom),
        this.several.setup.boms,
        run.result,
        blocker,
        text,
      );
      await this.services.store.saveSetup({ ...this.several.setup, boms: done.boms });
      where = done.rows.map((r) => `${r.bom} ${plural(r.rows.length, 'row')} ${r.rows.join(', ')}`).join('; ');
    });
    if (!written) return false;
    await this.make(
      `Suggestion ${text} used for ${blocker.partNumber} (${where}), in the "${REPLACEMENT_HEADER}" column; the list is made again.`,
    );
    return true;
  };

  /**
   * Makes the list from the ranges kept and writes the Purchase list sheet, with the pane's pricing settings;
   * `used`: the suggestion used that makes it again, said with it.
   */
  make = async (used: string | null = null): Promise<void> => {
    if (this.state.phase !== 'idle') return;
    this.set({ phase: 'making', error: null, used });
    try {
      const settings = await this.services.settings.getSettings();
      const rates = this.services.getRateBook ? await this.services.getRateBook() : undefined;
      // The pricing settings as a priced BOM takes them (the list buys no alternates: it lists each line's own part).
      const run = await this.several.makeList({
        ...priceOptionsOf(settings, rates),
        timing: runTiming(settings, this.services.now?.() ?? new Date()),
      });
      this.set({ run });
    } catch (e) {
      this.set({ error: describeProblem(e).text, errorAt: 'list' });
    } finally {
      this.set({ phase: 'idle' });
      this.reload();
    }
  };

  /**
   * The rows of the list written last, for the order review; null when no list was written, or when the sheet no
   * longer reads as written (rows sorted, moved or deleted): the order's marks would land on the wrong parts, so the
   * buyer is told to make the list again.
   */
  orderSelection = async (): Promise<SelectedPricedRows | null> => {
    const run = this.state.run;
    if (!run || run.written.address === null || this.state.phase !== 'idle') return null;
    const at = parseAddress(run.written.address);
    const rows = run.result.rows;
    try {
      const read =
        rows.length === 0
          ? null
          : await this.services.book.readRange(
              at.sheet,
              fullAddress({ sheet: at.sheet, row: at.row + 1, column: at.column, rows: rows.length, columns: 1 }),
            );
      const cell = (i: number) => {
        const r = read ? at.row + 1 + i - read.rowIndex : -1;
        return String(read?.values[r]?.[at.column - (read?.columnIndex ?? 0)] ?? '').trim();
      };
      const moved = rows.findIndex(
        (row, i) => cell(i) !== safeText(row.partNumber).trim() && cell(i) !== row.partNumber.trim(),
      );
      if (moved >= 0) {
        this.set({
          error: `${fullAddress({ sheet: at.sheet, row: at.row + 1 + moved, column: at.column, rows: 1, columns: 1 })} no longer reads ${rows[moved].partNumber}: the Purchase list sheet changed since it was made. Make the purchase list again, then order from it.`,
          errorAt: 'list',
        });
        return null;
      }
    } catch (e) {
      this.set({ error: describeProblem(e).text, errorAt: 'list' });
      return null;
    }
    this.set({ error: null });
    return purchaseListSelection(run.result, run.written.address);
  };

  answerConfirm = (choice: OverwriteChoice): void => this.question.answer(choice);
}
