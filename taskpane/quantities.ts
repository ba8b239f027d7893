/**
 * The quantities of boards a BOM is priced at, as the pane keeps them: several to compare ("1, 10, 100, 1000"),
 * with the one the BOM sheet is written for among them, or that one alone. What a sheet remembers of them, and
 * whether results were priced for the list Boards says now.
 */
import { MAX_SCENARIOS } from '../src/purchase/scenarios';
import { countListText } from '../src/text/count-list';

/** Boards as a BOM view has them: the quantity the BOM sheet is for, and the list when there are several. */
export interface BoardsChoice {
  boards: number;
  quantities?: readonly number[];
}

/** The quantities a pricing of `choice` compares, sorted, each once (the BOM sheet's among them); null for one. */
export function scenarioQuantities(choice: BoardsChoice): number[] | null {
  if (!choice.quantities || choice.quantities.length < 2) return null;
  return [...new Set([...choice.quantities, choice.boards])].sort((a, b) => a - b);
}

/** Every quantity a pricing of `choice` gives figures for: the scenarios, or the one quantity. */
export function quantitiesOf(choice: BoardsChoice): number[] {
  return scenarioQuantities(choice) ?? [choice.boards];
}

export function sameQuantities(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((q, i) => q === b[i]);
}

/** "1, 10, 100 boards" / "1 board". */
export function quantitiesText(quantities: readonly number[]): string {
  return `${countListText(quantities)} board${quantities.length === 1 && quantities[0] === 1 ? '' : 's'}`;
}

/**
 * The list of quantities a sheet's remembered choices hold, when it is one the pane can use again: 2 to MAX_SCENARIOS
 * whole numbers from 1 to `max`, the remembered boards among them. Anything else (none kept, an older or damaged
 * value) gives undefined: Boards is then the one quantity.
 */
export function keptQuantities(
  choices: { boards: number; quantities?: unknown } | null,
  max: number,
): number[] | undefined {
  const list = choices?.quantities;
  if (!Array.isArray(list) || list.length < 2 || list.length > MAX_SCENARIOS) return undefined;
  if (!list.every((q): q is number => typeof q === 'number' && Number.isInteger(q) && q >= 1 && q <= max))
    return undefined;
  const sorted = [...new Set(list)].sort((a, b) => a - b);
  return sorted.length >= 2 && sorted.includes(choices!.boards) ? sorted : undefined;
}
