/**
 * A need at a number of boards (builds): the quantity per board times the boards. The one place it is worked out,
 * for a BOM's lines priced at any quantity and a purchase list's parts, lines and buildable counts; the overage the
 * plan adds on top is the plan's (src/plan/plan.ts, overageOf).
 */
export function needFor(quantityPerBoard: number, boards: number): number {
  return quantityPerBoard * boards;
}
