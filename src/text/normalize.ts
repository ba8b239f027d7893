/**
 * Cell text and Unicode clean-up for BOM reading.
 *
 * A BOM arrives as a 2-D array of cells, from Excel (`range.values`) or from a parsed file. The same part is
 * written many ways: non-breaking spaces pasted from a web page, U+2212 minus or an en dash from a word
 * processor, fullwidth letters from an Asian keyboard, line breaks inside header cells. Everything here turns
 * that into one plain form so that matching, de-duplication and lookups see the same text.
 *
 * Micro sign decision: descriptions keep a micro prefix as `µ` (U+00B5 MICRO SIGN; Greek small mu U+03BC is
 * mapped to it) because that is what a buyer reads and it survives Windows-1252 CSV export. Part numbers use
 * `u` instead: catalogs index part numbers in ASCII.
 */

/** What Excel or a parsed file gives for one cell. `undefined` covers ragged and sparse rows. */
export type Cell = string | number | boolean | null | undefined;

/** A block of cells, row by row; rows may have different lengths. */
export type CellGrid = readonly (readonly Cell[])[];

const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;
/** Invisible characters: zero-width ones, a soft hyphen, and the marks that set a text's direction (U+200E "‎"). */
const ZERO_WIDTH = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/**
 * A run of space-like characters (JavaScript's \s: tab, line break, NBSP, ideographic space…) that is not already one
 * plain space: a space with more after it, or any other space-like one. A single ' ' is left alone, so a page of prose
 * is not rebuilt space by space (a megabyte cell of words took 70 ms each time it was read; now 1 ms).
 */
const SPACE_LIKE = / \s+|[^\S ]\s*/g;
const DASH_LIKE = /[\u2010-\u2015\u2212\u2043\uFE58\uFE63\uFF0D]/g;
const MICRO = /[\u00B5\u03BC]/g;

/**
 * Cyrillic and Greek capitals that render exactly like Latin ones. Only applied to part numbers and
 * designators, where a mixed-script token is a copy-paste accident; a token with letters of that script alone
 * (И, Д) is written in it and kept.
 */
const LATIN_LOOK_ALIKES: Record<string, string> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LATIN_LOOK_ALIKES).join('')}]`, 'g');
/** A Cyrillic or Greek letter with no Latin twin (И, Д, λ): the token is written in that script, not mixed by accident. */
const OWN_SCRIPT = new RegExp(`(?![${Object.keys(LATIN_LOOK_ALIKES).join('')}])[\u0370-\u03FF\u0400-\u04FF]`);

/** Look-alike capitals made Latin, unless the token is written in their script (a Soviet type: К155ИД1). */
function latinLookAlikes(text: string): string {
  return OWN_SCRIPT.test(text) ? text : text.replace(LOOK_ALIKE, (c) => LATIN_LOOK_ALIKES[c] ?? c);
}

/** A number as Excel shows it in General format: at most 15 significant digits, no float noise. */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Object.is(n, -0)) return '0';
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(0);
  return String(Number.parseFloat(n.toPrecision(15)));
}

/** The text of a cell as written: numbers as Excel shows them, booleans as TRUE/FALSE, empty as ''. */
export function rawCellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return numberText(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
}

function cleanSpacesAndDashes(text: string): string {
  return text.replace(CONTROL, ' ').replace(ZERO_WIDTH, '').replace(DASH_LIKE, '-').replace(SPACE_LIKE, ' ').trim();
}

/**
 * General text (descriptions, manufacturers, header labels): NFC, every space-like character (NBSP, thin
 * space, line breaks, tabs) to one space, dash-like characters and U+2212 minus to '-', zero-width
 * characters removed, micro to `µ`, trimmed. NFC rather than NFKC keeps `x²` and `½` as written.
 */
export function normalizeText(text: string): string {
  // Most cells are printable ASCII with single spaces, which every step below leaves as they are: one look, then trim.
  if (PLAIN.test(text)) return text.trim();
  return cleanSpacesAndDashes(text.normalize('NFC')).replace(MICRO, '\u00B5');
}

/** Printable ASCII with no two spaces together: text normalizeText leaves as it is, but for its ends. */
const PLAIN = /^(?:[\x21-\x7E]| (?! ))*$/;

/** The first code point of each run of decimal digits other scripts write: Arabic-Indic, Persian, Devanagari, Bengali, Thai. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50];

/**
 * Digits of other scripts as ASCII digits ("۱۰" → "10"), and Arabic's decimal and thousands separators as '.' and
 * ','; other text as it is. Fullwidth digits are NFKC's.
 */
export function asciiDigits(text: string): string {
  if (!/[\u0660-\u0669\u066B\u066C\u06F0-\u06F9\u0966-\u096F\u09E6-\u09EF\u0E50-\u0E59]/.test(text)) return text;
  return text.replace(/[\u0660-\u0669\u066B\u066C\u06F0-\u06F9\u0966-\u096F\u09E6-\u09EF\u0E50-\u0E59]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (code === 0x066b) return '.';
    if (code === 0x066c) return ',';
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9) ?? code;
    return String(code - zero);
  });
}

/** A cell as normalised general text. */
export function cellText(cell: Cell): string {
  return normalizeText(rawCellText(cell));
}

/**
 * A part number: NFKC (fullwidth letters and digits become ASCII), look-alike Cyrillic/Greek capitals to
 * Latin, dashes and minus to '-', micro to 'u', trademark signs dropped, surrounding quotes and a leading
 * Excel text apostrophe removed, internal spaces collapsed. Case is kept; keys compare upper-cased.
 */
export function normalizePartNumber(text: string): string {
  let t = text.replace(/[\u00AE\u2122\u00A9]/g, '').normalize('NFKC');
  t = latinLookAlikes(cleanSpacesAndDashes(t).replace(MICRO, 'u'));
  t = t.replace(/^['`]/, '');
  const quoted = /^(["'\u201C\u201D\u2018\u2019])(.*)(["'\u201C\u201D\u2018\u2019])$/.exec(t);
  if (quoted) t = quoted[2];
  return t.trim();
}

/** A cell as a normalised part number. */
export function partNumberText(cell: Cell): string {
  return normalizePartNumber(rawCellText(cell));
}

/** Designator text: NFKC, look-alikes fixed, dashes unified, upper-cased. */
export function normalizeDesignatorText(text: string): string {
  return latinLookAlikes(cleanSpacesAndDashes(text.normalize('NFKC'))).toUpperCase();
}

/** Letters without accents, for matching names and headers (`Würth` → `Wurth`). */
export function stripDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
}

/** Whether a cell holds nothing a reader would see. */
export function isBlankCell(cell: Cell): boolean {
  // A long text shows something in its first characters, almost always: those are read, not the whole of it.
  if (typeof cell === 'string' && cell.length > 256 && cellText(cell.slice(0, 256)) !== '') return false;
  return cellText(cell) === '';
}

/** How many cells of a row hold something. */
export function filledCount(row: readonly Cell[] | undefined): number {
  let n = 0;
  for (const cell of row ?? []) if (!isBlankCell(cell)) n++;
  return n;
}

/**
 * A cell of a Markdown table's rule: three dashes or more, or fewer beside an alignment colon (":--", "-:"); a lone
 * "-" is a cell's placeholder.
 */
export const RULE_CELL = /^\s*(?::-+:?|-+:|:?-{3,}:?)\s*$/;

/**
 * A Markdown table's rule under its header ("|------|:-----:|---:|:--|", its alignment colons too): no row of the table.
 * A blank row is none.
 */
export function isRuleRow(row: readonly Cell[] | undefined): boolean {
  let dashes = false;
  for (const c of row ?? []) {
    const t = cellText(c);
    if (RULE_CELL.test(t)) dashes = true;
    else if (t.trim() !== '') return false;
  }
  return dashes;
}

/** Whether every cell of a row is blank. */
export function isBlankRow(row: readonly Cell[] | undefined): boolean {
  if (!row) return true;
  for (const cell of row) if (!isBlankCell(cell)) return false;
  return true;
}

/** The widest row of a grid. */
export function gridWidth(cells: CellGrid): number {
  let width = 0;
  for (const row of cells) if (row && row.length > width) width = row.length;
  return width;
}

/** The 0-based index of a column Excel names so: A → 0, Z → 25, AA → 26 (letters only). */
export function columnIndex(name: string): number {
  let n = 0;
  for (const ch of name.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Excel's column name for a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}
