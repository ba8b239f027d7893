/** The order review's state and the services it uses: what the task pane shows and what it calls. */
import type { PartsheetSettings } from '../../src/settings';
import { type CheckoutErrorKind, type ProcessedLine } from '../../src/checkout';
import { type SelectedPricedRows } from '../../src/excel/order-sheet';
import { type LoggedOrder, type OrdersLogEntry } from '../../src/excel/orders-log';
import type { OverwriteChoice, OverwriteQuestion } from '../../src/excel/priced-sheet';
import type { WorkbookChoicesStore } from '../workbook-choices';
import type { PaneServices } from '../services';
import type { UsedShipTo } from './ship-to';
import {
  type LeftOutRow,
  type OrderedRow,
  type OrderGroup,
  type OrderPlan,
  type OrderEnvironment,
  type ReviewLine,
} from '../../src/workflows/order-review';
import { type OrderForm } from './order-form';
import { type ShownProblem } from './order-problems';

/** What the order flow uses of the pane's services (taskpane/services.ts): all given, as production gives them. */
export type OrderServices = Pick<
  PaneServices,
  'book' | 'origin' | 'credentials' | 'placeOrder' | 'submitCreated' | 'shipTos' | 'fetch' | 'now' | 'corsProbe'
> & {
  /** Where the record of orders by BOM line is kept (the workbook's document settings). */
  workbook: Pick<WorkbookChoicesStore, 'load' | 'loadResults' | 'loadOrders' | 'saveOrders'>;
  settings: {
    getSettings(): Promise<PartsheetSettings>;
    onSettingsChanged?(listener: (settings: PartsheetSettings) => void): () => void;
  };
};

export type OrderPhase = 'empty' | 'reading' | 'review' | 'checking' | 'sending' | 'writing' | 'done';

export interface OrderFailure {
  kind: CheckoutErrorKind | 'blocked' | 'settings' | 'excel' | 'other';
  title: string;
  text: string;
  /** The order the service named although the call failed. */
  orderId: string | null;
  /** An order may exist: the pane offers no plain retry, only "I checked — send again". */
  mayExist: boolean;
  /** Sending the same order again cannot make a second one (nothing was stored). */
  retrySafe: boolean;
  /** The failed attempt was a submission (not a create). */
  submit: boolean;
}

export interface OrderOutcome {
  orderId: string;
  submitted: boolean;
  environment: OrderEnvironment;
  po: string;
  at: Date;
  subtotal: number | null;
  discount: number | null;
  total: number | null;
  currency: string | null;
  shipAgent: string | null;
  shipService: string | null;
  lines: ProcessedLine[];
  /** The part number of each item id ordered, as the review showed it. */
  parts: Record<string, string>;
  /** The sheet rows the order came from (0-based), the log's items text, and the number of lines. */
  rows: number[];
  items: string;
  lineCount: number;
  /** The order's group (marketplace or regional). */
  group: OrderGroup;
  /** The Order column written (`BOM!X3:X9`), or null. */
  orderColumn: string | null;
  logged: LoggedOrder | null;
  /** What could not be written, in plain words. */
  notes: string[];
}

/** One of the questions asked before an order is sent. */
export type SendQuestion =
  | { kind: 'production'; lines: number; totals: Array<{ currency: string; amount: number }>; total: string }
  /** `mine`: the order ids among `earlier` made from this selection (the other order of a split, or one sent before). */
  | { kind: 'duplicate-po'; po: string; earlier: OrdersLogEntry[]; mine?: string[] }
  | { kind: 'already-ordered'; rows: OrderedRow[] }
  | { kind: 'overbuy'; lines: Array<{ rows: number[]; part: string; quantity: string; overbuy: string }> };

export type OrderQuestion =
  | SendQuestion
  /** Two or more questions of one send, asked together in one review: one answer for all. */
  | { kind: 'review'; asked: SendQuestion[] }
  | { kind: 'overwrite'; question: OverwriteQuestion };

export type QuestionAnswer = 'yes' | 'no' | OverwriteChoice;

export interface OrderState {
  phase: OrderPhase;
  selection: Omit<SelectedPricedRows, 'rows'> | null;
  lines: ReviewLine[];
  leftOut: LeftOutRow[];
  /** Selected rows ordered before, shown first: left out unless ticked back in. */
  alreadyOrdered: OrderedRow[];
  form: OrderForm;
  /** A password hash is held for the username: typed earlier (memory) or remembered on this computer. */
  passwordHeld: 'memory' | 'remembered' | null;
  problems: ShownProblem[];
  /** A send was tried: field problems are shown from now on. */
  attempted: boolean;
  question: OrderQuestion | null;
  outcome: OrderOutcome | null;
  failure: OrderFailure | null;
  /** The "I checked" tick after an order that may exist. */
  checked: boolean;
  /** Why the selection could not be read. */
  readError: string | null;
  /** Why orders cannot be sent from this page to the chosen checkout (no CORS headers there), with the fix; null when nothing says so. */
  checkoutBlocked: string | null;
  /** Ship-to addresses used before in this environment (every account's; the view shows the current one's). */
  shipTos: UsedShipTo[];
  /** This order's group, how it is told from the selection's others, and the next group's order still to prepare. */
  group: OrderGroup;
  words: string;
  next: OrderPlan['next'];
  /** Why the selection makes several orders; null when it makes one. */
  split: string | null;
}
