/**
 * The one reading of a BOM's cells, for `partsheet price` and `partsheet plan` (a file's cells) and for the task
 * pane (the grid Excel gives of the selection): the reader (src/bom), with the catalog judging which column holds
 * the manufacturer part numbers where two could (src/bom/judge.ts). The catalog is a port: the CLI passes a list
 * search of its client, the pane a judge asking through the lookup scheduler it prices with, whose cache keeps the
 * answers for the pricing that follows.
 *
 * The buyer's own column choice (options.mapping, options.partNumberColumn) wins: the catalog is not asked then.
 */
import {
  type BomReadResult,
  type CatalogJudge,
  type CellGrid,
  type ReadBomOptions,
  readBom,
  readBomJudged,
} from '../bom';

export type { CatalogJudge };

/**
 * The judge over one list search per question (`partsheet price` passes its client's): which of the part numbers
 * the catalog found, each by its own result (matched to the part number asked, in the order asked).
 */
export function listSearchJudge(
  searchList: (
    parts: { partNumber: string }[],
  ) => Promise<{ results: readonly { requestedPartNumber: string; numberFound: number }[] }>,
): CatalogJudge {
  return async (partNumbers) => {
    const { results } = await searchList(partNumbers.map((partNumber) => ({ partNumber })));
    const found = new Set(
      results.filter((r) => r.numberFound > 0).map((r) => r.requestedPartNumber.trim().toUpperCase()),
    );
    return partNumbers.map((p) => found.has(p.trim().toUpperCase()));
  };
}

/** Reads `cells` as a BOM; with a judge, the catalog settles the part-number column. Throws BomError. */
export async function readBomCells(
  cells: CellGrid,
  options: ReadBomOptions,
  judge?: CatalogJudge,
): Promise<BomReadResult> {
  // readBomJudged asks nothing where the buyer chose the columns, or where one column alone could hold the numbers.
  return judge ? readBomJudged(cells, options, judge) : readBom(cells, options);
}
