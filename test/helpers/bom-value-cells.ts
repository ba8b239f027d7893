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

/**
 * The assembler's own codes in the named Part Number column (shaped like part numbers); real makers' numbers in
 * Value on some rows (CODE_CELLS_KNOWN), values (10k, 100nF) on the others: the reader alone takes Part Number,
 * the catalog knows Value's.
 */
export const CODE_CELLS: (string | number)[][] = [
  ['Designator', 'Value', 'Part Number', 'Qty'],
  ['R1', '10k', 'PRT-1000-B', 1],
  ['U1', 'LM358DR', 'PRT-1007-B', 1],
  ['U2', 'NE555DR', 'PRT-1014-B', 1],
  ['C1', '100nF', 'PRT-1021-B', 2],
  ['U3', 'TL072CDR', 'PRT-1028-B', 1],
  ['D1', 'BAV99-7-F', 'PRT-1035-B', 1],
];

/** The makers' numbers of CODE_CELLS the catalog knows. */
export const CODE_CELLS_KNOWN = ['LM358DR', 'NE555DR', 'TL072CDR', 'BAV99-7-F'];
