/**
 * The corpus of real BOM files (test/helpers/bom-corpus.ts; sources in its SOURCES.md) read and priced end to end: the
 * reference service over a test catalog built from the corpus's own parts, the lookup scheduler, readBom and
 * priceBom, as `partsheet price` runs them.
 *
 * Each file's truth is written here by hand from reading the file: its header row, which named column holds
 * what, where its table ends, what marks a line not placed, the board count a KiCost sheet's quantities are
 * for. From that truth alone (not from readBom) come the rows that hold a part, the test catalog, each row's
 * expected status and quantity, and the figures: the share of placed lines whose part is in the catalog that
 * end up priced, DNP lines priced, and header, title or footer rows priced. The status counts written beside
 * each file are a second, by-hand reading of it; they must agree with the truth's rows.
 */
import { readFileSync } from 'node:fs';
import { readBomFile } from '../../cli/bomfile';
import { type BomReadResult, type Cell, cellText, countDesignators, readBom } from '../../src/bom';
import { type PricedStatus } from '../../src/purchase';
import { type PriceBomResult, priceBom } from '../../src/purchase/price-lines';
import { CatalogClient } from '../../src/catalog';
import { normalizePartNumber as wireKey } from '../../src/lookup/key';
import { LookupScheduler } from '../../src/lookup';
import { inProcessService, type InProcessService, v4Entry } from '../helpers/safety';
import { corpusFile, corpusNames, corpusPresent, describeWithCorpus } from '../helpers/bom-corpus';

const describeCorpus = describeWithCorpus(__filename);

type Column = string | number;

interface CorpusFile {
  file: string;
  /** 1-based header row; null for a file without one. */
  header: number | null;
  /** The columns by their header text (trimmed, line breaks as spaces) or 0-based index. */
  columns?: { partNumber: Column; manufacturer?: Column; quantity?: Column; designators?: Column; dnp?: Column };
  /** 1-based first row after the table (a footer block), when the file has one. */
  footer?: number;
  /**
   * For a file with no part-number column and no distributor column: the 1-based rows it lists as lines to buy
   * without a part number, and those not placed. Nothing of it is priced.
   */
  /**
   * A list with no part-number column: its lines listed without one, by sheet row; `byMakersLink` the lines a maker's
   * own product link names (Adafruit's product number, as other distributors list it), bought by it.
   */
  unpriced?: {
    incomplete: readonly number[];
    dnp: readonly number[];
    byMakersLink?: ReadonlyArray<readonly [number, string, string]>;
  };
  /** Values of the part-number column that are no part numbers (a JLCPCB value column's "100nF"). */
  notParts?: readonly string[];
  /**
   * Of notParts, those shaped like part numbers (symbol names such as "Conn_01x17_Pin"): nothing tells them from
   * a part number, so they are looked up like one, and no catalog knows them.
   */
  lookedUp?: readonly string[];
  /**
   * The boards a KiCost sheet's quantities are for: the "Board Qty:" of its title block, or the multiple every
   * quantity is of its designator count.
   */
  boards?: number;
  /**
   * The file names no manufacturer part number: `columns.partNumber` is its distributor column, by whose numbers
   * the lines are looked up (the test catalog knows manufacturer part numbers only: they are not found).
   */
  bySupplier?: boolean;
  /** 1-based rows with no manufacturer part number but a distributor number, looked up by it: not found. */
  supplierRows?: readonly number[];
  /**
   * Rows with a maker and part number but no quantity and no designators are second sources for the line they
   * follow (a production BOM's alternates): not bought.
   */
  alternates?: boolean;
  /** Status counts of the priced file, rows that are not lines (blank, title, footer) left out. */
  statuses?: Partial<Record<PricedStatus, number>>;
  /**
   * Rows (numbered as the file's) whose part is named only in the value column, the row giving no part number,
   * maker or distributor's number: the part the truth takes for them.
   */
  valueParts?: Readonly<Record<number, string>>;
}

const KICOST = { partNumber: 'Manf#', manufacturer: 'Manf', quantity: 'Qty', designators: 'Refs' } as const;
const KICOST_NO_MAKER = { partNumber: 'Manf#', quantity: 'Qty', designators: 'Refs' } as const;

const CORPUS: readonly CorpusFile[] = [
  {
    file: 'kicost-StickIt-Hat.csv',
    header: 5,
    columns: KICOST,
    footer: 23,
    boards: 100,
    statuses: { priced: 10, skipped: 6 },
  },
  {
    file: 'kicost-fitting_test.csv',
    header: 5,
    columns: KICOST,
    footer: 23,
    boards: 100,
    statuses: { priced: 8, skipped: 8 },
  },
  { file: 'kicost-variants_1.csv', header: 5, columns: KICOST_NO_MAKER, boards: 100, statuses: { skipped: 2 } },
  // No "Board Qty:" in its title block, but every quantity is 100 times its designator count: for 100 boards.
  {
    file: 'kicost-Indium_X2.csv',
    header: 4,
    columns: KICOST,
    footer: 31,
    boards: 100,
    statuses: { priced: 22, skipped: 3 },
  },
  {
    file: 'kicost-NF6X_TestBoard.csv',
    header: 5,
    columns: KICOST,
    footer: 14,
    boards: 100,
    statuses: { priced: 5, skipped: 2 },
  },
  {
    file: 'kicost-acquire-PWM.csv',
    header: 5,
    columns: KICOST_NO_MAKER,
    footer: 95,
    boards: 100,
    statuses: { priced: 62, skipped: 26 },
  },
  {
    file: 'kicost-safelink_receiver.csv',
    header: 5,
    columns: KICOST,
    footer: 54,
    boards: 100,
    statuses: { priced: 46, skipped: 1 },
  },
  {
    file: 'hackrf-one-bom.csv',
    header: 1,
    columns: { partNumber: 'Part Number', manufacturer: 'Manufacturer', quantity: 'Qty', designators: 'Reference(s)' },
    statuses: { priced: 65 },
  },
  {
    file: 'hackrf-jawbreaker-bom.csv',
    header: 1,
    columns: { partNumber: 'Field2', manufacturer: 'Field1', designators: 'ref', dnp: 'Field4' },
    statuses: { priced: 277, skipped: 90 },
  },
  {
    file: 'hackrf-one-gerbers.bom.csv',
    header: 15,
    // The data rows carry one empty field more than the header from "Description" on.
    columns: { partNumber: 9, manufacturer: 6, quantity: 'Qty', designators: 'Ref', dnp: 7 },
    statuses: { priced: 88, skipped: 79 },
  },
  {
    file: 'ubertooth-one-bom-order.csv',
    header: 1,
    columns: {
      partNumber: 'Mfr. #',
      manufacturer: 'Manufacturer',
      quantity: 'Order Qty.',
      designators: 'Customer Part #',
    },
    statuses: { priced: 43 },
  },
  {
    file: 'ubertooth-zero-bom.csv',
    header: 1,
    columns: {
      partNumber: 'Manufacturer Part Number',
      manufacturer: 'Manufacturer',
      quantity: 'Quantity',
      designators: 'Reference Designator',
    },
    statuses: { priced: 26, skipped: 1 },
  },
  {
    file: 'falcan-jlcpcb-bom.csv',
    header: 1,
    columns: { partNumber: 'Value', quantity: 'Quantity', designators: 'Designator' },
    notParts: [
      '100nF',
      '1uF',
      '10pF',
      '15pF',
      'GREEN',
      'RED',
      'FerriteBead_Small',
      'CAN',
      'NC',
      'Boot',
      'RS-422',
      'Jumper_2_Open',
      '10k',
      '5k1',
      '10',
      '100k',
      '1k5',
      'BTN',
      'VCC/2',
      '16MHz AECQ200',
      '32768Hz',
      'Conn_01x17_Pin',
      'USB2.0_16P',
      'STM32G474CETx',
    ],
    // Value-column lookups that no catalog knows; the symbol names Conn_01x17_Pin and Jumper_2_Open are no longer
    // looked up (a library symbol's name is no part number), nor USB2.0_16P (a library name with a pin count), nor
    // STM32G474CETx (a family with a wildcard for its package). VCC/2 names three test pads: no purchase.
    lookedUp: ['RS-422'],
    statuses: { priced: 4, skipped: 25, 'not found': 2 },
  },
  {
    file: 'glasgow-revC1-bom.csv',
    header: 1,
    columns: { partNumber: 'MPN', manufacturer: 'Mfg', quantity: 'Quantity', designators: 'Reference', dnp: 'DNP' },
    // The FPGA and two regulators have their orderable numbers in Value alone, the rest of the row empty.
    valueParts: { 58: 'ICE40HX8K-BG121', 62: 'TLV73312PQDRVRQ1', 65: 'TLV75533PDRVR' },
    statuses: { priced: 47, skipped: 18 },
  },
  {
    file: 'glasgow-revC3-bom.csv',
    header: 1,
    columns: { partNumber: 'MPN', manufacturer: 'Mfg', quantity: 'Quantity', designators: 'Reference', dnp: 'DNP' },
    statuses: { priced: 52, skipped: 5 },
  },
  {
    file: 'glasgow-revB-mouser_bom.txt',
    header: null,
    columns: { partNumber: 0, quantity: 1, designators: 2 },
    statuses: { priced: 33, skipped: 1 },
  },
  {
    file: 'tomu-1-click-bom.tsv',
    header: 1,
    columns: { partNumber: 'MPN', manufacturer: 'Manufacturer', quantity: 'Qty', designators: 'References' },
    statuses: { priced: 7 },
  },
  {
    file: 'tomu-bom-digikey.csv',
    header: 1,
    columns: {
      partNumber: 'Manufacturer Part Number',
      manufacturer: 'Manufacturer',
      quantity: 'Quantity 1',
      designators: 'Customer Reference',
    },
    statuses: { priced: 7 },
  },
  {
    file: 'tomu-v0.4.6-bom.csv',
    header: 1,
    columns: {
      partNumber: 'MPN',
      manufacturer: 'Manufacturer',
      quantity: 'Count',
      designators: 'Reference',
      dnp: 'Notes',
    },
    statuses: { priced: 1, skipped: 21 },
  },
  // No MPN column: its lines are looked up by their Digi-Key numbers.
  {
    file: 'vive-diy-1-click-bom.tsv',
    header: 1,
    columns: { partNumber: 'Digikey', quantity: 'Qty', designators: 'References' },
    bySupplier: true,
    statuses: { 'not found': 8 },
  },
  {
    file: 'ulx3s-bom-3.0.3-top.csv',
    header: 1,
    columns: { partNumber: 'MPN/Value', quantity: 'Quantity Per Side', designators: 'References' },
    notParts: ['220nF', '549', '0'],
    // The three value-only lines are bought by their Mouser numbers ("81-GCM188R71E224K55D"), which the demo
    // catalogue does not know.
    statuses: { priced: 14, 'not found': 3 },
    supplierRows: [4, 10, 11],
  },
  {
    file: 'ulx3s-mouser-parts-cost-estimate.csv',
    header: 1,
    columns: { partNumber: 'Mfr Part Number (Input)', manufacturer: 'Manufacturer Name', quantity: 'Quantity 1' },
    statuses: { priced: 60 },
  },
  {
    file: 'ulx3s-bom.csv',
    header: 1,
    columns: { partNumber: 'MPN', manufacturer: 'MFG1', quantity: 'Quantity Per PCB', designators: 'References' },
    footer: 59,
    statuses: { priced: 52 },
  },
  {
    file: 'ulx3s-1-click-bom.tsv',
    header: 1,
    // Its Note column says "Leave empty" on the lines not placed (antenna, holes, the optional OLED).
    columns: { partNumber: 'MPN', manufacturer: 'MFG1', quantity: 'Qty', designators: 'References', dnp: 'Note' },
    statuses: { priced: 51, skipped: 12 },
  },
  {
    // Altium's BOM template: title block (Source Data From, Variant, Report Date), a header in column B, a total row.
    file: 'altium-azure-sphere-P-FTINT-2-0-bom.xlsx',
    header: 10,
    columns: {
      partNumber: 'Manufacturer Part Number',
      manufacturer: 'Manufacturer',
      quantity: 'Quantity',
      designators: 'Designator',
    },
    statuses: { priced: 14, skipped: 2 },
  },
  {
    // Altium's structured BOM: a section per sheet (heading, repeated header, lines, subtotal), a Fitted column.
    file: 'altium-azure-sphere-P-MT3620RDB-1-7-structured-bom.xlsx',
    header: 13,
    columns: {
      partNumber: 'Manufacturer Part Number 1',
      manufacturer: 'Manufacturer 1',
      quantity: 'Quantity',
      designators: 'Designator',
      dnp: 'Fitted',
    },
    footer: 143,
    notParts: ['Manufacturer Part Number 1'],
    supplierRows: [75],
    statuses: { priced: 100, 'not found': 1, skipped: 19 },
  },
  {
    // An OrCAD/Allegro board's production BOM: second sources on rows of their own under each line, then the
    // designators not to place.
    file: 'orcad-beaglebone-black-BBB_BOM.csv',
    header: 1,
    columns: { partNumber: 'PART NUMBER', manufacturer: 'MANU', quantity: 'QTY', designators: 'REFERENCE' },
    alternates: true,
    // The bare board is no part to buy; a part number with mis-encoded characters (C1 controls, read as spaces)
    // after it is looked up, not found.
    notParts: ['BeagleBone Black Commercial RevC PCB', 'SSHS-123-D-02-GT-LF\u00d9 \u00d9 \u00d9 \u00d9'],
    lookedUp: ['SSHS-123-D-02-GT-LF\u00d9 \u00d9 \u00d9 \u00d9'],
    statuses: { priced: 68, 'not found': 1, skipped: 123 },
  },
  // Hand-made, with no part-number column: its lines are listed without one (the mechanical block after a blank
  // row, with neither designators nor part numbers, is read as a footer).
  // The mechanical block below the blank row is bought too (screws, nuts, the microscope and its arm); its two
  // boards (PCB rows) are no purchase from a distributor.
  {
    file: 'ring-light-bill-of-materials.csv',
    header: 1,
    unpriced: {
      incomplete: [2, 3, 6, 7, 11, 12, 14, 15],
      dnp: [5],
      // MFG "Adafruit", SKU 2375 and adafruit.com/product/2375: Adafruit's own number for its NeoPixel.
      byMakersLink: [[4, '2375', 'Adafruit']],
    },
  },
  {
    file: 'chipwhisperer-eagle-bom_generic_victim.csv',
    header: 1,
    columns: { partNumber: 'MPN', manufacturer: 'MF', quantity: 'Qty', designators: 'Parts' },
    statuses: { skipped: 34 },
  },
];

/**
 * How a catalog names the makers the corpus BOMs write otherwise: the spellings, acquisitions and typos the
 * manufacturer matcher must see through. Makers not listed are named in the catalog as the BOM names them.
 */
const CATALOG_MAKER: Record<string, string> = {
  Murata: 'Murata Electronics',
  'MURATA ELECTRONICS (VA)': 'Murata Electronics',
  'SILICON LABORATORIES INC': 'Silicon Labs',
  'Silicon Laboratories Inc': 'Silicon Labs',
  FCI: 'Amphenol ICC (FCI)',
  'AMPHENOL FCI': 'Amphenol ICC (FCI)',
  'FCI / Amphenol': 'Amphenol ICC (FCI)',
  Fairchild: 'onsemi',
  'ON Semiconductor': 'onsemi',
  'On Semiconductor': 'onsemi',
  'ON semiconductor': 'onsemi',
  Maxim: 'Analog Devices',
  Cypress: 'Infineon Technologies',
  Xilinx: 'AMD',
  Avago: 'Broadcom',
  RFMD: 'Qorvo',
  'Alpha and Omega': 'Alpha & Omega Semiconductor',
  Littlefuse: 'Littelfuse Inc.',
  'Vishay/Dale': 'Vishay Dale',
  'Vishay/Siliconix': 'Vishay Siliconix',
  TI: 'Texas Instruments',
  DIODES: 'Diodes Incorporated',
  'Diodes Inc.': 'Diodes Incorporated',
  'Taiyo-Yuden': 'Taiyo Yuden',
  'YAGEO (VA)': 'YAGEO',
  Yaego: 'YAGEO',
  'AVX CORPORATION (VA)': 'KYOCERA AVX',
  'KINGBRIGHT COMPANY LLC (VA)': 'Kingbright',
  'PANASONIC ELECTRONIC COMPONENTS (VA)': 'Panasonic',
  Samsung: 'Samsung Electro-Mechanics',
  'ST Microelectronics': 'STMicroelectronics',
  'Wurth Electronics': 'Würth Elektronik',
  Kemet: 'KEMET',
  'Lattice Semiconductor Corporation': 'Lattice Semiconductor',
  Lattice: 'Lattice Semiconductor',
  Stackpole: 'Stackpole Electronics Inc.',
  'KOA Speer': 'KOA Speer Electronics, Inc.',
  'ON Semiconductor / Fairchild': 'onsemi',
  'Fairchild Semiconductor': 'onsemi',
  'LINEAR TECHNOLOGY': 'Analog Devices',
  'Linear Technology': 'Analog Devices',
  'Murata Electronics North America': 'Murata Electronics',
  'Panasonic Electronic Components': 'Panasonic',
  'Tayo Yuden': 'Taiyo Yuden',
  SMSC: 'Microchip Technology',
  MicroChip: 'Microchip Technology',
};

const PLACEHOLDERS = new Set(['', 'ANY', '-', 'N/A', 'TBD', 'DNP']);
const DNP_WORD = /^(?:DNP|DNI|NF|NO FIT|NOT FITTED|LEAVE EMPTY)$/i;

function columnIndex(cells: Cell[][], header: number | null, column: Column | undefined): number | undefined {
  if (column === undefined) return undefined;
  if (typeof column === 'number') return column;
  const row = header === null ? [] : cells[header - 1];
  const c = row.findIndex((cell) => cellText(cell) === column);
  if (c < 0) throw new Error(`no column named ${column}`);
  return c;
}

/** One row of the truth: what a buyer reading the file sees on that row. */
interface TruthRow {
  row: number;
  partNumber: string;
  manufacturer: string;
  /** The quantity cell's text; '' without a quantity column. */
  quantity: string;
  dnp: boolean;
  /** A second source listed under a line (CorpusFile.alternates). */
  alternate: boolean;
}

/** The rows of a file's table as its truth says: placed or DNP, with the part number the file gives. */
function truthRows(entry: CorpusFile, cells: Cell[][]): TruthRow[] {
  const cols = entry.columns!;
  const pn = columnIndex(cells, entry.header, cols.partNumber)!;
  const mfr = columnIndex(cells, entry.header, cols.manufacturer);
  const qty = columnIndex(cells, entry.header, cols.quantity);
  const dnp = columnIndex(cells, entry.header, cols.dnp);
  const end = entry.footer === undefined ? cells.length : entry.footer - 1;
  const refs = columnIndex(cells, entry.header, cols.designators);
  const out: TruthRow[] = [];
  for (let r = entry.header ?? 0; r < end; r++) {
    const row = cells[r] ?? [];
    if (row.every((c) => cellText(c) === '')) continue;
    const partNumber = entry.valueParts?.[r + 1] ?? cellText(row[pn]);
    const quantity = qty === undefined ? '' : cellText(row[qty]);
    const mark = dnp === undefined ? '' : cellText(row[dnp]);
    const previous = out.length > 0 && out[out.length - 1].row === r - 1 ? out[out.length - 1] : undefined;
    out.push({
      row: r,
      partNumber,
      manufacturer: mfr === undefined ? '' : cellText(row[mfr]),
      quantity,
      dnp: DNP_WORD.test(mark) || quantity === '0' || /^DNP$/i.test(quantity) || /^DNP$/i.test(partNumber),
      alternate:
        entry.alternates === true &&
        partNumber !== '' &&
        quantity === '' &&
        (refs === undefined || cellText(row[refs]) === '') &&
        previous !== undefined &&
        (previous.alternate || (previous.partNumber !== '' && previous.quantity !== '')),
    });
  }
  return out;
}

function isPart(entry: CorpusFile, row: TruthRow): boolean {
  return (
    !row.dnp &&
    !row.alternate &&
    !PLACEHOLDERS.has(row.partNumber.toUpperCase()) &&
    !(entry.notParts ?? []).includes(row.partNumber)
  );
}

/** Parts the JLCPCB file names by value that no catalog holds under that name. */
const NOT_IN_CATALOG = ['STM32G474CETx', 'LTC2875-DD'];

/** The status a row's line must have: not placed and no-part rows skipped, parts priced unless no catalog has them. */
function expectedStatus(entry: CorpusFile, row: TruthRow): PricedStatus {
  if (row.dnp) return 'skipped';
  if ((entry.supplierRows ?? []).includes(row.row + 1)) return 'not found';
  if (entry.bySupplier && isPart(entry, row)) return 'not found';
  if ((entry.lookedUp ?? []).includes(row.partNumber)) return 'not found';
  if (!isPart(entry, row)) return 'skipped';
  return NOT_IN_CATALOG.includes(row.partNumber) ? 'not found' : 'priced';
}

function statusCounts(statuses: readonly PricedStatus[]): Partial<Record<PricedStatus, number>> {
  const counts: Partial<Record<PricedStatus, number>> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/** Every file's cells, read once. */
const files = new Map<string, Cell[][]>();

/** The test catalog: every part the truth finds in the corpus, named as a catalog would name its maker. */
function catalogEntries(): unknown[] {
  const seen = new Set<string>();
  const entries: unknown[] = [];
  for (const entry of CORPUS) {
    if (entry.unpriced || entry.bySupplier) continue;
    for (const row of truthRows(entry, files.get(entry.file)!)) {
      if (!isPart(entry, row)) continue;
      const key = wireKey(row.partNumber);
      if (seen.has(key)) continue;
      seen.add(key);
      const maker = CATALOG_MAKER[row.manufacturer] ?? (row.manufacturer || 'Unnamed Maker');
      entries.push(
        v4Entry({
          partNum: row.partNumber,
          mfrCd: maker
            .replace(/[^A-Za-z0-9]/g, '')
            .slice(0, 6)
            .toUpperCase(),
          mfrName: maker,
          desc: `${row.partNumber} from ${entry.file}`,
          availability: 'In stock',
          sourcePartId: `SP-${key}`,
        }),
      );
    }
  }
  return entries;
}

let svc: InProcessService;
let scheduler: LookupScheduler;
const results = new Map<string, { read: BomReadResult; priced: PriceBomResult }>();

beforeAll(async () => {
  if (!corpusPresent) return;
  for (const entry of CORPUS) files.set(entry.file, (await readBomFile(corpusFile(entry.file))).cells);
  const entries = catalogEntries().filter((e) => !NOT_IN_CATALOG.includes((e as { partNum: string }).partNum));
  svc = await inProcessService(entries, { demo: 'demo-key' });
  const client = new CatalogClient({
    itemBaseUrl: 'http://catalog.test',
    login: 'demo',
    apikey: 'demo-key',
    fetch: svc.fetch,
  });
  scheduler = new LookupScheduler({ port: client });
  for (const entry of CORPUS) {
    if (entry.unpriced) continue;
    const read = readBom(files.get(entry.file)!);
    results.set(entry.file, { read, priced: await priceBom(read, scheduler) });
  }
});

afterAll(async () => {
  scheduler?.close();
  await svc?.close();
});

describeCorpus('the corpus', () => {
  test('holds at least 25 files, each listed in SOURCES.md', () => {
    const sources = readFileSync(corpusFile('SOURCES.md'), 'utf8');
    // The labelled exports (a key each in labels/) are read by bom-labelled.test.ts.
    const labelled = new Set(corpusNames('labels').map((f) => f.replace(/\.json$/, '')));
    const onDisk = corpusNames().filter((f) => f !== 'SOURCES.md' && !labelled.has(f));
    expect(onDisk.length).toBeGreaterThanOrEqual(25);
    expect(onDisk.sort()).toEqual(CORPUS.map((e) => e.file).sort());
    for (const f of onDisk) expect(sources).toContain(`| ${f} |`);
  });
});

describeCorpus.each(CORPUS.map((e) => [e.file, e] as const))('%s', (_name, entry) => {
  if (entry.unpriced) {
    const unpriced = entry.unpriced;
    test("has no part-number column: lists its lines without one, buys only what a maker's link names, and says so", () => {
      const read = readBom(files.get(entry.file)!);
      expect(read.headerRow).toBe((entry.header as number) - 1);
      expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.manufacturer])).toEqual(unpriced.byMakersLink ?? []);
      const rows = (reason: string) => read.skipped.filter((s) => s.reason === reason).map((s) => s.row + 1);
      expect({ incomplete: rows('incomplete'), dnp: rows('dnp') }).toEqual({
        incomplete: unpriced.incomplete,
        dnp: unpriced.dnp,
      });
      expect(
        read.warnings.some((w) => w.code === 'part-number-column' && w.message.startsWith('No part-number column')),
      ).toBe(true);
    });
    return;
  }

  test('header row, column mapping and table end', () => {
    const { read } = results.get(entry.file)!;
    const cells = files.get(entry.file)!;
    expect(read.headerRow).toBe(entry.header === null ? null : entry.header - 1);
    const cols = entry.columns!;
    for (const field of ['partNumber', 'manufacturer', 'quantity', 'designators', 'dnp'] as const) {
      const column =
        field === 'partNumber' && entry.bySupplier ? undefined : columnIndex(cells, entry.header, cols[field]);
      expect({ field, column: read.mapping[field] }).toEqual({ field, column });
    }
    const lastRow = cells.length - 1;
    expect(read.tableEnd).toBeLessThan(entry.footer === undefined ? lastRow + 1 : entry.footer - 1);
    // The table ends at its last row that holds something, above the footer when there is one.
    const truth = truthRows(entry, cells);
    expect(read.tableEnd).toBe(truth[truth.length - 1].row);
    if (entry.footer !== undefined)
      expect(read.warnings.some((w) => w.code === 'footer' && w.row === entry.footer! - 1)).toBe(true);
  });

  test('status of every line', () => {
    const { priced } = results.get(entry.file)!;
    const counts = statusCounts(priced.lines.map((l) => l.status));
    expect(counts).toEqual(entry.statuses);
    // The counts written by hand agree with the truth's rows, and each row has the status its truth gives.
    const truth = truthRows(entry, files.get(entry.file)!);
    expect(statusCounts(truth.map((row) => expectedStatus(entry, row)))).toEqual(entry.statuses);
    const byRow = new Map(priced.lines.map((l) => [l.row, l.status]));
    for (const row of truth) {
      expect({ row: row.row + 1, part: row.partNumber, status: byRow.get(row.row) }).toEqual({
        row: row.row + 1,
        part: row.partNumber,
        status: expectedStatus(entry, row),
      });
    }
  });

  if (entry.columns!.quantity !== undefined) {
    test('the quantity per board of every line is its quantity cell (divided by the board count), or its designator count where more positions are listed', () => {
      const { read } = results.get(entry.file)!;
      const cells = files.get(entry.file)!;
      const truth = new Map(truthRows(entry, cells).map((r) => [r.row, r]));
      const refs = columnIndex(cells, entry.header, entry.columns!.designators);
      for (const line of read.lines) {
        const listed = refs === undefined ? 0 : countDesignators(cellText(cells[line.row]?.[refs]));
        const quantity = Math.max(Number(truth.get(line.row)?.quantity) / (entry.boards ?? 1), listed);
        expect({ row: line.row + 1, quantityPerBoard: line.quantityPerBoard }).toEqual({
          row: line.row + 1,
          quantityPerBoard: quantity,
        });
      }
    });
  }

  test('every placed line whose part is in the catalog is priced; no DNP, header, title or footer row is', () => {
    const { priced } = results.get(entry.file)!;
    const status = new Map(priced.lines.map((l) => [l.row, l]));
    const truth = truthRows(entry, files.get(entry.file)!);
    for (const row of truth) {
      const line = status.get(row.row);
      if (row.dnp)
        expect({ row: row.row + 1, status: line?.status }).not.toEqual({ row: row.row + 1, status: 'priced' });
      else if (expectedStatus(entry, row) === 'priced') {
        expect({ row: row.row + 1, part: row.partNumber, status: line?.status }).toEqual({
          row: row.row + 1,
          part: row.partNumber,
          status: 'priced',
        });
      }
    }
    const tableRows = new Set(truth.map((r) => r.row));
    for (const line of priced.lines)
      expect({ row: line.row + 1, inTable: tableRows.has(line.row) }).toEqual({ row: line.row + 1, inTable: true });
  });
});

describeCorpus('rows that are no lines say what they are', () => {
  const details = (file: string): Map<number, string> =>
    new Map(results.get(file)!.read.skipped.map((s) => [s.row + 1, `${s.reason}: ${s.detail}`]));

  test("Altium's structured BOM: section headings, repeated headers, subtotals, Not Fitted lines", () => {
    const d = details('altium-azure-sphere-P-MT3620RDB-1-7-structured-bom.xlsx');
    expect(d.get(38)).toBe('no-part-number: a total ("37"), not a part');
    expect(d.get(40)).toBe('no-part-number: a section heading ("PIO")');
    expect(d.get(41)).toBe('no-part-number: repeats the header row');
    expect(d.get(52)).toBe('no-part-number: a section heading ("PMU")');
    expect(d.get(140)).toBe('no-part-number: a total ("70"), not a part');
    expect(d.get(16)).toBe('dnp: not placed (populate column: "Not Fitted")');
    // The "Total" below the last section is a footer, not a line.
    expect(d.has(143)).toBe(false);
  });

  test("Altium's template BOM: the total row under the table", () => {
    expect(details('altium-azure-sphere-P-FTINT-2-0-bom.xlsx').get(26)).toBe(
      'no-part-number: a total ("29"), not a part',
    );
  });

  test('a production BOM: second sources are alternates of the line above, never bought', () => {
    const file = 'orcad-beaglebone-black-BBB_BOM.csv';
    const d = details(file);
    expect(d.get(9)).toBe('alternate: alternate for row 8 ("C2012Y5V1A106Z"): not bought');
    expect(d.get(11)).toBe('alternate: alternate for row 8 ("C2012Y5V1A106Z"): not bought');
    // The box is a line to buy that names no part number: listed, not priced.
    expect(d.get(6)).toBe(
      'incomplete: a line to buy (1 per board; "BOX") with no manufacturer part number to price it by: add one',
    );
    const { priced } = results.get(file)!;
    const byPart = new Map(priced.lines.filter((l) => l.status === 'priced').map((l) => [l.partNumber, l]));
    // The line's own part is bought for the line's quantity; its alternates are no lines of their own.
    expect(byPart.get('C2012Y5V1A106Z')?.need).toBe(24);
    expect(byPart.has('GRM21BR71A106KE51L')).toBe(false);
  });
});

describeCorpus('figures over the corpus', () => {
  test('≥ 99 % of lines whose part is in the catalog priced, no DNP line priced, no header or footer row priced', () => {
    let inCatalog = 0;
    let pricedInCatalog = 0;
    let dnpLines = 0;
    let dnpPriced = 0;
    let outsidePriced = 0;
    let lines = 0;
    const nearNotes: string[] = [];
    for (const entry of CORPUS) {
      if (entry.unpriced) continue;
      const { priced } = results.get(entry.file)!;
      const byRow = new Map(priced.lines.map((l) => [l.row, l]));
      const truth = truthRows(entry, files.get(entry.file)!);
      const tableRows = new Set(truth.map((r) => r.row));
      lines += truth.length;
      for (const row of truth) {
        const status = byRow.get(row.row)?.status;
        if (row.dnp) {
          dnpLines++;
          if (status === 'priced') dnpPriced++;
        } else if (expectedStatus(entry, row) === 'priced') {
          inCatalog++;
          if (status === 'priced') pricedInCatalog++;
        }
      }
      for (const line of priced.lines) if (!tableRows.has(line.row) && line.status === 'priced') outsidePriced++;
      for (const line of priced.lines)
        if (line.statusReason.startsWith('BOM says'))
          nearNotes.push(line.statusReason.split(';').slice(0, 2).join(';'));
    }
    const share = pricedInCatalog / inCatalog;
    console.log(
      [
        `corpus: ${CORPUS.length} files, ${lines} table rows`,
        `lines whose part is in the catalog: ${inCatalog}, priced ${pricedInCatalog} (${(share * 100).toFixed(2)} %)`,
        `DNP lines: ${dnpLines}, priced ${dnpPriced}`,
        `header, title and footer rows priced: ${outsidePriced}`,
        `priced with a maker note (${nearNotes.length}): ${[...new Set(nearNotes)].slice(0, 12).join(' | ')}`,
      ].join('\n'),
    );
    expect(share).toBeGreaterThanOrEqual(0.99);
    expect(dnpPriced).toBe(0);
    expect(outsidePriced).toBe(0);
  });
});
