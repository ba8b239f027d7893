/**
 * The words of BOM headers: which field a header cell names (matchHeader), read from a vocabulary kept as data.
 *
 * Header synonyms (case, punctuation, line breaks, '#'/No./Nr., trailing index digits and accents ignored):
 * - partNumber, preferred: MPN, MP (beside MF, as SnapEDA's symbols name them), Mfr Part #, Mfr. P/N, Manufacturer
 *   Part Number (1), Mfg Part No, Mfr Number, KiCost's Manf#, Mouser's Mfr. #, Hersteller-Teilenummer; an MPN header
 *   with other words ("EMPTY_MPN") less.
 * - partNumber, generic: Part Number, Part #, Part No, P/N, PN, Part (OrCAD's Part holds values: see
 *   valueColumn; Eagle's holds designators: readBom moves it).
 * - manufacturer: Manufacturer (1), Mfr, Mfg, Manf, Manu, MF, Manufacturer Name, Brand, Make, Maker, Hersteller.
 * - quantity: Qty, Quantity, Qty per board / PCB / unit / assembly / side, Qty/Board, Qty each, Count, Pcs,
 *   Amount, Menge, Anzahl, a cart's Order Qty.; "Total qty" and "Build qty" only when nothing better exists.
 * - designators: Designator(s), Reference(s), Ref, Refs, RefDes, Ref Des, Part Reference, Schematic
 *   Reference, Eagle's Parts; Location(s) weakly.
 * - description: Description, Desc, Descr, Part/Item/Component Description, Beschreibung, Product/Item Name.
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
 * The vocabulary is data (header-tokens.ts: TOKEN_MAP, words to canonical tokens; NOT_OURS, DISTRIBUTORS,
 * NEVER_PART_NUMBER); matchHeader reads a header's words through headerTokens.
 */
import { rememberedByText } from '../text/memo';
import { cellText } from '../text/normalize';
import { OWN_OR_ALTERNATE } from './header-others';
import { DISTRIBUTORS, NEVER_PART_NUMBER, NOT_OURS, SUPPLIER_WORDS, headerTokens } from './header-tokens';
import { slippedWord } from './header-slips';

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

/** A shop named by its web address ("reichelt.de part number", "mouser.com part number"): the address's end. */
const WEB_SUFFIXES = new Set('com de co uk jp cn fr it nl eu at ch be es pl'.split(' '));

/** A shopping list's price, shop or link column, by its words in any language the vocabulary reads. */
export function isShoppingHeader(text: string): boolean {
  return headerTokens(text).some((w) => SHOPPING_WORDS.has(w));
}
const SHOPPING_WORDS = new Set('price cost shop store seller vendor supplier source url link'.split(' '));

/** LCSC's (JLCPCB's) own code: C and digits (C2286). */
export const LCSC_NUMBER = /^C\d{1,9}$/;
/** A header naming LCSC or JLCPCB, in Latin letters or Chinese ("LCSC Part #", "JLCPCB Part #", "立创编号"). */
export const LCSC_HEADER = /\b(?:lcsc|jlc(?:pcb)?|szlcsc)\b|立创/i;

/** A header's word naming a distributor, an index after it allowed ("mouser2"). */
const isDistributorWord = (w: string): boolean => DISTRIBUTORS.has(w.replace(/\d+$/, ''));

/** Whether a header names a distributor's part number (see DISTRIBUTORS). */
export function isSupplierPartHeader(text: string): boolean {
  const tokens = headerTokens(text);
  if (tokens.length === 0 || tokens.some((w) => ['price', 'cost', 'url', 'link', 'stock', 'qty', 'status'].includes(w)))
    return false;
  const named = tokens.some(isDistributorWord);
  const numbered = tokens.some((w) => w === 'part' || w === 'number' || w === 'mpn');
  if (named)
    return tokens.every(
      (w) =>
        isDistributorWord(w) ||
        WEB_SUFFIXES.has(w) ||
        // Eagle's "OC_FARNELL"; JLCPCB's "LCSC Part #（optional）"; "Ref. Mouser", never a designators' "Ref Des (LCSC)".
        ['part', 'number', 'key', 'code', 'order', 'ordering', 'pcb', 'mpn', 'oc', 'optional'].includes(w) ||
        (w === 'ref' && !/des|bezeichn|pozic|oznacz|identific|bauteil/i.test(text)),
    );
  return tokens.some((w) => SUPPLIER_WORDS.has(w)) && (numbered || tokens.includes('cat'));
}

/** Whether a header names someone else's number, an alternate or a price ("Alt MPN", "CPN", "Order Code"): NOT_OURS. */
export function namesOthersNumber(text: string): boolean {
  return headerTokens(text).some((w) => NOT_OURS.has(w));
}

/**
 * Whether a header names a number that is never the maker's, whatever its cells hold: a company's own ("CPN",
 * "Internal P/N"), an alternate's ("Alt MPN", "Second Source") or a price (OWN_OR_ALTERNATE). A shop's column is not
 * one: a list's "Supplier and ref" may hold makers' numbers, found by content.
 */
export function namesOwnOrAlternateNumber(text: string): boolean {
  return headerTokens(text).some((w) => OWN_OR_ALTERNATE.has(w));
}

/** Whether a header says its column can never hold the part number (footprint, package, datasheet…). */
export function isNeverPartNumberHeader(text: string): boolean {
  const tokens = headerTokens(text);
  return (
    tokens.some((w) => NEVER_PART_NUMBER.has(w)) ||
    isSupplierPartHeader(text) ||
    namesDistributor(text) ||
    HOUSE_NUMBER.test(text)
  );
}

/** A house's drawing or document number alone ("DOCUMENT-NR.", "Drawing No."); never "Drawing Part Number". */
const HOUSE_NUMBER = /^\s*(?:drawing|dwg|document|doc|dokument|zeichnungs?)\s*[-.]?\s*(?:no|nr|number|#|id)?\.?\s*$/i;

/** Whether a header names a distributor ("LCSC link", "立创链接", "Mouser"), and no maker beside it. */
export function namesDistributor(text: string): boolean {
  const tokens = headerTokens(text);
  return (
    tokens.some(isDistributorWord) &&
    !tokens.some((w) => w === 'mpn' || w === 'mfr' || w === 'manufacturer' || w === 'maker')
  );
}

/**
 * A "populate" column says the part is placed ("Populate", "Fitted", "Place", "Stuff"): its No, 0, FALSE
 * and DNP-like values mark a line not placed. A "DNP" column says the opposite: its marks mean not placed.
 */
export type DnpColumnKind = 'dnp' | 'populate';

/** How a DNP-field header reads: a DNP column or a populate column. */
export function dnpColumnKind(text: string): DnpColumnKind {
  const tokens = headerTokens(text);
  if (isBuyHeader(text)) return 'populate';
  return tokens.includes('populate') && !tokens.includes('dnp') && !tokens.includes('not') && !tokens.includes('do')
    ? 'populate'
    : 'dnp';
}

/** A header asking whether to buy the row's thing ("Buy", "Comprar", "Kaufen"): 1 or 0, yes or no beneath. */
export function isBuyHeader(text: string): boolean {
  return /^(?:to )?(?:buy|comprar|kaufen|acheter|acquistare|kopen)$/.test(headerTokens(text).join(' '));
}

const DNP_PHRASE =
  /\b(?:do not (?:place|populate|fit|mount|stuff|install|insert|assemble|solder)|not (?:fitted|placed|populated|mounted|populate|installed|inserted|assembled)|no (?:fit|pop|stuff|populate)|leave empty)\b/;

/** "N.P." written with its dots: not populated in an Italian list, the part number (número de parte) in a Spanish one. */
export const DOTTED_NP = /^\s*n\s*\.\s*p\s*\.?\s*$/i;

/** A purchase list's "Model" or "Model No.": the type number a row is bought by (none in an EDA export: header.ts). */
export const MODEL_HEADER = /^\s*model(?:\s*(?:no\.?|number|#))?\s*$/i;

/** Words beside "qty" that still name how many a build uses ("Qty per board", "BOM Qty": the list's own count). */
const QTY_MODIFIERS = new Set('qty per board each required req needed used number of side bom'.split(' '));
/** What one build is called where a count is per build ("per kit", "per unit"). */
const BUILD_WORDS = ['kit', 'unit', 'device', 'assembly', 'assy', 'pcb', 'pcba', 'set', 'build', 'module'];

/** Which field a header cell names, if any; a hand-typed slip of one letter in a long word is read through. */
export const matchHeader: (text: string) => HeaderMatch | null = rememberedByText((text) => {
  const m = matchedHeader(text);
  return m === null ? null : Object.freeze(m);
});

function matchedHeader(text: string): HeaderMatch | null {
  const exact = matchHeaderWords(text);
  if (exact !== null) return exact;
  const known = slippedWord(cellText(text).trim().toLowerCase());
  if (known === null) return null;
  const m = matchHeaderWords(known);
  return m === null ? null : { field: m.field, strength: 1 };
}

function matchHeaderWords(text: string): HeaderMatch | null {
  const tokens = headerTokens(text);
  if (tokens.length === 0) return null;
  const set = new Set(tokens);
  const has = (w: string): boolean => set.has(w);
  const only = (allowed: readonly string[]): boolean => tokens.every((w) => allowed.includes(w));
  // "Units" alone is how many a purchase list buys ("Qty per unit" names the board); a hand-made list's "Model" (or
  // "Model No.") the type number a row is bought by, weakly: KiCad's "Model" field holds a simulation model.
  if (/^\s*units\s*$/i.test(text)) return { field: 'quantity', strength: 2 };
  if (MODEL_HEADER.test(text)) return { field: 'partNumber', strength: 1 };
  // A cart's "Order Qty." or "Requested Quantity 1" is the quantity; "order" otherwise marks someone else's number.
  if (has('qty') && only([...QTY_MODIFIERS, 'order', 'ordered', 'requested']))
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
  // "N.P." (not populated, as Italian OrCAD lists head it) written with its dots: a bare "NP" is as often a price.
  if (DOTTED_NP.test(text)) return { field: 'dnp', strength: 2 };
  if (has('populate') && only(['populate', 'status', 'option', 'variant', 'flag', 'yes', 'no', 'per', 'pcb', 'board']))
    return { field: 'dnp', strength: 2 };
  if (has('description')) return { field: 'description', strength: tokens.length === 1 ? 3 : 2 };
  // What a shopping list names each row by ("Product name", "Item name"), where no column is its description.
  if (tokens.length === 2 && has('name') && ['product', 'item', 'article', 'part', 'component'].some(has))
    return { field: 'description', strength: 1 };
  // A hand-made list's "Type" beside its count ("Qty | Type": what each row is, in words), weakly: a column named
  // for its description wins.
  if (tokens.length === 1 && has('type')) return { field: 'description', strength: 1 };
  // So is another language's "Component" alone (Komponent, قطعه): what the row is, unless its cells are part numbers.
  if (tokens.length === 1 && has('component')) return { field: 'description', strength: 1 };
  if (has('mpn')) return { field: 'partNumber', strength: only(['mpn', 'mfr', 'part', 'number']) ? 3 : 2 };
  // The word after names what the column holds: "Part Manufacturer" is the part's maker, "Manufacturer Part" its
  // number (also with the same words again in another language: "Manufacturer Part 生产商编号").
  const thing = Math.max(...['part', 'component', 'item'].map((w) => tokens.lastIndexOf(w)));
  if (only(['part', 'component', 'item', 'mfr', 'name']) && thing >= 0 && thing < tokens.indexOf('mfr'))
    return { field: 'manufacturer', strength: 3 };
  if (has('mfr') && (has('part') || has('number')))
    return { field: 'partNumber', strength: only(['mfr', 'part', 'number', 'name']) ? 3 : 2 };
  // The maker's reference, as French writes it in English ("Manufacturer Ref"): its part number.
  if (only(['mfr', 'ref']) && has('mfr') && has('ref')) return { field: 'partNumber', strength: 2 };
  // "Part number/value", "Value or Part#", "Part Number / Type" or "/ Specification": numbers and values in one column
  // (read as a value column, row by row; header.ts valueColumn); headerTokens reads the slash as "per" ("Qty/board").
  const valueWords = ['value', 'type', 'spec', 'specification'];
  if (
    has('part') &&
    (only(['part', 'number']) ||
      (has('number') && valueWords.some(has) && only(['part', 'number', 'per', 'or', ...valueWords])))
  )
    return { field: 'partNumber', strength: 2 };
  if ((has('mfr') || has('brand')) && only(['mfr', 'brand', 'name'])) return { field: 'manufacturer', strength: 3 };
  // A costed list's "Num used", "Number used per board": how many the board uses.
  if (has('used') && only(['number', 'used', 'per', 'board', 'each'])) return { field: 'quantity', strength: 2 };
  // What a build needs of a thing ("Items per pump", "Items needed"), not what its pack holds ("Items per tube"); a
  // count named otherwise comes first.
  const per = tokens[tokens.indexOf('per') + 1] ?? '';
  const perBuild =
    has('needed') || (has('per') && !/^(?:pack|package|box|reel|bag|lot|tube|tray|roll|case)s?$/.test(per));
  if (has('items') && tokens.length <= 3 && perBuild) return { field: 'quantity', strength: 1 };
  // How many a build requires, in words with no "qty" ("# req in assy", "No. req'd", "Number needed"), never a
  // requisition's number ("Req #") nor how many boards are wanted ("Number of boards required").
  const required = ['reqd', 'required', 'needed'].some(has) || (has('req') && (has('in') || has('per')));
  if (has('number') && required && !has('of') && only([...QTY_MODIFIERS, 'in', 'reqd']))
    return { field: 'quantity', strength: 2 };
  // What one build needs, named by the build ("Needed per kit", "Required per unit"); "Required" alone may be a flag.
  if (required && has('per') && only([...QTY_MODIFIERS, 'reqd', ...BUILD_WORDS]))
    return { field: 'quantity', strength: 2 };
  if (has('qty')) {
    if (only([...QTY_MODIFIERS])) return { field: 'quantity', strength: 3 };
    if (only([...QTY_MODIFIERS, 'total', 'build'])) return { field: 'quantity', strength: 1 };
    // Per one build named by its product ("Quantity / G1000", "Qty per kit"), never per pack ("Qty per reel").
    if (tokens.length === 3 && tokens[1] === 'per' && (BUILD_WORDS.includes(per) || /\d/.test(per)))
      return { field: 'quantity', strength: 2 };
    return null;
  }
  // DesignSpark calls its designators "Ref Name".
  if (has('ref') && only(['ref', 'part', 'component', 'components', 'list', 'designator', 'schematic', 'name']))
    return { field: 'designators', strength: 3 };
  if (only(['parts'])) return { field: 'designators', strength: 2 };
  if (only(['location', 'locations', 'position', 'positions'])) return { field: 'designators', strength: 1 };
  return null;
}

/** A cell of words: three letters in a row, or two of a script written without spaces ("自攻", "舵机"). */
export function holdsWords(text: string): boolean {
  return /\p{L}{3}|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{2}/u.test(text);
}
