/**
 * A made-up KiCad-style export whose MPN column is filled on one row only: Value holds a short maker's number
 * (DMG3415U) its shape cannot settle, a family's base number shaped like an orderable one (ATSAMD21G18A) and plain
 * values. Only a catalog judging each value cell reads it right (src/bom/judge.ts).
 */
export const VALUE_CELLS: (string | number)[][] = [
  ['Reference', 'Value', 'MPN', 'Qty'],
  ['Q1', 'DMG3415U', '', 1],
  ['U1', 'ATSAMD21G18A', '', 1],
  ['R1', '10k', '', 1],
  ['C1', '100nF', '', 2],
  ['U2', 'LM358', 'LM358DR', 1],
];
