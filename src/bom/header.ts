/**
 * Finding the header row of a BOM and which column holds what.
 *
 * Header synonyms (case, punctuation, line breaks, '#'/No./Nr., trailing index digits and accents ignored):
 * - partNumber, preferred: MPN, Mfr Part #, Mfr. P/N, Manufacturer Part Number (1), Mfg Part No, Mfr Number,
 *   KiCost's Manf#, Mouser's Mfr. #, Hersteller-Teilenummer; an MPN header with other words ("EMPTY_MPN") less.
 * - partNumber, generic: Part Number, Part #, Part No, P/N, PN, Part (OrCAD's Part holds values: see
 *   valueColumn; Eagle's holds designators: readBom moves it).
 * - manufacturer: Manufacturer (1), Mfr, Mfg, Manf, Manu, MF, Manufacturer Name, Brand, Make, Maker, Hersteller.
 * - quantity: Qty, Quantity, Qty per board / PCB / unit / assembly / side, Qty/Board, Qty each, Count, Pcs,
 *   Amount, Menge, Anzahl, a cart's Order Qty.; "Total qty" and "Build qty" only when nothing better exists.
 * - designators: Designator(s), Reference(s), Ref, Refs, RefDes, Ref Des, Part Reference, Schematic
 *   Reference, Eagle's Parts; Location(s) weakly.
 * - description: Description, Desc, Descr, Part/Item/Component Description, Beschreibung.
 * - dnp: DNP, DNI, DNF, No Fit, Not fitted, Do not place / populate / fit, No stuff; and populate columns
 *   (Populate, Fitted, Place, Mount, Stuff), whose "No" marks a line not placed (dnpColumnKind).
 * - offer (the offer to buy, pinned: its sourcePartId): Pinned offer, Pinned item id, Offer, Offer id, Buy offer,
 *   Source part id / sourcePartId. A bare "Item id" is the priced output's own column and never pins.
 * Headers naming someone else's number or an alternate (Internal, Company, CPN, IPN, Customer, Supplier,
 * Distributor, Vendor, Digi-Key, Mouser, Farnell, LCSC, SKU, Order…, Alternate…) never map, so an internal
 * "Part Number" beside "MPN" loses to "MPN", and "Supplier Part Number" is not read as the part number.
 * Distributor part-number columns (isSupplierPartHeader: LCSC Part #, Digi-Key Part Number, Mouser #, Cat#…)
 * are kept to confirm a match. Footprint, package, device, LibRef and datasheet columns are never the part
 * number, not even by content (isNeverPartNumberHeader).
 *
 * The vocabulary is data: TOKEN_MAP (words to canonical tokens), NOT_OURS, DISTRIBUTORS, NEVER_PART_NUMBER;
 * matchHeader reads them.
 */
import { countDesignators, looksLikeDesignators } from './designators';
import { isKnownManufacturer } from '../match/manufacturer';
import {
  type Cell,
  type CellGrid,
  cellText,
  columnName,
  gridWidth,
  isBlankRow,
  normalizePartNumber,
  rawCellText,
  stripDiacritics,
} from '../text/normalize';
import { isDnpMarker, parseQuantity } from './quantity';

/** Which column (0-based) holds each field; a field that is absent is left out. */
export interface ColumnMapping {
  partNumber?: number;
  manufacturer?: number;
  quantity?: number;
  designators?: number;
  description?: number;
  dnp?: number;
  /** The offer (sourcePartId) the line pins: the plan buys it. */
  offer?: number;
  /** A part number that replaces the line's (one not found, say): it is priced instead; the BOM's stays as written. */
  replacement?: number;
}

export type BomField = keyof ColumnMapping;

export const BOM_FIELDS: readonly BomField[] = [
  'partNumber',
  'manufacturer',
  'quantity',
  'designators',
  'description',
  'dnp',
  'offer',
  'replacement',
];

/** How well a header cell names a field: 3 exact, 2 usual, 1 only when nothing better exists. */
export interface HeaderMatch {
  field: BomField;
  strength: 1 | 2 | 3;
}

const TOKEN_MAP: Record<string, readonly string[]> = {
  no: ['number'],
  nr: ['number'],
  num: ['number'],
  nbr: ['number'],
  numb: ['number'],
  nummer: ['number'],
  '#': ['number'],
  mfr: ['mfr'],
  mfrs: ['mfr'],
  mfg: ['mfr'],
  mfgr: ['mfr'],
  manuf: ['mfr'],
  manufacturer: ['mfr'],
  manf: ['mfr'],
  manufacture: ['mfr'],
  manufactured: ['mfr'],
  manufacturing: ['mfr'],
  manufactory: ['mfr'],
  mnf: ['mfr'],
  mnfr: ['mfr'],
  man: ['mfr'],
  manu: ['mfr'],
  mf: ['mfr'],
  manufacturers: ['mfr'],
  make: ['mfr'],
  maker: ['mfr'],
  hersteller: ['mfr'],
  mpn: ['mpn'],
  mfrpn: ['mpn'],
  mfgpn: ['mpn'],
  mfpn: ['mpn'],
  herstellerteilenummer: ['mpn'],
  herstellerartikelnummer: ['mpn'],
  herstellernummer: ['mpn'],
  pn: ['part', 'number'],
  partnumber: ['part', 'number'],
  partno: ['part', 'number'],
  partnum: ['part', 'number'],
  teilenummer: ['part', 'number'],
  artikelnummer: ['part', 'number'],
  pt: ['part'],
  qty: ['qty'],
  qtys: ['qty'],
  qnty: ['qty'],
  qnt: ['qty'],
  quantity: ['qty'],
  quantities: ['qty'],
  quant: ['qty'],
  count: ['qty'],
  pcs: ['qty'],
  amount: ['qty'],
  menge: ['qty'],
  anzahl: ['qty'],
  stuckzahl: ['qty'],
  stueckzahl: ['qty'],
  ref: ['ref'],
  refs: ['ref'],
  reference: ['ref'],
  references: ['ref'],
  refdes: ['ref'],
  refdess: ['ref'],
  designator: ['ref'],
  designators: ['ref'],
  desig: ['ref'],
  des: ['ref'],
  desc: ['description'],
  descr: ['description'],
  descriptions: ['description'],
  beschreibung: ['description'],
  dnp: ['dnp'],
  dni: ['dnp'],
  dnf: ['dnp'],
  dnm: ['dnp'],
  nofit: ['dnp'],
  nopop: ['dnp'],
  nostuff: ['dnp'],
  populate: ['populate'],
  populated: ['populate'],
  fitted: ['populate'],
  fit: ['populate'],
  fitting: ['populate'],
  place: ['populate'],
  placed: ['populate'],
  mount: ['populate'],
  mounted: ['populate'],
  stuff: ['populate'],
  stuffed: ['populate'],
  assemble: ['populate'],
  assembled: ['populate'],
  bestuckt: ['populate'],
  bestueckt: ['populate'],
  pro: ['per'],
  je: ['per'],
  boards: ['board'],
  pcb: ['board'],
  pcba: ['board'],
  unit: ['board'],
  units: ['board'],
  assy: ['board'],
  assembly: ['board'],
  baugruppe: ['board'],
  platine: ['board'],
  ea: ['each'],
};

/**
 * Distributor part-number columns, by header: a distributor's name alone ("Digikey", "Mouser", "LCSC") or with
 * a number word ("LCSC Part #", "Digi-Key Part Number", "Mouser #", KiCost's "Cat#", "Supplier Part Number").
 * They confirm a match; they are never the manufacturer part number.
 */
const DISTRIBUTORS = new Set([
  'digi',
  'digikey',
  'mouser',
  'farnell',
  'newark',
  'lcsc',
  'jlcpcb',
  'jlc',
  'arrow',
  'avnet',
  'rs',
  'tme',
  'element14',
  'chip1stop',
  'onlinecomponents',
]);
const SUPPLIER_WORDS = new Set([
  'supplier',
  'suppliers',
  'distributor',
  'distributors',
  'vendor',
  'vendors',
  'cat',
  'sku',
  'spn',
  'dpn',
]);

/**
 * Header words that make a column someone else's number, an alternate, or a price: such a column never maps
 * to a field ("Supplier Part Number", "Digi-Key #", "Alt MPN", "Unit Price"). Every distributor and supplier
 * word is one.
 */
const NOT_OURS = new Set([
  ...DISTRIBUTORS,
  ...SUPPLIER_WORDS,
  'internal',
  'company',
  'cpn',
  'ipn',
  'customer',
  'our',
  'octopart',
  'order',
  'ordering',
  'alt',
  'alternate',
  'alternative',
  'substitute',
  'second',
  '2nd',
  'price',
  'cost',
  'stock',
  'lead',
  'datasheet',
  'url',
  'link',
  'unit$',
  'ext$',
  'avail',
  'purch',
  'moq',
  'empty',
]);

/** Whether a header names a distributor's part number (see DISTRIBUTORS). */
export function isSupplierPartHeader(text: string): boolean {
  const tokens = headerTokens(text);
  if (
    tokens.length === 0 ||
    tokens.some((w) => w === 'price' || w === 'cost' || w === 'url' || w === 'link' || w === 'stock' || w === 'qty')
  )
    return false;
  const named = tokens.some((w) => DISTRIBUTORS.has(w.replace(/\d+$/, '')));
  const numbered = tokens.some((w) => w === 'part' || w === 'number' || w === 'mpn');
  if (named)
    return tokens.every(
      (w) =>
        DISTRIBUTORS.has(w.replace(/\d+$/, '')) ||
        ['part', 'number', 'key', 'code', 'order', 'ordering', 'pcb', 'mpn'].includes(w),
    );
  return tokens.some((w) => SUPPLIER_WORDS.has(w)) && (numbered || tokens.includes('cat'));
}

/**
 * Columns that describe the part's shape or documents, never its part number, whatever their cells look
 * like: KiCad's Footprint, Eagle's Package and Device, Altium's LibRef, OrCAD's PCB Footprint, Datasheet.
 */
const NEVER_PART_NUMBER = new Set([
  'footprint',
  'footprints',
  'package',
  'packages',
  'case',
  'device',
  'libpart',
  'libref',
  'footprintlib',
  'library',
  'lib',
  'datasheet',
  'url',
  'link',
  'symbol',
  'decal',
  'pattern',
  'koncar',
  'side',
  'vertical',
]);

/** Whether a header says its column can never hold the part number (footprint, package, datasheet…). */
export function isNeverPartNumberHeader(text: string): boolean {
  const tokens = headerTokens(text);
  return tokens.some((w) => NEVER_PART_NUMBER.has(w)) || isSupplierPartHeader(text);
}

/**
 * A "populate" column says the part is placed ("Populate", "Fitted", "Place", "Stuff"): its No, 0, FALSE
 * and DNP-like values mark a line not placed. A "DNP" column says the opposite: its marks mean not placed.
 */
export type DnpColumnKind = 'dnp' | 'populate';

/** How a DNP-field header reads: a DNP column or a populate column. */
export function dnpColumnKind(text: string): DnpColumnKind {
  const tokens = headerTokens(text);
  return tokens.includes('populate') && !tokens.includes('dnp') && !tokens.includes('not') && !tokens.includes('do')
    ? 'populate'
    : 'dnp';
}

const DNP_PHRASE =
  /\b(?:do not (?:place|populate|fit|mount|stuff|install|insert|assemble|solder)|not (?:fitted|placed|populated|mounted|populate|installed|inserted|assembled)|no (?:fit|pop|stuff|populate)|leave empty)\b/;

/** The words of a header cell in canonical form ("Mfr.\nPart #" → mfr part number). */
export function headerTokens(text: string): string[] {
  let t = stripDiacritics(cellText(text).normalize('NFKC')).toLowerCase();
  t = t
    .replace(/\(s\)/g, 's')
    .replace(/\bp\s*\/\s*n\b/g, ' pn ')
    .replace(/\$/g, '$ ')
    .replace(/#/g, ' # ')
    .replace(/\//g, ' per ');
  t = t
    .replace(/['’`]/g, '')
    .replace(/[_]+/g, ' ')
    .replace(/[^\p{L}\p{N}#$]+/gu, ' ');
  const out: string[] = [];
  for (const raw of t.split(' ')) {
    if (raw === '' || /^\d+$/.test(raw)) continue;
    let word = raw;
    const indexed = /^([a-z]+)\d+$/.exec(word);
    if (indexed && (TOKEN_MAP[indexed[1]] || indexed[1] === 'part')) word = indexed[1];
    out.push(...(TOKEN_MAP[word] ?? [word]));
  }
  return out;
}

const QTY_MODIFIERS = new Set([
  'qty',
  'per',
  'board',
  'each',
  'required',
  'req',
  'needed',
  'used',
  'number',
  'of',
  'side',
]);

/** Which field a header cell names, if any. */
export function matchHeader(text: string): HeaderMatch | null {
  const tokens = headerTokens(text);
  if (tokens.length === 0) return null;
  const set = new Set(tokens);
  const has = (w: string): boolean => set.has(w);
  const only = (allowed: readonly string[]): boolean => tokens.every((w) => allowed.includes(w));
  // A cart's "Order Qty." is the quantity, though "order" otherwise marks someone else's number.
  if (has('qty') && only([...QTY_MODIFIERS, 'order', 'ordered']))
    return { field: 'quantity', strength: only([...QTY_MODIFIERS]) ? 3 : 2 };
  if (has('sourcepartid') && tokens.length <= 2) return { field: 'offer', strength: 3 };
  if (
    only(['pinned', 'pin', 'offer', 'item', 'id', 'buy', 'source', 'part']) &&
    (has('offer') || has('pinned') || (has('source') && has('part') && has('id')))
  ) {
    return { field: 'offer', strength: 3 };
  }
  if (has('replacement') && only(['replacement', 'mpn', 'mfr', 'part', 'number']))
    return { field: 'replacement', strength: 3 };
  if (tokens.some((w) => NOT_OURS.has(w))) return null;

  if (has('dnp') || DNP_PHRASE.test(tokens.join(' '))) return { field: 'dnp', strength: 3 };
  if (has('populate') && only(['populate', 'status', 'option', 'variant', 'flag', 'yes', 'no', 'per', 'pcb', 'board']))
    return { field: 'dnp', strength: 2 };
  if (has('description')) return { field: 'description', strength: tokens.length === 1 ? 3 : 2 };
  if (has('mpn')) return { field: 'partNumber', strength: only(['mpn', 'mfr', 'part', 'number']) ? 3 : 2 };
  if (has('mfr') && (has('part') || has('number')))
    return { field: 'partNumber', strength: only(['mfr', 'part', 'number', 'name']) ? 3 : 2 };
  if (has('part') && only(['part', 'number'])) return { field: 'partNumber', strength: 2 };
  if ((has('mfr') || has('brand')) && only(['mfr', 'brand', 'name'])) return { field: 'manufacturer', strength: 3 };
  if (has('qty')) {
    if (only([...QTY_MODIFIERS])) return { field: 'quantity', strength: 3 };
    if (only([...QTY_MODIFIERS, 'total', 'build'])) return { field: 'quantity', strength: 1 };
    return null;
  }
  // DesignSpark calls its designators "Ref Name".
  if (has('ref') && only(['ref', 'part', 'component', 'components', 'list', 'designator', 'schematic', 'name']))
    return { field: 'designators', strength: 3 };
  if (only(['parts'])) return { field: 'designators', strength: 2 };
  if (only(['location', 'locations', 'position', 'positions'])) return { field: 'designators', strength: 1 };
  return null;
}

interface ColumnMatch {
  mapping: ColumnMapping;
  strengths: Partial<Record<BomField, number>>;
}

function matchColumns(headerCells: readonly Cell[]): ColumnMatch {
  const mapping: ColumnMapping = {};
  const strengths: Partial<Record<BomField, number>> = {};
  headerCells.forEach((cell, column) => {
    const text = rawCellText(cell);
    if (text.trim() === '' || typeof cell === 'number') return;
    const match = matchHeader(text);
    if (!match) return;
    const best = strengths[match.field] ?? 0;
    if (match.strength > best) {
      strengths[match.field] = match.strength;
      mapping[match.field] = column;
    }
  });
  return { mapping, strengths };
}

/** Map the columns of a header row by their names; ties go to the leftmost column. */
export function mapColumns(headerCells: readonly Cell[]): ColumnMapping {
  return matchColumns(headerCells).mapping;
}

export interface HeaderDetection {
  /** 0-based index of the header row, or null when no row looks like a header. */
  row: number | null;
  /** Sum of the match strengths of the fields the row names (0 when none). */
  score: number;
  /** The fields the header row names. */
  fields: BomField[];
  /** The mapping that row gives. */
  mapping: ColumnMapping;
}

/**
 * The header row: among the first `maxScan` rows, the one naming the most fields (by strength), provided it
 * names at least two fields or names the part number unambiguously (MPN, Mfr Part #). Title rows above it
 * (project, revision, date) name no field and are passed over. Ties go to the upper row.
 */
export function detectHeaderRow(cells: CellGrid, options: { maxScan?: number } = {}): HeaderDetection {
  const maxScan = options.maxScan ?? 30;
  let best: HeaderDetection = { row: null, score: 0, fields: [], mapping: {} };
  const limit = Math.min(cells.length, Math.max(0, maxScan));
  for (let r = 0; r < limit; r++) {
    const row = cells[r];
    if (!row || isBlankRow(row)) continue;
    const { mapping, strengths } = matchColumns(row);
    const fields = BOM_FIELDS.filter((f) => mapping[f] !== undefined);
    const score = fields.reduce((sum, f) => sum + (strengths[f] ?? 0), 0);
    const qualifies = fields.length >= 2 || (strengths.partNumber ?? 0) >= 3;
    if (qualifies && score > best.score) best = { row: r, score, fields, mapping };
  }
  return best;
}

/** A name a spreadsheet or parser makes up for a column: Column1, Field2, F3, Spalte 4. */
const PLACEHOLDER_NAME = /^(?:column|col|field|f|spalte)\s*_?\d+$/i;

/** Whether a header is a name a spreadsheet or parser made up (Column1, Field2): it says nothing of the column. */
export function isPlaceholderColumnName(text: string): boolean {
  return PLACEHOLDER_NAME.test(cellText(text));
}

/**
 * A row of placeholder names a spreadsheet or parser makes up: Column1, Field2, F3, or the column letters
 * themselves (A, B, C in their own columns).
 */
export function isGenericHeaderRow(row: readonly Cell[] | undefined): boolean {
  if (!row) return false;
  let filled = 0;
  for (let c = 0; c < row.length; c++) {
    const cell = row[c];
    if (cell === null || cell === undefined || (typeof cell === 'string' && cellText(cell) === '')) continue;
    if (typeof cell !== 'string') return false;
    const t = cellText(cell);
    if (!PLACEHOLDER_NAME.test(t) && t !== columnName(c)) return false;
    filled++;
  }
  return filled >= 2;
}

const VALUE_LIKE =
  /^\d+(?:[.,]\d+)?\s*(?:[pnuµmkKMGR]|meg)?\s*(?:[FfHhΩVvAWw%]|[Oo]hms?|Hz|R)?(?:(?:\s+|\s*[/,]\s*)\d+(?:[.,]\d+)?\s*[VvWwA%])*$|^\d+[pnuµmkKMR]\d+$/;
const PACKAGE_LIKE =
  /^(?:SOT|SOD|SOIC|SOP|SSOP|TSSOP|MSOP|QFN|DFN|VQFN|WQFN|QFP|LQFP|TQFP|BGA|LGA|TO|DO|SMA|SMB|SMC|DIP|PDIP|SIP|MELF|SC|WLCSP|DPAK|D2PAK|PLCC|CASE|SMD|THT|TH)[-_ ]?\d/i;

/** A token that could be a manufacturer part number: letters and digits, ≥ 4 characters, no spaces. */
export function looksLikePartNumber(cell: Cell): boolean {
  // A spreadsheet keeps an all-digit part number (Würth's 742792609) as a number: it counts as the text would.
  if (typeof cell === 'number') return Number.isInteger(cell) && cell >= 100_000 && cell < 1e15;
  if (typeof cell !== 'string') return false;
  const t = normalizePartNumber(cell);
  if (t.length < 4 || t.length > 40 || /\s/.test(t)) return false;
  if (!/^[A-Za-z0-9][A-Za-z0-9\-_./#+,()]*$/.test(t)) return false;
  if (/^\d{6,}$/.test(t)) return true;
  // Connector makers number their parts in dashed digit groups (Molex 47219-2001, TE 1-1734248-1, Mill-Max
  // 801-87-002-10-001101); a date is not one.
  if (/^\d{1,8}(?:-\d{1,8}){1,4}$/.test(t) && t.replace(/-/g, '').length >= 7 && !/^\d{4}-\d{2}-\d{2}$/.test(t))
    return true;
  if (!/[A-Za-z]/.test(t) || !/\d/.test(t)) return false;
  if (t.includes(':') || VALUE_LIKE.test(t) || PACKAGE_LIKE.test(t)) return false;
  return !looksLikeDesignators(t);
}

function looksDescriptive(text: string): boolean {
  return text.length >= 10 && text.split(' ').length >= 2;
}

interface ColumnStats {
  column: number;
  filled: number;
  designators: number;
  quantities: number;
  partNumbers: number;
  manufacturers: number;
  descriptive: number;
  totalLength: number;
  quantityValues: (number | null)[];
  isSequence: boolean;
  leadingZero: number;
}

/**
 * Guess the columns from what the cells hold, for BOMs without a header or with placeholder headers:
 * designator lists (R1, C2-C5) → designators; small whole numbers → quantity (not a 1, 2, 3… line-number
 * column; the one agreeing with the designator counts wins); part-number-looking tokens → part number;
 * manufacturer names the alias table knows → manufacturer; longer text with spaces → description.
 * Columns listed in `exclude` are already taken; a value `notPartNumber` names (a schematic symbol's name) is no
 * evidence of a part-number column.
 */
export function inferColumnsFromContent(
  rows: CellGrid,
  options: { exclude?: readonly number[]; notPartNumber?: (text: string) => boolean } = {},
): ColumnMapping {
  const sample = rows.filter((r) => !isBlankRow(r)).slice(0, 500);
  const mapping: ColumnMapping = {};
  if (sample.length === 0) return mapping;
  const width = gridWidth(sample);
  const taken = new Set(options.exclude ?? []);

  const stats: ColumnStats[] = [];
  for (let c = 0; c < width; c++) {
    const s: ColumnStats = {
      column: c,
      filled: 0,
      designators: 0,
      quantities: 0,
      partNumbers: 0,
      manufacturers: 0,
      descriptive: 0,
      totalLength: 0,
      quantityValues: [],
      isSequence: false,
      leadingZero: 0,
    };
    for (const row of sample) {
      const cell = row[c];
      const text = cellText(cell);
      if (text === '') {
        s.quantityValues.push(null);
        continue;
      }
      s.filled++;
      s.totalLength += text.length;
      if (typeof cell === 'string' && looksLikeDesignators(text)) s.designators++;
      const q = parseQuantity(cell);
      if (q.kind === 'ok' && !(typeof cell === 'string' && /^0\d/.test(text))) {
        s.quantities++;
        s.quantityValues.push(q.value);
      } else {
        if (q.kind === 'dnp' || isDnpMarker(text)) s.quantities++;
        s.quantityValues.push(null);
      }
      if (typeof cell === 'string' && /^0\d/.test(text)) s.leadingZero++;
      if (looksLikePartNumber(cell) && !(options.notPartNumber?.(text) ?? false)) s.partNumbers++;
      if (typeof cell === 'string' && isKnownManufacturer(text)) s.manufacturers++;
      if (looksDescriptive(text)) s.descriptive++;
    }
    const numbers = s.quantityValues.filter((v): v is number => v !== null);
    s.isSequence = numbers.length >= 3 && numbers.every((v, i) => i === 0 || v === numbers[i - 1] + 1);
    stats.push(s);
  }

  const minFilled = Math.max(1, Math.ceil(sample.length * 0.3));
  const pick = (score: (s: ColumnStats) => number, threshold: number): number | undefined => {
    let best: ColumnStats | undefined;
    let bestScore = 0;
    for (const s of stats) {
      if (taken.has(s.column) || s.filled < minFilled) continue;
      const v = score(s);
      if (v > 0 && v >= threshold && (best === undefined || v > bestScore)) {
        best = s;
        bestScore = v;
      }
    }
    if (best) taken.add(best.column);
    return best?.column;
  };

  mapping.designators = pick((s) => s.designators / s.filled, 0.6);
  mapping.partNumber = pick((s) => (s.partNumbers / s.filled) * (s.filled / sample.length), 0.4);
  mapping.manufacturer = pick((s) => s.manufacturers / s.filled, 0.3);

  const designatorCounts =
    mapping.designators === undefined
      ? null
      : sample.map((row) => {
          const text = cellText(row[mapping.designators as number]);
          return text === '' || !looksLikeDesignators(text) ? null : countDesignators(text);
        });
  mapping.quantity = pick((s) => {
    if (s.quantities / s.filled < 0.8 || s.leadingZero > 0) return 0;
    const values = s.quantityValues;
    // A column of DNP marks and blanks holds no quantity: it is a DNP column.
    if (values.every((v) => v === null)) return 0;
    if (designatorCounts) {
      let compared = 0;
      let agree = 0;
      values.forEach((v, i) => {
        const n = designatorCounts[i];
        if (v !== null && n !== null) {
          compared++;
          if (v === n) agree++;
        }
      });
      if (compared > 0) return 1 + agree / compared - (s.isSequence ? 0.5 : 0);
    }
    if (s.isSequence) return 0;
    const numbers = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
    const median = numbers.length > 0 ? numbers[Math.floor(numbers.length / 2)] : 0;
    return 1 / (1 + median / 100);
  }, 0);
  mapping.description = pick((s) => (s.descriptive / s.filled >= 0.5 ? s.totalLength / s.filled : 0), 0);

  for (const f of BOM_FIELDS) if (mapping[f] === undefined) delete mapping[f];
  return mapping;
}

/** The columns of a header row whose text passes `test`, left to right. */
function columnsNamed(headerCells: readonly Cell[], test: (text: string) => boolean): number[] {
  const out: number[] = [];
  headerCells.forEach((cell, c) => {
    if (typeof cell === 'string' && cell.trim() !== '' && test(cell)) out.push(c);
  });
  return out;
}

/** Distributor part-number columns of a header row (see isSupplierPartHeader), left to right. */
export function supplierPartColumns(headerCells: readonly Cell[]): number[] {
  return columnsNamed(headerCells, isSupplierPartHeader);
}

/** Columns whose header rules them out as the part number (footprint, package, distributor numbers…). */
export function neverPartNumberColumns(headerCells: readonly Cell[]): number[] {
  return columnsNamed(headerCells, isNeverPartNumberHeader);
}

/**
 * KiCad's symbol-name column: a "Part" column in a header that also has a "Value" column. KiBoM and KiCad's
 * grouped exports write the library symbol there ("C_Small", "Conn_01x04_Male", "Pololu_Breakout_A4988") and the
 * value under Value; OrCAD, whose "Part" holds the value, has no Value column. It never holds the part number.
 */
export function symbolNameColumn(headerCells: readonly Cell[]): number | undefined {
  let part: number | undefined;
  let value = false;
  headerCells.forEach((cell, c) => {
    if (typeof cell !== 'string') return;
    const t = cellText(cell).trim();
    if (/^part$/i.test(t) && part === undefined) part = c;
    else if (/^value$/i.test(t)) value = true;
  });
  return value ? part : undefined;
}

/** The value-like column a JLCPCB, KiCad or OrCAD export names "Comment", "Value" or "Part": a part number only when nothing else is. */
export function valueColumn(headerCells: readonly Cell[]): number | undefined {
  // OrCAD's "Part" column holds the part's value ("10K", "LM358") as the schematic shows it.
  const symbol = symbolNameColumn(headerCells);
  const c = headerCells.findIndex(
    (cell, i) =>
      i !== symbol &&
      typeof cell === 'string' &&
      /^(?:comment|comments|value|part|mpn\s*\/\s*value|value\s*\/\s*mpn)$/i.test(cellText(cell)),
  );
  return c >= 0 ? c : undefined;
}

/**
 * Marks that, alone in a cell of a column of their own (the column's other cells blank), mean not placed besides
 * the DNP marks isDnpMarker knows: DNS (do not stuff), NC (not connected), and "Not fitted" written as one word.
 */
const DNP_COLUMN_EXTRA = /^[\s().!*-]*(?:DNS|NC|NOTFITTED|NOTPLACED|NOTPOPULATED)[\s().!*-]*$/i;

/** A cell that is one DNP-like word or phrase ("DNP", "NF", "No fit", "(DNP)", "NC"). */
export function isDnpColumnWord(cell: Cell): boolean {
  const text = cellText(cell);
  return text !== '' && (isDnpMarker(text) || DNP_COLUMN_EXTRA.test(text));
}

/**
 * A column that holds DNP-like words and blanks (KiCad's generic "Field4" holding DNP), found by content:
 * only marks, or at least three marks and four in five of its filled cells (a notes column with "DNP" and the
 * odd remark). Only its marks mark a line. Columns listed in `exclude` are already taken.
 */
export function dnpColumnByContent(rows: CellGrid, options: { exclude?: readonly number[] } = {}): number | undefined {
  const taken = new Set(options.exclude ?? []);
  const width = gridWidth(rows);
  for (let c = 0; c < width; c++) {
    if (taken.has(c)) continue;
    let marks = 0;
    let other = 0;
    for (const row of rows) {
      const cell = row?.[c];
      if (cellText(cell) === '') continue;
      if (isDnpColumnWord(cell)) marks++;
      else other++;
      if (other > 0 && other * 5 > marks + other && marks + other >= 10) break;
    }
    if ((marks > 0 && other === 0) || (marks >= 3 && other * 5 <= marks + other)) return c;
  }
  return undefined;
}

/** Whether a cell reads as data rather than a column name: a number, a designator list or a part number. */
function dataLike(cell: Cell): boolean {
  if (typeof cell === 'number' || typeof cell === 'boolean') return true;
  const text = cellText(cell);
  if (text === '') return false;
  if (parseQuantity(cell).kind === 'ok') return true;
  return looksLikeDesignators(text) || looksLikePartNumber(cell);
}

/**
 * A header row known by its content when its names say nothing (KiCad's "ref;value;Field1;…;Field8"): every
 * filled cell is text that reads as a name, not as data, and below it, in the first rows, some column under a
 * name holds data (designators, quantities, part numbers) in most rows.
 */
export function looksLikeHeaderRow(row: readonly Cell[] | undefined, below: CellGrid): boolean {
  if (!row) return false;
  const names: number[] = [];
  for (let c = 0; c < row.length; c++) {
    const cell = row[c];
    const text = cellText(cell);
    if (text === '') continue;
    if (typeof cell !== 'string') return false;
    if (!PLACEHOLDER_NAME.test(text) && dataLike(cell)) return false;
    names.push(c);
  }
  if (names.length < 2) return false;
  const sample = below.filter((r) => !isBlankRow(r)).slice(0, 5);
  if (sample.length === 0) return false;
  return names.some((c) => sample.filter((r) => dataLike(r?.[c])).length * 2 > sample.length);
}
