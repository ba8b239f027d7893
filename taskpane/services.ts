/**
 * What the task pane needs from the outside world, as one object handed to <App>. The Office build wires it to
 * office.js and the shared runtime (adapters/office.ts); tests wire it to the in-memory workbook and fakes.
 * Components never touch Office, the runtime or the network directly.
 */
import type { PartsheetSettings } from '../src/settings';
import type { ListAnswer, Part } from '../src/catalog/model';
import type { ListPart } from '../src/catalog/client';
import type { BomLookupPort } from '../src/bom/price-lines';
import type { RateBook } from '../src/pricing/rates';
import type { CheckoutConfig, CheckoutRequest, OrderResult } from '../src/checkout';
import type { WorkbookPort } from '../src/excel/workbook-port';
import type { CorsProbe } from '../src/http/cors';
import type { ConnectionStep } from './connection';
import type { CredentialStore } from './order/credentials';
import type { ShipToStore } from './order/ship-to';
import type { WorkbookChoicesStore } from './workbook-choices';
import type { PurchaseStore } from './purchase/several-boms';

export interface SettingsPort {
  getSettings(): Promise<PartsheetSettings>;
  /** Checks and stores; rejects with SettingsError naming the field at fault. */
  saveSettings(changes: Partial<PartsheetSettings>): Promise<PartsheetSettings>;
  onSettingsChanged(listener: (settings: PartsheetSettings) => void): () => void;
}

export interface PaneServices {
  gateway: WorkbookPort;
  /** Per-workbook choices (column mapping, boards), kept in the workbook's document settings. */
  workbook: WorkbookChoicesStore;
  /** The several-BOMs choices and the orders marked received (the workbook's document settings); in memory when absent. */
  purchases?: PurchaseStore;
  settings: SettingsPort;
  /** The runtime's one scheduler; rejects with SettingsError when the settings cannot be used. */
  getScheduler(): Promise<BomLookupPort>;
  /** The runtime's exchange rates, learned from the service; without it only offers in the user's currency compete. */
  getRateBook?(): Promise<RateBook>;
  /** Parts whose number starts with the token (the item service's token search), in the user's currency. */
  searchParts?(token: string, options?: { signal?: AbortSignal }): Promise<Part[]>;
  /**
   * A list search by prefix (the item service's list search with useExact false), in the user's currency unless
   * `currency` says otherwise: what the Suggestions view finds its candidates with (src/suggest).
   */
  searchPrefixes?(
    parts: ListPart[],
    options: { exact?: boolean; rows?: number; currency?: string; signal?: AbortSignal },
  ): Promise<ListAnswer>;
  /** Empties the lookup cache (and recalculates the PARTS functions). */
  refreshPrices(): Promise<void>;
  /** When the oldest lookup behind the workbook's PARTS values was made (kept in the workbook); null when unknown. */
  pricesAsOf?(): Date | null;
  /** Checks each part of a connection, in order, and says what works. */
  testConnection(settings: PartsheetSettings): Promise<ConnectionStep[]>;
  now?: () => Date;
  /** The add-in page's origin, for service addresses given as a path. */
  origin?: string;
  /** Where checkout credentials are remembered when the user asks (OfficeRuntime.storage in Excel). */
  credentials?: CredentialStore;
  /** Ship-to addresses used before (OfficeRuntime.storage in Excel, beside the credentials). */
  shipTos?: ShipToStore;
  /** Sends an order; by default src/checkout's placeOrder over `fetch`. */
  placeOrder?: (config: CheckoutConfig, request: CheckoutRequest) => Promise<OrderResult>;
  fetch?: typeof fetch;
  /** Tells "blocked by the browser" from "unreachable" (in a browser page); the order view asks it before sending. */
  corsProbe?: CorsProbe;
}
