/** The words by which a table's rows give their part numbers (row-part.ts): its columns' headers and a row's words. */
import { type Cell, cellText } from '../text/normalize';
import { matchHeader } from './header';
import { partNumberOfCell } from './row-kinds';

/** Headers of columns that name the part as the schematic does: a value, a component or device name, a comment. */
const VALUE_LIKE_HEADER =
  /^(?:comments?|value|part|component|component\s*name|cmp\s*name|name|part\s*name|型号|规格|名称|品名|部品名|Wert|Bezeichnung|Valeur|D[ée]signation)$/i;

/** The value-like columns of a table, the value column first. */
export function valueLikeColumns(headerCells: readonly Cell[], value: number | undefined): number[] {
  const out = value === undefined ? [] : [value];
  headerCells.forEach((cell, c) => {
    if (c !== value && VALUE_LIKE_HEADER.test(cellText(cell).trim())) out.push(c);
  });
  return out;
}

/**
 * Headers of columns that say something of a row but never name it: a material, finish or colour, a note or
 * remark, a source, shop or price (in the languages of the header vocabulary's lists).
 */
export const NOT_A_NAME =
  /material|werkstoff|finish|colou?r|farbe|note|remark|comment|bemerkung|hinweis|info|uwagi|備考|备注|source|supplier|shop|price|cost|preis|fornecedor|cena|preço|prix/i;

/** A part read from a value, a package or note in brackets after its number left out ("SY8089AAAC(SOT23-5)"). */
export function withoutNote<T extends { partNumber: string }>(part: T | null): T | null {
  return part === null ? null : { ...part, partNumber: partNumberOfCell(part.partNumber).partNumber };
}

export const partHeader = (h: Cell): boolean => matchHeader(cellText(h))?.field === 'partNumber';
/** A maker's cell saying any maker's part will do: English, German, French, Spanish, Chinese, Japanese. */
export const ANY_MAKER = /^(?:any|generic|various|beliebig|divers|quelconque|cualquiera|任意|通用|汎用)$/i;
/** A row naming a resistor, where a bare number is its resistance. */
export const RESISTOR = /\bresistors?\b|\bwiderstand|\br[ée]sistance|\bresistencia|电阻|抵抗/i;
