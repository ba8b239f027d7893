/**
 * How the PARTS functions run over cells: the settings read once per call, each part of the part range looked up,
 * chosen and computed (with the rates of its offers when the answer is an amount), or a spilled table about one part.
 */
import type { FunctionsContext } from '../addin/functions-context';
import type { Part } from '../src/catalog/model';
import type { CellNote, LookupRequest, LookupResult } from '../src/lookup';
import { isCatalogError } from '../src/catalog/errors';
import { baseOnly, wireCurrency } from '../src/pricing/rates';
import { currencyOf, gridOf, partText, quantityAt, quantityOf, scalarText } from './arguments';
import { type Ask, partFor } from './choice';
import type { FunctionsDeps } from './contract';
import {
  type CellValue,
  Failure,
  type Grid,
  type Outcome,
  failureOf,
  invalid,
  isCellValue,
  noAnswer,
  serviceFailed,
  staleFailure,
} from './outcome';

/**
 * Longest a PARTS call keeps its cells #BUSY, whatever the service does (answers slowly, never, or makes the
 * scheduler back off): then each cell still waiting says the service did not answer, and a recalculation asks again.
 */
export const CELL_DEADLINE_MS = 30_000;

/** `work`'s outcome, or `late()` if it has not settled within `ms`. */
export function settleBy<T>(work: Promise<T> | T, ms: number, late: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(late()), ms);
    Promise.resolve(work).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export interface CellInput {
  partNumber: string;
  part: Part;
  quantity: number;
}

export type Compute = (input: CellInput, ask: Omit<Ask, 'need'>) => Outcome;

/** A compute that chooses an offer, so it needs the rates of the part's offers (see evaluate). */
export interface Priced {
  priced: Compute;
}

/** What every part of a call shares, before the rates of the part found are known. */
type CallAsk = Omit<Ask, 'need' | 'rates'>;

export interface Call {
  part: unknown;
  quantity?: unknown;
  manufacturer?: unknown;
  currency?: unknown;
}

/** What every part of one call shares. */
interface Prepared {
  context: FunctionsContext;
  ask: CallAsk;
  manufacturer: string;
  deadline: Deadline;
}

/** A call's deadline: settles when it is reached; `failure` is what a cell still waiting for the service then is. */
interface Deadline {
  reached: Promise<void>;
  failure: Failure;
  /** Clears the timer (the call has settled). */
  stop(): void;
}

function deadlineIn(ms: number): Deadline {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reached = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return { reached, failure: noAnswer(ms), stop: () => clearTimeout(timer) };
}

/** How the functions run over cells: each part of a call looked up and computed, or a spilled table about one part. */
export interface CellEngine<E> {
  toError(f: Failure): E;
  perPart(call: Call, computed: Compute | Priced): Promise<Grid<E>>;
  table(
    call: Call,
    build: (input: CellInput, ask: Omit<Ask, 'need'>) => CellValue[][] | Failure,
    priced?: boolean,
  ): Promise<Grid<E>>;
}

/**
 * One part of a call: blank stays blank (`null`); otherwise what `compute` makes of the part found, or why not.
 * Only a `priced` compute gets the rates of the part's offers (learning one may ask the service): the others show
 * no amount, and get the user's currency alone. When the service fails and an earlier answer is kept, the cell
 * says the value that answer gives, stale, with its time. `note` learns the request and the answer's time.
 */
async function evaluate<T>(
  prepared: Prepared,
  value: unknown,
  q: unknown,
  compute: (input: CellInput, ask: Omit<Ask, 'need'>) => T | Failure,
  priced: boolean,
  note: CellNote,
): Promise<T | Failure | null> {
  const partNumber = partText(value);
  if (partNumber === null || partNumber instanceof Failure) return partNumber;
  const need = quantityOf(q);
  if (need instanceof Failure) return need;
  const request: LookupRequest = {
    partNumber,
    currency: wireCurrency(prepared.ask.currency) ?? null,
    version: prepared.context.version ?? null,
  };
  note.request = request;
  const answer = async (found: LookupResult): Promise<T | Failure> => {
    const parts = found.result.numberFound > 0 && Array.isArray(found.result.parts) ? found.result.parts : [];
    const chosen = partFor(parts, partNumber, prepared.manufacturer);
    if (chosen instanceof Failure) return chosen;
    const rates =
      priced && prepared.context.rates
        ? await prepared.context.rates.tableFor(prepared.ask.currency, [chosen])
        : baseOnly(prepared.ask.currency);
    return compute({ partNumber, part: chosen, quantity: need }, { ...prepared.ask, rates });
  };
  let found: LookupResult;
  try {
    // The call's deadline is a service failure like any other: a cell with an earlier answer kept shows it, stale.
    found = await Promise.race([
      prepared.context.lookup.lookup(request),
      prepared.deadline.reached.then((): never => {
        throw prepared.deadline.failure;
      }),
    ]);
  } catch (e) {
    const failed = failureOf(e);
    const fault = e === prepared.deadline.failure || (isCatalogError(e) && serviceFailed(e));
    const last = fault ? prepared.context.lookup.lastKnown?.(request) : undefined;
    if (!last) return failed;
    try {
      const earlier = await answer(last);
      if (earlier instanceof Failure) return failed;
      note.asOf = last.asOf;
      return staleFailure(isCellValue(earlier) ? earlier : null, last.asOf, failed);
    } catch {
      return failed;
    }
  }
  note.asOf = found.asOf;
  try {
    return await answer(found);
  } catch (e) {
    return failureOf(e);
  }
}

/** Tells the record how each cell of a call ended (`outcomes` in the shape of `notes`). */
function record<E>(deps: FunctionsDeps<E>, notes: CellNote[][], outcomes: ReadonlyArray<ReadonlyArray<unknown>>): void {
  if (!deps.record) return;
  outcomes.forEach((row, r) =>
    row.forEach((v, c) => {
      if (v instanceof Failure) notes[r][c].failure = { message: v.message, ...v.facts };
    }),
  );
  deps.record(notes);
}

export function cellEngine<E>(deps: FunctionsDeps<E>): CellEngine<E> {
  const toError = (f: Failure): E => deps.makeError(f.code, f.message);
  const deadlineMs = deps.deadlineMs ?? CELL_DEADLINE_MS;

  /** What every part of a call shares: the settings in force, the currency, the manufacturer. Throws a Failure. */
  async function prepare(call: Call, deadline: Deadline): Promise<Prepared> {
    try {
      const context = await deps.context();
      return {
        context,
        ask: { currency: currencyOf(call.currency, context), sources: context.sources },
        manufacturer: scalarText(call.manufacturer),
        deadline,
      };
    } catch (e) {
      throw failureOf(e);
    }
  }

  /** Runs `compute` for every cell of the part range (with the rates when it is `Priced`); throws for a single part that fails. */
  async function perPart(call: Call, computed: Compute | Priced): Promise<Grid<E>> {
    const priced = typeof computed !== 'function';
    const compute = priced ? computed.priced : computed;
    let quantity: (r: number, c: number) => unknown;
    const parts = gridOf(call.part) ?? [[null]];
    const notes = parts.map((row) => row.map((): CellNote => ({ request: null })));
    try {
      quantity = quantityAt(gridOf(call.quantity), parts.length, Math.max(...parts.map((row) => row.length)));
    } catch (e) {
      record(deps, [[notes[0][0]]], [[failureOf(e)]]);
      throw toError(failureOf(e));
    }
    // The deadline's timer is set first: at the deadline the cells still waiting for the service end as failures
    // (stale where an earlier answer is kept) before the call's own limit below ends whatever still waits.
    const deadline = deadlineIn(deadlineMs);
    const work = (async () => {
      const prepared = await prepare(call, deadline);
      return Promise.all(
        parts.map((row, r) =>
          Promise.all(row.map((value, c) => evaluate(prepared, value, quantity(r, c), compute, priced, notes[r][c]))),
        ),
      );
    })();
    let grid: Array<Array<CellValue | Failure | null>>;
    try {
      grid = await settleBy<Array<Array<CellValue | Failure | null>>>(work, deadlineMs, () =>
        parts.map((row) => row.map(() => deadline.failure)),
      );
    } catch (e) {
      const failed = failureOf(e);
      record(deps, [[notes[0][0]]], [[failed]]);
      throw toError(failed);
    } finally {
      deadline.stop();
    }
    record(deps, notes, grid);
    if (parts.length === 1 && parts[0].length === 1) {
      const only = grid[0][0];
      if (only instanceof Failure) throw toError(only);
      return [[only ?? '']];
    }
    return grid.map((row) => row.map((v) => (v instanceof Failure ? toError(v) : (v ?? ''))));
  }

  /** A spilled table about one part: the rows `build` makes, or the error, thrown. */
  async function table(
    call: Call,
    build: (input: CellInput, ask: Omit<Ask, 'need'>) => CellValue[][] | Failure,
    priced = false,
  ): Promise<Grid<E>> {
    const note: CellNote = { request: null };
    const deadline = deadlineIn(deadlineMs);
    const work = (async () => {
      const prepared = await prepare(call, deadline);
      return evaluate(prepared, scalarText(call.part) || null, scalarText(call.quantity) || null, build, priced, note);
    })();
    let rows: CellValue[][] | Failure | null;
    try {
      rows = await settleBy<CellValue[][] | Failure | null>(work, deadlineMs, () => deadline.failure);
    } catch (e) {
      rows = failureOf(e);
    } finally {
      deadline.stop();
    }
    if (rows === null) rows = invalid('Give a part number');
    record(deps, [[note]], [[rows]]);
    if (rows instanceof Failure) throw toError(rows);
    return rows;
  }

  return { toError, perPart, table };
}
