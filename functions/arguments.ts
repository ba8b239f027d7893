/**
 * Reading the arguments of a PARTS function as Excel passes them: data types as plain values, ranges as grids, part
 * numbers, quantities, currencies and scalar text, and which quantity goes with which part cell.
 */
import type { FunctionsContext } from '../addin/functions-context';
import { partNumberProblem, partNumberProblemText } from '../protocol/part-number';
import { userCurrency } from '../src/pricing/rates';
import { Failure, MESSAGES, invalid } from './outcome';

/** A cell value of a data type, as Excel passes it to an `any` parameter (allowCustomDataForDataTypeAny). */
interface TypedCellValue {
  type: string;
  basicValue?: unknown;
  basicType?: unknown;
  text?: unknown;
}

function isTypedCellValue(value: unknown): value is TypedCellValue {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

/**
 * What a cell holding a data type means as a plain value, as Excel itself reads it: a formatted number (or any
 * typed number, text or boolean) its `basicValue`; an entity or linked entity, whose basicValue is the #VALUE!
 * error, the text the cell shows. Anything else is returned as it is.
 */
export function basicValue(value: unknown): unknown {
  if (!isTypedCellValue(value)) return value;
  const b = value.basicValue;
  const entity = value.type === 'Entity' || value.type === 'LinkedEntity';
  const error = value.basicType === 'Error' || (entity && b === '#VALUE!');
  if (!error && (typeof b === 'string' || typeof b === 'number' || typeof b === 'boolean')) return b;
  if (typeof value.text === 'string') return value.text;
  return value;
}

/** An argument as a grid of rows; `null` when omitted. A single value is a 1×1 grid. */
export function gridOf(value: unknown): unknown[][] | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    return value.map((row) => (Array.isArray(row) ? row : [row]));
  }
  return [[value]];
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A part-number cell: its text, `null` when blank, or a Failure. */
export function partText(cell: unknown): string | null | Failure {
  const value = basicValue(cell);
  if (isBlank(value)) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (isTypedCellValue(value))
    return invalid(`Part number must be text: the cell holds a data type (${value.type}) that shows none`);
  if (typeof value !== 'string') return invalid('Part number must be text');
  const text = value.trim();
  const problem = partNumberProblem(text);
  if (problem)
    return invalid(
      `Part number${problem === 'no letters or digits' ? ` "${text.slice(0, 40)}"` : ''} ${partNumberProblemText(problem)}`,
    );
  return text;
}

/** A quantity cell: a whole number ≥ 1; blank means 1. Text holding a whole number is read as one. */
export function quantityOf(cell: unknown): number | Failure {
  const value = basicValue(cell);
  if (isBlank(value)) return 1;
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const t = value.trim();
    if (/^\d+$/.test(t)) n = Number(t);
    else if (/^\d{1,3}(,\d{3})+$/.test(t)) n = Number(t.replace(/,/g, ''));
    else return invalid(MESSAGES.quantity);
  } else return invalid(MESSAGES.quantity);
  return Number.isSafeInteger(n) && n >= 1 ? n : invalid(MESSAGES.quantity);
}

/** A scalar text argument (manufacturer, currency, label, filter); `''` when omitted. */
export function scalarText(value: unknown): string {
  const v = basicValue(Array.isArray(value) ? (Array.isArray(value[0]) ? value[0][0] : value[0]) : value);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** The currency a call asks for: its own argument, else the settings'. Throws a Failure for one that is not a code. */
export function currencyOf(value: unknown, context: FunctionsContext): string {
  const text = scalarText(value).toUpperCase();
  if (text === '') return userCurrency(context.currency);
  if (!/^[A-Z]{3}$/.test(text))
    throw invalid(`Currency must be a three-letter code such as USD or EUR, not "${text.slice(0, 20)}"`);
  return text;
}

/**
 * The quantity for each part cell: one quantity for all, one per part (same shape), one per row of a
 * multi-column part range, or one per column of a single-row one.
 */
export function quantityAt(
  quantities: unknown[][] | null,
  rows: number,
  cols: number,
): (r: number, c: number) => unknown {
  if (quantities === null) return () => null;
  const qRows = quantities.length;
  const qCols = Math.max(...quantities.map((row) => row.length));
  if (qRows === 1 && qCols === 1) return () => quantities[0][0];
  if (qRows === rows && qCols === cols) return (r, c) => quantities[r][c];
  if (qRows === rows && qCols === 1) return (r) => quantities[r][0];
  if (qRows === 1 && qCols === cols) return (_r, c) => quantities[0][c];
  throw invalid(
    `Give one quantity, or one per part: the part range has ${rows}×${cols} cells and the quantity range ${qRows}×${qCols}`,
  );
}
