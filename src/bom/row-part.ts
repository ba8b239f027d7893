/**
 * The part number a row is bought by: its part-number column's (a note or a list's others left out, a maker
 * named in the cell split off), or where that gives none the value a mostly empty part-number column leaves to
 * it, else a distributor's number. A value read for a part number is judged: symbol and library names,
 * specifications and series names are no parts to buy.
 */
import { type Cell, type CellGrid, cellText, partNumberText } from '../text/normalize';
import { looksLikePartNumber, valueColumn } from './header';
import { notOrderableValue } from './library-names';
import { partFromProductLink } from './product-links';
import { type ColumnChoice } from './read-columns';
import { PLACEHOLDER, columnLabel, quote } from './read-result';
import {
  isComponentValue,
  isSymbolName,
  isValueSpec,
  partNumberOfCell,
  partOfValue,
  withoutPackage,
} from './row-kinds';

/** An LCSC (JLCPCB) part number: C and up to nine digits. */
const LCSC_NUMBER = /^C\d{1,9}$/;

/** A header naming the maker and the part number of one column: "Manufacturer/MPN", "Mfr & Part Number", "MPN / Maker". */
const MAKER_AND_PART_HEADER =
  /^\s*(?:(?:manufacturer|manufacture|mfr|mfg|maker|brand)\s*(?:[/&+]|and)\s*(?:mpn|p\/?n|part\s*(?:number|no\.?|#)?)|(?:mpn|p\/?n|part\s*(?:number|no\.?|#)?)\s*(?:[/&+]|and)\s*(?:manufacturer|manufacture|mfr|mfg|maker|brand))\s*$/i;

/**
 * A cell of a maker-and-part-number column: the maker's words, then the part number ("C&K Components KMR231GLFS");
 * of several sources listed with commas ("MTCONN UBAF-06082, FCI 10118192-0001LF") the first. Null when the cell
 * is a part number alone.
 */
function makerAndPart(text: string): { partNumber: string; manufacturer: string; note: string } | null {
  const sources = text.split(/\s*[,;]\s+/).filter((t) => t.trim() !== '');
  const first = sources[0]?.trim() ?? '';
  const cut = first.lastIndexOf(' ');
  if (cut <= 0) return null;
  const partNumber = first.slice(cut + 1);
  const manufacturer = first.slice(0, cut).trim();
  if (!looksLikePartNumber(partNumber) || manufacturer === '') return null;
  const others =
    sources.length > 1
      ? `; the cell lists ${sources.length} sources, the first is priced (${sources.slice(1).join(', ')} not)`
      : '';
  return { partNumber, manufacturer, note: others === '' ? '' : `part number ${quote(text, 50)}${others}` };
}

/** The part number a row gives, and where it came from. */
export interface RowPart {
  partNumber: string;
  manufacturer?: string;
  from?: 'supplier' | 'value' | 'link';
  note: string;
}

/**
 * Where no column gives a part number, the part a distributor's product link in the row names: the maker's part
 * number when the link gives one shaped like it, else the distributor's number. Null when no cell is such a link.
 */
function partFromLinks(row: readonly Cell[]): RowPart | null {
  for (const cell of row) {
    if (typeof cell !== 'string' || !cell.includes('/')) continue;
    const linked = partFromProductLink(cell);
    if (linked === null) continue;
    const { partNumber, distributorPartNumber, distributor } = linked;
    if (partNumber !== undefined && looksLikePartNumber(partNumber))
      return {
        partNumber,
        from: 'link',
        note: `no part number in its columns; ${quote(partNumber, 40)} is read from its ${distributor} product link`,
      };
    if (
      distributorPartNumber !== undefined &&
      (looksLikePartNumber(distributorPartNumber) || LCSC_NUMBER.test(distributorPartNumber))
    )
      return {
        partNumber: distributorPartNumber,
        from: 'supplier',
        note: `no manufacturer part number; looked up by the ${distributor} number ${quote(distributorPartNumber, 40)} in its product link`,
      };
  }
  return null;
}

/** How the rows of one table give their part numbers (see partOf). */
export class PartReader {
  /** The part-number column is the value column (a JLCPCB-style BOM): only values shaped like part numbers count. */
  readonly valueAsPartNumber: boolean;
  /**
   * The value column, read for the part when the part-number column is mostly empty (DesignSpark writes the part
   * in the value). Not where the BOM has no part-number column at all: it buys by distributor numbers instead.
   */
  private readonly valueFallback: number | undefined;
  /** The part-number column's header names the maker too ("Manufacturer/MPN"): its cells read "YAGEO CC0402KRX7R7BB104". */
  private readonly makerInPartNumber: boolean;
  /** Why the value last read for the row's part number names no orderable part (partOf), or null. */
  notOrderable: string | null = null;

  constructor(
    private readonly choice: ColumnChoice,
    private readonly headerCells: readonly Cell[],
    private readonly supplierColumns: readonly number[],
    sample: CellGrid,
  ) {
    const { mapping } = choice;
    const value = valueColumn(headerCells);
    this.valueAsPartNumber =
      choice.mappingSource !== 'user' && mapping.partNumber !== undefined && mapping.partNumber === value;
    const pn = mapping.partNumber;
    this.makerInPartNumber =
      choice.mappingSource !== 'user' &&
      pn !== undefined &&
      mapping.manufacturer === undefined &&
      MAKER_AND_PART_HEADER.test(cellText(headerCells[pn]));
    this.valueFallback =
      choice.mappingSource !== 'user' &&
      value !== undefined &&
      pn !== undefined &&
      value !== pn &&
      sample.filter((r) => cellText(r?.[pn]) !== '').length * 2 < sample.length
        ? value
        : undefined;
  }

  private partNumberCell(row: readonly Cell[]): Cell {
    const c = this.choice.mapping.partNumber;
    return c === undefined ? null : row[c];
  }

  /**
   * The part number to buy the row by: the part-number column's (a bracketed note and the others of a list left
   * out); where it has none, or a value ("100nF") where a part number belongs, the part a mostly-empty part-number
   * column leaves to the value column, else a distributor's number. Null when the row gives none.
   */
  partOf(row: readonly Cell[], cellPartNumber: string): RowPart | null {
    this.notOrderable = null;
    const usable =
      cellPartNumber !== '' &&
      !PLACEHOLDER.test(cellPartNumber) &&
      // The user's own column is taken as they chose it, values and all. A value column read for part numbers
      // gives only those that look like one, and no symbol names ("Conn_01x06_Pin") or library names.
      !(this.valueAsPartNumber
        ? !looksLikePartNumber(this.partNumberCell(row)) ||
          isSymbolName(cellPartNumber) ||
          isValueSpec(cellPartNumber) ||
          this.namesNoOrderablePart(cellPartNumber, row, this.choice.mapping.partNumber as number)
        : this.choice.mappingSource !== 'user' && isComponentValue(cellPartNumber));
    if (usable && this.makerInPartNumber) {
      const split = makerAndPart(cellPartNumber);
      if (split !== null) return split;
    }
    if (usable && this.valueAsPartNumber) {
      // A value names the part with its package in brackets ("BC817-40(SMD)"): the package is no part of the number.
      const bare = withoutPackage(cellPartNumber);
      if (bare !== cellPartNumber)
        return { partNumber: bare, note: `value ${quote(cellPartNumber, 50)}: the package in brackets was left out` };
    }
    if (usable) {
      const { partNumber, leftOut } = partNumberOfCell(cellPartNumber);
      return { partNumber, note: leftOut === '' ? '' : `part number ${quote(cellPartNumber, 50)}: ${leftOut}` };
    }
    if (this.valueFallback !== undefined) {
      const value = cellText(row[this.valueFallback]);
      const fromValue = partOfValue(value);
      if (fromValue !== null && !this.namesNoOrderablePart(fromValue.partNumber, row, this.valueFallback)) {
        return {
          partNumber: fromValue.partNumber,
          ...(fromValue.manufacturer !== '' ? { manufacturer: fromValue.manufacturer } : {}),
          from: 'value',
          note: `no part number in its column; ${fromValue.partNumber} is read from the value ${quote(value, 40)}`,
        };
      }
    }
    // A JLCPCB-style BOM's value-only rows stay value-only: their LCSC number is shown, not looked up as a part.
    if (this.valueAsPartNumber) return null;
    for (const c of this.supplierColumns) {
      const first = partNumberText(row[c]).split(/\s*,\s+|\s+,\s*/)[0];
      // Only a number shaped like one: KiCost's "#NO_CATALOG0001", "unknown" and "NonStk" are no numbers. LCSC's
      // low numbers ("C8269", "C1804") are too short to look like a part number, but are one in its column.
      if (!looksLikePartNumber(first) && !LCSC_NUMBER.test(first)) continue;
      return {
        partNumber: first,
        from: 'supplier',
        note: `no manufacturer part number; looked up by the distributor number ${quote(first, 40)} (${quote(columnLabel(this.headerCells, c), 30)})`,
      };
    }
    return partFromLinks(row);
  }

  /** Whether a value read for a part number names no orderable part (see library-names.ts); notes why. */
  private namesNoOrderablePart(value: string, row: readonly Cell[], column: number): boolean {
    const why = notOrderableValue(value, row, column);
    if (why !== null) this.notOrderable = `value ${quote(value, 40)} is ${why}`;
    return why !== null;
  }
}
