/**
 * How Excel reads text typed into a cell: text starting with '=' (or '+', '-', '@' when it is not a number) becomes a
 * formula; a leading apostrophe is Excel's quote prefix, so the cell holds the rest as text; number-, percent-, date-
 * and TRUE/FALSE-looking text becomes a number or boolean unless the cell's number format is text ('@').
 * Formulas are not calculated: their value reads as '#NAME?'. The safety tests check written text against this.
 */
import type { MemoryCell } from './model';

export const TEXT_FORMAT = '@';
// The mantissa must hold a digit: "E-2" is text, not an exponent without a number.
const NUMBER_TEXT = /^[+-]?(?=\.?\d)(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const PERCENT_TEXT = /^[+-]?\d+(?:\.\d+)?%$/;
const ISO_DATE_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function isNumberText(text: string): boolean {
  return text !== '' && /\d/.test(text) && NUMBER_TEXT.test(text);
}

function dateSerial(y: number, m: number, d: number, hh = 0, mm = 0, ss = 0): number | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const t = Date.UTC(y, m - 1, d, hh, mm, ss);
  const back = new Date(t);
  if (back.getUTCMonth() !== m - 1) return null;
  return (t - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** The cell a typed text becomes, as Excel reads input in a cell of the given number format. */
export function excelInput(
  text: string,
  numberFormat: string | undefined,
): Pick<MemoryCell, 'value' | 'formula' | 'quotePrefix'> {
  if (text.startsWith("'")) return { value: text.slice(1), quotePrefix: true };
  if (numberFormat === TEXT_FORMAT) return { value: text };
  const trimmed = text.trim();
  if (isNumberText(trimmed)) return { value: Number(trimmed.replace(/,/g, '')) };
  if (/^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(trimmed) && trimmed.length > 1)
    return { value: '#NAME?', formula: trimmed };
  if (PERCENT_TEXT.test(trimmed)) return { value: Number(trimmed.slice(0, -1)) / 100 };
  if (/^(?:true|false)$/i.test(trimmed)) return { value: trimmed.toUpperCase() === 'TRUE' };
  const date = ISO_DATE_TEXT.exec(trimmed);
  if (date) {
    const serial = dateSerial(+date[1], +date[2], +date[3], +(date[4] ?? 0), +(date[5] ?? 0), +(date[6] ?? 0));
    if (serial !== null) return { value: serial };
  }
  return { value: text };
}
