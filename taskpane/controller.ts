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
import type { PartsheetSettings } from '../src/settings';
import { BOM_FIELDS, type BomField, type BomReadResult, type ColumnMapping, mapColumns, readBom, type PricedSummary, summarize } from '../src/bom';
import { type LookupFailure, type PartCandidate, type PriceBomOptions, type PricedBomLine, priceBom } from '../src/bom/price-lines';
import type { PriceBreakRow } from '../src/bom/layout';
import { columnLetters } from '../src/excel/address';
import type { ReadCell, ReadResult, SelectionResult } from '../src/excel/gateway';
import {
  type BomLocation,
  type OverwriteChoice,
  type OverwriteQuestion,
  PRICE_BREAKS_SHEET,
  writePriceBreaks,
  writePricedResults,
} from '../src/excel/priced-sheet';
import { describeProblem } from './errors';
import { Store } from './store';
import type { PaneServices } from './services';
import { mappingHeaders, restoreMapping } from './workbook-choices';

export type Phase = 'idle' | 'reading' | 'pricing' | 'cancelling' | 'writing';

export interface ColumnChoice {
  /** 0-based column within the BOM. */
  index: number;
  /** "B: MPN", or "Column B" when the column has no header. */
  label: string;
}

export interface BomView {
  location: BomLocation;
  address: string;
  selectedAddress: string;
  source: SelectionResult['source'];
  tableName: string | null;
  cells: ReadCell[][];
  columns: ColumnChoice[];
  read: BomReadResult | null;
  /** Why the BOM could not be read as mapped, when it could not. */
  readError: string | null;
  mapping: ColumnMapping;
  /** The mapping came from what this workbook remembered. */
  remembered: boolean;
  boards: number;
  /** The header row chosen by the user (index within the cells, or null for none); undefined means detected. */
  headerChoice?: number | null;
}

export interface PricingView {
  lines: PricedBomLine[];
  breaks: PriceBreakRow[];
  summary: PricedSummary;
  pricedAt: Date;
  cancelled: boolean;
  /** Lines whose price had not arrived when the user cancelled. */
  notArrived: number;
  failures: LookupFailure[];
  resultsAddress: string | null;
  breaksAddress: string | null;
  /** Sheet row number of the first BOM cell row, to name rows as the sheet does. */
  firstRowNumber: number;
}

export interface Notice {
  id: number;
  intent: 'error' | 'warning' | 'success' | 'info';
  title: string;
  text: string;
  action?: 'settings' | 'selection';
  /** Notices of one kind replace each other: the last pricing outcome, the last choice written. */
  kind?: 'outcome' | 'choice';
}

export interface PaneState {
  phase: Phase;
  progress: { done: number; total: number } | null;
  bom: BomView | null;
  pricing: PricingView | null;
  notices: Notice[];
  confirm: OverwriteQuestion | null;
  /** A write is taking long: Excel may be waiting for the user to leave a cell. */
  slowWrite: boolean;
  settings: PartsheetSettings | null;
}

export const MAX_BOARDS_IN_PANE = 100_000;
const CANCELLED_REASON = 'cancelled before its price arrived; press Price BOM to finish';

function labelsOf(values: readonly (readonly ReadCell[])[], read: BomReadResult | null, columnIndex: number): ColumnChoice[] {
  const width = values.reduce((w, row) => Math.max(w, row.length), 0);
  const headerRow = read?.headerRow ?? null;
  const out: ColumnChoice[] = [];
  for (let c = 0; c < width; c++) {
    const letter = columnLetters(columnIndex + c);
    const text = headerRow === null ? '' : String(values[headerRow]?.[c] ?? '').replace(/\s+/g, ' ').trim();
    out.push({ index: c, label: text ? `${letter}: ${text}` : `Column ${letter}` });
  }
  return out;
}

function locationOf(read: ReadResult, headerRow: number | null): BomLocation {
  return { sheet: read.sheet, rowIndex: read.rowIndex, columnIndex: read.columnIndex, rowCount: read.rowCount, columnCount: read.columnCount, headerRow };
}

export class PaneController extends Store<PaneState> {
  private abort: AbortController | null = null;
  private confirmResolve: ((choice: OverwriteChoice) => void) | null = null;
  private nextNotice = 1;
  private unsubscribeSettings: (() => void) | null = null;

  constructor(private readonly services: PaneServices) {
    super({ phase: 'idle', progress: null, bom: null, pricing: null, notices: [], confirm: null, slowWrite: false, settings: null });
  }

  private now(): Date {
    return this.services.now ? this.services.now() : new Date();
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

  notify(intent: Notice['intent'], title: string, text: string, action?: Notice['action'], kind?: Notice['kind']): void {
    const notice: Notice = { id: this.nextNotice++, intent, title, text, ...(action ? { action } : {}), ...(kind ? { kind } : {}) };
    // A new outcome of the same kind replaces the last one; problems stay until dismissed.
    const kept = this.state.notices.filter((n) => !(n.title === title && n.text === text) && !(kind !== undefined && n.kind === kind));
    this.set({ notices: [...kept, notice].slice(-4) });
  }

  private problem(e: unknown): void {
    const p = describeProblem(e);
    this.notify('error', p.title, p.text, p.action);
  }

  dismiss = (id: number): void => {
    this.set({ notices: this.state.notices.filter((n) => n.id !== id) });
  };

  // ---- reading the BOM

  private interpret(
    values: ReadCell[][],
    rowIndex: number,
    mapping: ColumnMapping | null,
    boards: number,
    headerRow?: number | null,
  ): { read: BomReadResult | null; error: string | null } {
    try {
      const read = readBom(values, {
        boards,
        firstRowNumber: rowIndex + 1,
        ...(mapping ? { mapping } : {}),
        ...(headerRow !== undefined ? { headerRow } : {}),
      });
      return { read, error: null };
    } catch (e) {
      return { read: null, error: describeProblem(e).text };
    }
  }

  private view(
    result: SelectionResult | (ReadResult & Pick<SelectionResult, 'selectedAddress' | 'source' | 'tableName'>),
    mapping: ColumnMapping | null,
    boards: number,
    remembered: boolean,
    headerChoice?: number | null,
  ): BomView {
    const { read, error } = this.interpret(result.values, result.rowIndex, mapping, boards, headerChoice);
    const headerRow = read?.headerRow ?? null;
    return {
      location: locationOf(result, headerRow),
      address: result.address,
      selectedAddress: result.selectedAddress,
      source: result.source,
      tableName: result.tableName,
      cells: result.values,
      columns: labelsOf(result.values, read, result.columnIndex),
      read,
      readError: error,
      mapping: read ? { ...read.mapping } : { ...(mapping ?? {}) },
      remembered,
      boards,
      ...(headerChoice !== undefined ? { headerChoice } : {}),
    };
  }

  useSelection = async (): Promise<void> => {
    if (this.state.phase !== 'idle') return;
    this.set({ phase: 'reading' });
    try {
      const selection = await this.services.gateway.readSelection();
      const saved = this.services.workbook.load(selection.sheet);
      const boards = saved && Number.isInteger(saved.boards) && saved.boards >= 1 ? saved.boards : (this.state.bom?.boards ?? 1);
      let view = this.view(selection, null, boards, false);
      if (saved) {
        const headers = view.columns.map((c) => c.label.replace(/^[A-Z]+: /, ''));
        const restored = restoreMapping(saved, headers);
        if (restored) {
          const again = this.view(selection, restored, boards, true);
          if (again.read) view = again;
        }
      }
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
        headers: mappingHeaders(view.mapping, view.columns.map((c) => c.label.replace(/^[A-Z]+: /, '')), view.read.headerRow !== null),
        boards: view.boards,
      });
    } catch (e) {
      this.notify('warning', 'Choices not remembered', describeProblem(e).text);
    }
  }

  private reinterpret(mapping: ColumnMapping, boards: number, headerChoice = this.state.bom?.headerChoice): BomView | null {
    const bom = this.state.bom;
    if (!bom) return null;
    const { read, error } =
      mapping.partNumber === undefined
        ? { read: null, error: 'Choose the column that holds the manufacturer part numbers.' }
        : this.interpret(bom.cells, bom.location.rowIndex, mapping, boards, headerChoice);
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
    this.set({ bom: view, pricing: null });
    return view;
  }

  /** The user says which row is the header (null: the BOM has none); the columns are mapped again from it. */
  setHeaderRow = (row: number | null): void => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle') return;
    const { read } = this.interpret(bom.cells, bom.location.rowIndex, null, bom.boards, row);
    let mapping: ColumnMapping;
    if (read) mapping = read.mapping;
    else {
      // The new header names no part-number column: keep the user's, and take what else the header names.
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
    if (!bom || this.state.phase !== 'idle' || !Number.isInteger(boards) || boards < 1 || boards > MAX_BOARDS_IN_PANE) return;
    const view = this.reinterpret(bom.mapping, boards);
    if (view) void this.remember(view);
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

  /** Prices the BOM: 'stale' re-uses prices younger than the cache time; 'all' asks the service again for every part. */
  price = async (mode: 'stale' | 'all' = 'stale'): Promise<void> => {
    const bom = this.state.bom;
    if (!bom || this.state.phase !== 'idle') return;
    const abort = new AbortController();
    this.abort = abort;
    this.set({ phase: 'pricing', progress: { done: 0, total: 0 } });
    let slowTimer: ReturnType<typeof setTimeout> | null = null;
    try {
      if (mode === 'all') await this.services.refreshPrices();
      const fresh = await this.services.gateway.readRange(bom.location.sheet, bom.address);
      const view = this.view(
        { ...fresh, selectedAddress: bom.selectedAddress, source: bom.source, tableName: bom.tableName },
        bom.mapping.partNumber === undefined ? null : bom.mapping,
        bom.boards,
        bom.remembered,
        bom.headerChoice,
      );
      this.set({ bom: view });
      if (!view.read) {
        this.notify('error', 'The BOM could not be read', view.readError ?? 'Choose the part-number column.', 'selection');
        return;
      }
      if (view.read.lines.length === 0) {
        this.notify('warning', 'Nothing to price', 'Every row of the BOM is skipped; see "Skipped" for why.');
        return;
      }
      const scheduler = await this.services.getScheduler();
      const settings = await this.services.settings.getSettings();
      this.set({ settings });
      const port = {
        lookupMany: (requests: Parameters<typeof scheduler.lookupMany>[0], options?: Parameters<typeof scheduler.lookupMany>[1]) =>
          scheduler.lookupMany(requests, { ...options, signal: abort.signal }),
      };
      // The choices the PARTS functions price with too: currency (USD when unset), rates, sources, API version.
      const options: PriceBomOptions = {
        ...(settings.currency ? { currency: settings.currency } : {}),
        ...(this.services.getRateBook ? { rates: await this.services.getRateBook() } : {}),
        overage: { percent: settings.overagePercent, minExtra: settings.overageMin },
        ...(settings.sources.length > 0 ? { sources: settings.sources } : {}),
        version: settings.apiVersion,
        boards: view.boards,
        firstRowNumber: view.location.rowIndex + 1,
        now: () => this.now(),
        onProgress: (done, total) => this.set({ progress: { done, total } }),
      };
      const result = await priceBom(view.read, port, options);
      const cancelled = abort.signal.aborted;
      let notArrived = 0;
      const lines = result.lines.map((line) => {
        if (line.lookupError !== 'cancelled') return line;
        notArrived++;
        return { ...line, statusReason: CANCELLED_REASON };
      });
      const failures = result.failures.filter((f) => f.error.kind !== 'cancelled');

      this.set({ phase: 'writing', progress: null });
      slowTimer = setTimeout(() => this.set({ slowWrite: true }), 4000);
      const written = await writePricedResults(this.services.gateway, view.location, lines, { confirm: this.ask });
      let breaksAddress: string | null = null;
      if (written.address !== null) {
        const breaks = await writePriceBreaks(this.services.gateway, result.breaks, { confirm: this.ask, sheet: PRICE_BREAKS_SHEET });
        breaksAddress = breaks.address;
      }
      this.set({
        pricing: {
          lines,
          breaks: result.breaks,
          summary: summarize(lines, result.boards, { rates: result.summary.rates, missingRates: result.summary.missingRates }),
          pricedAt: result.pricedAt,
          cancelled,
          notArrived,
          failures,
          resultsAddress: written.address,
          breaksAddress,
          firstRowNumber: view.location.rowIndex + 1,
        },
      });
      this.report(lines.length, written.address, cancelled, notArrived, failures, view.location.rowIndex + 1);
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

  private report(lines: number, address: string | null, cancelled: boolean, notArrived: number, failures: LookupFailure[], firstRowNumber: number): void {
    if (address === null) {
      this.notify('info', 'Nothing written', 'The results were not written; the cells beside the BOM are as they were.', undefined, 'outcome');
    } else if (cancelled) {
      this.notify(
        'warning',
        'Cancelled',
        `${notArrived} of ${lines} lines had no price yet and say "cancelled" in their Status cell; the rest are written in ${address}.`,
        undefined,
        'outcome',
      );
    } else {
      this.notify('success', 'Prices written', `${lines} lines in ${address}.`, undefined, 'outcome');
    }
    // One message per cause, naming the rows it left without a price.
    const byCause = new Map<string, { rows: number[]; error: LookupFailure['error'] }>();
    for (const failure of failures) {
      const group = byCause.get(failure.error.message) ?? { rows: [], error: failure.error };
      group.rows.push(...failure.rows.map((r) => r + firstRowNumber));
      byCause.set(failure.error.message, group);
    }
    for (const { rows, error } of [...byCause.values()].slice(0, 3)) {
      rows.sort((a, b) => a - b);
      const where = rows.length === 1 ? `Row ${rows[0]} has` : `Rows ${rows.slice(0, 8).join(', ')}${rows.length > 8 ? ` and ${rows.length - 8} more` : ''} have`;
      const p = describeProblem(error);
      this.notify('error', `${where} no price yet`, p.text, p.action);
    }
  }

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
      await this.services.gateway.writeCells(bom.location.sheet, writes);
      const what = candidate.manufacturer ? `${candidate.partNumber} (${candidate.manufacturer})` : candidate.partNumber;
      if (bom.mapping.manufacturer === undefined && candidate.manufacturer) {
        this.notify(
          'warning',
          `Row ${row + 1} now reads ${candidate.partNumber}`,
          `There is no manufacturer column, so "${candidate.manufacturer}" was not written; map one to make the choice exact.`,
          undefined,
          'choice',
        );
      } else {
        this.notify('success', `Row ${row + 1} now reads ${what}`, 'Priced again with your choice.', undefined, 'choice');
      }
    } catch (e) {
      this.problem(e);
      return;
    }
    await this.price('stale');
  };

  /** Lines older than the cache time: what "Refresh stale" prices again. */
  staleLines(now: Date = this.now()): number {
    const pricing = this.state.pricing;
    const ttl = (this.state.settings?.cacheTtlMinutes ?? 10) * 60_000;
    if (!pricing) return 0;
    return pricing.lines.filter((l) => {
      if (l.asOf === null) return l.status !== 'skipped';
      const at = l.asOf instanceof Date ? l.asOf.getTime() : Date.parse(String(l.asOf));
      return now.getTime() - at >= ttl;
    }).length;
  }
}

/** The notice for records of the service's answers that were left out: how many, and the first few by path. */
export function unreadableRecords(warnings: readonly string[]): [title: string, text: string] {
  const n = warnings.length;
  const shown = warnings.slice(0, 2).join('; ');
  return [
    `${n} unreadable record${n === 1 ? '' : 's'} left out`,
    `The parts service sent ${n === 1 ? 'a record' : `${n} records`} that could not be read; the rest of its answer was used. ${shown}${n > 2 ? ` (and ${n - 2} more)` : ''}`,
  ];
}

export const FIELD_LABELS: Record<BomField, string> = {
  partNumber: 'Part number',
  manufacturer: 'Manufacturer',
  quantity: 'Quantity per board',
  designators: 'Designators',
  description: 'Description',
  dnp: 'Do not place (DNP)',
  offer: 'Pinned offer (item id)',
};
