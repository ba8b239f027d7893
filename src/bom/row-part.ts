/**
 * The part number a row is bought by: its part-number column's (a note or a list's others left out, a maker named in
 * the cell split off), else the value a mostly empty part-number column leaves to it, else a distributor's number.
 * A value read for a part number is judged: symbol and library names, specifications and series are no parts to buy.
 */
import { partOfName } from './name-numbers';
import { type Cell, type CellGrid, cellText, partNumberText, rawCellText } from '../text/normalize';
import { looksLikePartNumber, valueColumn } from './header';
import { isLcscCodeCell, makerAndNumber, makersFirst } from './column-content';
import { ShopColumns } from './shop-columns';
import { isLibraryName, notOrderableValue } from './library-names';
import { isKnownManufacturer } from '../match/manufacturer';
import { bareMakerNumber, isGenericType } from './part-grammar';
import { type RowPart, linkMarkup, partFromLinks, partFromProductLink, shopsOwnCode } from './product-links';
import { type ColumnChoice } from './read-columns';
import { NOT_A_NUMBER, columnLabel, quote } from './read-result';
import { isPlaceholder } from './placeholder';
import {
  MODULE_WORDS,
  namesABoard,
  isComponentValue,
  isKindName,
  isSymbolName,
  kindNotNumber,
  isValueSpec,
  numberBeforeWords,
  partNumberOfCell,
  withoutPackage,
  numberBeforeKind,
} from './row-kinds';
import { numberBesideMaker, numberInValue, partOfValue } from './value-numbers';
import { askableName, askableValue, isDistributorCode } from './catalog-questions';
import {
  MAKER_AND_PART_HEADER,
  describesInWords,
  labelsOfOneCode,
  makerAndPart,
  makerNamingNumber,
  numberAfterDescription,
  numberThenPackageHeader,
  numbersByLine,
  orderableNumberIn,
} from './part-cells';
import { namesAPack } from './quantity';

import { ANY_MAKER, NOT_A_NAME, RESISTOR, partHeader, valueLikeColumns, withoutNote } from './row-part-words';

/** How the rows of one table give their part numbers (see partOf). */
export class PartReader {
  /** The part-number column is the value column (a JLCPCB-style BOM): only values shaped like part numbers count. */
  readonly valueAsPartNumber: boolean;
  /** Values that label one part on several rows ("Fan1"…"Fan5" on one code or footprint): no part numbers (labelsOfOneCode). */
  private readonly labels: ReadonlySet<string>;
  /** The table's distributor columns: each row's shop numbers, and which are LCSC's. */
  readonly shops: ShopColumns;
  /**
   * The value column, read for the part when the part-number column is mostly empty (DesignSpark writes the part
   * in the value). Not where the BOM has no part-number column at all: it buys by distributor numbers instead.
   */
  private readonly valueFallback: number[];
  /**
   * The value-like columns, where the part-number column is mostly filled: a row that leaves it empty, and names
   * no maker and no distributor's number either, may still give a maker's full orderable number as its value
   * (a connector written only in Component).
   */
  private readonly valueAlone: number[];
  /** The part-number column's header names the maker too ("Manufacturer/MPN"): its cells read "YAGEO CC0402KRX7R7BB104". */
  private readonly makerInPartNumber: boolean;
  private readonly knownMakerFirst: boolean;
  /** The part-number column's header names the package after it ("型号/封装", "MPN/Package"): "L78M05CDT-TR/DPAK". */
  private readonly packageAfterNumber: boolean;
  /** Why the value last read for the row's part number names no orderable part (partOf), or null. */
  notOrderable: string | null = null;
  /** Value cells judged by their shape alone, as the text a catalog would be asked about (catalogQuestions). */
  readonly questions = new Set<string>();

  constructor(
    private readonly choice: ColumnChoice,
    private readonly headerCells: readonly Cell[],
    private readonly supplierColumns: readonly number[],
    sample: CellGrid,
    /** What the catalog said of value cells (ReadBomOptions.catalogAnswers). */
    private readonly answers?: ReadonlyMap<string, boolean>,
  ) {
    const { mapping } = choice;
    this.shops = new ShopColumns(headerCells, supplierColumns, sample);
    const value = valueColumn(headerCells);
    this.valueAsPartNumber =
      choice.mappingSource !== 'user' && mapping.partNumber !== undefined && mapping.partNumber === value;
    const pn = mapping.partNumber;
    const footprints = headerCells.flatMap((h, c) =>
      /\bfootprint\b|^\s*(?:package|封装)\s*$/i.test(cellText(h)) ? [c] : [],
    );
    this.labels = this.valueAsPartNumber
      ? labelsOfOneCode(sample, pn as number, supplierColumns, footprints)
      : new Set();
    const open = choice.mappingSource !== 'user' && pn !== undefined && mapping.manufacturer === undefined;
    this.makerInPartNumber = open && MAKER_AND_PART_HEADER.test(cellText(headerCells[pn]));
    // A column a third of whose filled cells name a known maker and then the number ("Murata GRM188R71H104KA93D"):
    // each cell split where it names a known maker, never at its last word alone.
    this.knownMakerFirst = open && !this.makerInPartNumber && makersFirst(sample, pn);
    this.packageAfterNumber = pn !== undefined && numberThenPackageHeader(cellText(headerCells[pn]));
    // A row whose part-number cell is empty may name its part in a value-like column (DesignSpark's Component, KiCad's
    // Value), judged by its own cell: where that column is mostly empty, or absent with no distributor column either
    // (DipTrace's Value, Name, Pattern). Where it is mostly filled, an empty cell is the designer's choice.
    // A shop's column left empty (KiCad pcbnew's "Supplier and ref" nobody filled in) is no column to buy by.
    const filledShops = supplierColumns.filter((c) => sample.some((r) => /[A-Za-z0-9]/.test(cellText(r?.[c]))));
    const noColumn = pn === undefined && filledShops.length === 0;
    const valueLike =
      choice.mappingSource !== 'user' && (pn !== undefined || noColumn)
        ? valueLikeColumns(headerCells, value).filter((c) => c !== pn)
        : [];
    const mostlyEmpty =
      noColumn || (pn !== undefined && sample.filter((r) => cellText(r?.[pn]) !== '').length * 2 < sample.length);
    const fallback = this.valueAsPartNumber || mostlyEmpty ? valueLike : [];
    // A second maker's number column where the first names none (a library's code: "CC0201_100NF_6.3V_10%_X5R").
    const second = headerCells.findIndex((h, c) => c !== pn && /\d/.test(cellText(h)) && partHeader(h));
    this.valueFallback = second < 0 || choice.mappingSource === 'user' ? fallback : [second, ...fallback];
    this.valueAlone = fallback.length === 0 ? valueLike : [];
  }

  /**
   * What the catalog said of a value cell's text: true (it knows the part), false (it does not), or undefined
   * where it was not asked; a text not asked is kept as a question.
   */
  private catalogSays(text: string | null): boolean | undefined {
    if (text === null) return undefined;
    const said = this.answers?.get(text);
    if (said === undefined) this.questions.add(text);
    return said;
  }

  /** The row's part from a value cell the catalog knows, with the note that says so. */
  private knownValue(text: string, column: number, value: string, manufacturer = ''): RowPart {
    return {
      partNumber: text,
      ...(manufacturer !== '' ? { manufacturer } : {}),
      from: 'value',
      note: `no part number in its column; ${text} is read from ${quote(columnLabel(this.headerCells, column), 30)} (${quote(value, 40)}): the catalog knows it`,
    };
  }

  /** Whether the row names neither a maker nor a distributor's number: its value is all it says of the part. */
  private namesOnlyValue(row: readonly Cell[]): boolean {
    const maker = this.choice.mapping.manufacturer;
    return (
      (maker === undefined || cellText(row[maker]) === '') && this.supplierColumns.every((c) => cellText(row[c]) === '')
    );
  }

  /** A maker's full orderable number standing alone as the value of a row that says nothing else of its part. */
  private orderableValueAlone(row: readonly Cell[]): RowPart | null {
    if (!this.namesOnlyValue(row)) return null;
    for (const c of this.valueAlone) {
      const value = cellText(row[c]);
      const said = this.catalogSays(askableValue(value));
      if (said === false) continue;
      if (said === true) return this.knownValue(askableValue(value) as string, c, value);
      const found = orderableNumberIn(value);
      // A value that another cell repeats is the library's device name written as the value (Eagle does so where
      // none was given), not a part chosen.
      const repeated = row.some((cell, i) => i !== c && cellText(cell) === value);
      if (found === null || found.partNumber !== value.trim() || repeated) continue;
      if (this.namesNoOrderablePart(found.partNumber, row, c)) continue;
      return {
        partNumber: found.partNumber,
        from: 'value',
        note: `no part number, maker or distributor's number on the row; ${found.partNumber} is read from ${quote(columnLabel(this.headerCells, c), 30)}`,
      };
    }
    return null;
  }

  /**
   * Whether a value read for the row's part number is shaped as one: a part number's shape, or a maker's short
   * all-digit number on a part no bare number values (bareMakerNumber).
   */
  private shapedAsPart(row: readonly Cell[], value: string): boolean {
    const c = this.choice.mapping.designators;
    if (this.labels.has(value.trim())) return false;
    const cell = this.partNumberCell(row);
    const number = numberBeforeKind(cellText(cell))?.partNumber ?? cell;
    return looksLikePartNumber(number) || bareMakerNumber(value, c === undefined ? '' : cellText(row[c]));
  }

  private partNumberCell(row: readonly Cell[]): Cell {
    const c = this.choice.mapping.partNumber;
    return c === undefined ? null : row[c];
  }

  /**
   * A value column's cell as the catalog and the row judge it: a generic type beside a distributor's number (that
   * number names the part, the type any maker's), and the catalog's word on the cell where it was asked, which beats
   * its shape; `known`, the number the catalog knows among a value's words ("1:4 ADT4-6T").
   */
  private valueJudged(
    row: readonly Cell[],
    cellPartNumber: string,
  ): { generic: boolean; said: boolean | undefined; known?: RowPart } {
    const judged = this.valueAsPartNumber && cellPartNumber !== '';
    const generic = judged && this.genericBesideDistributor(partNumberOfCell(cellPartNumber).partNumber, row);
    const asked = judged && !generic ? askableValue(cellPartNumber) : null;
    const said = asked === null ? undefined : this.catalogSays(asked);
    if (said === false) this.notOrderable = `value ${quote(cellPartNumber, 40)} is not known to the catalog`;
    if (said !== true || asked === null || cellPartNumber.startsWith(asked)) return { generic, said };
    const note = `value ${quote(cellPartNumber, 50)}: the catalog knows ${asked}`;
    return { generic, said, known: { partNumber: asked, from: 'value', note } };
  }

  /**
   * Maker and number typed in each other's columns ("CUI" as the part number beside "CMI-9655S-SMT-TR" as its maker):
   * the row read the other way round, or null. Never in the user's own columns.
   */
  private swappedWithMaker(row: readonly Cell[], cellPartNumber: string): RowPart | null {
    const c = this.choice.mapping.manufacturer;
    const maker = c === undefined || this.choice.mappingSource === 'user' ? '' : partNumberText(row[c]);
    if (maker === '' || !isKnownManufacturer(cellPartNumber) || looksLikePartNumber(cellPartNumber)) return null;
    if (!looksLikePartNumber(maker) || isKnownManufacturer(maker)) return null;
    const note = `maker ${quote(cellPartNumber, 30)} and number ${quote(maker, 40)} are written in each other's columns`;
    return { partNumber: maker, manufacturer: cellPartNumber, note };
  }

  /**
   * The part number to buy the row by: the part-number column's (a bracketed note and the others of a list left
   * out); where it has none, or a value ("100nF") where a part number belongs, the part a mostly-empty part-number
   * column leaves to the value column, else a distributor's number. Null when the row gives none.
   */
  partOf(row: readonly Cell[], cellPartNumber: string, packageLeftOut = false): RowPart | null {
    this.notOrderable = null;
    return this.swappedWithMaker(row, cellPartNumber) ?? this.partAsWritten(row, cellPartNumber, packageLeftOut);
  }

  /** partOf's reading of the cells where maker and number stand in their own columns. */
  private partAsWritten(row: readonly Cell[], cellPartNumber: string, packageLeftOut: boolean): RowPart | null {
    // The number written as a link ("[LM358DR](https://…)"): the link's words; a shop's own code where the link is
    // to that code's page at a shop whose codes name parts in its catalogue alone (McMaster-Carr's, an ASIN).
    const link = linkMarkup(rawCellText(this.partNumberCell(row)));
    if (link !== null && link.text !== '' && link.text !== cellPartNumber) {
      const shop = partFromProductLink(link.url);
      const code = shop?.distributorPartNumber;
      // A listing's title at such a shop ("Rd-03D Radar Sensor" at Amazon) is no maker's number either.
      const own = shop !== null && code !== undefined && shopsOwnCode(shop.distributor, code);
      if (own && (code.toUpperCase() === link.text.toUpperCase() || !looksLikePartNumber(link.text))) {
        this.notOrderable = `${shop.distributor} ${quote(code, 30)}, a number of that shop's catalogue alone`;
        return null;
      }
      // Words that name no part ("Link", "Mouser", "datasheet"): the part the address names, else none.
      if (!looksLikePartNumber(link.text)) return partFromLinks([link.url], false);
      return this.partOf(row, link.text, packageLeftOut);
    }
    // "CL21A226MAQNNNE_C45783": the LCSC code the row gives in a column of its own, glued on after an underscore.
    const glued = /^(.+)_(C\d{3,9})$/i.exec(cellPartNumber);
    if (glued && row.some((c) => cellText(c).trim().toUpperCase() === glued[2].toUpperCase()))
      return this.partOf(row, glued[1], packageLeftOut);
    // "L78M05CDT-TR/DPAK" under "型号/封装": the number is what stands before the last slash.
    const slash = this.packageAfterNumber && !packageLeftOut ? cellPartNumber.lastIndexOf('/') : -1;
    if (slash > 0) {
      const part = this.partOf(row, cellPartNumber.slice(0, slash).trim(), true);
      const note = `part number ${quote(cellPartNumber, 50)}: the package after the slash left out`;
      return part === null ? null : { ...part, note: part.note === '' ? note : part.note };
    }
    // A value column read for part numbers holds what the schematic shows ("1N5818"); a shop's product link in the row
    // names the part bought ("…STMicroelectronics-VNLD5090TR-E_C222209.html").
    if (this.valueAsPartNumber && cellPartNumber !== '' && /https?:|www\./i.test(row.map(cellText).join(' '))) {
      const linked = partFromLinks(row, false);
      if (linked !== null && linked.from === 'link') return linked;
    }
    const { generic, said, known } = this.valueJudged(row, cellPartNumber);
    if (known !== undefined) return known;
    const told = generic || this.makerInPartNumber || this.knownMakerFirst;
    const described = told ? null : numberAfterDescription(rawCellText(this.partNumberCell(row)));
    if (described !== null) return { ...described, note: `${described.partNumber} is read after the description` };
    const usable =
      !generic &&
      !this.noMakersPart(row, cellPartNumber) &&
      (said ??
        (cellPartNumber !== '' &&
          !NOT_A_NUMBER.test(cellPartNumber) &&
          !isPlaceholder(cellPartNumber) &&
          // The user's own column is taken as they chose it, values and all. A value column read for part numbers
          // gives only those that look like one, and no symbol names ("Conn_01x06_Pin") or library names.
          !(this.valueAsPartNumber
            ? !this.shapedAsPart(row, cellPartNumber) ||
              isComponentValue(cellPartNumber) ||
              isSymbolName(cellPartNumber) ||
              isKindName(cellPartNumber) ||
              isValueSpec(cellPartNumber) ||
              this.namesNoOrderablePart(cellPartNumber, row, this.choice.mapping.partNumber as number)
            : this.choice.mappingSource !== 'user' &&
              (isComponentValue(cellPartNumber) ||
                // A library's name for the part ("HDR-M_2.54_1x2P" in EasyEDA's Device) names no maker's number.
                isSymbolName(cellPartNumber) ||
                isLibraryName(cellPartNumber) ||
                describesInWords(cellPartNumber) ||
                kindNotNumber(cellPartNumber) ||
                // A letter or two alone ("c" for a capacitor, "EC" for the house's stock) names no part.
                /^\p{L}{1,2}$/u.test(cellPartNumber) ||
                this.anyMakersValue(row, cellPartNumber)))));
    // A JLCPCB Comment may name the maker, the number and the ratings ("BEL Fuse 0ZCJ0005FF2E 50mA 60VDC").
    const rated = this.valueAsPartNumber && !usable && !generic ? numberInValue(cellPartNumber) : null;
    if (rated !== null)
      return {
        partNumber: rated.partNumber,
        ...(rated.manufacturer !== '' ? { manufacturer: rated.manufacturer } : {}),
        from: 'value',
        note: `value ${quote(cellPartNumber, 50)}: the part number ${rated.partNumber} is read from it`,
      };
    if (usable && (this.makerInPartNumber || this.knownMakerFirst)) {
      // A note in brackets after the number ("ON Semi BAT54SLT1G (replaces BAT54S)") is no word of it.
      const { partNumber: bare, leftOut } = partNumberOfCell(cellPartNumber);
      const split = this.makerInPartNumber ? makerAndPart(bare) : makerAndNumber(bare, 2);
      const said = [leftOut === '' ? '' : `part number ${quote(cellPartNumber, 50)}: ${leftOut}`];
      if (split !== null)
        return { ...split, note: [...said, 'note' in split ? split.note : ''].filter((n) => n).join('; ') };
    }
    if (usable && this.valueAsPartNumber) {
      // A value names the part with its package in brackets ("BC817-40(SMD)"): the package is no part of the number.
      const bare = withoutPackage(cellPartNumber);
      if (bare !== cellPartNumber)
        return { partNumber: bare, note: `value ${quote(cellPartNumber, 50)}: the package in brackets was left out` };
      const kind = numberBeforeKind(cellPartNumber);
      if (kind !== null)
        return { partNumber: kind.partNumber, note: `value ${quote(cellPartNumber, 50)}: ${kind.leftOut}` };
    }
    if (usable) {
      const listed = numbersByLine(this.partNumberCell(row));
      if (listed !== null) return listed;
      const { partNumber, leftOut } =
        (this.valueAsPartNumber ? null : numberBeforeWords(cellPartNumber)) ?? partNumberOfCell(cellPartNumber);
      return { partNumber, note: leftOut === '' ? '' : `part number ${quote(cellPartNumber, 50)}: ${leftOut}` };
    }
    const fromValues = cellPartNumber === '' || !usable ? this.partFromValues(row) : null;
    if (fromValues !== null) return fromValues;
    if (cellPartNumber === '') {
      const alone = this.orderableValueAlone(row) ?? this.numberInName(row);
      if (alone !== null) return alone;
    }
    for (const c of this.supplierColumns) {
      const first = this.shops.numberIn(row, c);
      // An LCSC (JLCPCB) number ("C2040") names a part in that distributor's catalogue alone: listed, never looked up.
      if (first === null || this.shops.ownCatalogue(c, first) !== null) continue;
      return {
        partNumber: first,
        from: 'supplier',
        note: `no manufacturer part number; looked up by the distributor number ${quote(first, 40)} (${quote(columnLabel(this.headerCells, c), 30)})`,
      };
    }
    return partFromLinks(row);
  }

  /** The row's part from its value-like columns where its part-number cell gives none (see partAsWritten). */
  private partFromValues(row: readonly Cell[]): RowPart | null {
    for (const c of this.valueFallback) {
      const value = cellText(row[c]);
      const fromValue = withoutNote(partOfValue(value) ?? orderableNumberIn(value) ?? makerAndNumber(value));
      const asked = fromValue?.partNumber ?? askableValue(value);
      if (asked !== null && this.genericBesideDistributor(asked, row)) continue;
      const said = isDistributorCode(value) ? undefined : this.catalogSays(asked);
      if (said === false) {
        this.notOrderable = `value ${quote(value, 40)} is not known to the catalog`;
        continue;
      }
      if (said === true) return this.knownValue(asked as string, c, value, fromValue?.manufacturer);
      const maker = fromValue === null && asked !== null ? makerNamingNumber(row, asked, c) : null;
      if (maker !== null)
        return {
          partNumber: asked as string,
          manufacturer: maker,
          from: 'value',
          note: `no part number in its column; ${asked} is read from ${quote(columnLabel(this.headerCells, c), 30)}: the row's description names it after its maker (${quote(maker, 40)})`,
        };
      const beside = fromValue === null ? numberBesideMaker(value, this.makerOf(row)) : null;
      if (beside !== null)
        return {
          ...beside,
          from: 'value',
          note: `no part number in its column; ${beside.partNumber} is read from ${quote(columnLabel(this.headerCells, c), 30)}: the row names its maker (${quote(beside.manufacturer, 40)})`,
        };
      if (fromValue !== null && !this.namesNoOrderablePart(fromValue.partNumber, row, c)) {
        return {
          partNumber: fromValue.partNumber,
          ...(fromValue.manufacturer !== '' ? { manufacturer: fromValue.manufacturer } : {}),
          from: 'value',
          note: `no part number in its column; ${fromValue.partNumber} is read from ${quote(columnLabel(this.headerCells, c), 30)}: ${quote(value, 40)}`,
        };
      }
    }
    return null;
  }

  /** The text of the row's maker column, or ''. */
  private makerOf(row: readonly Cell[]): string {
    const column = this.choice.mapping.manufacturer;
    return column === undefined ? '' : cellText(row[column]).trim();
  }

  /**
   * Where the list has no part-number column, the maker's number its name gives (numberOfName: "A3144霍尔传感器",
   * "LDPE Tubing (8010-0125)"), else a number among the words of its name or other text cells that the catalog
   * knows ("EEPROM | AT24C32", "Sensorgehäuse CBRS01VWH", "PMSA003"), or null.
   */
  private numberInName(row: readonly Cell[]): RowPart | null {
    if (this.choice.mapping.partNumber !== undefined) return null;
    const cells = this.nameCells(row);
    // A row calling the thing a module or a board in any cell ("Relay SRD-05VDC-SL-C 5V | 1-channel relay module").
    const boardRow = row.some((cell) => typeof cell === 'string' && (MODULE_WORDS.test(cell) || namesABoard(cell)));
    const coded = this.supplierColumns.some((s) => this.shops.givesLookup(row, s));
    for (const c of cells) {
      const described = c === this.choice.mapping.description && !coded;
      const part = partOfName(row, c, { boardRow, described });
      if (part !== null)
        return {
          ...part,
          from: 'value',
          note: `no part-number column; ${part.partNumber} is read from the name ${quote(cellText(row[c]), 40)}`,
        };
    }
    // A row with positions to fill is a schematic's part, its value no list's name to ask about.
    const positions = this.choice.mapping.designators;
    if (positions !== undefined && /\d/.test(cellText(row[positions]))) return null;
    // A row calling the thing a module or a breakout ("TB6612FNG", "Motor Driver Module") buys a board, not the chip.
    if (boardRow) return null;
    for (const c of cells) {
      const name = cellText(row[c]);
      const known = askableName(name);
      if (known !== null && this.catalogSays(known) === true)
        return {
          partNumber: known,
          from: 'value',
          note: `no part-number column; ${known} is read from ${quote(name, 40)} (${quote(columnLabel(this.headerCells, c), 30)}): the catalog knows it`,
        };
    }
    return null;
  }

  /**
   * The columns a list without a part-number column names its things in: the description first, then every other
   * column no field or shop claims whose cell is short text and no link.
   */
  private nameCells(row: readonly Cell[]): number[] {
    const { mapping } = this.choice;
    const claimed = new Set<number | undefined>([...Object.values(mapping), ...this.supplierColumns]);
    const others = [...row.keys()].filter((c) => {
      const text = cellText(row[c]);
      return (
        !claimed.has(c) &&
        typeof row[c] === 'string' &&
        text.length <= 80 &&
        !/https?:|www\./i.test(text) &&
        !NOT_A_NAME.test(cellText(this.headerCells[c]))
      );
    });
    return mapping.description === undefined ? others : [mapping.description, ...others];
  }

  /**
   * Whether a value read for the row's part is a type several makers make ("2N7002", "BAT54SW": part-grammar.ts)
   * while a distributor's number on the row names one maker's part: the row is bought by that number (an LCSC
   * number: listed with it), not by the type, which would price any maker's. Notes why.
   */
  private genericBesideDistributor(value: string, row: readonly Cell[]): boolean {
    if (!isGenericType(value) || this.supplierColumns.every((c) => this.shops.numberIn(row, c) === null)) return false;
    this.notOrderable = `value ${quote(value, 40)} is a type several makers make; the row's distributor number names the part`;
    return true;
  }

  /**
   * Whether the row's maker cell says any maker's part will do ("any", "generic") and its part-number cell holds a
   * kind, a value with its ratings, or a resistor's resistance alone ("330" beside "Resistor"): no maker's number. A
   * type number stays one (7805, 555 by any maker).
   */
  private anyMakersValue(row: readonly Cell[], text: string): boolean {
    const maker = this.choice.mapping.manufacturer;
    if (maker === undefined || !ANY_MAKER.test(cellText(row[maker]).trim())) return false;
    if (isKindName(text) || isValueSpec(text)) return true;
    return /^\d{1,4}$/.test(text) && row.some((cell) => RESISTOR.test(cellText(cell)));
  }

  /**
   * A cell counting the pieces of its pack ("VL53L0X(4個)", "NE555 10pcs"): a shop's pack, not one maker's part; or
   * LCSC's code where the maker's number belongs, said so (in the cell, "C167321 (lcsc.com)", or as its maker: "LCSC")
   * or on a row naming no maker: that shop's part, listed, never looked up. On a row naming its maker it is taken as
   * that maker's number (BOOMELE's headers, "C49661", are numbered so).
   */
  private noMakersPart(row: readonly Cell[], cellPartNumber: string): boolean {
    if (cellPartNumber === '' || this.choice.mappingSource === 'user') return false;
    const pack = namesAPack(cellPartNumber);
    if (pack) this.notOrderable = `${quote(cellPartNumber, 40)} names a pack of several pieces, not one maker's part`;
    const maker = this.makerOf(row);
    const lcsc = isLcscCodeCell(cellPartNumber) && (/lcsc|jlc/i.test(`${cellPartNumber} ${maker}`) || maker === '');
    return pack || lcsc;
  }

  /** Whether a value read for a part number names no orderable part (see library-names.ts); notes why. */
  private namesNoOrderablePart(value: string, row: readonly Cell[], column: number): boolean {
    const why = notOrderableValue(value, row, column);
    if (why !== null) this.notOrderable = `value ${quote(value, 40)} is ${why}`;
    return why !== null;
  }
}
