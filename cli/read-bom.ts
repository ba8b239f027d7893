/**
 * How `partsheet price` reads a BOM file into lines: the file's cells (cli/bomfile.ts), then the BOM reader
 * (src/bom). One function, so that the corpus tests read each file exactly as the command does.
 */
import { type BomReadResult, readBom } from '../src/bom';
import { type BomFile, type ReadBomFileOptions, readBomFile } from './bomfile';

export interface ReadBomForPricingOptions extends ReadBomFileOptions {
  /** Boards in the build (default 1). */
  boards?: number;
}

export interface BomForPricing {
  file: BomFile;
  read: BomReadResult;
}

/** Reads a BOM file as `partsheet price` does. Throws BomFileError or BomError with a one-line message. */
export async function readBomForPricing(path: string, options: ReadBomForPricingOptions = {}): Promise<BomForPricing> {
  const file = await readBomFile(path, { sheet: options.sheet });
  const read = readBom(file.cells, { boards: options.boards });
  return { file, read };
}
