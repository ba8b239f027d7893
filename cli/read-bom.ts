/**
 * How `partsheet price` reads a BOM file into lines: the file's cells (cli/bomfile.ts), then the BOM reader
 * (src/bom). One function, so that the corpus tests read each file exactly as the command does.
 */
import { type BomReadResult, type CatalogJudge, readBom, readBomJudged } from '../src/bom';
import { type BomFile, type ReadBomFileOptions, readBomFile } from './bomfile';

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

/** Reads a BOM file as `partsheet price` does. Throws BomFileError or BomError with a one-line message. */
export async function readBomForPricing(path: string, options: ReadBomForPricingOptions = {}): Promise<BomForPricing> {
  const file = await readBomFile(path, { sheet: options.sheet });
  const read = options.judge ? await readBomJudged(file.cells, { boards: options.boards }, options.judge) : readBom(file.cells, { boards: options.boards });
  return { file, read };
}
