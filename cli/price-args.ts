/** `partsheet price`: its usage text and its arguments, checked. */
import { extname, resolve } from 'node:path';
import { MAX_BOARDS } from '../src/bom';
import { DEFAULT_OVERBUY_THRESHOLD, type OverbuyThreshold } from '../src/plan';
import type { Day } from '../src/plan/days';
import { readNeedBy } from '../src/plan/schedule';
import { isPlanError } from '../src/plan/errors';
import { ALTERNATES_USES, type AlternatesUse, DEFAULT_ALTERNATES_USE } from '../src/plan/alternates';
import { parseBoardsList } from '../src/purchase/scenarios';
import { outputDelimiter } from './bomfile';
import { columnIndex } from '../src/text/normalize';
import { type BuyingFlags, connectionOf, DEFAULT_APIKEY, DEFAULT_ITEM_URL, DEFAULT_LOGIN } from './connection';
import { UsageError } from './usage';
import { CONNECTION_FLAGS, PLAN_FLAGS, parseCommand, percentOf, planFlagsOf } from './args';
import { groupedCount } from '../src/text/plural';

export const PRICE_USAGE = `Usage: partsheet price FILE [--boards N[,N...]] [--out OUT [--share-safe [--keep-records]]] [--json] [--explain] [--sheet NAME] [--columns K:L] [--variant NAME] [--currency CUR] [--v3]
                       [--delimiter D] [--overage PCT] [--overage-min N] [--split-min-saving PCT]
                       [--overbuy-share PCT] [--overbuy-min AMOUNT] [--rate CUR=RATE] [--progress] [--url URL] [--login L] [--apikey K]
                       [--alternates unavailable|cheaper] [--suggest] [--need-by YYYY-MM-DD] [--snapshot FILE.json] [--since LAST.json|LAST.xlsx [--since-sheet NAME]]

Prices a bill of materials: FILE is CSV or TSV (delimiter found by itself), XLSX, XLS, ODS or an HTML page of tables.
  --boards N      boards in the build; each line's need is its quantity times N (default 1). Several, such as
                  1,10,100,1000 (or "1, 100": "1,100" reads as one thousand one hundred), price the BOM at each
                  with one lookup and add the scenarios (total, per board, spares, short, not Active and the
                  offers that change, per quantity; each line's unit and extended cost at each) to every output;
                  the BOM's own columns are for the first quantity written
  --out OUT       write OUT.xlsx (the BOM, the priced columns beside it, "Price breaks", "Summary", "Schedule"
                  and "Risk" sheets), OUT.csv or OUT.tsv (the BOM's columns and the priced columns); without it, print a table
  --share-safe    for an XLSX OUT: a copy that keeps pricing with nothing installed (Excel, LibreOffice, Google
                  Sheets): each part's breaks, MOQ, pack and stock on a "Breaks" sheet, and the quantities, unit
                  prices, extended prices and the total as formulas over them, so a changed quantity or number
                  of boards (the Summary's "Boards") re-prices; a quantity below the MOQ or not whole packs says so.
                  It carries none of Partsheet's records unless --keep-records is given
  --keep-records  with --share-safe: keep the run's plan records in the copy (each line's plan in the very hidden
                  "Partsheet records" sheet, and the run's snapshot that a later --since reads); default: dropped
  --delimiter D   for a CSV/TSV OUT: comma, tab, semicolon or pipe (default: tab for .tsv, comma for .csv)
  --json          print the priced lines and the summary as JSON, with how the BOM was read ("reading": each
                  column taken and why, the part-number columns not taken, and what every row of the table is)
  --explain       print how the BOM was read first: which column was taken for what and why (for the part
                  number, how many of its values look like part numbers and how many the catalog knows), and
                  what became of the rows
  --sheet NAME    the sheet of an XLSX, XLS or ODS FILE to read, or the table of an HTML page (its caption or the
                  heading above it, else "Table N"); default: of its first sheets the BOM, a draft, an old copy, a
                  read-me or a catalogue passed over; a warning names the sheet read and why
  --columns K:L   read only columns K to L of the sheet or file (a table beside another on the same rows, as the
                  task pane reads a selection; row numbers stay the sheet's); a warning gives the columns to pass
  --variant NAME  the build variant to price, where the BOM marks variants in columns of their own (● / ○,
                  X / -, Y / N): the parts that variant does not fit are left out (default: all, with a warning)
  --currency CUR  compare and add up in this currency (EUR, GBP, ...; default USD); offers in another currency
                  compete after conversion at a rate learned from the item service (its utm_currency)
  --overage PCT   attrition: add PCT percent to each line's need before MOQ, packs and breaks (default 0)
  --overage-min N at least N extra parts per line, whatever --overage is (default 0)
  --split-min-saving PCT
                  buy a part from several offers only when that saves at least PCT percent of the best single
                  offer (default 0: any saving); the line says what a split it kept out would have saved
  --overbuy-share PCT, --overbuy-min AMOUNT
                  a line whose spares cost more than PCT percent of the line's cost and more than AMOUNT in
                  the --currency is marked "overbuy" and counted in the summary (default 50 and 10.00)
  --rate CUR=RATE units of the --currency per 1 CUR, instead of learning it (repeatable)
  --alternates WHEN
                  when a line buys an approved alternate its BOM gives (MPN2/MFG2, Alt MPN, Second source
                  columns): "unavailable" when its own part is not found, not Active or short (default), or
                  "cheaper" also whenever an alternate costs less for the line's need
  --suggest       suggest candidates for the lines not found, not Active, short or overbought (same family,
                  or for chip resistors and ceramic capacitors the same parameters in other series), never
                  applied: an "Alternates" section, an "Alternates" sheet in an XLSX OUT, "suggestions" in --json
  --need-by DATE  the day the parts are needed by (YYYY-MM-DD, today or later): each offer sells only what
                  arrives by then (stock by its days to ship, incoming deliveries by their dates, a backorder by
                  its lead time), the cheapest such plan is bought, a part that cannot all arrive in time says
                  when it could and for how much, and the price of time compares the cost with the cheapest
                  plan made with no date. Without it: today's plan from stock. Either way a "When" section (and
                  "schedule" in --json, a "Schedule" sheet in an XLSX OUT) says when each part arrives, the day
                  the BOM is clear to build and the parts that set it; a "Risk" section (and "risk" in --json)
                  gives each part's lifecycle, compliance, ECCN, HTS, tariff, sources with stock and risk level
  --snapshot FILE.json
                  write the run's snapshot (its lines as read and priced, the offers seen, the plan, the total,
                  the rates, the time) to FILE.json, for a later --since; an XLSX OUT keeps one too, hidden
  --since LAST    say what changed since the run LAST holds (a --snapshot file, or an XLSX written by --out):
                  a "Changes" section (each line added, removed or changed, the largest cost effect first) and
                  the cost bridge (the change of total split into lines added and removed, currency rates,
                  quantities, prices and offer switches, adding up exactly); in --json as "changes", in an
                  XLSX OUT as a "Changes" sheet. A workbook priced in the task pane keeps the last run of each
                  BOM sheet: the one of the sheet priced is compared with
  --since-sheet NAME
                  with --since LAST.xlsx, compare with the last run of the BOM sheet NAME that LAST keeps
  --v3            use the v3 item service instead of v4
  --progress      show progress on stderr even when it is not a terminal
  --url URL       item service address (env PARTSHEET_ITEM_URL, default ${DEFAULT_ITEM_URL})
  --login L       login (env PARTSHEET_LOGIN, default ${DEFAULT_LOGIN})
  --apikey K      API key (env PARTSHEET_APIKEY, default ${DEFAULT_APIKEY})

Exit status: 0 when every line was handled (priced, not found, ambiguous, no price or skipped); 1 when the
file cannot be read, has no part-number column (a list that names its quantities or designators is read
without one: its lines are listed, not priced), or the service failed; 2 for a wrong option.`;

export interface PriceArgs extends BuyingFlags {
  file: string;
  boards: number;
  /** Every quantity of --boards, sorted; more than one: scenarios. */
  quantities: number[];
  out?: string;
  outFormat?: 'xlsx' | 'csv';
  /** --share-safe: the XLSX OUT prices itself with formulas (src/excel/share-safe.ts). */
  shareSafe: boolean;
  /** --keep-records: the share-safe copy keeps the run's plan records (src/excel/kept-records.ts). */
  keepRecords: boolean;
  delimiter?: string;
  json: boolean;
  explain: boolean;
  sheet?: string;
  /** --columns: the columns of the sheet to read, first and last (0-based). */
  columns?: { first: number; last: number };
  variant?: string;
  /** --overbuy-share and --overbuy-min: when a line's spares are an overbuy. */
  overbuyThreshold: OverbuyThreshold;
  /** --alternates: when an approved alternate is bought. */
  alternates: AlternatesUse;
  /** --suggest: suggestions for the problem lines. */
  suggest: boolean;
  /** --snapshot: where the run's snapshot is written. */
  snapshot?: string;
  /** --since: the earlier run's snapshot (.json) or workbook (.xlsx). */
  since?: string;
  /** --since-sheet: which BOM sheet's run of the --since workbook to compare with. */
  sinceSheet?: string;
  progress: boolean;
  url: string;
  login: string;
  apikey: string;
  help: boolean;
}

/** --share-safe and --keep-records, checked against the --out file's format. */
function copyFlagsOf(
  values: { 'share-safe'?: boolean; 'keep-records'?: boolean },
  outFormat: PriceArgs['outFormat'],
): { shareSafe: boolean; keepRecords: boolean } {
  const shareSafe = values['share-safe'] ?? false;
  if (shareSafe && outFormat !== 'xlsx') throw new UsageError('--share-safe applies to a .xlsx --out file');
  const keepRecords = values['keep-records'] ?? false;
  if (keepRecords && !shareSafe)
    throw new UsageError(
      '--keep-records applies to a share-safe copy: give --share-safe with it (a plain --out keeps the snapshot)',
    );
  return { shareSafe, keepRecords };
}

/** --columns K:L, the columns of a table beside another: the first and last, 0-based. */
function columnsArg(text: string): { first: number; last: number } {
  const m = /^\s*([A-Z]{1,3}):([A-Z]{1,3})\s*$/i.exec(text);
  if (m === null) throw new UsageError(`--columns takes two column letters, such as K:L; got '${text}'`);
  const [first, last] = [columnIndex(m[1]), columnIndex(m[2])];
  if (first > last) throw new UsageError(`--columns ${text}: the first column comes after the last`);
  return { first, last };
}

export function readArgs(argv: string[], env: Record<string, string | undefined>, today: Day): PriceArgs {
  const parsed = parseCommand(argv, {
    ...CONNECTION_FLAGS,
    ...PLAN_FLAGS,
    boards: { type: 'string' },
    out: { type: 'string', short: 'o' },
    'share-safe': { type: 'boolean' },
    'keep-records': { type: 'boolean' },
    json: { type: 'boolean' },
    explain: { type: 'boolean' },
    sheet: { type: 'string' },
    columns: { type: 'string' },
    variant: { type: 'string' },
    delimiter: { type: 'string' },
    'overbuy-share': { type: 'string' },
    'overbuy-min': { type: 'string' },
    alternates: { type: 'string' },
    suggest: { type: 'boolean' },
    progress: { type: 'boolean' },
    'need-by': { type: 'string' },
    snapshot: { type: 'string' },
    since: { type: 'string' },
    'since-sheet': { type: 'string' },
  });
  const { values, positionals } = parsed;
  const help = values.help ?? false;
  if (!help && positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'price needs a BOM FILE'
        : `price takes one FILE; got ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  const file = positionals[0] ?? '';

  let boards = 1;
  let quantities = [1];
  if (values.boards !== undefined) {
    try {
      ({ first: boards, quantities } = parseBoardsList(values.boards, MAX_BOARDS));
    } catch (e) {
      if (!/[,;\s]/.test(values.boards.trim()) || /^\d{1,3}(?:,\d{3})+$/.test(values.boards.trim())) {
        throw new UsageError(
          `--boards must be a whole number from 1 to ${groupedCount(MAX_BOARDS)}; got '${values.boards}'`,
        );
      }
      throw new UsageError(`--boards: ${(e as Error).message}`);
    }
  }
  let outFormat: PriceArgs['outFormat'];
  if (values.out !== undefined) {
    const ext = extname(values.out).toLowerCase();
    if (ext === '.xlsx') outFormat = 'xlsx';
    else if (ext === '.csv' || ext === '.tsv') outFormat = 'csv';
    else throw new UsageError(`--out must name a .xlsx, .csv or .tsv file; got '${values.out}'`);
    if (!help && resolve(values.out) === resolve(file)) throw new UsageError('--out must not be the BOM file itself');
  }
  const { shareSafe, keepRecords } = copyFlagsOf(values, outFormat);
  if (values.delimiter !== undefined) {
    if (outFormat !== 'csv') throw new UsageError('--delimiter applies to a .csv or .tsv --out file');
    try {
      outputDelimiter(values.out ?? '', values.delimiter);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  const { currency, overage, splitMinSavingPercent, rates } = planFlagsOf(values);
  const overbuyThreshold = { ...DEFAULT_OVERBUY_THRESHOLD };
  if (values['overbuy-share'] !== undefined)
    overbuyThreshold.sparePercent = percentOf(values['overbuy-share'], '--overbuy-share');
  if (values['overbuy-min'] !== undefined) {
    const text = values['overbuy-min'].trim();
    if (!/^\d{1,9}(?:\.\d{1,6})?$/.test(text))
      throw new UsageError(
        `--overbuy-min must be an amount of 0 or more in the --currency, such as 25 or 10.50; got '${values['overbuy-min']}'`,
      );
    overbuyThreshold.minAmount = Number(text);
  }
  checkSnapshotFlags(values, file, help);
  if (values.sheet !== undefined && values.sheet.trim() === '') throw new UsageError('--sheet needs a sheet name');
  if (values.variant !== undefined && values.variant.trim() === '')
    throw new UsageError('--variant needs the name of a variant column');

  const connection = connectionOf(values, env);
  return {
    file,
    boards,
    quantities,
    out: values.out,
    outFormat,
    shareSafe,
    keepRecords,
    delimiter: values.delimiter,
    json: values.json ?? false,
    explain: values.explain ?? false,
    sheet: values.sheet,
    ...(values.columns !== undefined ? { columns: columnsArg(values.columns) } : {}),
    variant: values.variant,
    currency,
    overage,
    splitMinSavingPercent,
    overbuyThreshold,
    rates,
    alternates: alternatesUseOf(values.alternates),
    suggest: values.suggest ?? false,
    today,
    needBy: needByOf(values['need-by'], today),
    snapshot: values.snapshot,
    since: values.since,
    sinceSheet: values['since-sheet'],
    version: values.v3 ? 'v3' : 'v4',
    progress: values.progress ?? false,
    ...connection,
    help,
  };
}

/** --snapshot, --since and --since-sheet: the files they name and how they go together. */
function checkSnapshotFlags(
  values: { snapshot?: string; since?: string; 'since-sheet'?: string },
  file: string,
  help: boolean,
): void {
  if (values.snapshot !== undefined && extname(values.snapshot).toLowerCase() !== '.json')
    throw new UsageError(`--snapshot must name a .json file; got '${values.snapshot}'`);
  if (values.since !== undefined && !['.json', '.xlsx'].includes(extname(values.since).toLowerCase()))
    throw new UsageError(`--since must name a .json snapshot or an .xlsx written by --out; got '${values.since}'`);
  if (values['since-sheet'] !== undefined && (values.since === undefined || values['since-sheet'].trim() === ''))
    throw new UsageError('--since-sheet needs a sheet name, and --since naming an .xlsx workbook');
  if (!help && values.snapshot !== undefined && resolve(values.snapshot) === resolve(file))
    throw new UsageError('--snapshot must not be the BOM file itself');
}

/** --alternates: "unavailable" (the default) or "cheaper". */
function alternatesUseOf(text: string | undefined): AlternatesUse {
  if (text === undefined) return DEFAULT_ALTERNATES_USE;
  const t = text.trim().toLowerCase();
  if ((ALTERNATES_USES as readonly string[]).includes(t)) return t as AlternatesUse;
  throw new UsageError(`--alternates must be ${ALTERNATES_USES.map((u) => `"${u}"`).join(' or ')}; got '${text}'`);
}

/** --need-by: a calendar day, today or later; a wrong one is a usage error with the date's own code. */
export function needByOf(text: string | undefined, today: Day): Day | null {
  if (text === undefined) return null;
  try {
    return readNeedBy(text, today);
  } catch (e) {
    if (isPlanError(e)) throw new UsageError(`--need-by: ${e.message}`, e.errorCode);
    throw e;
  }
}
