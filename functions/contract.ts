/**
 * The PARTS functions' contract: what they need (the settings in force, the manufacturer list, the error factory of
 * the host) and the functions they give. parts-functions.ts builds them; cell-engine.ts, cell-functions.ts and table-functions.ts
 * each take their part of it.
 */
import type { Manufacturer } from '../src/catalog/model';
import type { FunctionsContext } from '../addin/functions-context';
import type { ErrorFactory, Grid } from './outcome';
import type { CellNote } from '../src/lookup';

export interface FunctionsDeps<E> {
  /** Read once per call, so a change of settings applies from the next calculation. May reject (settings, address). */
  context(): Promise<FunctionsContext> | FunctionsContext;
  /** The service's manufacturer list (the caller caches it). */
  manufacturers(): Promise<readonly Manufacturer[]>;
  makeError: ErrorFactory<E>;
  /** Longest a call keeps its cells waiting (cell-engine.ts, CELL_DEADLINE_MS by default). */
  deadlineMs?: number;
  /** Told how each cell of a call ended, in the shape of its part range (the runtime's cell record). */
  record?(cells: CellNote[][]): void;
}

export interface PartsFunctions<E> {
  price(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  stock(part: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  leadTime(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  moq(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  orderQty(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  description(part: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  manufacturer(part: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  availability(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  datasheet(part: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  status(part: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  compliance(part: unknown, label: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  itemId(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  breaks(part: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  offers(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  manufacturers(filter?: unknown): Promise<Grid<E>>;
}
