/**
 * The task pane's flow, without React: use the selection, map its columns, price it through the runtime's
 * scheduler, write the results beside it, list what needs a choice, refresh. Components render `PaneState` and
 * call the actions; every action ends with the pane idle, whatever happened, so nothing spins for ever.
 *
 * Cancel stops sending: the lookups still waiting are cancelled in the scheduler, the ones that arrived are kept,
 * and every BOM row is still written with a status (rows whose price had not arrived say so), so the sheet is
 * consistent. The signal goes to the scheduler, not to priceBom, because priceBom gives nothing back when its
 * own signal aborts.
 */
import { BOM_FIELDS, type BomField, type ColumnMapping, mapColumns } from '../src/bom';
import {
  type PartCandidate,
  type PriceBomOptions,
  type PricedBomLine,
  type SuggestionUsed,
} from '../src/bom/price-lines';
import { PRICED_BOM_HEADERS } from '../src/bom/layout';
import { fullAddress, parseAddress } from '../src/excel/address';
import { appendBomColumn, locationAddress } from '../src/excel/bom-columns';
import { fingerprintRow, type ResultsRecord } from '../src/excel/own-cells';
import { markTotalStale } from '../src/excel/total-row';
import { markOtherSheetsStale } from '../src/excel/stale-sheets';
import { boardsListText } from '../src/bom/scenarios';
import type { Offer, Part } from '../src/catalog/model';
import type { PlanOptions } from '../src/plan/plan';
import { quotePart } from '../src/plan/quote';
import { userCurrency } from '../src/pricing/rates';
import type { ReadCell } from '../src/excel/workbook-port';
import {
  type OverwriteChoice,
  type OverwriteQuestion,
  markResultsStale,
  writeResultsHeader,
} from '../src/excel/priced-sheet';
import { priceIntoWorkbook, priceOptionsOf } from '../src/workflows/price-bom';
import { staleLineCount } from '../src/workflows/last-prices';
import { describeProblem } from './errors';
import { showOrdersBeside } from './order/order-view';
import { Store } from './store';
import type { PaneServices } from './services';
import { MAX_SUGGESTIONS_USED, mappingHeaders, restoreMapping } from './workbook-choices';
import { keptQuantities, quantitiesOf, quantitiesText, sameQuantities, scenarioQuantities } from './quantities';
import { bomView, interpretBom, labelsOf } from './bom-view';
import { keptCellsNotice, nothingAnsweredNotice, runNotices, unreadableRecords } from './run-notices';
import {
  REPLACEMENT_HEADER,
  PINNED_OFFER_HEADER,
  AMBIGUOUS_FIX,
  MAX_BOARDS_IN_PANE,
  type BomView,
  type PricingView,
  type FoundPart,
  type Notice,
  type PaneState,
} from './pane-state';

export * from './pane-state';
export { unreadableRecords } from './run-notices';

const CANCELLED_REASON = 'cancelled before its price arrived; press Price BOM to finish';

export class PaneController extends Store<PaneState> {
  private abort: AbortController | null = null;
  private confirmResolve: ((choice: OverwriteChoice) => void) | null = null;
  private nextNotice = 1;
  private unsubscribeSettings: (() => void) | null = null;
  /**
   * Where the pane wrote results last and what it wrote: kept when another selection is taken (the results stay in
   * the sheet), so a shorter BOM priced over them clears what is left of them, and results without a header row
   * are still known as the pane's. Kept in the workbook too (keepResults), so a pane opened later starts from it.
   */
  private lastResults: ResultsRecord | null;
  /** The suggestions used, per sheet, when the workbook store keeps none. */
  private readonly usedHere = new Map<string, SuggestionUsed[]>();

  constructor(private readonly services: PaneServices) {
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
  private async keepResults(record: ResultsRecord | null): Promise<void> {
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
    const notice: Notice = {
      id: this.nextNotice++,
      intent,
      title,
      text,
      ...(action ? { action } : {}),
      ...(kind ? { kind } : {}),
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

  private problem(e: unknown): void {
    const p = describeProblem(e);
    this.notify('error', p.title, p.text, p.action);
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
      const saved = this.services.workbook.load(selection.sheet);
      const boards =
        saved && Number.isInteger(saved.boards) && saved.boards >= 1 ? saved.boards : (this.state.bom?.boards ?? 1);
      let view = bomView(selection, null, boards, false);
      if (saved) {
        const headers = view.columns.map((c) => c.label.replace(/^[A-Z]+: /, ''));
        const restored = restoreMapping(saved, headers);
        if (restored) {
          const again = bomView(selection, restored, boards, true);
          if (again.read) view = again;
        }
      }
      // The list of quantities the sheet was left comparing comes back with its boards.
      const quantities = saved && view.boards === saved.boards ? keptQuantities(saved, MAX_BOARDS_IN_PANE) : undefined;
      if (quantities) view = { ...view, quantities };
      this.set({ bom: view, pricing: null, notices: this.state.notices.filter((n) => n.intent !== 'error') });
    } catch (e) {
      this.problem(e);
    } finally {
      this.set({ phase: 'idle' });
    }
  };

  private async remember(view: BomView): Promise<void> {
    if (!view.read) return;
    try {
      await this.services.workbook.save(view.location.sheet, {
        address: view.address,
        mapping: view.mapping,
        headers: mappingHeaders(
          view.mapping,
          view.columns.map((c) => c.label.replace(/^[A-Z]+: /, '')),
          view.read.headerRow !== null,
        ),
        boards: view.boards,
        ...(scenarioQuantities(view) ? { quantities: scenarioQuantities(view)! } : {}),
      });
    } catch (e) {
      this.notify('warning', 'Choices not remembered', describeProblem(e).text);
    }
  }

  private reinterpret(
    mapping: ColumnMapping,
    boards: number,
    headerChoice = this.state.bom?.headerChoice,
  ): BomView | null {
    const bom = this.state.bom;
    if (!bom) return null;
    const { read, error } =
      mapping.partNumber === undefined
        ? { read: null, error: 'Choose the column that holds the manufacturer part numbers.' }
        : interpretBom(bom.cells, bom.location.rowIndex, mapping, boards, headerChoice);
    const view: BomView = {
      ...bom,
      read,
      readError: error,
      mapping: read ? { ...read.mapping } : { ...mapping },
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
  private staled(before: BomView, after: BomView): PricingView | null {
    const pricing = this.state.pricing;
    if (!pricing) return null;
    const same =
      JSON.stringify(before.mapping) === JSON.stringify(after.mapping) &&
      before.location.headerRow === after.location.headerRow;
    // The list of quantities compared counts as the boards do: the Scenarios the run wrote are for the list it had.
    const pricedFor = pricing.scenarios ? pricing.scenarios.quantities.map((q) => q.boards) : [pricing.boards];
    const sameList = sameQuantities(pricedFor, quantitiesOf(after));
    if (same && after.boards === pricing.boards && sameList) return pricing;
    const boards = (n: number) => `${n.toLocaleString('en-US')} board${n === 1 ? '' : 's'}`;
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

  /** The user says which row is the header (null: the BOM has none); the columns are mapped again from it. */
  setHeaderRow = (row: number | null): void => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle') return;
    const { read } = interpretBom(bom.cells, bom.location.rowIndex, null, bom.boards, row);
    let mapping: ColumnMapping;
    if (read && read.mapping.partNumber !== undefined) mapping = read.mapping;
    else {
      // The new header names no part-number column (the rows were read as lines without one, or not at all):
      // keep the user's, and take what else the header names.
      mapping = { ...bom.mapping };
      const taken = new Set(Object.values(mapping));
      const named = row === null ? {} : mapColumns(bom.cells[row] ?? []);
      for (const field of BOM_FIELDS) {
        const c = named[field];
        if (mapping[field] === undefined && c !== undefined && !taken.has(c)) {
          mapping[field] = c;
          taken.add(c);
        }
      }
    }
    const view = this.reinterpret(mapping, bom.boards, row);
    if (view) void this.remember(view);
  };

  /** The user maps a field to a column (or to none). */
  setMapping = (field: BomField, column: number | null): void => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle') return;
    const mapping: ColumnMapping = {};
    for (const f of BOM_FIELDS) {
      const c = f === field ? (column ?? undefined) : bom.mapping[f];
      if (c !== undefined && !(f !== field && c === column)) mapping[f] = c;
    }
    const view = this.reinterpret(mapping, bom.boards);
    if (view) void this.remember(view);
  };

  setBoards = (boards: number): void => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle' || !Number.isInteger(boards) || boards < 1 || boards > MAX_BOARDS_IN_PANE)
      return;
    const view = this.reinterpret(bom.mapping, boards);
    if (view) void this.remember(view);
  };

  /**
   * Boards gives several quantities (or one again): they are compared at the next pricing. The quantity the BOM sheet
   * is written for stays when it is one of them, else it becomes the first written.
   */
  setQuantities = (quantities: readonly number[], first: number): void => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle' || quantities.length === 0) return;
    if (!quantities.every((q) => Number.isInteger(q) && q >= 1 && q <= MAX_BOARDS_IN_PANE)) return;
    const list = quantities.length > 1 ? [...quantities].sort((a, b) => a - b) : undefined;
    const chosen = list && list.includes(bom.boards) ? bom.boards : list ? first : quantities[0];
    const view: BomView = { ...bom, ...(list ? { quantities: list } : { quantities: undefined }) };
    if (chosen !== bom.boards) {
      this.set({ bom: view });
      this.setBoards(chosen);
      return;
    }
    // The same quantity for the BOM sheet, another list: the results (and their Scenarios) are stale, and the sheet
    // remembers the list.
    this.set({ bom: view, pricing: this.staled(bom, view) });
    void this.remember(view);
  };

  /**
   * The quantity the BOM sheet is written for and ordered from, among the scenarios. Once priced, the BOM sheet, its
   * total, the Summary and the Scenarios sheets are written again for it, from the prices the lookup cached.
   */
  chooseQuantity = async (boards: number): Promise<void> => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle' || !bom.quantities?.includes(boards) || boards === bom.boards) return;
    const pricing = this.state.pricing;
    if (!pricing || !pricing.scenarios || pricing.staleReason) {
      this.setBoards(boards);
      return;
    }
    const { read, error } = interpretBom(bom.cells, bom.location.rowIndex, bom.mapping, boards, bom.headerChoice);
    const view: BomView = { ...bom, read, readError: error, boards };
    this.set({ bom: view });
    void this.remember(view);
    await this.price('stale');
  };

  // ---- pricing

  private ask = (question: OverwriteQuestion): Promise<OverwriteChoice> =>
    new Promise<OverwriteChoice>((resolve) => {
      this.confirmResolve = resolve;
      this.set({ confirm: question });
    });

  answerConfirm = (choice: OverwriteChoice): void => {
    const resolve = this.confirmResolve;
    this.confirmResolve = null;
    this.set({ confirm: null });
    resolve?.(choice);
  };

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
        now: () => this.now(),
        onProgress: (done, total) => this.set({ progress: { done, total } }),
      };
      // One call into the core for the run: look up, plan, summarise, write the sheets.
      const run = await priceIntoWorkbook(
        {
          book: this.services.book,
          lookup,
          confirm: this.ask,
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
          onLeftoverKept: (cells) => this.reportKept(cells),
        },
      );
      if (run.outcome === 'nothing-answered') {
        // Not one lookup answered (the key was refused, the service is down): the sheet keeps what it has.
        const n = nothingAnsweredNotice(run.failure.error);
        this.notify(n.intent, n.title, n.text, n.action, n.kind);
        return;
      }
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
          plan: {
            rates: result.rates,
            ...(options.sources ? { sources: options.sources } : {}),
            ...(options.overage ? { overage: options.overage } : {}),
          },
          headerless: written.headerless ?? '',
          ...(scenarios ? { scenarios, scenariosAddress } : {}),
        },
      });
      for (const n of runNotices(lines, written.address, cancelled, notArrived, failures, view.location.rowIndex + 1))
        this.notify(n.intent, n.title, n.text, n.action, n.kind);
      this.reportHeader(written.address === null ? '' : (written.headerless ?? ''));
      if (result.warnings.length > 0) this.notify('warning', ...unreadableRecords(result.warnings));
    } catch (e) {
      this.problem(e);
    } finally {
      if (slowTimer) clearTimeout(slowTimer);
      if (this.abort === abort) this.abort = null;
      if (this.confirmResolve) this.answerConfirm('cancel');
      this.set({ phase: 'idle', progress: null, slowWrite: false });
    }
  };

  /** The Order column beside the new results, from the record of orders: a run may have moved or re-sorted the rows. */
  private async showOrders(view: BomView, resultsAddress: string): Promise<void> {
    if (!view.read) return;
    try {
      const occupied = await showOrdersBeside(
        this.services.book,
        this.services.workbook.loadOrders(),
        { ...view, read: view.read },
        resultsAddress,
      );
      if (occupied) this.notify('warning', 'Order column not shown', occupied);
    } catch (e) {
      this.notify(
        'warning',
        'Order column not shown',
        `The rows already ordered are still recorded, but the sheet could not show them: ${describeProblem(e).text}`,
      );
    }
  }

  /** Names the cells of earlier results the user typed into since, which the pane kept. */
  private reportKept(kept: readonly string[]): void {
    const n = keptCellsNotice(kept);
    if (n) this.notify(n.intent, n.title, n.text, n.action, n.kind);
  }

  /**
   * Says, while the results have no header row, why and how to get one: the notice stays (a new run that writes
   * them without one again says so again) and carries the one action that fixes it.
   */
  private reportHeader(headerless: string): void {
    if (headerless === '') {
      this.set({ notices: this.state.notices.filter((n) => n.kind !== 'header') });
      return;
    }
    this.notify(
      'warning',
      'The results have no header row',
      `${headerless} The button does it: your rows move down one row, nothing is overwritten.`,
      'insert-header-row',
      'header',
    );
  }

  /**
   * Gives results written without a header row their header: inserts one whole sheet row above the BOM (everything
   * from its first row down moves down one row, so no cell is written over), moves what the pane keeps of the BOM's
   * place down with it (its location, address and selection, the workbook's remembered address, the results' block),
   * writes the column names in the new row, then prices again from the cache so every row number the sheet and the
   * pane show (Status notes, "Price breaks", the Summary) is the new one.
   */
  insertHeaderRow = async (): Promise<void> => {
    const bom = this.state.bom;
    const pricing = this.state.pricing;
    if (!bom || !pricing?.headerless || !pricing.resultsAddress || this.state.phase !== 'idle') return;
    const sheet = bom.location.sheet;
    const at = bom.location.rowIndex;
    this.set({ phase: 'writing' });
    try {
      await this.services.book.insertRows(sheet, at, 1);
      const down = (address: string): string => {
        const block = parseAddress(address, sheet);
        return block.sheet.toLowerCase() === sheet.toLowerCase() && block.row >= at
          ? fullAddress({ ...block, row: block.row + 1 })
          : address;
      };
      const moved: BomView = {
        ...bom,
        location: { ...bom.location, rowIndex: at + 1 },
        address: down(bom.address),
        selectedAddress: down(bom.selectedAddress),
      };
      const results = parseAddress(down(pricing.resultsAddress), sheet);
      this.set({
        bom: moved,
        pricing: {
          ...pricing,
          firstRowNumber: pricing.firstRowNumber + 1,
          resultsAddress: fullAddress(results),
          headerless: '',
        },
        notices: this.state.notices.filter((n) => n.kind !== 'header'),
      });
      await this.remember(moved);
      // The row inserted is the one above the moved results: their header goes there, beside nothing of the BOM's.
      await writeResultsHeader(this.services.book, results.sheet, results.row - 1, results.column);
      const withHeader = fullAddress({ ...results, row: results.row - 1, rows: results.rows + 1 });
      if (this.lastResults?.address === pricing.resultsAddress) {
        await this.keepResults({
          address: withHeader,
          cells: [fingerprintRow(PRICED_BOM_HEADERS), ...this.lastResults.cells],
          ...(this.lastResults.plans ? { plans: [null, ...this.lastResults.plans] } : {}),
        });
      }
      this.set({ pricing: this.state.pricing ? { ...this.state.pricing, resultsAddress: withHeader } : null });
      this.notify(
        'success',
        `Row ${at + 1} inserted for the header`,
        `The BOM is now ${moved.address}; the results' column names are in row ${at + 1}.`,
        undefined,
        'choice',
      );
    } catch (e) {
      this.problem(e);
      return;
    } finally {
      this.set({ phase: 'idle' });
    }
    await this.price('stale');
  };

  /** Writes the chosen part number (and manufacturer) into the BOM row, then prices again from the cache. */
  pick = async (line: PricedBomLine, candidate: PartCandidate): Promise<void> => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle' || bom.mapping.partNumber === undefined) return;
    const row = bom.location.rowIndex + line.row;
    const writes = [{ row, column: bom.location.columnIndex + bom.mapping.partNumber, value: candidate.partNumber }];
    if (bom.mapping.manufacturer !== undefined && candidate.manufacturer) {
      writes.push({ row, column: bom.location.columnIndex + bom.mapping.manufacturer, value: candidate.manufacturer });
    }
    try {
      await this.services.book.writeCells(bom.location.sheet, writes);
      const what = candidate.manufacturer
        ? `${candidate.partNumber} (${candidate.manufacturer})`
        : candidate.partNumber;
      if (bom.mapping.manufacturer === undefined && candidate.manufacturer) {
        this.notify(
          'warning',
          `Row ${row + 1} now reads ${candidate.partNumber}`,
          `There is no manufacturer column, so "${candidate.manufacturer}" was not written; map one to make the choice exact.`,
          undefined,
          'choice',
        );
      } else {
        this.notify(
          'success',
          `Row ${row + 1} now reads ${what}`,
          'Priced again with your choice.',
          undefined,
          'choice',
        );
      }
    } catch (e) {
      this.problem(e);
      return;
    }
    await this.price('stale');
  };

  /** Shows a line in the sheet: selects its BOM cells and the results beside them. */
  selectLine = async (line: PricedBomLine): Promise<void> => {
    const bom = this.state.bom;
    if (!bom) return;
    const results = this.state.pricing?.resultsAddress
      ? parseAddress(this.state.pricing.resultsAddress, bom.location.sheet)
      : null;
    const left = bom.location.columnIndex;
    const right =
      results && results.sheet === bom.location.sheet
        ? results.column + results.columns
        : left + bom.location.columnCount;
    try {
      await this.services.book.select({
        sheet: bom.location.sheet,
        row: bom.location.rowIndex + line.row,
        column: left,
        rows: 1,
        columns: right - left,
      });
    } catch (e) {
      this.problem(e);
    }
  };

  /**
   * Parts whose number starts with `token` (the item service's token search), each with what the plan would pay
   * for `need` of it in the user's currency, at rates learned as for a run. Rejects with the service's error.
   */
  searchParts = async (token: string, need: number, signal?: AbortSignal): Promise<FoundPart[]> => {
    const parts = await this.services.searchParts(token.trim(), { signal });
    const plan = this.state.pricing?.plan;
    const currency = plan?.rates.base ?? userCurrency(this.state.settings?.currency);
    const rates = await (await this.services.getRateBook()).tableFor(currency, parts, signal);
    const options: PlanOptions = { ...plan, rates };
    return parts.map((part) => ({ part, quote: quotePart(part, Math.max(1, need), options) }));
  };

  /**
   * Writes `value` on the line's row in the pane's own column for `field`, adding the column right of the BOM
   * when the BOM has none (see src/excel/bom-columns.ts). Returns the sheet row number, or null when not written.
   */
  private async writeChoice(
    field: 'offer' | 'replacement',
    header: string,
    rows: readonly number[],
    value: string,
  ): Promise<boolean> {
    let bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle') return false;
    try {
      if (bom.mapping[field] === undefined) {
        const location = await appendBomColumn(this.services.book, bom.location, header);
        const width = bom.location.columnCount;
        const cells = bom.cells.map((row, r) => [
          ...row,
          ...new Array<ReadCell>(Math.max(0, width - row.length)).fill(''),
          r === bom!.location.headerRow ? header : '',
        ]);
        const grown = bomView(
          {
            ...location,
            address: locationAddress(location),
            values: cells,
            blocks: 0,
            selectedAddress: bom.selectedAddress,
            source: bom.source,
            tableName: bom.tableName,
          },
          { ...bom.mapping, [field]: width },
          bom.boards,
          bom.remembered,
          bom.headerChoice,
        );
        if (!grown.read) throw new Error(grown.readError ?? `The "${header}" column could not be read.`);
        bom = grown;
        // appendBomColumn cleared the pane's results beside the BOM: there is nothing of them left to know.
        await this.keepResults(null);
        this.set({ bom, pricing: this.state.pricing ? { ...this.state.pricing, resultsAddress: null } : null });
        await this.remember(bom);
      }
      const column = bom.location.columnIndex + bom.mapping[field]!;
      await this.services.book.writeCells(
        bom.location.sheet,
        rows.map((row) => ({ row: bom!.location.rowIndex + row, column, value })),
      );
      return true;
    } catch (e) {
      this.problem(e);
      return false;
    }
  }

  /** Writes the chosen replacement into the "Replacement MPN" column (never over the BOM's part number), then prices again. */
  replace = async (line: PricedBomLine, part: Part): Promise<void> => {
    await this.replaceWith(line, part.partNumber, part.manufacturerName || part.manufacturerCode);
  };

  /**
   * Writes `partNumber` (with its maker) as the line's replacement, as `replace` does; `suggestion` (what the Status
   * says of it: its match class) records that it came from the Suggestions view, so its Status says "suggestion … for
   * …". Prices again; false when nothing was written.
   */
  replaceWith = async (
    line: PricedBomLine,
    partNumber: string,
    maker: string,
    suggestion?: string,
  ): Promise<boolean> => {
    const row = (this.state.bom?.location.rowIndex ?? 0) + line.row + 1;
    const sheet = this.state.bom?.location.sheet ?? '';
    // With its maker, so a part number that several makers use is still one part (see splitReplacement).
    const text = maker ? `${partNumber} (${maker})` : partNumber;
    if (!(await this.writeChoice('replacement', REPLACEMENT_HEADER, [line.row], text))) return false;
    if (suggestion !== undefined)
      await this.recordSuggestion(sheet, { partNumber: line.partNumber, replacement: text, note: suggestion });
    const what =
      suggestion !== undefined
        ? `suggestion ${text} used for ${line.partNumber}`
        : `${text} replaces ${line.partNumber}`;
    this.notify(
      'success',
      `Row ${row}: ${what}`,
      `Written in the "${REPLACEMENT_HEADER}" column; ${line.partNumber} stays as the BOM gives it. Priced again.`,
      undefined,
      'choice',
    );
    await this.price('stale');
    return true;
  };

  /** The suggestions used on a sheet: the workbook's record, or this pane's when the workbook keeps none. */
  private suggestionsUsed(sheet: string): SuggestionUsed[] {
    return this.services.workbook.loadSuggestionsUsed?.(sheet) ?? this.usedHere.get(sheet) ?? [];
  }

  private async recordSuggestion(sheet: string, used: SuggestionUsed): Promise<void> {
    // One record per line's part number: a later suggestion used for it replaces the earlier.
    const kept = this.suggestionsUsed(sheet).filter(
      (u) => u.partNumber.trim().toUpperCase() !== used.partNumber.trim().toUpperCase(),
    );
    const list = [...kept, used].slice(-MAX_SUGGESTIONS_USED);
    this.usedHere.set(sheet, list);
    try {
      await this.services.workbook.saveSuggestionsUsed?.(sheet, list);
    } catch (e) {
      this.notify(
        'warning',
        'Suggestion not remembered in the workbook',
        `${describeProblem(e).text} Its Status says "replacement" once the pane is opened again.`,
      );
    }
  }

  /**
   * Pins an offer (null: none) for the line and every other line of the same part, so the part is still bought
   * once: the sourcePartId goes into the "Pinned offer" column, then the BOM is priced again with it.
   */
  pin = async (line: PricedBomLine, offer: Offer | null, effect = ''): Promise<void> => {
    const pricing = this.state.pricing;
    const bom = this.state.bom;
    if (!pricing || !bom) return;
    const rows = pricing.lines
      .filter(
        (l) =>
          l.row === line.row ||
          (line.matchedPart !== null && l.part && line.part && l.part.itemId === line.part.itemId),
      )
      .map((l) => l.row);
    if (!(await this.writeChoice('offer', PINNED_OFFER_HEADER, rows, offer ? offer.sourcePartId : ''))) return;
    const numbers = rows.map((r) => r + bom.location.rowIndex + 1).join(', ');
    const where = `${rows.length === 1 ? 'Row' : 'Rows'} ${numbers}`;
    if (offer) {
      this.notify(
        'success',
        `${where}: offer ${offer.sourcePartId} pinned`,
        `From ${offer.sourceCode || offer.sourceName}; written in the "${PINNED_OFFER_HEADER}" column, and the plan buys it${effect ? ` (${effect})` : ''}. Priced again.`,
        undefined,
        'choice',
      );
    } else {
      this.notify(
        'success',
        `${where}: pin removed`,
        'The plan chooses the offer again. Priced again.',
        undefined,
        'choice',
      );
    }
    await this.price('stale');
  };

  /** Lines older than the cache time: what "Refresh stale" prices again. */
  staleLines(now: Date = this.now()): number {
    const pricing = this.state.pricing;
    return pricing ? staleLineCount(pricing.lines, this.state.settings?.cacheTtlMinutes ?? 10, now) : 0;
  }
}

export const FIELD_LABELS: Record<BomField, string> = {
  partNumber: 'Part number',
  manufacturer: 'Manufacturer',
  quantity: 'Quantity per board',
  designators: 'Designators',
  description: 'Description',
  dnp: 'Do not place (DNP)',
  offer: 'Pinned offer (item id)',
  replacement: 'Replacement part number',
};
