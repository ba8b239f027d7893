/**
 * The catalog as judge of the part-number column: the best evidence that a column holds manufacturer part
 * numbers is that the catalog knows them. Each candidate column's values (a sample) go to one list search; the
 * column the catalog knows clearly best is taken. Without a judge, or when it cannot answer, the reader's own
 * choice by header and looks stands.
 */
import { isShopNumberCell } from './column-content';
import { type PartNumberCandidate } from './evidence';
import { type CellGrid, cellText, columnName, partNumberText } from '../text/normalize';
import { type BomReadResult, type ReadBomOptions, readBom } from './read';
import { rowRange } from './read-result';

/** Which of the part numbers given the catalog knows, one answer each in their order (one list search). */
export type CatalogJudge = (partNumbers: readonly string[]) => Promise<readonly boolean[]>;

/** How many of the answers say the catalog knows the part. */
function knownCount(answers: readonly boolean[], asked: number): number {
  return Math.min(asked, answers.filter((a) => a).length);
}

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
  // Every answer the catalog gives, by the text asked: a value asked about for the column is not asked again.
  const said = new Map<string, boolean>();
  const read = await judgeColumn(cells, options, judge, first, said);
  // The column the catalog chose stays chosen when the cells are read again with its answers on value cells.
  const column = read !== first && read.mapping.partNumber !== undefined ? read.mapping.partNumber : undefined;
  return judgeValueCells(
    cells,
    column === undefined ? options : { ...options, partNumberColumn: column },
    read,
    judge,
    said,
  );
}

/** The rows two readings of the same cells read differently: a line in one and not the other, or another part. */
function rowsChanged(a: BomReadResult, b: BomReadResult): number[] {
  const partAt = (read: BomReadResult): Map<number, string> => new Map(read.lines.map((l) => [l.row, l.partNumber]));
  const before = partAt(a);
  const after = partAt(b);
  const rows = new Set([...before.keys(), ...after.keys()]);
  return [...rows].filter((r) => before.get(r) !== after.get(r)).sort((x, y) => x - y);
}

/**
 * The value cells the reading judged by their shape alone (a maker's number alone in Value on some rows, a value or
 * a family's base number on others), asked of the catalog in one list search (at most JUDGE_SAMPLE of them, none
 * it answered already): the cells are read again with its answers, a known value read as the row's part number and
 * an unknown one not. A warning names the rows its answers changed.
 */
async function judgeValueCells(
  cells: CellGrid,
  options: ReadBomOptions,
  read: BomReadResult,
  judge: CatalogJudge,
  said: Map<string, boolean>,
): Promise<BomReadResult> {
  const questions = (read.catalogQuestions ?? []).slice(0, JUDGE_SAMPLE);
  if (questions.length === 0) return read;
  const toAsk = questions.filter((q) => !said.has(q));
  try {
    if (toAsk.length > 0) {
      const answers = await judge(toAsk);
      toAsk.forEach((q, i) => said.set(q, answers[i] === true));
    }
  } catch (e) {
    read.warnings.push({
      row: null,
      code: 'catalog-values',
      message: `The catalog could not judge ${toAsk.length} value cells (${e instanceof Error ? e.message : String(e)}); they were read by their shape.`,
    });
    return read;
  }
  const catalogAnswers = new Map(questions.map((q) => [q, said.get(q) === true]));
  const again = readBom(cells, { ...options, catalogAnswers });
  again.partNumberCandidates = read.partNumberCandidates;
  const shown = new Set(again.warnings.map((w) => w.message));
  again.warnings.push(...read.warnings.filter((w) => w.code === 'part-number-column' && !shown.has(w.message)));
  const changed = rowsChanged(read, again);
  if (changed.length > 0) {
    const first = options.firstRowNumber ?? 1;
    again.warnings.push({
      row: null,
      code: 'catalog-values',
      message: `${rowRange(changed.map((r) => r + first))}: read as the catalog knows their value cells (a value it knows is the part number, one it does not know is none), not by their shape alone.`,
    });
  }
  return again;
}

/** The catalog judging between the part-number columns the reading could take (see readBomJudged). */
async function judgeColumn(
  cells: CellGrid,
  options: ReadBomOptions,
  judge: CatalogJudge,
  first: BomReadResult,
  said: Map<string, boolean>,
): Promise<BomReadResult> {
  const asked = worthAsking(first);
  if (asked.length < 2) return first;
  const answers = new Map<number, { known: number; asked: number }>();
  const samples = new Map<number, string[]>();
  try {
    for (const c of asked) {
      const sample = columnSample(first, c.column);
      samples.set(c.column, sample);
      if (sample.length === 0) continue;
      const known = await judge(sample);
      sample.forEach((text, i) => said.set(text, known[i] === true));
      answers.set(c.column, { known: knownCount(known, sample.length), asked: sample.length });
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
  // A column of distributors' codes (a KiBoM "MPN" of Digi-Key numbers) names the parts to buy, though the catalog,
  // which knows makers' numbers, knows none of them: another column replaces it only where the catalog knows most of
  // its values, not a few base numbers among a value column's symbols.
  const chosenSample = chosen === undefined ? [] : (samples.get(chosen) ?? columnSample(first, chosen));
  const shopCodes = chosenSample.length > 0 && chosenSample.filter(isShopNumberCell).length * 2 >= chosenSample.length;
  let best = chosen;
  for (const [column, a] of answers)
    if (
      a.known >= 3 &&
      share(column) > 2 * share(chosen) &&
      share(column) > share(best) &&
      (!shopCodes || share(column) >= 0.5)
    )
      best = column;
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
