/**
 * LibreOffice Calc, headless, for the tests that open a workbook Partsheet wrote and check what its formulas compute.
 * Debian's libreoffice-calc is installed by scripts/ensure-libreoffice.sh when missing (as `npm test` does before the
 * tests); when it cannot be, the tests that need it are skipped with the one-line reason `libreOffice()` gives.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Cell } from '../../src/bom';

export const SOFFICE = '/usr/bin/soffice';
const ENSURE = resolve(__dirname, '..', '..', 'scripts', 'ensure-libreoffice.sh');

/** LibreOffice's program, installed first when missing; or why there is none. */
export function libreOffice(): { soffice: string } | { reason: string } {
  if (existsSync(SOFFICE)) return { soffice: SOFFICE };
  const run = spawnSync('sh', [ENSURE], { encoding: 'utf8', timeout: 20 * 60_000 });
  if (existsSync(SOFFICE)) return { soffice: SOFFICE };
  const said = `${run.stderr ?? ''}`.trim().split('\n').filter(Boolean).pop() ?? run.error?.message ?? 'not installed';
  return { reason: `LibreOffice Calc is not installed and could not be (${said})` };
}

/**
 * A LibreOffice profile of its own that recalculates every formula of an XLSX or ODS file on load (the default trusts
 * the values the file holds): what the tests read is what LibreOffice computes, not what Partsheet wrote. Without
 * `recalculate`, it never does: a reader's test compares the values the file holds, as a spreadsheet shows them on
 * opening it, not LibreOffice's own results (a TODAY() of the day the test runs, a product of texts read in another
 * locale). LibreOffice has no such setting for old-style .xls files, whose formulas it computes again when Excel did
 * not save them.
 */
function profile(dir: string, recalculate: boolean): string {
  const user = join(dir, 'user');
  mkdirSync(user, { recursive: true });
  const mode = recalculate ? 0 : 1;
  const item = (name: string) =>
    `<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="${name}" oor:op="fuse"><value>${mode}</value></prop></item>`;
  writeFileSync(
    join(user, 'registrymodifications.xcu'),
    `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${item('OOXMLRecalcMode')}
${item('ODFRecalcMode')}
</oor:items>
`,
  );
  return pathToFileURL(dir).href;
}

/**
 * Opens `xlsx` in LibreOffice Calc headless, recalculates every formula and saves it as XLSX in `outDir`: the path
 * of the copy, whose formula cells hold the values LibreOffice computed.
 */
export function recalculate(soffice: string, xlsx: string, outDir: string): string {
  return recalculateAll(soffice, [xlsx], outDir)[0];
}

/**
 * `recalculate` for several files in one start of LibreOffice (each start costs some 6 s of processor time, whatever
 * the file): the copies' paths in the order of `files`, whose names must differ.
 */
export function recalculateAll(soffice: string, files: string[], outDir: string): string[] {
  return convertAll(soffice, files, outDir, 'xlsx');
}

/** LibreOffice's filter for each format a test converts to. */
const FILTERS = {
  xlsx: 'xlsx:Calc MS Excel 2007 XML',
  ods: 'ods:calc8',
  fods: 'fods:OpenDocument Spreadsheet Flat XML',
} as const;

export interface ConvertOptions {
  /** The import filter, where LibreOffice would open the files in another program (an HTML page in Writer). */
  infilter?: string;
  /** Whether LibreOffice computes every formula again as it opens a file (see `profile`); it does unless told not. */
  recalculate?: boolean;
}

/**
 * Opens each of `files` in LibreOffice Calc headless (formulas recalculated unless `options` say not) and saves it as
 * `to` in `outDir`, in one start of LibreOffice: the copies' paths in the order of `files`, whose names must differ.
 */
export function convertAll(
  soffice: string,
  files: string[],
  outDir: string,
  to: keyof typeof FILTERS,
  options: ConvertOptions = {},
): string[] {
  const { infilter, recalculate = true } = options;
  const home = mkdtempSync(join(tmpdir(), 'partsheet-lo-profile-'));
  try {
    mkdirSync(outDir, { recursive: true });
    const run = spawnSync(
      soffice,
      [
        `-env:UserInstallation=${profile(home, recalculate)}`,
        '--headless',
        '--norestore',
        '--calc',
        ...(infilter !== undefined ? [`--infilter=${infilter}`] : []),
        '--convert-to',
        FILTERS[to],
        '--outdir',
        outDir,
        ...files,
      ],
      { encoding: 'utf8', timeout: 10 * 60_000 },
    );
    return files.map((file) => {
      const out = join(outDir, `${basename(file, extname(file))}.${to}`);
      if (!existsSync(out))
        throw new Error(
          `LibreOffice did not convert ${file}: ${run.error?.message ?? ''} ${run.stdout} ${run.stderr} (${readdirSync(outDir).join(', ')})`,
        );
      return out;
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * What an e2e file against LibreOffice needs: `describe` where LibreOffice is there (else `describe.skip`), the words
 * that name it or say why it was skipped, its program, and a scratch folder made before the file's tests and removed
 * after them (`dir()`).
 */
export function libreOfficeSuite(prefix: string): {
  withOffice: typeof describe | typeof describe.skip;
  officeSaid: string;
  soffice: string;
  dir: () => string;
} {
  const office = libreOffice();
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    withOffice: 'soffice' in office ? describe : describe.skip,
    officeSaid: 'soffice' in office ? 'LibreOffice Calc' : `skipped: ${office.reason}`,
    soffice: 'soffice' in office ? office.soffice : '',
    dir: () => dir,
  };
}

/**
 * Rows as a spreadsheet shows them, for a Partsheet reader's cells and LibreOffice's copy to be compared: a number to
 * the 15 digits Excel shows (Calc writes a formula's result it computed again so), text without the spaces around
 * it and a plain decimal in text as its number, empty cells null, each row as wide as what it holds.
 */
export function rowsAsShown(rows: readonly (readonly Cell[])[]): (string | null)[][] {
  const shown = (cell: Cell): string | null => {
    if (cell === null) return null;
    if (typeof cell === 'number') return String(Number(cell.toPrecision(15)));
    const t = String(cell).trim();
    if (/^-?\d+(?:\.\d+)?$/.test(t) && t.replace(/[-.]/g, '').length <= 15) return String(Number(t));
    return t === '' ? null : t;
  };
  return rows.map((row) => {
    const cells = row.map(shown);
    while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
    return cells;
  });
}
