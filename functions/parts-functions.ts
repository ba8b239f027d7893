/**
 * What the PARTS functions compute, over the one lookup scheduler and the settings in force. No Office globals:
 * functions.ts adapts these to Excel (argument shapes, CustomFunctions.Error through `makeError`).
 *
 * Shapes. Each scalar function takes one part or a range of parts (and one quantity or a range of them) and
 * answers one value per part, in the shape of the part range. A single part that fails throws the error, so the
 * cell shows it with its message; in a spilled result the row that failed holds the error and the others values.
 *
 * Matching. Parts are looked up by part number alone, so the task pane and the functions share cached lookups,
 * and the part meant is chosen among those found by the rule BOM lines follow (src/match): the manufacturer
 * argument by code, name, alias or near match, since the service's manufacturer filter takes only its own codes.
 *
 * Where it is: outcome.ts (values, failures, messages), arguments.ts (reading arguments), choice.ts (part and offer),
 * cell-engine.ts (running over cells), cell-functions.ts and table-functions.ts (the functions themselves), contract.ts
 * (what they need and what they give).
 */
import { cellFunctions } from './cell-functions';
import { cellEngine } from './cell-engine';
import type { FunctionsDeps, PartsFunctions } from './contract';
import { tableFunctions } from './table-functions';

export {
  type CellErrorCode,
  type CellValue,
  type ErrorFactory,
  type Grid,
  MESSAGES,
  lookupFailureMessage,
} from './outcome';
export { basicValue, quantityOf } from './arguments';
export { BREAKS_HEADER, MANUFACTURERS_HEADER, OFFERS_HEADER } from './table-functions';
export type { FunctionsContext } from '../addin/functions-context';
export type { PartLookup } from '../src/lookup';
export type { FunctionsDeps, PartsFunctions } from './contract';

export function createPartsFunctions<E>(deps: FunctionsDeps<E>): PartsFunctions<E> {
  const engine = cellEngine(deps);
  return { ...cellFunctions(engine), ...tableFunctions(deps, engine) };
}
