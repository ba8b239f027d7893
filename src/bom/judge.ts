/**
 * The catalog as judge of the part-number column: the best evidence that a column holds manufacturer part
 * numbers is that the catalog knows them. Each candidate column's values (a sample) go to one list search; the
 * column the catalog knows clearly best is taken. Without a judge, or when it cannot answer, the reader's own
 * choice by header and looks stands.
 */
import { type PartNumberCandidate } from './evidence';
import { type CellGrid, cellText, columnName, partNumberText } from '../text/normalize';
import { type BomReadResult, type ReadBomOptions, readBom } from './read';
import { type BomLookupPort } from './price-types';

/** How many of the part numbers given the catalog knows (one list search). */
export type CatalogJudge = (partNumbers: readonly string[]) => Promise<number>;

/** At most this many distinct values of a column are asked about. */
export const JUDGE_SAMPLE = 100;

/** The distinct values of a column in the table's rows, at most JUDGE_SAMPLE. */
function columnSample(read: BomReadResult, column: number): string[] {
  const seen = new Set<string>();
  const start = read.headerRow === null ? 0 : read.headerRow + 1;
  for (let r = start; r <= read.tableEnd && seen.size < JUDGE_SAMPLE; r++) {
    const text = partNumberText(read.cells[r]?.[column]);
    if (text !== '' && text.length <= 100) seen.add(text);
  }
  return [...seen];
}

/** The candidates worth asking about: the column taken and any other that is named as a part number or looks like one. */
function worthAsking(read: BomReadResult): PartNumberCandidate[] {
  return read.partNumberCandidates
    .filter((c) => c.column === read.mapping.partNumber || c.named >= 1 || c.lookLike > 0)
    .slice(0, 6);
}

/**
 * Reads the BOM, then lets the catalog judge between the part-number columns it could be read by. Another column
 * is taken when the catalog knows at least 3 of its values and more than twice as many as of the reader's choice.
 * The candidates carry what the catalog answered (known of asked), for the evidence shown.
 */
export async function readBomJudged(
  cells: CellGrid,
  options: ReadBomOptions,
  judge: CatalogJudge,
): Promise<BomReadResult> {
  const first = readBom(cells, options);
  if (options.mapping !== undefined || options.partNumberColumn !== undefined) return first;
  const asked = worthAsking(first);
  if (asked.length < 2) return first;
  const answers = new Map<number, { known: number; asked: number }>();
  try {
    for (const c of asked) {
      const sample = columnSample(first, c.column);
      if (sample.length === 0) continue;
      answers.set(c.column, { known: Math.min(sample.length, Math.max(0, await judge(sample))), asked: sample.length });
    }
  } catch (e) {
    first.warnings.push({
      row: null,
      code: 'part-number-column',
      message: `The catalog could not judge the part-number column (${e instanceof Error ? e.message : String(e)}); it was chosen by its header and values.`,
    });
    return first;
  }
  const share = (column: number | undefined): number => {
    const a = column === undefined ? undefined : answers.get(column);
    return a === undefined ? 0 : a.known / a.asked;
  };
  const chosen = first.mapping.partNumber;
  let best = chosen;
  for (const [column, a] of answers)
    if (a.known >= 3 && share(column) > 2 * share(chosen) && share(column) > share(best)) best = column;
  const read = best === chosen ? first : readBom(cells, { ...options, partNumberColumn: best });
  read.partNumberCandidates = read.partNumberCandidates.map((c) => {
    const a = answers.get(c.column);
    return a === undefined ? c : { ...c, known: a.known, asked: a.asked };
  });
  if (best !== chosen && best !== undefined) {
    const name = (c: number | undefined): string =>
      c === undefined ? 'none' : `'${cellText(read.headers[c])}' (column ${columnName(c)})`;
    const a = answers.get(best);
    const b = chosen === undefined ? undefined : answers.get(chosen);
    read.warnings.push({
      row: null,
      code: 'part-number-column',
      message: `The catalog knows ${a?.known ?? 0} of ${a?.asked ?? 0} values of ${name(best)}${b ? ` and ${b.known} of ${b.asked} of ${name(chosen)}` : ''}: the part number is read from ${name(best)}.`,
    });
  }
  return read;
}

/**
 * A judge that asks through the lookups the BOM is priced with (the pane's batching scheduler): a part number is
 * known when the catalog finds it. The answers are kept by the scheduler's cache for the pricing that follows.
 */
export function lookupJudge(port: BomLookupPort): CatalogJudge {
  return async (partNumbers) => {
    const results = await port.lookupMany(partNumbers.map((partNumber) => ({ partNumber })));
    const answered = results.filter((r) => 'result' in r);
    // No answer at all (the service unreachable, a refused login): the catalog cannot judge, which is not
    // "it knows none of them".
    if (answered.length === 0 && results.length > 0) {
      const first = results[0];
      throw first instanceof Error ? first : new Error('the catalog did not answer');
    }
    return answered.filter((r) => 'result' in r && r.result.numberFound > 0).length;
  };
}
