/**
 * The task pane's flow, without React: use the selection, map its columns, price it through the runtime's
 * scheduler, write the results beside it, list what needs a choice, refresh. Components render `PaneState` and
 * call the actions; every action ends with the pane idle, whatever happened, so nothing spins for ever.
 *
 * Cancel stops sending: the lookups still waiting are cancelled in the scheduler, the ones that arrived are kept, and
 * every BOM row is still written with a status (rows whose price had not arrived say so), so the sheet is consistent.
 * The signal goes to the scheduler, not to priceBom, because priceBom gives nothing back when its own signal aborts.
 */
import { countOf } from '../src/text/plural';
import { type CatalogJudge, type ColumnMapping, lookupJudge } from '../src/bom';
import { type PriceBomOptions, type SuggestionUsed } from '../src/bom/price-lines';
import { type ResultsRecord } from '../src/excel/own-cells';
import { markTotalStale } from '../src/excel/total-row';
import { markOtherSheetsStale } from '../src/excel/stale-sheets';
import { boardsListText } from '../src/bom/scenarios';
import { riskCounts, riskTable } from '../src/plan/risk';
import { type OverwriteChoice, type OverwriteQuestion, markResultsStale } from '../src/excel/priced-sheet';
import { type WorkbookRun, priceIntoWorkbook, priceOptionsOf } from '../src/workflows/price-bom';
import { staleLineCount } from '../src/workflows/last-prices';
import { runTiming } from './need-by';
import { describeProblem } from './errors';
import { showOrdersBeside } from './order/order-view';
import { PendingQuestion, Store } from './store';
import type { PaneServices } from './services';
import { mappingHeaders } from './workbook-choices';
import { keptQuantities, quantitiesOf, quantitiesText, sameQuantities, scenarioQuantities } from './quantities';
import { bomView, interpretBom, judgedBomView, labelsOf, originsAfter, rememberedView } from './bom-view';
import { SheetQuestions } from './sheet-choice';
import { selectionChecks } from './selection-checks';
import {
  type NoticeText,
  headerlessNotice,
  keptCellsNotice,
  nothingAnsweredNotice,
  runNotices,
  unreadableRecords,
} from './run-notices';
import {
  AMBIGUOUS_FIX,
  MAX_BOARDS_IN_PANE,
  type BomView,
  type PricingView,
  type Notice,
  type PaneState,
} from './pane-state';

const CANCELLED_REASON = 'cancelled before its price arrived; press Price BOM to finish';

/**
 * The pricing view's state and its run: the selection read as a BOM, the notices, the choices remembered, and a
 * pricing run (one call into src/workflows/price-bom.ts). PaneController adds the user's choices to it.
 */
export class PaneBase extends Store<PaneState> {
  private abort: AbortController | null = null;
  private readonly question = new PendingQuestion<OverwriteQuestion, OverwriteChoice>((confirm) =>
    this.set({ confirm }),
  );
  private nextNotice = 1;
  private unsubscribeSettings: (() => void) | null = null;
  /**
   * Where the pane wrote results last and what it wrote: kept when another selection is taken (the results stay in
   * the sheet), so a shorter BOM priced over them clears what is left of them, and results without a header row
   * are still known as the pane's. Kept in the workbook too (keepResults), so a pane opened later starts from it.
   */
  protected lastResults: ResultsRecord | null;
  /** The suggestions used, per sheet, when the workbook store keeps none. */
  protected readonly usedHere = new Map<string, SuggestionUsed[]>();
  /** Whether the selection's sheet is the BOM: what is asked, and the sheets kept by the buyer. */
  protected readonly sheetQuestions = new SheetQuestions();

  constructor(protected readonly services: PaneServices) {
    super({
      phase: 'idle',
      progress: null,
      bom: null,
      pricing: null,
      notices: [],
      confirm: null,
      slowWrite: false,
      settings: null,
    });
    this.lastResults = services.workbook.loadResults();
  }

  /** Changes the record of the results the pane wrote last, here and in the workbook. */
  protected async keepResults(record: ResultsRecord | null): Promise<void> {
    this.lastResults = record;
    try {
      await this.services.workbook.saveResults(record);
    } catch (e) {
      // The results are written; only a pane opened later will not know them as its own.
      this.notify('warning', 'Results not remembered in the workbook', describeProblem(e).text);
    }
  }

  private now(): Date {
    return this.services.now();
  }

  /** Loads the settings and follows their changes; returns the stop. */
  start(): () => void {
    this.services.settings
      .getSettings()
      .then((settings) => this.set({ settings }))
      .catch(() => undefined);
    this.unsubscribeSettings = this.services.settings.onSettingsChanged((settings) => this.set({ settings }));
    return () => {
      this.unsubscribeSettings?.();
      this.unsubscribeSettings = null;
      this.abort?.abort();
    };
  }

  // ---- notices

  notify(
    intent: Notice['intent'],
    title: string,
    text: string,
    action?: Notice['action'],
    kind?: Notice['kind'],
  ): void {
    this.notice({ intent, title, text, action, kind });
  }

  /** Shows a notice (a failure's with its code). */
  notice({ intent, title, text, action, kind, code }: NoticeText): void {
    const notice: Notice = {
      id: this.nextNotice++,
      intent,
      title,
      text,
      ...(action ? { action } : {}),
      ...(kind ? { kind } : {}),
      ...(code ? { code } : {}),
    };
    // A new outcome of the same kind replaces the last one; problems stay until dismissed.
    const kept = this.state.notices.filter(
      (n) => !(n.title === title && n.text === text) && !(kind !== undefined && n.kind === kind),
    );
    this.set({ notices: [...kept, notice].slice(-4) });
  }

  /**
   * A new run makes the successes before it old news: they go, except the choice this run was started for (the
   * replacement or pin just written). Problems and warnings stay until dismissed.
   */
  private clearPassed(): void {
    const last = this.state.notices[this.state.notices.length - 1];
    const keep = last && last.kind === 'choice' && last.id === this.nextNotice - 1 ? last.id : null;
    this.set({ notices: this.state.notices.filter((n) => n.intent !== 'success' || n.id === keep) });
  }

  protected problem(e: unknown): void {
    const p = describeProblem(e);
    this.notice({ intent: 'error', title: p.title, text: p.text, action: p.action, code: p.code });
  }

  dismiss = (id: number): void => {
    this.set({ notices: this.state.notices.filter((n) => n.id !== id) });
  };

  // ---- reading the BOM

  useSelection = async (): Promise<void> => {
    if (this.state.phase !== 'idle') return;
    this.set({ phase: 'reading' });
    try {
      const selection = await this.services.book.readSelection();
      const view = await this.selectionView(selection);
      // Whether another sheet is the BOM, by the CLI's rule: asked in the mapping step, never chosen in silence.
      const sheetQuestion = await this.sheetQuestions.ask(this.services.book, selection.sheet);
      this.set({
        bom: sheetQuestion ? { ...view, sheetQuestion } : view,
        pricing: null,
        notices: this.state.notices.filter((n) => n.intent !== 'error' && n.kind !== 'selection'),
      });
      const left = await selectionChecks(this.services.book, view, this.lastResults);
      // What the range leaves out, said once: the first thing as the title, all of them in the text.
      if (left.length > 0)
        this.notice({
          ...left[0],
          text: left.map((n) => (left.length > 1 ? `${n.title.replace(/[^?.]$/, '$&.')} ${n.text}` : n.text)).join(' '),
        });
    } catch (e) {
      this.problem(e);
    } finally {
      this.set({ phase: 'idle' });
    }
  };

  /** Cells read as the BOM, with the choices remembered for their sheet. */
  protected async selectionView(selection: Parameters<typeof bomView>[0]): Promise<BomView> {
    const saved = this.services.workbook.load(selection.sheet);
    const boards =
      saved && Number.isInteger(saved.boards) && saved.boards >= 1 ? saved.boards : (this.state.bom?.boards ?? 1);
    // The columns the buyer chose for this sheet win, where they still fit its header.
    let view: BomView | null = null;
    if (saved) view = rememberedView(selection, saved, boards);
    // Otherwise the columns as `partsheet price` reads them: where two could hold the part numbers, the catalog judges.
    view ??= await this.judgedView(selection, boards);
    // The list of quantities the sheet was left comparing comes back with its boards.
    const quantities = saved && view.boards === saved.boards ? keptQuantities(saved, MAX_BOARDS_IN_PANE) : undefined;
    return quantities ? { ...view, quantities } : view;
  }

  /** The selection read with the catalog judging its part-number column; without a catalog to ask, as detected. */
  private async judgedView(selection: Parameters<typeof bomView>[0], boards: number): Promise<BomView> {
    const judge = await this.catalogJudge();
    return judge ? judgedBomView(selection, boards, judge) : bomView(selection, null, boards, false);
  }

  /** The catalog as judge of the part-number column, through the lookups the BOM is priced with; none without one. */
  protected async catalogJudge(): Promise<CatalogJudge | undefined> {
    try {
      return lookupJudge(await this.services.getScheduler());
    } catch {
      return undefined;
    }
  }

  protected async remember(view: BomView): Promise<void> {
    if (!view.read) return;
    try {
      await this.services.workbook.save(view.location.sheet, {
        address: view.address,
        mapping: view.mapping,
        headers: mappingHeaders(
          view.mapping,
          view.columns.map((c) => c.header),
          view.read.headerRow !== null,
        ),
        boards: view.boards,
        ...(scenarioQuantities(view) ? { quantities: scenarioQuantities(view)! } : {}),
        ...(view.origins ? { origins: view.origins } : {}),
      });
    } catch (e) {
      this.notify('warning', 'Choices not remembered', describeProblem(e).text);
    }
  }

  protected reinterpret(
    mapping: ColumnMapping,
    boards: number,
    headerChoice = this.state.bom?.headerChoice,
    before = this.state.bom?.read,
  ): BomView | null {
    const bom = this.state.bom;
    if (!bom) return null;
    // No part-number column, but distributors' numbers: the BOM is read as detected, each line by its own number.
    const byDistributor = mapping.partNumber === undefined && (bom.read?.supplierColumns.length ?? 0) > 0;
    const { read, error } =
      mapping.partNumber === undefined && !byDistributor
        ? { read: null, error: 'Choose the column that holds the manufacturer part numbers.' }
        : interpretBom(
            bom.cells,
            bom.location.rowIndex,
            byDistributor ? null : mapping,
            boards,
            headerChoice,
            bom.variant,
            before,
          );
    const view: BomView = {
      ...bom,
      read,
      readError: error,
      mapping: read ? { ...read.mapping } : { ...mapping },
      origins: originsAfter(read, bom),
      boards,
      location: { ...bom.location, headerRow: read?.headerRow ?? bom.location.headerRow },
      columns: read ? labelsOf(bom.cells, read, bom.location.columnIndex) : bom.columns,
      ...(headerChoice !== undefined ? { headerChoice } : {}),
    };
    this.set({ bom: view, pricing: this.staled(bom, view) });
    return view;
  }

  /**
   * The results once the BOM is set otherwise (boards, columns, header): kept, marked stale in the pane and in the
   * sheet's Status column, until the BOM is priced again.
   */
  protected staled(before: BomView, after: BomView): PricingView | null {
    const pricing = this.state.pricing;
    if (!pricing) return null;
    const same =
      JSON.stringify(before.mapping) === JSON.stringify(after.mapping) &&
      before.location.headerRow === after.location.headerRow;
    // The list of quantities compared counts as the boards do: the Scenarios the run wrote are for the list it had.
    const pricedFor = pricing.scenarios ? pricing.scenarios.quantities.map((q) => q.boards) : [pricing.boards];
    const sameList = sameQuantities(pricedFor, quantitiesOf(after));
    if (same && after.boards === pricing.boards && sameList) return pricing;
    const boards = (n: number) => countOf(n, 'board');
    const why = !same
      ? 'priced with other column choices'
      : after.boards !== pricing.boards
        ? `priced for ${boards(pricing.boards)}, Boards now says ${after.boards.toLocaleString('en-US')}`
        : `priced for ${quantitiesText(pricedFor)}, Boards now says ${boardsListText(quantitiesOf(after))}`;
    if (pricing.resultsAddress) {
      const address = pricing.resultsAddress;
      const written = this.lastResults?.address === address ? this.lastResults.cells : undefined;
      markResultsStale(this.services.book, before.location, pricing.lines, address, `${why}; price again`, written)
        .then(() => markTotalStale(this.services.book, address, `${why}; price again`))
        .then(() => markOtherSheetsStale(this.services.book, pricing, `${why}; price again`))
        .catch((e) => this.problem(e));
    }
    return { ...pricing, staleReason: `These results were ${why}.` };
  }

  // ---- pricing

  answerConfirm = (choice: OverwriteChoice): void => this.question.answer(choice);

  cancel = (): void => {
    if (this.state.phase !== 'pricing' || !this.abort) return;
    this.set({ phase: 'cancelling' });
    this.abort.abort();
  };

  /** The BOM read again from the sheet as set (a run prices what the sheet holds now), shown in the pane. */
  private async readAgain(bom: BomView): Promise<{ view: BomView; quantities: number[] | null }> {
    const fresh = await this.services.book.readRange(bom.location.sheet, bom.address);
    const view = bomView(
      { ...fresh, selectedAddress: bom.selectedAddress, source: bom.source, tableName: bom.tableName },
      bom.mapping.partNumber === undefined ? null : bom.mapping,
      bom.boards,
      bom.remembered,
      bom.headerChoice,
      bom.variant,
      bom,
    );
    const quantities = scenarioQuantities({ boards: view.boards, quantities: bom.quantities });
    if (quantities) view.quantities = quantities;
    this.set({ bom: view });
    return { view, quantities };
  }

  /** Prices the BOM: 'stale' re-uses prices younger than the cache time; 'all' asks the service again for every part. */
  price = async (mode: 'stale' | 'all' = 'stale'): Promise<void> => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle') return;
    this.clearPassed();
    const abort = new AbortController();
    this.abort = abort;
    this.set({ phase: 'pricing', progress: { done: 0, total: 0 } });
    let slowTimer: ReturnType<typeof setTimeout> | null = null;
    try {
      if (mode === 'all') await this.services.refreshPrices();
      const { view, quantities } = await this.readAgain(bom);
      if (!view.read) {
        this.notify(
          'error',
          'The BOM could not be read',
          view.readError ?? 'Choose the part-number column.',
          'selection',
        );
        return;
      }
      if (view.read.lines.length === 0) {
        this.notify('warning', 'Nothing to price', 'Every row of the BOM is skipped; see "Skipped" for why.');
        return;
      }
      const scheduler = await this.services.getScheduler();
      const settings = await this.services.settings.getSettings();
      this.set({ settings });
      const lookup = {
        lookupMany: (
          requests: Parameters<typeof scheduler.lookupMany>[0],
          options?: Parameters<typeof scheduler.lookupMany>[1],
        ) => scheduler.lookupMany(requests, { ...options, signal: abort.signal }),
      };
      const options: PriceBomOptions = {
        ...priceOptionsOf(settings, await this.services.getRateBook()),
        suggestionsUsed: this.suggestionsUsed(view.location.sheet),
        ambiguousFix: AMBIGUOUS_FIX,
        boards: view.boards,
        firstRowNumber: view.location.rowIndex + 1,
        timing: runTiming(settings, this.now()),
        now: () => this.now(),
        onProgress: (done, total) => this.set({ progress: { done, total } }),
      };
      // One call into the core for the run: look up, plan, summarise, write the sheets.
      const run = await priceIntoWorkbook(
        {
          book: this.services.book,
          lookup,
          confirm: this.question.ask,
          keepResults: (record) => this.keepResults(record),
        },
        {
          read: view.read,
          location: view.location,
          bomAddress: view.address,
          quantities,
          options,
          earlier: {
            lines: this.state.pricing?.lines ?? [],
            record: this.lastResults,
            resultsAddress: this.state.pricing?.resultsAddress ?? null,
            breaksAddress: this.state.pricing?.breaksAddress ?? null,
          },
          cancelledReason: CANCELLED_REASON,
          signal: abort.signal,
          onWriting: () => {
            this.set({ phase: 'writing', progress: null });
            slowTimer = setTimeout(() => this.set({ slowWrite: true }), 4000);
          },
          // The cells of earlier results the user typed into since, which the pane kept, named.
          onLeftoverKept: (cells) => {
            const n = keptCellsNotice(cells);
            if (n) this.notice(n);
          },
        },
      );
      // Not one lookup answered (the key was refused, the service is down): the sheet keeps what it has.
      if (run.outcome === 'nothing-answered') return this.notice(nothingAnsweredNotice(run.failure.error));
      const { result, lines, summary, scenarios, cancelled, notArrived, failures, written } = run;
      const { breaksAddress, summaryAddress, scenariosAddress } = run;
      if (written.address !== null && !written.headerless) await this.showOrders(view, written.address);
      this.set({
        pricing: {
          lines,
          boards: result.boards,
          breaks: result.breaks,
          summary,
          summaryAddress,
          pricedAt: result.pricedAt,
          cancelled,
          notArrived,
          failures,
          resultsAddress: written.address,
          breaksAddress,
          firstRowNumber: view.location.rowIndex + 1,
          plans: result.plans,
          currency: result.currency,
          plan: {
            rates: result.rates,
            ...(options.sources ? { sources: options.sources } : {}),
            ...(options.overage ? { overage: options.overage } : {}),
          },
          headerless: written.headerless ?? '',
          ...(scenarios ? { scenarios, scenariosAddress } : {}),
          risk: riskCounts(riskTable(result.plans)),
          schedule: result.schedule ?? null,
          changes: run.changes,
        },
      });
      this.reportRun(run, view.location.rowIndex + 1);
    } catch (e) {
      this.problem(e);
    } finally {
      if (slowTimer) clearTimeout(slowTimer);
      if (this.abort === abort) this.abort = null;
      if (this.question.waiting) this.answerConfirm('cancel');
      this.set({ phase: 'idle', progress: null, slowWrite: false });
    }
  };

  /** What a written run says: its outcome, the causes of failed lookups, a missing header row, unreadable records. */
  private reportRun(run: Extract<WorkbookRun, { outcome: 'written' }>, firstRowNumber: number): void {
    const { lines, written, cancelled, notArrived, failures, result } = run;
    for (const n of runNotices(lines, written.address, cancelled, notArrived, failures, firstRowNumber)) this.notice(n);
    const headerless = headerlessNotice(written.address === null ? '' : (written.headerless ?? ''));
    if (headerless) this.notice(headerless);
    else this.set({ notices: this.state.notices.filter((n) => n.kind !== 'header') });
    if (result.warnings.length > 0) this.notify('warning', ...unreadableRecords(result.warnings));
  }

  /** The Order column beside the new results, from the record of orders: a run may have moved or re-sorted the rows. */
  private async showOrders(view: BomView, resultsAddress: string): Promise<void> {
    if (!view.read) return;
    const orders = this.services.workbook.loadOrders();
    const problem = await showOrdersBeside(
      this.services.book,
      orders,
      { ...view, read: view.read },
      resultsAddress,
    ).catch(
      (e: unknown) =>
        `The rows already ordered are still recorded, but the sheet could not show them: ${describeProblem(e).text}`,
    );
    if (problem) this.notify('warning', 'Order column not shown', problem);
  }

  /** The suggestions used on a sheet: the workbook's record, or this pane's when the workbook keeps none. */
  protected suggestionsUsed(sheet: string): SuggestionUsed[] {
    return this.services.workbook.loadSuggestionsUsed?.(sheet) ?? this.usedHere.get(sheet) ?? [];
  }

  /** Lines older than the cache time: what "Refresh stale" prices again. */
  staleLines(now: Date = this.now()): number {
    const pricing = this.state.pricing;
    return pricing ? staleLineCount(pricing.lines, this.state.settings?.cacheTtlMinutes ?? 10, now) : 0;
  }
}
