/**
 * The workbook's PARTS cells as the pane shows them, made from the runtime's cell record alone (never from the words
 * a cell shows): the failing cells grouped by kind, and what refreshing a sheet or the workbook would re-run, cost
 * and leave alone.
 */
import { type CellBlock, fullAddress, parseAddress } from '../src/excel/address';
import { partsCellsOf } from '../src/excel/fetched-values';
import type { WorkbookPort } from '../src/excel/workbook-port';
import {
  type CallNote,
  type CellFailureKind,
  FAILURE_WORDS,
  type LookupRequest,
  rateLimitWords,
  staleWords,
} from '../src/lookup';

/** The kinds in the order the pane lists them: what the user can fix first, then what waiting fixes. */
export const KIND_ORDER: readonly CellFailureKind[] = [
  'notFound',
  'ambiguous',
  'rateLimited',
  'refused',
  'unreachable',
  'stale',
  'noPrice',
  'invalid',
  'other',
];

export interface FailingCell {
  /** `Sheet1!B2` of the cell. */
  address: string;
  message: string;
}

export interface FailingGroup {
  kind: CellFailureKind;
  /** The group's heading, from the failures' kind and facts. */
  title: string;
  cells: FailingCell[];
  /** The formulas' cells to calculate again to retry these (a spilled call is one block). */
  anchors: CellBlock[];
}

function groupTitle(kind: CellFailureKind, waits: number[], staleTimes: number[]): string {
  switch (kind) {
    // The words of the cells' own messages, from the same record: the longest wait, the oldest value.
    case 'rateLimited':
      return rateLimitWords(waits.length > 0 ? Math.max(...waits) : undefined);
    case 'stale':
      return staleTimes.length > 0 ? staleWords(Math.min(...staleTimes)) : FAILURE_WORDS.stale;
    case 'invalid':
      return 'Arguments to correct';
    case 'other':
      return 'Other problems';
    default:
      return FAILURE_WORDS[kind];
  }
}

/** Where a call's cell (r, c) is: the formula's cell, moved down and right in its spilled range. */
function cellAddress(anchor: CellBlock, r: number, c: number): string {
  return fullAddress({ ...anchor, row: anchor.row + r, column: anchor.column + c, rows: 1, columns: 1 });
}

function anchorOf(call: CallNote): CellBlock | null {
  try {
    const block = parseAddress(call.address);
    return block.sheet === '' ? null : { ...block, rows: 1, columns: 1 };
  } catch {
    return null;
  }
}

/** The failing cells of the record, grouped by kind in KIND_ORDER; kinds with no cell are left out. */
export function failingGroups(calls: readonly CallNote[]): FailingGroup[] {
  interface Gathered {
    cells: FailingCell[];
    anchors: Map<string, CellBlock>;
    waits: number[];
    stale: number[];
  }
  const byKind = new Map<CellFailureKind, Gathered>();
  for (const call of calls) {
    const anchor = anchorOf(call);
    if (!anchor) continue;
    call.cells.forEach((row, r) =>
      row.forEach((note, c) => {
        const failure = note.failure;
        if (!failure) return;
        const group: Gathered = byKind.get(failure.kind) ?? { cells: [], anchors: new Map(), waits: [], stale: [] };
        byKind.set(failure.kind, group);
        group.cells.push({ address: cellAddress(anchor, r, c), message: failure.message });
        group.anchors.set(call.address, anchor);
        if (failure.retryAfterS !== undefined) group.waits.push(failure.retryAfterS);
        if (failure.staleAsOf !== undefined) group.stale.push(failure.staleAsOf);
      }),
    );
  }
  return KIND_ORDER.flatMap((kind) => {
    const group = byKind.get(kind);
    if (!group) return [];
    return [
      {
        kind,
        title: groupTitle(kind, group.waits, group.stale),
        cells: group.cells,
        anchors: [...group.anchors.values()],
      },
    ];
  });
}

/** Which PARTS cells a refresh covers: those of one sheet, or of the whole workbook. */
export type RefreshScope = { sheet: string } | 'workbook';

export interface RefreshPlan {
  /** The calls to calculate again: a failing cell, or a part with no fresh answer. */
  rerun: CellBlock[];
  /** PARTS cells (each cell of a spilled range) those calls hold. */
  rerunCells: number;
  /** List searches the refresh sends (the scheduler's count, batched as it sends them). */
  requests: number;
  /** Distinct parts those searches carry. */
  parts: number;
  /** PARTS cells left alone: their values are fresh. */
  keptCells: number;
  /** When the oldest value left alone was looked up; null when none is. */
  keptOldest: number | null;
}

function inScope(anchor: CellBlock, scope: RefreshScope): boolean {
  return scope === 'workbook' || anchor.sheet.toLowerCase() === scope.sheet.toLowerCase();
}

/**
 * What refreshing `scope` would do: the calls with a failing cell or a part the cache holds no fresh answer for are
 * calculated again; the others are left alone. `cost` is the scheduler's view (LookupScheduler.cost).
 */
export async function refreshPlan(
  calls: readonly CallNote[],
  scope: RefreshScope,
  cost: (requests: readonly LookupRequest[]) => Promise<{
    requests: number;
    staleParts: number;
    freshness: boolean[];
  }>,
): Promise<RefreshPlan> {
  const chosen = calls.flatMap((call) => {
    const anchor = anchorOf(call);
    return anchor && inScope(anchor, scope) ? [{ call, anchor, notes: call.cells.flat() }] : [];
  });
  const requests: LookupRequest[] = [];
  const firstRequest: number[] = [];
  for (const { notes } of chosen) {
    firstRequest.push(requests.length);
    for (const note of notes) if (note.request) requests.push(note.request);
  }
  const counted = await cost(requests);
  const plan: RefreshPlan = {
    rerun: [],
    rerunCells: 0,
    requests: counted.requests,
    parts: counted.staleParts,
    keptCells: 0,
    keptOldest: null,
  };
  chosen.forEach(({ anchor, notes }, i) => {
    let at = firstRequest[i];
    const stale = notes.some(
      (note) => note.failure !== undefined || (note.request !== null && !counted.freshness[at++]),
    );
    if (stale) {
      plan.rerun.push(anchor);
      plan.rerunCells += notes.length;
      return;
    }
    plan.keptCells += notes.length;
    for (const note of notes) {
      if (note.asOf !== undefined)
        plan.keptOldest = plan.keptOldest === null ? note.asOf : Math.min(plan.keptOldest, note.asOf);
    }
  });
  return plan;
}

/**
 * The calls whose formula's cell holds no PARTS formula any more (cleared, written over, its sheet deleted or
 * renamed): the runtime's record keeps a call until the add-in restarts, so they would be listed and counted. Each
 * sheet with calls is read once (its used range's formulas); a call whose address cannot be read is kept.
 */
export async function goneCalls(
  calls: readonly CallNote[],
  book: Pick<WorkbookPort, 'sheetNames' | 'readUsedFormulas'>,
): Promise<string[]> {
  if (calls.length === 0) return [];
  const sheets = new Map((await book.sheetNames()).map((name) => [name.toLowerCase(), name]));
  const bySheet = new Map<string, Array<{ address: string; at: CellBlock }>>();
  const gone: string[] = [];
  for (const call of calls) {
    let at: CellBlock;
    try {
      at = parseAddress(call.address);
    } catch {
      continue;
    }
    const sheet = sheets.get(at.sheet.toLowerCase());
    if (sheet === undefined) {
      gone.push(call.address);
      continue;
    }
    const held = bySheet.get(sheet) ?? [];
    held.push({ address: call.address, at });
    bySheet.set(sheet, held);
  }
  for (const [sheet, held] of bySheet) {
    const read = await book.readUsedFormulas(sheet);
    const live = new Set(read === null ? [] : partsCellsOf({ ...read, sheet }).map((c) => `${c.row},${c.column}`));
    for (const { address, at } of held) if (!live.has(`${at.row},${at.column}`)) gone.push(address);
  }
  return gone;
}
