/**
 * Text that must stay text in a cell written through `range.values`.
 *
 * Excel reads a string written to `range.values` as if it were typed: "If the returned value starts with a plus
 * ('+'), minus ('-'), or equal sign ('='), Excel interprets this value as a formula" (Excel.Range.values,
 * @types/office-js), and text that looks like a number, a date or TRUE/FALSE becomes one ("0805" → 805).
 * A leading apostrophe is Excel's quote prefix: the cell then holds the rest as text and shows it without the
 * apostrophe, and reading `values` back gives the text without it (office-js issue #6687 shows the quote being
 * dropped on read-back). src/bom's `safeText` already puts the apostrophe on formula-like service text; the
 * port adds it to number-, date- and boolean-looking text in text columns, because the text number format
 * is applied after the values.
 */

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NUMBER_LIKE = /^[\s(]*[+-]?[$€£¥]?\s*(?:\d[\d,. ]*|\.\d+)(?:[eE][+-]?\d+)?\s*%?[)\s]*$/;
const DATE_OR_TIME_LIKE = /^\s*\d{1,4}(?:\s*[-/.:]\s*\d{1,4}){1,2}(?:\s+\d{1,2}(?::\d{2}){1,2}(?:\s*[AaPp][Mm])?)?\s*$/;
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*';
const MONTH_DATE_LIKE = new RegExp(
  `^\\s*(?:${MONTH}[\\s\\-/.,]*\\d{1,4}(?:[\\s\\-/.,]+\\d{1,4})?|\\d{1,4}[\\s\\-/.,]*${MONTH}(?:[\\s\\-/.,]+\\d{1,4})?)\\s*$`,
  'i',
);
const BOOLEAN_LIKE = /^\s*(?:true|false)\s*$/i;

/** Whether Excel would store this typed text as something other than the same text. */
export function excelWouldConvert(text: string): boolean {
  if (text === '') return false;
  return (
    text.startsWith("'") ||
    FORMULA_START.test(text) ||
    NUMBER_LIKE.test(text) ||
    DATE_OR_TIME_LIKE.test(text) ||
    MONTH_DATE_LIKE.test(text) ||
    BOOLEAN_LIKE.test(text)
  );
}

/**
 * Text for a text cell: with Excel's quote prefix when Excel would otherwise convert it. For text that already
 * went through `safeText` (a leading apostrophe means it was protected), use `keepText`.
 */
export function textCell(text: string): string {
  return excelWouldConvert(text) ? `'${text}` : text;
}

/** Text from `safeText` (formula-like already quoted) made safe from number, date and boolean conversion too. */
export function keepText(text: string): string {
  if (text.startsWith("'")) return text;
  return excelWouldConvert(text) ? `'${text}` : text;
}
