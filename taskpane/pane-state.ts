/** What the task pane shows of a BOM and its pricing: the state the pricing controller keeps and components render. */
import type { PartsheetSettings } from '../src/settings';
import { type BomReadResult, type ColumnMapping, type ColumnOrigins } from '../src/bom';
import { type PricedSummary } from '../src/purchase';
import { type LookupFailure, type PricedBomLine } from '../src/purchase/price-lines';
import { type PriceBreakRow } from '../src/purchase/priced-layout';
import { type ScenarioTable } from '../src/purchase/scenarios';
import type { PartPlan, PlanOptions } from '../src/plan/plan';
import type { RiskLevel } from '../src/plan/risk';
import type { Schedule } from '../src/plan/schedule';
import type { ReadCell, SelectionResult } from '../src/excel/workbook-port';
import { type BomLocation, type OverwriteQuestion } from '../src/excel/priced-sheet';
import type { SheetAsk } from './sheet-choice';
import type { ErrorCode } from '../protocol/error-codes';
import type { CellBlock } from '../src/excel/address';
import type { RunChanges } from '../src/workflows/run-changes';

export type Phase = 'idle' | 'reading' | 'pricing' | 'cancelling' | 'writing';

export interface ColumnChoice {
  /** 0-based column within the BOM. */
  index: number;
  /** "B: MPN", or "Column B" when the column has no header. */
  label: string;
  /** The column's header as read ("MPN"), '' when it has none: what is remembered to find the column again. */
  header: string;
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
  /** How each mapped column was taken (found by its header, the buyer's choice…): the mapping step's words. */
  origins?: ColumnOrigins;
  boards: number;
  /**
   * Several quantities of boards to compare (Boards "1, 10, 100, 1000"), sorted; `boards` is the one of them the
   * BOM sheet is written for and orders are made from. Undefined for one quantity.
   */
  quantities?: number[];
  /** The header row chosen by the user (index within the cells, or null for none); undefined means detected. */
  headerChoice?: number | null;
  /** The build variant read, where the BOM marks variants in columns (undefined: every line fitted). */
  variant?: string;
  /** Another sheet looks more like the BOM than the selection's, or as much: the question the mapping step asks. */
  sheetQuestion?: SheetAsk;
}

export interface PricingView {
  lines: PricedBomLine[];
  /** The boards the results were priced for. */
  boards: number;
  breaks: PriceBreakRow[];
  summary: PricedSummary;
  pricedAt: Date;
  cancelled: boolean;
  /** Lines whose price had not arrived when the user cancelled. */
  notArrived: number;
  failures: LookupFailure[];
  resultsAddress: string | null;
  breaksAddress: string | null;
  /** The Summary sheet written, or null. */
  summaryAddress?: string | null;
  /** Sheet row number of the first BOM cell row, to name rows as the sheet does. */
  firstRowNumber: number;
  /** One plan per part bought, and the currency of every amount: what a share-safe copy's formulas follow. */
  plans: PartPlan[];
  currency: string;
  /** The rates, sources and overage the plan was made with: what the pane prices a candidate or an offer with. */
  plan: PlanOptions;
  /** Why these results no longer match the BOM as set (boards or columns changed since); null while they do. */
  staleReason?: string | null;
  /** Why the results were written without a header row (no row above the BOM for it); '' when they have one. */
  headerless?: string;
  /** The BOM priced at several quantities, when Boards gives several; the Scenarios sheet written, or null. */
  scenarios?: ScenarioTable | null;
  scenariosAddress?: string | null;
  /** How many parts the run bought at each risk level (src/plan/risk.ts); absent before a run counted them. */
  risk?: Record<RiskLevel, number>;
  /** When the parts arrive and the day the BOM is clear to build (src/plan/schedule.ts), at the need-by date set. */
  schedule?: Schedule | null;
  /** What changed since the last run the workbook kept, and the Changes sheet written; null when none was compared. */
  changes?: RunChanges | null;
  /** BOM cells the user changed after this run read them (taskpane/edit-watch.ts); absent while none changed. */
  edited?: EditedCells;
}

/** The cells of the BOM changed after pricing: the first few blocks Office told of, and how many changes in all. */
export interface EditedCells {
  blocks: CellBlock[];
  count: number;
}

/** Headers of the columns the pane adds to a BOM for the user's choices; the BOM reading maps them. */
export const REPLACEMENT_HEADER = 'Replacement MPN';
export const PINNED_OFFER_HEADER = 'Pinned offer';
/** What an ambiguous line's Status says to do, now that the pane has a picker. */
export const AMBIGUOUS_FIX = 'choose the part in the Partsheet pane, or give the manufacturer';
/** The one action offered when the results have no row for their header. */
export const INSERT_HEADER_ROW = 'Insert a row above the BOM for the header';

export interface Notice {
  id: number;
  intent: 'error' | 'warning' | 'success' | 'info';
  title: string;
  text: string;
  action?: 'settings' | 'selection' | 'insert-header-row';
  /**
   * Notices of one kind replace each other: the last pricing outcome, the last choice written, whether the results
   * lack their header row, what the range read leaves out (taskpane/selection-checks.ts).
   */
  kind?: 'outcome' | 'choice' | 'header' | 'selection';
  /** A failure's stable code (protocol/error-codes.ts), shown for the buyer to quote. */
  code?: ErrorCode;
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
