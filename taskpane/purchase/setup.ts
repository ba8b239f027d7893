/**
 * The pane's "Several BOMs" choices, kept in the workbook's document settings: BOM ranges (on any sheet), each with a
 * name and a number of builds (or several, one per scenario: src/purchase/scenarios.ts), an On hand range, and whether
 * what is on order counts (on by default: the workbook's own record of orders placed in production, less those
 * marked received; test orders never count). Read back leniently; the scenarios they make.
 */
import type { OrderRecord } from '../../src/excel/order-record';
import { MAX_BOARDS } from '../../src/bom/read';
import { MAX_SCENARIOS, type ReceivedMark, ScenarioError, scenarioBuilds } from '../../src/purchase';
import { asSentence } from '../../src/text/words';
import type { ErrorCode } from '../../protocol/error-codes';

/** The document setting the several-BOMs choices are kept under. */
export const PURCHASE_SETUP_KEY = 'partsheet.purchase';

export interface NamedBomRange {
  name: string;
  /** `Board A!A1:F40`. */
  address: string;
  /** The first (or only) build quantity. */
  builds: number;
  /** Several build quantities, one per scenario, as written (the first is `builds`); absent for one. */
  quantities?: number[];
}

export interface PurchaseSetup {
  boms: NamedBomRange[];
  /** 0-based: the scenario the Purchase list sheet is written for (and ordered from) when there are several. */
  scenario?: number;
  /** The On hand range, or null when none. */
  onHand: string | null;
  /** Whether what is on order (placed, not received) is subtracted. */
  useOnOrder: boolean;
}

export const EMPTY_SETUP: PurchaseSetup = { boms: [], onHand: null, useOnOrder: true };

/** The choices read back from the workbook; anything unreadable falls back to the empty setup's values. */
export function asPurchaseSetup(value: unknown): PurchaseSetup {
  if (value === null || typeof value !== 'object') return { ...EMPTY_SETUP, boms: [] };
  const v = value as Record<string, unknown>;
  const boms = Array.isArray(v.boms)
    ? v.boms.filter(
        (b): b is NamedBomRange =>
          b !== null &&
          typeof b === 'object' &&
          typeof b.name === 'string' &&
          typeof b.address === 'string' &&
          Number.isSafeInteger(b.builds) &&
          b.builds >= 1,
      )
    : [];
  const scenario = Number.isSafeInteger(v.scenario) && (v.scenario as number) >= 0 ? (v.scenario as number) : 0;
  return {
    boms: boms.map((b) => keptQuantities(b)),
    onHand: typeof v.onHand === 'string' ? v.onHand : null,
    useOnOrder: v.useOnOrder !== false,
    ...(scenario > 0 ? { scenario } : {}),
  };
}

/** A BOM as kept, its quantities list dropped when it is not one the pane can use (2 or more, the first `builds`). */
function keptQuantities(b: NamedBomRange): NamedBomRange {
  const { quantities, ...rest } = b;
  const usable =
    Array.isArray(quantities) &&
    quantities.length >= 2 &&
    quantities.length <= MAX_SCENARIOS &&
    quantities.every((q) => Number.isSafeInteger(q) && q >= 1 && q <= MAX_BOARDS) &&
    quantities[0] === b.builds;
  return usable ? { ...rest, quantities: [...quantities] } : rest;
}

/** A BOM's build quantities: its list, or its one quantity. */
export function buildsOf(bom: NamedBomRange): number[] {
  return bom.quantities && bom.quantities.length >= 2 ? bom.quantities : [bom.builds];
}

/** The build quantities of each scenario the setup makes (see src/purchase/scenarios.ts); throws SeveralBomsError. */
export function setupScenarios(setup: PurchaseSetup): number[][] {
  try {
    return scenarioBuilds(setup.boms.map((b) => ({ name: b.name, builds: buildsOf(b) })));
  } catch (e) {
    if (e instanceof ScenarioError) throw new SeveralBomsError(asSentence(e.message), e.errorCode);
    throw e;
  }
}

/** Where the pane keeps its choices and reads the orders (taskpane/adapters/purchase-store.ts in Excel). */
export interface PurchaseStore {
  loadSetup(): PurchaseSetup;
  saveSetup(setup: PurchaseSetup): Promise<void>;
  loadOrders(): OrderRecord[];
  loadReceived(): ReceivedMark[];
  saveReceived(marks: readonly ReceivedMark[]): Promise<void>;
}

/** A purchase list the pane cannot make as set up: a build quantity or scenario (the default), its size, or the set-up itself. */
export class SeveralBomsError extends Error {
  constructor(
    message: string,
    readonly errorCode: Extract<
      ErrorCode,
      'PS_PURCHASE_SCENARIO' | 'PS_PURCHASE_SETUP' | 'PS_PURCHASE_TOO_LARGE'
    > = 'PS_PURCHASE_SCENARIO',
  ) {
    super(message);
  }
}

/** Choices and marks kept in memory only: outside Excel, where there is no document to keep them in. */
export function memoryPurchaseStore(orders: () => OrderRecord[] = () => []): PurchaseStore {
  let setup: PurchaseSetup = { ...EMPTY_SETUP, boms: [] };
  let received: ReceivedMark[] = [];
  return {
    loadSetup: () => setup,
    saveSetup: async (next) => void (setup = next),
    loadOrders: orders,
    loadReceived: () => received,
    saveReceived: async (marks) => void (received = [...marks]),
  };
}
