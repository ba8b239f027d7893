/**
 * What the task pane needs from the outside world, as one object handed to <App>. The Office build wires it to
 * office.js and the shared runtime (adapters/office.ts); tests wire it to the in-memory workbook and fakes.
 * Components never touch Office, the runtime or the network directly.
 */
import type { PartsheetSettings } from '../src/settings';
import type { ListAnswer, Part } from '../src/catalog/model';
import type { ListPart } from '../src/catalog/client';
import type { BomLookupPort } from '../src/purchase/price-lines';
import type { RateBook } from '../src/pricing/rates';
import type { CheckoutConfig, CheckoutRequest, OrderResult, SubmitCreatedRequest } from '../src/checkout';
import type { WorkbookPort } from '../src/excel/workbook-port';
import type { CorsProbe } from '../src/http/cors';
import type { ConnectionStep } from './connection';
import type { CredentialStore } from './order/credentials';
import type { ShipToStore } from './order/ship-to';
import type { WorkbookChoicesStore } from './workbook-choices';
import type { PurchaseStore } from './purchase/setup';
import type { CellRecordReader, LookupCost, LookupRequest } from '../src/lookup';

export interface SettingsPort {
  getSettings(): Promise<PartsheetSettings>;
  /** Checks and stores; rejects with SettingsError naming the field at fault. */
  saveSettings(changes: Partial<PartsheetSettings>): Promise<PartsheetSettings>;
  onSettingsChanged(listener: (settings: PartsheetSettings) => void): () => void;
}

/** Exchange rates for the offers of some parts, in a base currency (src/pricing/rates.ts's RateBook). */
export type RatesPort = Pick<RateBook, 'tableFor'>;

/**
 * The PARTS cells the functions calculated, as the shared runtime records them (src/lookup/cell-record.ts), and
 * what looking their parts up again would cost (the one scheduler's view of its cache and of how it batches).
 */
export interface CellsPort extends CellRecordReader {
  lookupCost(requests: readonly LookupRequest[]): Promise<LookupCost>;
  /** Forgets the calls of cells whose PARTS formula is gone (the pane finds them in the workbook). */
  forget(addresses: readonly string[]): void;
}

/**
 * Every member is given: production wires them all (adapters/office.ts), tests build theirs with
 * testing/pane-services.ts (`paneServicesForTest`). The defaults are chosen in those two places only.
 */
export interface PaneServices {
  /** The workbook: its sheets, cells and selection. */
  book: WorkbookPort;
  /** Per-workbook choices (column mapping, boards), kept in the workbook's document settings. */
  workbook: WorkbookChoicesStore;
  /** The several-BOMs choices and the orders marked received (the workbook's document settings, or in memory). */
  purchases: PurchaseStore;
  settings: SettingsPort;
  /** The runtime's one scheduler; rejects with SettingsError when the settings cannot be used. */
  getScheduler(): Promise<BomLookupPort>;
  /** The runtime's exchange rates, learned from the service. */
  getRateBook(): Promise<RatesPort>;
  /** Parts whose number starts with the token (the item service's token search), in the user's currency. */
  searchParts(token: string, options?: { signal?: AbortSignal }): Promise<Part[]>;
  /**
   * A list search by prefix (the item service's list search with useExact false), in the user's currency unless
   * `currency` says otherwise: what the Suggestions view finds its candidates with (src/suggest).
   */
  searchPrefixes(
    parts: ListPart[],
    options: { exact?: boolean; rows?: number; currency?: string; signal?: AbortSignal },
  ): Promise<ListAnswer>;
  /** Makes the lookup cache old (and recalculates the PARTS functions). */
  refreshPrices(): Promise<void>;
  /** The PARTS cells' record: the failing ones by kind, what a refresh costs. */
  cells: CellsPort;
  /** When the oldest lookup behind the workbook's PARTS values was made (kept in the workbook); null when unknown. */
  pricesAsOf(): Date | null;
  /** Checks each part of a connection, in order, and says what works. */
  testConnection(settings: PartsheetSettings): Promise<ConnectionStep[]>;
  /**
   * Opens an .xlsx file (base64) as a new workbook, the open one untouched: Excel.createWorkbook, ExcelApi 1.8.
   * Null where the host lacks it: the pane offers the file as a download instead.
   */
  newWorkbook: ((base64: string) => Promise<void>) | null;
  /** The clock. */
  now(): Date;
  /** The add-in page's origin, for service addresses given as a path; undefined outside a page. */
  origin: string | undefined;
  /** Where checkout credentials are remembered when the user asks (OfficeRuntime.storage in Excel, or memory). */
  credentials: CredentialStore;
  /** Ship-to addresses used before (OfficeRuntime.storage in Excel, beside the credentials, or memory). */
  shipTos: ShipToStore;
  /** Sends an order (src/checkout's placeOrder in production). */
  placeOrder(config: CheckoutConfig, request: CheckoutRequest): Promise<OrderResult>;
  /** Submits an order created earlier (src/checkout's submitCreatedOrder in production). */
  submitCreated(config: CheckoutConfig, request: SubmitCreatedRequest): Promise<OrderResult>;
  /** The page's fetch, which the checkout client sends with. */
  fetch: typeof fetch;
  /**
   * Tells "blocked by the browser" from "unreachable" (in a browser page); the order view asks it before sending.
   * Undefined outside a browser page, where there is nothing to tell apart.
   */
  corsProbe: CorsProbe | undefined;
}
