import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SETTINGS, type PartsheetSettings, SettingsError, validateSettings } from '../../src/settings';
import { CatalogError, type ListAnswer, type Offer, type Part } from '../../src/catalog';
import { makeOffer, makePart } from '../helpers/fake-parts';
import { PRICED_BOM_COLUMNS, type PricedColumnKey } from '../../src/purchase/priced-layout';
import { columnLetters, createWorkbookPort } from '../../src/excel';
import { MemoryWorkbook } from '../../testing/excel';
import { LookupScheduler, type ListPart, type ListSearchPort } from '../../src/lookup';
import { App } from '../../taskpane/components/App';
import { SettingsView } from '../../taskpane/components/SettingsView';
import type { ConnectionStep } from '../../taskpane/connection';
import type { PaneController } from '../../taskpane/controller';
import { type PaneControllers, paneControllers } from '../../taskpane/controllers';
import type { OrderController } from '../../taskpane/order/controller';
import type { PaneServices, SettingsPort } from '../../taskpane/services';
import { documentSettingsStore } from '../../taskpane/adapters/workbook-store';
import { paneServicesForTest } from '../../testing/pane-services';

export { makeBreaks as breaks, makeOffer as offer } from '../helpers/fake-parts';

export function part(
  partNumber: string,
  manufacturerCode: string,
  manufacturerName: string,
  offers: Offer[],
  description = `${partNumber} part`,
): Part {
  return makePart(partNumber, offers, { manufacturerCode, manufacturerName, description });
}

const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * A catalog behind the list-search port. With `hold`, every request waits until `release()` lets the next one
 * answer, so a test can look at the pane halfway; an aborted request rejects as the client does.
 */
export class FakeCatalog implements ListSearchPort {
  readonly parts = new Map<string, Part[]>();
  readonly requests: ListPart[][] = [];
  /** Requests that answered (not aborted). */
  answered = 0;
  hold = false;
  failWith: CatalogError | null = null;
  /** Fails the requests this picks out (by the parts they carry), like a batch the service could not answer. */
  failWhen: ((parts: ListPart[]) => CatalogError | null) | null = null;
  private waiting: Array<() => void> = [];

  add(...parts: Part[]): this {
    for (const p of parts) this.parts.set(norm(p.partNumber), [...(this.parts.get(norm(p.partNumber)) ?? []), p]);
    return this;
  }

  /** Parts whose number starts with the token, like the item service's token search. */
  readonly searches: string[] = [];
  async searchToken(token: string): Promise<Part[]> {
    this.searches.push(token);
    if (this.failWith) throw this.failWith;
    const prefix = norm(token);
    return [...this.parts.entries()].filter(([key]) => key.startsWith(prefix)).flatMap(([, found]) => found);
  }

  listUrl(parts: ListPart[]): string {
    return `http://fake/list?${parts.map((p) => encodeURIComponent(p.partNumber)).join('&')}`;
  }

  /** Lets the oldest held request answer. */
  release(): void {
    this.waiting.shift()?.();
  }

  get held(): number {
    return this.waiting.length;
  }

  async searchList(parts: ListPart[], opts: { signal?: AbortSignal } = {}): Promise<ListAnswer> {
    this.requests.push(parts);
    if (this.hold) {
      await new Promise<void>((resolve, reject) => {
        const abort = () => reject(new CatalogError('cancelled', 'The parts search was cancelled'));
        if (opts.signal?.aborted) return abort();
        opts.signal?.addEventListener('abort', abort, { once: true });
        this.waiting.push(resolve);
      });
    }
    if (this.failWith) throw this.failWith;
    const failure = this.failWhen?.(parts);
    if (failure) throw failure;
    this.answered++;
    const results = parts.map((p) => {
      const found = this.parts.get(norm(p.partNumber)) ?? [];
      return {
        requestedPartNumber: p.partNumber,
        manufacturerFilter: p.manufacturer ?? null,
        numberFound: found.length,
        parts: found,
      };
    });
    const partsFound = results.filter((r) => r.numberFound > 0).length;
    return {
      results,
      partsRequested: parts.length,
      partsFound,
      partsNotFound: parts.length - partsFound,
      partsError: 0,
    };
  }
}

/** The settings view over a settings port, with a connection test that answers `steps` and records what it was given. */
export function renderSettings(initial: Partial<PartsheetSettings> = {}, steps: ConnectionStep[] = []) {
  const settings = settingsPort(initial);
  const tested: PartsheetSettings[] = [];
  const services = {
    settings,
    testConnection: async (s: PartsheetSettings) => {
      tested.push(s);
      return steps;
    },
  };
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <SettingsView services={services} />
    </FluentProvider>,
  );
  return { settings, tested, view };
}

export function settingsPort(
  initial: Partial<PartsheetSettings> = {},
): SettingsPort & { current: PartsheetSettings; saves: Partial<PartsheetSettings>[] } {
  const listeners = new Set<(s: PartsheetSettings) => void>();
  const port = {
    current: { ...DEFAULT_SETTINGS, sources: [], ...initial } as PartsheetSettings,
    saves: [] as Partial<PartsheetSettings>[],
    getSettings: async () => ({ ...port.current }),
    saveSettings: async (changes: Partial<PartsheetSettings>) => {
      port.saves.push(changes);
      const next = { ...port.current, ...changes };
      validateSettings(next, 'https://localhost:3000');
      port.current = next;
      for (const l of listeners) l({ ...next });
      return { ...next };
    },
    onSettingsChanged: (listener: (s: PartsheetSettings) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return port;
}

export interface Harness {
  book: MemoryWorkbook;
  catalog: FakeCatalog;
  scheduler: LookupScheduler;
  services: PaneServices;
  /**
   * The pane's controllers over `services`, made as the pane's entry makes them (paneControllers) the first time
   * they are used, so a test may change `services` until then.
   */
  readonly controllers: PaneControllers;
  /** The BOM flow's controller, the order review's: of `controllers`. */
  readonly controller: PaneController;
  readonly order: OrderController;
  /** Forgets the controllers: the next use makes new ones over `services`, as a pane opened again does. */
  reopen(): void;
  settings: ReturnType<typeof settingsPort>;
  refreshes: number;
}

class TestPane implements Harness {
  services: PaneServices;
  refreshes = 0;
  private made: PaneControllers | null = null;

  constructor(
    readonly book: MemoryWorkbook,
    readonly catalog: FakeCatalog,
    readonly scheduler: LookupScheduler,
    readonly settings: ReturnType<typeof settingsPort>,
  ) {
    this.services = paneServicesForTest({
      book: createWorkbookPort(book.host),
      workbook: documentSettingsStore(book.settings),
      settings,
      getScheduler: async () => scheduler,
      refreshPrices: async () => {
        this.refreshes++;
        scheduler.clear();
      },
      searchParts: (token: string) => catalog.searchToken(token),
      testConnection: async () => [],
      newWorkbook: (base64) => book.createWorkbook(base64),
      now: () => new Date(2026, 10, 20, 9, 30),
    });
  }

  get controllers(): PaneControllers {
    this.made ??= paneControllers(this.services);
    return this.made;
  }

  get controller(): PaneController {
    return this.controllers.pane;
  }

  get order(): OrderController {
    return this.controllers.order;
  }

  reopen(): void {
    this.made = null;
  }
}

export function harness(
  options: {
    maxBatch?: number;
    concurrency?: number;
    settings?: Partial<PartsheetSettings>;
    /** The workbook's sheets; default one, 'BOM'. */
    sheets?: string[];
    /** false: a host before ExcelApi 1.14, whose change events do not say who made a change. */
    triggerSource?: boolean;
  } = {},
): Harness {
  const catalog = new FakeCatalog();
  const scheduler = new LookupScheduler({
    port: catalog,
    maxBatch: options.maxBatch ?? 1000,
    concurrency: options.concurrency ?? 4,
    windowMs: 1,
  });
  const book = new MemoryWorkbook({ sheets: options.sheets ?? ['BOM'], triggerSource: options.triggerSource ?? true });
  return new TestPane(book, catalog, scheduler, settingsPort(options.settings));
}

export function renderPane(h: Harness) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <App services={h.services} controllers={h.controllers} />
    </FluentProvider>,
  );
}

/** Closes the pane and opens a new one over the same workbook: nothing of the old pane's memory goes along. */
export function reopenPane(h: Harness): void {
  cleanup();
  h.services = {
    ...h.services,
    book: createWorkbookPort(h.book.host),
    workbook: documentSettingsStore(h.book.settings),
  };
  h.reopen();
  renderPane(h);
}

/**
 * A pane over `rows` written on the BOM sheet from A1, with `parts` in the catalog; the rows are selected, or the
 * cells `options.select` names.
 */
export function bomHarness(
  rows: (string | number)[][],
  parts: Part[] = [],
  options: Parameters<typeof harness>[0] & { select?: string } = {},
): Harness {
  const { select, ...rest } = options;
  const h = harness(rest);
  h.catalog.add(...parts);
  const range = `A1:${columnLetters(rows[0].length - 1)}${rows.length}`;
  h.book.setValues('BOM', range, rows);
  h.book.select('BOM', select ?? range);
  return h;
}

/** A pane over a BOM of `count` TI parts PN-1.. (one each, all with an offer) in A1:C(count + 1), selected. */
export function partsBomHarness(count: number): Harness {
  const parts = Array.from({ length: count }, (_, i) => `PN-${i + 1}`);
  return bomHarness(
    [['MPN', 'Manufacturer', 'Qty'], ...parts.map((pn) => [pn, 'TI', 1])],
    parts.map((pn, i) => part(pn, 'TI', 'Texas Instruments', [makeOffer({ sourcePartId: `S-${i + 1}` })])),
  );
}

/** Renders the pane, takes the selection as the BOM and prices it, until the results are written. */
export async function renderAndPrice(h: Harness): Promise<void> {
  renderPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
  await screen.findByText('Prices written');
}

/** Opens Suggestions, presses the candidate's button `use` names, and waits for `said` and the pane idle again. */
export async function useSuggestion(h: Harness, use: string, said: string): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Suggestions' }));
  await screen.findByTestId('suggestions-count');
  fireEvent.click(screen.getByRole('button', { name: use }));
  await screen.findByText(said);
  await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
}

/** The item of BOM row `row` (its sheet row number) in the open list of rows of a count. */
export function rowItem(row: string): HTMLElement {
  const item = screen.getAllByRole('listitem').find((li) => li.getAttribute('data-row') === row);
  if (!item) throw new Error(`no listed row ${row}`);
  return item;
}

/** The offers view of a row, opening the Priced rows and the row's offers when they are not open yet. */
export function offersOf(row: string) {
  if (!screen.queryByRole('region', { name: 'Priced rows' }))
    fireEvent.click(screen.getByRole('button', { name: /Priced: show the rows/ }));
  const item = rowItem(row);
  if (!within(item).queryByRole('region', { name: `Offers for row ${row}` }))
    fireEvent.click(within(item).getByRole('button', { name: /^Offers/ }));
  return within(within(item).getByRole('region', { name: `Offers for row ${row}` }));
}

export { SettingsError };

/** Where the pane writes results for a BOM in A:C: one empty column right of it, from E. */
export const RESULTS_LEFT = 4;

/** The column letter of a priced column, looked up by its key, in results whose first column is `left`. */
export function resultsColumn(key: PricedColumnKey, left = RESULTS_LEFT): string {
  const index = PRICED_BOM_COLUMNS.findIndex((c) => c.key === key);
  if (index < 0) throw new Error(`no priced column ${key}`);
  return columnLetters(left + index);
}

/** The letter of the first column right of the results whose first column is `left` (where the Order column goes). */
export function afterResults(left = RESULTS_LEFT): string {
  return columnLetters(left + PRICED_BOM_COLUMNS.length);
}

/** The address of rows `top` to `bottom` of results whose first column is `left`, as "E1:Z7". */
export function resultsRange(top: number, bottom: number, left = RESULTS_LEFT): string {
  return `${columnLetters(left)}${top}:${columnLetters(left + PRICED_BOM_COLUMNS.length - 1)}${bottom}`;
}

/** The list search by prefix over the harness's catalog, at most `rows` parts a prefix; the prefixes asked kept. */
export function prefixSearch(h: Harness, asked: string[][]) {
  return async (parts: ListPart[], options: { rows?: number }): Promise<ListAnswer> => {
    asked.push(parts.map((p) => p.partNumber));
    const all = [...h.catalog.parts.entries()];
    const results = parts.map((p) => {
      const found = all
        .filter(([key]) => key.startsWith(norm(p.partNumber)))
        .flatMap(([, ps]) => ps)
        .slice(0, options.rows ?? 4);
      return { requestedPartNumber: p.partNumber, manufacturerFilter: null, numberFound: found.length, parts: found };
    });
    const partsFound = results.filter((r) => r.numberFound > 0).length;
    return {
      results,
      partsRequested: parts.length,
      partsFound,
      partsNotFound: parts.length - partsFound,
      partsError: 0,
    };
  };
}

/** The input labelled `label`. */
export function inputLabelled(label: string | RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

/** In the Purchase tab: selects `cell` on `sheet`, takes it as a BOM range, gives its builds and adds it. */
export async function addPurchaseBom(h: Harness, sheet: string, cell: string, builds: number | string): Promise<void> {
  h.book.select(sheet, cell);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection for the BOM range' }));
  await waitFor(() => expect(inputLabelled('BOM range').value).not.toBe(''));
  fireEvent.change(inputLabelled('Builds'), { target: { value: String(builds) } });
  fireEvent.click(screen.getByRole('button', { name: 'Add BOM' }));
  await waitFor(() => expect(inputLabelled('BOM range').value).toBe(''));
}
