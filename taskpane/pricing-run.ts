/**
 * The BOM flow's pricing run: the BOM read again from the sheet as set, priced through the runtime's scheduler (one
 * call into src/workflows/price-bom.ts), the results shown in the pane and the run's notices. Every run ends with
 * the pane idle, whatever happened, so nothing spins for ever.
 *
 * Cancel stops sending: the lookups still waiting are cancelled in the scheduler, the ones that arrived are kept, and
 * every BOM row is still written with a status (rows whose price had not arrived say so), so the sheet is consistent.
 * The signal goes to the scheduler, not to priceBom, because priceBom gives nothing back when its own signal aborts.
 */
import { type PriceBomOptions } from '../src/purchase/price-lines';
import { riskCounts } from '../src/plan/risk-words';
import { type OverwriteChoice, type OverwriteQuestion } from '../src/excel/priced-sheet';
import { type WorkbookRun, priceIntoWorkbook, priceOptionsOf, riskOf } from '../src/workflows/price-bom';
import { staleLineCount } from '../src/workflows/last-prices';
import { runTiming } from './need-by';
import { describeProblem } from './errors';
import { showOrdersBeside } from './order/order-view';
import { PendingQuestion } from './store';
import type { PaneContext } from './pane-context';
import { scenarioQuantities } from './quantities';
import { bomView } from './bom-view';
import { headerlessNotice, keptCellsNotice, nothingAnsweredNotice, runNotices, unreadableRecords } from './run-notices';
import { AMBIGUOUS_FIX, type BomView, type PricingView } from './pane-state';

const CANCELLED_REASON = 'cancelled before its price arrived; press Price BOM to finish';

type WrittenRun = Extract<WorkbookRun, { outcome: 'written' }>;

/** What the pane shows of a written run. */
function pricingView(run: WrittenRun, view: BomView, options: PriceBomOptions): PricingView {
  const { result, lines, summary, scenarios, cancelled, notArrived, failures, written } = run;
  const { breaksAddress, summaryAddress, scenariosAddress } = run;
  return {
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
    risk: riskCounts(riskOf(result)),
    schedule: result.schedule ?? null,
    changes: run.changes,
  };
}

export class PricingRun {
  private abort: AbortController | null = null;
  private readonly question = new PendingQuestion<OverwriteQuestion, OverwriteChoice>((confirm) =>
    this.pane.set({ confirm }),
  );

  constructor(private readonly pane: PaneContext) {}

  /** Stops a run under way (the pane is closing). */
  stop(): void {
    this.abort?.abort();
  }

  answerConfirm = (choice: OverwriteChoice): void => this.question.answer(choice);

  cancel = (): void => {
    if (this.pane.state.phase !== 'pricing' || !this.abort) return;
    this.pane.set({ phase: 'cancelling' });
    this.abort.abort();
  };

  /** The BOM read again from the sheet as set (a run prices what the sheet holds now), shown in the pane. */
  private async readAgain(bom: BomView): Promise<{ view: BomView; quantities: number[] | null }> {
    const fresh = await this.pane.services.book.readRange(bom.location.sheet, bom.address);
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
    this.pane.set({ bom: view });
    return { view, quantities };
  }

  /** Prices the BOM: 'stale' re-uses prices younger than the cache time; 'all' asks the service again for every part. */
  price = async (mode: 'stale' | 'all' = 'stale'): Promise<void> => {
    const bom = this.pane.state.bom;
    if (!bom || this.pane.state.phase !== 'idle') return;
    this.pane.notices.clearPassed();
    const abort = new AbortController();
    this.abort = abort;
    this.pane.set({ phase: 'pricing', progress: { done: 0, total: 0 } });
    let slowTimer: ReturnType<typeof setTimeout> | null = null;
    try {
      if (mode === 'all') await this.pane.services.refreshPrices();
      const { view, quantities } = await this.readAgain(bom);
      if (!view.read) {
        this.pane.notices.notify(
          'error',
          'The BOM could not be read',
          view.readError ?? 'Choose the part-number column.',
          'selection',
        );
        return;
      }
      if (view.read.lines.length === 0) {
        this.pane.notices.notify(
          'warning',
          'Nothing to price',
          'Every row of the BOM is skipped; see "Skipped" for why.',
        );
        return;
      }
      const scheduler = await this.pane.services.getScheduler();
      const settings = await this.pane.services.settings.getSettings();
      this.pane.set({ settings });
      const lookup = {
        lookupMany: (
          requests: Parameters<typeof scheduler.lookupMany>[0],
          options?: Parameters<typeof scheduler.lookupMany>[1],
        ) => scheduler.lookupMany(requests, { ...options, signal: abort.signal }),
      };
      const options: PriceBomOptions = {
        ...priceOptionsOf(settings, await this.pane.services.getRateBook()),
        suggestionsUsed: this.pane.suggestionsUsed(view.location.sheet),
        ambiguousFix: AMBIGUOUS_FIX,
        boards: view.boards,
        firstRowNumber: view.location.rowIndex + 1,
        timing: runTiming(settings, this.pane.now()),
        now: () => this.pane.now(),
        onProgress: (done, total) => this.pane.set({ progress: { done, total } }),
      };
      // The results marked stale since the last run are marked, and their record kept, before this run reads it.
      await this.pane.writesDone();
      // One call into the core for the run: look up, plan, summarise, write the sheets.
      const run = await priceIntoWorkbook(
        {
          book: this.pane.services.book,
          lookup,
          confirm: this.question.ask,
          keepResults: (record) => this.pane.keepResults(record),
        },
        {
          read: view.read,
          location: view.location,
          bomAddress: view.address,
          quantities,
          options,
          earlier: {
            lines: this.pane.state.pricing?.lines ?? [],
            record: this.pane.lastResults,
            resultsAddress: this.pane.state.pricing?.resultsAddress ?? null,
            breaksAddress: this.pane.state.pricing?.breaksAddress ?? null,
          },
          cancelledReason: CANCELLED_REASON,
          signal: abort.signal,
          onWriting: () => {
            this.pane.set({ phase: 'writing', progress: null });
            slowTimer = setTimeout(() => this.pane.set({ slowWrite: true }), 4000);
          },
          // The cells of earlier results the user typed into since, which the pane kept, named.
          onLeftoverKept: (cells) => {
            const n = keptCellsNotice(cells);
            if (n) this.pane.notices.notice(n);
          },
        },
      );
      // Not one lookup answered (the key was refused, the service is down): the sheet keeps what it has.
      if (run.outcome === 'nothing-answered') return this.pane.notices.notice(nothingAnsweredNotice(run.failure.error));
      const { written } = run;
      if (written.address !== null && !written.headerless) await this.showOrders(view, written.address);
      this.pane.set({ pricing: pricingView(run, view, options) });
      this.reportRun(run, view.location.rowIndex + 1);
    } catch (e) {
      this.pane.notices.problem(e);
    } finally {
      if (slowTimer) clearTimeout(slowTimer);
      if (this.abort === abort) this.abort = null;
      if (this.question.waiting) this.answerConfirm('cancel');
      this.pane.set({ phase: 'idle', progress: null, slowWrite: false });
    }
  };

  /** What a written run says: its outcome, the causes of failed lookups, a missing header row, unreadable records. */
  private reportRun(run: WrittenRun, firstRowNumber: number): void {
    const { lines, written, cancelled, notArrived, failures, result } = run;
    for (const n of runNotices(lines, written.address, cancelled, notArrived, failures, firstRowNumber))
      this.pane.notices.notice(n);
    const headerless = headerlessNotice(written.address === null ? '' : (written.headerless ?? ''));
    if (headerless) this.pane.notices.notice(headerless);
    else this.pane.set({ notices: this.pane.state.notices.filter((n) => n.kind !== 'header') });
    if (result.warnings.length > 0) this.pane.notices.notify('warning', ...unreadableRecords(result.warnings));
  }

  /** The Order column beside the new results, from the record of orders: a run may have moved or re-sorted the rows. */
  private async showOrders(view: BomView, resultsAddress: string): Promise<void> {
    if (!view.read) return;
    const orders = this.pane.services.workbook.loadOrders();
    const problem = await showOrdersBeside(
      this.pane.services.book,
      orders,
      { ...view, read: view.read },
      resultsAddress,
    ).catch(
      (e: unknown) =>
        `The rows already ordered are still recorded, but the sheet could not show them: ${describeProblem(e).text}`,
    );
    if (problem) this.pane.notices.notify('warning', 'Order column not shown', problem);
  }

  /** Lines older than the cache time: what "Refresh stale" prices again. */
  staleLines = (now: Date = this.pane.now()): number => {
    const pricing = this.pane.state.pricing;
    return pricing ? staleLineCount(pricing.lines, this.pane.state.settings?.cacheTtlMinutes ?? 10, now) : 0;
  };
}
