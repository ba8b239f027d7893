/**
 * A header cell's words in canonical form (headerTokens: "Mfr.\nPart #" → mfr part number), from the vocabulary kept as
 * data: TOKEN_MAP (words to canonical tokens), and the word sets the header rules ask of those words: DISTRIBUTORS,
 * SUPPLIER_WORDS, NOT_OURS (someone else's number, an alternate or a price) and NEVER_PART_NUMBER (a part's shape or
 * documents). Another language's words are read through header-languages.ts. Which field a header names is
 * header-words.ts's.
 */
import { rememberedByText } from '../text/memo';
import { cellText, stripDiacritics } from '../text/normalize';
import { foreignWords, repairMojibake, translateHeader } from './header-languages';
import { OWN_OR_ALTERNATE } from './header-others';

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
  // An approved vendor list names the makers a part may come from: "AVL", "AVL P/N".
  avl: ['mfr'],
  mpn: ['mpn'],
  mfrpn: ['mpn'],
  mfgpn: ['mpn'],
  mfpn: ['mpn'],
  mp: ['mpn'],
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
  cnt: ['qty'],
  pcs: ['qty'],
  pieces: ['qty'],
  amount: ['qty'],
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
export const DISTRIBUTORS = new Set(
  (
    'digi digikey mouser farnell newark lcsc jlcpcb jlc arrow avnet rs tme element14 chip1stop onlinecomponents ' +
    'reichelt tayda conrad pollin buerklin bürklin distrelec rutronik akizuki marutsu sengoku chipdip seeed rapid ' +
    // Russian distributors: Terraelectronica ("Терра" in Cyrillic, header-languages.ts), Promelec, Elitan.
    'terra terraelectronica promelec elitan'
  ).split(' '),
);
export const SUPPLIER_WORDS = new Set([
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
export const NOT_OURS = new Set([
  ...DISTRIBUTORS,
  ...SUPPLIER_WORDS,
  ...OWN_OR_ALTERNATE,
  // Where a thing is bought ("Source", "Material Source": a shop's link), never what it is.
  'source',
  'sources',
  'octopart',
  'order',
  'ordering',
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

/**
 * Columns that describe the part's shape or documents, never its part number, whatever their cells look
 * like: KiCad's Footprint, Eagle's Package and Device, Altium's LibRef, OrCAD's PCB Footprint, Datasheet.
 */
export const NEVER_PART_NUMBER = new Set(
  (
    'cmp footprint footprints package packages case device libpart libref footprintlib library lib datasheet url ' +
    'link symbol decal pattern koncar side vertical'
  ).split(' '),
);

/** A word with a small index after it ("part2", "mfr1"): its word is the word. "MP6515" is a part, no index. */
const INDEXED = /^([a-z]+)\d{1,2}$/;

/** A word's canonical words, from the table's own entries only (a header "Constructor" is no key of Object's). */
function tokenWords(word: string): readonly string[] | undefined {
  return Object.prototype.hasOwnProperty.call(TOKEN_MAP, word) ? TOKEN_MAP[word] : undefined;
}

/** Where a word written in camel case ("ManufacturerPartNum") turns from a small letter to a capital. */
const HUMP = '\u0001';

/** Whether a header word is one the reader knows whole ("LibRef", "RefDes", "PartNumber"), so is not cut at its humps. */
function knownWord(word: string): boolean {
  const base = INDEXED.exec(word)?.[1] ?? word;
  return [word, base].some(
    (w) => tokenWords(w) !== undefined || foreignWords(w) !== undefined || NEVER_PART_NUMBER.has(w) || NOT_OURS.has(w),
  );
}

/**
 * The words of a header cell in canonical form ("Mfr.\nPart #" → mfr part number). A word written in camel case is
 * read as its words ("ManufacturerPartNum" → mfr part number, "QtyPerBoard") unless the reader knows it whole.
 */
export const headerTokens: (text: string) => readonly string[] = rememberedByText((text) =>
  Object.freeze(tokensOf(text)),
);

function tokensOf(text: string): string[] {
  // Persian joins a word's parts with a zero-width non-joiner ("قطعه‌ها"): a space here, not nothing.
  let t = stripDiacritics(translateHeader(repairMojibake(cellText(text.replace(/\u200C/g, ' '))).normalize('NFKC')))
    .replace(/(\p{Ll})(?=\p{Lu})/gu, `$1${HUMP}`)
    .toLowerCase();
  t = t
    .replace(/\(s\)/g, 's')
    .replace(/\bp\s*\/\s*n\b/g, ' pn ')
    .replace(/\$/g, '$ ')
    .replace(/#/g, ' # ')
    .replace(/\//g, ' per ')
    .replace(/\bna\s+(?=(?:\d+\s+)?(?:pcb|p[lł]yt|dps|desk))/g, ' per '); // Polish, Czech "Ilość na PCB": per (alone, "n/a")
  t = t
    // An abbreviation of single letters between dots is one word: "N.P." np, "D.N.P" dnp, "Q.T.Y." qty.
    .replace(
      /(^|[^\p{L}\p{N}])(\p{L}(?:\.\p{L})+)\.?(?![\p{L}\p{N}])/gu,
      (_m, before: string, letters: string) => `${before}${letters.replace(/\./g, '')}`,
    )
    .replace(/['’`]/g, '')
    .replace(/[_]+/g, ' ')
    .replace(/[^\p{L}\p{N}#$\u0001]+/gu, ' ');
  const out: string[] = [];
  for (const cell of t.split(' ')) {
    const humps = cell.split(HUMP);
    const whole = humps.join('');
    for (const raw of humps.length > 1 && !knownWord(whole) ? humps : [whole]) {
      if (raw === '' || /^\d+$/.test(raw)) continue;
      let word = raw;
      const indexed = INDEXED.exec(word);
      if (indexed && (tokenWords(indexed[1]) || indexed[1] === 'part')) word = indexed[1];
      out.push(...(tokenWords(word) ?? foreignWords(word) ?? [word]));
    }
  }
  return out;
}
