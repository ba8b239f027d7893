/**
 * An XLSX workbook written top to bottom: sheets of rows of cells with a value, a number format, a font and a fill,
 * frozen header rows, column widths, hidden sheets. Each sheet's rows go out as XML when committed (a row committed
 * commits those above it), so a workbook of 200,000 lines is never held as cells; zip-package.ts compresses the parts.
 *
 * Written rather than exceljs because exceljs builds an object per cell, a style model per cell it compares as JSON,
 * an XML tree of nodes, and compresses in JavaScript: for a 5,000-line BOM that was 20 times the time of the CSV of
 * the same lines. Here a row is one string, a style one lookup of a short key, and the compressor the platform's.
 * Strings are written inline (no shared-strings table to hold for the whole book); dates as serial numbers.
 */
import { columnLetters } from './address';
import { type Compressor, type PartWriter, ZipPackage } from './zip-package';

export interface XlsxFont {
  bold?: boolean;
  size?: number;
  color?: { argb: string };
}
export interface XlsxFill {
  type: 'pattern';
  pattern: 'solid';
  fgColor: { argb: string };
}
/** A formula (without '=') and its value as written, shown by readers that do not compute. */
export interface XlsxFormula {
  formula: string;
  result?: number | string | boolean | null;
}
export type XlsxValue = string | number | boolean | Date | XlsxFormula | null | undefined;

export interface XlsxCell {
  value: XlsxValue;
  numFmt?: string;
  font?: XlsxFont;
  fill?: XlsxFill;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Number formats every reader knows by number (ECMA-376 18.8.30); others are declared from 164 on. */
const BUILT_IN_FORMATS: Record<string, number> = { General: 0, '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '@': 49 };
/** What a date cell with no format of its own shows, as exceljs and Excel give it. */
const DATE_FORMAT = 'mm-dd-yy';
BUILT_IN_FORMATS[DATE_FORMAT] = 14;

/** Text for XML: the five escapes, and the control characters XML 1.0 cannot hold dropped. */
function xmlText(text: string): string {
  if (!/[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(text)) return text;
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A Date as Excel's serial day number (days since 1899-12-30, UTC), as a date cell holds it. */
function serialOf(date: Date): number {
  return date.getTime() / 86_400_000 + 25_569;
}

function numberText(n: number): string {
  return Number.isFinite(n) ? String(n) : '';
}

/** The workbook's distinct cell styles (cellXfs), each the index a cell's `s` names. */
class Styles {
  private readonly formats = new Map<string, number>();
  private readonly fonts = new Map<string, number>([['', 0]]);
  private readonly fills = new Map<string, number>([
    ['', 0],
    ['gray125', 1],
  ]);
  private readonly xfs = new Map<string, number>([['0|0|0', 0]]);
  /**
   * The indexes found, by format, then font object, then fill colour: a cell's style is found without making its key
   * (cells of a column share their format, those of a row its font object).
   */
  private readonly found = new Map<string | undefined, Map<XlsxFont | undefined, Map<string | undefined, number>>>();

  /** The style index of a number format, font and fill (0: none of them). */
  index(numFmt: string | undefined, font: XlsxFont | undefined, fill: XlsxFill | undefined): number {
    if (numFmt === undefined && font === undefined && fill === undefined) return 0;
    const argb = fill?.fgColor.argb;
    let byFont = this.found.get(numFmt);
    if (byFont === undefined) this.found.set(numFmt, (byFont = new Map()));
    let byFill = byFont.get(font);
    if (byFill === undefined) byFont.set(font, (byFill = new Map()));
    let s = byFill.get(argb);
    if (s === undefined) byFill.set(argb, (s = this.indexOf(numFmt, font, argb)));
    return s;
  }

  private indexOf(numFmt: string | undefined, font: XlsxFont | undefined, argb: string | undefined): number {
    const f = numFmt === undefined ? 0 : this.format(numFmt);
    const fo = font === undefined ? 0 : this.add(this.fonts, fontXml(font));
    const fi = argb === undefined ? 0 : this.add(this.fills, argb);
    return this.add(this.xfs, `${f}|${fo}|${fi}`);
  }

  private format(code: string): number {
    const known = BUILT_IN_FORMATS[code];
    if (known !== undefined) return known;
    let id = this.formats.get(code);
    if (id === undefined) this.formats.set(code, (id = 164 + this.formats.size));
    return id;
  }

  private add(map: Map<string, number>, key: string): number {
    let i = map.get(key);
    if (i === undefined) map.set(key, (i = map.size));
    return i;
  }

  xml(): string {
    const formats = [...this.formats].map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${xmlText(code)}"/>`);
    const fonts = [...this.fonts.keys()].map((key) => key || fontXml({}));
    const fills = [...this.fills.keys()].map((key) =>
      key === ''
        ? '<fill><patternFill patternType="none"/></fill>'
        : key === 'gray125'
          ? '<fill><patternFill patternType="gray125"/></fill>'
          : `<fill><patternFill patternType="solid"><fgColor rgb="${xmlText(key)}"/><bgColor indexed="64"/></patternFill></fill>`,
    );
    const xfs = [...this.xfs.keys()].map((key) => {
      const [f, fo, fi] = key.split('|');
      const apply = `${f !== '0' ? ' applyNumberFormat="1"' : ''}${fo !== '0' ? ' applyFont="1"' : ''}${fi !== '0' ? ' applyFill="1"' : ''}`;
      return `<xf numFmtId="${f}" fontId="${fo}" fillId="${fi}" borderId="0" xfId="0"${apply}/>`;
    });
    return (
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      (formats.length > 0 ? `<numFmts count="${formats.length}">${formats.join('')}</numFmts>` : '') +
      `<fonts count="${fonts.length}">${fonts.join('')}</fonts>` +
      `<fills count="${fills.length}">${fills.join('')}</fills>` +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}

function fontXml(font: XlsxFont): string {
  return (
    `<font>${font.bold ? '<b/>' : ''}<sz val="${font.size ?? 11}"/>` +
    `${font.color ? `<color rgb="${xmlText(font.color.argb)}"/>` : '<color theme="1"/>'}` +
    '<name val="Calibri"/><family val="2"/><scheme val="minor"/></font>'
  );
}

/** One cell's XML, `ref` its A1 address. */
function cellXml(ref: string, cell: XlsxCell, styles: Styles): string {
  const v = cell.value;
  const numFmt = cell.numFmt ?? (v instanceof Date ? DATE_FORMAT : undefined);
  const s = styles.index(numFmt, cell.font, cell.fill);
  const at = s === 0 ? `<c r="${ref}"` : `<c r="${ref}" s="${s}"`;
  if (v === null || v === undefined) return s === 0 ? '' : `${at}/>`;
  if (typeof v === 'number') {
    return Number.isFinite(v) ? `${at}><v>${numberText(v)}</v></c>` : `${at} t="e"><v>#NUM!</v></c>`;
  }
  if (typeof v === 'string') {
    const space = /^\s|\s$/.test(v) ? ' xml:space="preserve"' : '';
    return `${at} t="inlineStr"><is><t${space}>${xmlText(v)}</t></is></c>`;
  }
  if (typeof v === 'boolean') return `${at} t="b"><v>${v ? 1 : 0}</v></c>`;
  if (v instanceof Date) return `${at}><v>${serialOf(v)}</v></c>`;
  const f = `<f>${xmlText(v.formula)}</f>`;
  const r = v.result;
  // No result kept (or none a cell can hold, NaN or Infinity): the reader calculates it.
  if (r === null || r === undefined || (typeof r === 'number' && !Number.isFinite(r))) return `${at}>${f}</c>`;
  if (typeof r === 'string') return `${at} t="str">${f}<v>${xmlText(r)}</v></c>`;
  if (typeof r === 'boolean') return `${at} t="b">${f}<v>${r ? 1 : 0}</v></c>`;
  return `${at}>${f}<v>${numberText(r)}</v></c>`;
}

/** A row of a sheet being written: its cells until it is committed. */
export class XlsxRow {
  private readonly cells: XlsxCell[] = [];
  private rowFont: XlsxFont | undefined;

  constructor(
    /** 1-based. */
    readonly number: number,
    private readonly sheet: XlsxSheet,
  ) {}

  /** The cell in 1-based column `column`; a font set on the row is the font of its cells, those added later too. */
  getCell(column: number): XlsxCell {
    let cell = this.cells[column - 1];
    if (cell === undefined) {
      cell = { value: null };
      if (this.rowFont) cell.font = this.rowFont;
      this.cells[column - 1] = cell;
    }
    return cell;
  }

  set font(font: XlsxFont) {
    this.rowFont = font;
    for (const cell of this.cells) if (cell) cell.font = font;
  }

  get font(): XlsxFont | undefined {
    return this.rowFont;
  }

  /** The values of the row's cells, from column 1. */
  values(): XlsxValue[] {
    return Array.from(this.cells, (cell) => cell?.value);
  }

  /** Writes this row and every row above it not yet written. */
  commit(): void {
    this.sheet.commitThrough(this.number);
  }

  /** The row's XML (empty when it holds nothing). */
  xml(styles: Styles): string {
    let out = '';
    const cells = this.cells;
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c];
      if (cell !== undefined) out += cellXml(`${letters(c)}${this.number}`, cell, styles);
    }
    return out === '' ? '' : `<row r="${this.number}">${out}</row>`;
  }
}

const LETTERS: string[] = [];
function letters(column: number): string {
  return (LETTERS[column] ??= columnLetters(column));
}

export interface XlsxSheetOptions {
  /** Rows (ySplit) and columns (xSplit) frozen at the top and left. */
  views?: Array<{ state: 'frozen'; xSplit?: number; ySplit?: number }>;
  state?: 'visible' | 'hidden' | 'veryHidden';
}

/** A sheet being written: widths first, then rows top to bottom. */
export class XlsxSheet {
  private readonly widths: number[] = [];
  private readonly pending = new Map<number, XlsxRow>();
  private lastRow = 0;
  private written = 0;
  private started = false;
  private first: XlsxValue[] = [];

  constructor(
    readonly name: string,
    readonly options: XlsxSheetOptions,
    private readonly part: PartWriter,
    private readonly styles: Styles,
  ) {}

  get state(): 'visible' | 'hidden' | 'veryHidden' {
    return this.options.state ?? 'visible';
  }

  /** Column `column` (1-based): its width, set before any row is written. */
  getColumn(column: number): { width: number | undefined } {
    const widths = this.widths;
    const started = () => this.started;
    return {
      get width() {
        return widths[column - 1];
      },
      set width(width: number | undefined) {
        if (started()) throw new Error('a column width is set before the sheet’s rows are written');
        if (width !== undefined) widths[column - 1] = width;
      },
    };
  }

  /** The values of the sheet's first row, written or not (the record of the add-in's sheets keeps its fingerprint). */
  get firstRow(): readonly XlsxValue[] {
    return this.written >= 1 ? this.first : (this.pending.get(1)?.values() ?? []);
  }

  /** Row `number` (1-based), not yet written. */
  getRow(number: number): XlsxRow {
    if (number <= this.written) throw new Error(`row ${number} of sheet ${this.name} was already written`);
    let row = this.pending.get(number);
    if (row === undefined) {
      row = new XlsxRow(number, this);
      this.pending.set(number, row);
      this.lastRow = Math.max(this.lastRow, number);
    }
    return row;
  }

  /** A row after the last one, holding `values` from column 1. */
  addRow(values: readonly XlsxValue[]): XlsxRow {
    const row = this.getRow(this.lastRow + 1);
    values.forEach((value, i) => {
      if (value !== null && value !== undefined) row.getCell(i + 1).value = value;
    });
    return row;
  }

  /** Writes rows 1 to `number`. */
  commitThrough(number: number): void {
    if (number <= this.written) return;
    this.start();
    for (let r = this.written + 1; r <= number; r++) {
      const row = this.pending.get(r);
      if (row === undefined) continue;
      this.pending.delete(r);
      if (r === 1) this.first = row.values();
      // Straight to the part, which gathers its text before encoding and compressing it (zip-package.ts).
      const xml = row.xml(this.styles);
      if (xml !== '') this.part.write(xml);
    }
    this.written = number;
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    const view = this.options.views?.[0];
    const x = view?.xSplit ?? 0;
    const y = view?.ySplit ?? 0;
    const pane =
      x > 0 || y > 0
        ? `<pane${x > 0 ? ` xSplit="${x}"` : ''}${y > 0 ? ` ySplit="${y}"` : ''} topLeftCell="${letters(x)}${y + 1}" ` +
          `activePane="${x > 0 && y > 0 ? 'bottomRight' : x > 0 ? 'topRight' : 'bottomLeft'}" state="frozen"/>`
        : '';
    const cols = this.widths
      .map((w, i) => (w === undefined ? '' : `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`))
      .join('');
    this.part.write(
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        `<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>` +
        '<sheetFormatPr defaultRowHeight="15"/>' +
        (cols === '' ? '' : `<cols>${cols}</cols>`) +
        '<sheetData>',
    );
  }

  /** Writes every row left and ends the sheet's part. */
  end(): void {
    this.start();
    this.commitThrough(this.lastRow);
    this.part.write('</sheetData></worksheet>');
    this.part.end();
  }
}

/** A workbook written sheet by sheet into an XLSX package; `bytes()` ends it. */
export class XlsxBook {
  /** When the workbook was made (its document properties). */
  created: Date = new Date();
  private readonly zip: ZipPackage;
  private readonly styles = new Styles();
  private readonly sheets: XlsxSheet[] = [];

  constructor(compressor: Compressor) {
    this.zip = new ZipPackage(compressor);
  }

  /** The names of the sheets added so far, in order. */
  sheetNames(): string[] {
    return this.sheets.map((s) => s.name);
  }

  /** The sheet named `name` (as added), if any. */
  sheet(name: string): XlsxSheet | undefined {
    return this.sheets.find((s) => s.name === name);
  }

  addWorksheet(name: string, options: XlsxSheetOptions = {}): XlsxSheet {
    if (this.sheets.some((s) => s.name.toLowerCase() === name.toLowerCase()))
      throw new Error(`the workbook already has a sheet named ${name}`);
    const part = this.zip.part(`xl/worksheets/sheet${this.sheets.length + 1}.xml`);
    const sheet = new XlsxSheet(name, options, part, this.styles);
    this.sheets.push(sheet);
    return sheet;
  }

  /** The XLSX file: every sheet's rows written, then the workbook's own parts. */
  async bytes(): Promise<Uint8Array> {
    for (const sheet of this.sheets) sheet.end();
    const put = (name: string, xml: string) => {
      const part = this.zip.part(name);
      part.write(xml);
      part.end();
    };
    const sheets = this.sheets.map((s, i) => ({ s, n: i + 1 }));
    put(
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets
          .map(
            ({ n }) =>
              `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    );
    put(
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    );
    const created = Number.isNaN(this.created.getTime()) ? new Date() : this.created;
    put(
      'docProps/core.xml',
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${created.toISOString().replace(/\.\d{3}Z$/, 'Z')}</dcterms:created>` +
        '</cp:coreProperties>',
    );
    // The first visible sheet is the one the workbook opens on.
    const active = Math.max(
      0,
      this.sheets.findIndex((s) => s.state === 'visible'),
    );
    put(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        `<bookViews><workbookView activeTab="${active}" firstSheet="${active}"/></bookViews><sheets>` +
        sheets
          .map(
            ({ s, n }) =>
              `<sheet name="${xmlText(s.name)}" sheetId="${n}"${s.state === 'visible' ? '' : ` state="${s.state}"`} r:id="rId${n}"/>`,
          )
          .join('') +
        '</sheets><calcPr calcId="191029"/></workbook>',
    );
    put(
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        sheets
          .map(({ n }) => `<Relationship Id="rId${n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`)
          .join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    );
    put('xl/styles.xml', this.styles.xml());
    return this.zip.bytes();
  }
}
