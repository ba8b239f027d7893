/**
 * How `partsheet price` reads a BOM file into lines: the file's cells (cli/bomfile.ts), then the BOM reader
 * (src/bom). One function, so that the corpus tests read each file exactly as the command does.
 *
 * A workbook of several sheets read without --sheet: each sheet is judged as a BOM (a change log or a cover sheet
 * first is not one) and the most BOM-like is read, with a warning naming it; --sheet chooses another.
 */
import { type BomReadResult, type CatalogJudge, readBom, readBomJudged } from '../src/bom';
import { type BomFile, type ReadBomFileOptions, parseBomFile } from './bomfile';
import { readCappedFile } from './read-capped';
import { plural } from '../src/text/plural';

export interface ReadBomForPricingOptions extends ReadBomFileOptions {
  /** Boards in the build (default 1). */
  boards?: number;
  /** The catalog, to judge which column holds the manufacturer part numbers (a list search of a sample). */
  judge?: CatalogJudge;
}

export interface BomForPricing {
  file: BomFile;
  read: BomReadResult;
}

/** At most this many sheets of a workbook are judged; a BOM is rarely past its first few. */
export const MAX_SHEETS_JUDGED = 10;

/**
 * How BOM-like a sheet reads, and its lines: each line counts, twice when its quantity comes from a quantity or
 * designator column (a change log's part numbers have neither); -1 when the sheet is no BOM at all.
 */
function bomScore(cells: BomFile['cells']): { score: number; lines: number } {
  try {
    const read = readBom(cells);
    const counted = read.lines.filter((l) => l.quantitySource !== 'default').length;
    const others = read.skipped.filter((s) => s.reason === 'dnp' || s.reason === 'incomplete').length;
    return { score: read.lines.length + counted + others, lines: read.lines.length };
  } catch {
    return { score: -1, lines: 0 };
  }
}

/** The sheet to read: the one named, or of a workbook's first sheets the most BOM-like, the first on a tie. */
async function chooseSheet(path: string, options: ReadBomFileOptions): Promise<BomFile> {
  // Read once: a pipe cannot be read again for the other sheets.
  const buf = await readCappedFile(path);
  const first = await parseBomFile(path, buf, options);
  const names = first.sheetNames ?? [];
  if (options.sheet !== undefined || first.format === 'csv' || names.length < 2) return first;
  let best = { file: first, ...bomScore(first.cells) };
  for (const name of names.slice(1, MAX_SHEETS_JUDGED)) {
    const file = await parseBomFile(path, buf, { sheet: name });
    const judged = bomScore(file.cells);
    if (judged.score > best.score) best = { file, ...judged };
  }
  if (best.file === first) return first;
  const why = `${best.lines} ${plural(best.lines, 'line')}`;
  const warning = `the workbook's first sheet '${first.sheetName}' holds no BOM table like sheet '${best.file.sheetName}' (${why}), which was read; use --sheet to read another (sheets: ${names.map((n) => `'${n}'`).join(', ')})`;
  return { ...best.file, warnings: [...best.file.warnings, `${path}: ${warning}`] };
}

/** Reads a BOM file as `partsheet price` does. Throws BomFileError or BomError with a one-line message. */
export async function readBomForPricing(path: string, options: ReadBomForPricingOptions = {}): Promise<BomForPricing> {
  const file = await chooseSheet(path, { sheet: options.sheet });
  const read = options.judge
    ? await readBomJudged(file.cells, { boards: options.boards }, options.judge)
    : readBom(file.cells, { boards: options.boards });
  return { file, read };
}
