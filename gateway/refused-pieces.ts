/**
 * A list search the upstream refused for size, sent again in pieces. The upstream answers each entry of a list
 * search on its own, so its refusal of a whole search (code 54: the answer would pass a cap) says nothing about
 * the entries: sent in pieces under the caps they are answered, and the gateway's per-part cache keeps them. A
 * client's search over the caps is then refused by the gateway itself, from the cache, with the same code and words
 * (assembleListAnswer); a repeat of it costs the upstream nothing for as long as the parts are cached, and a smaller
 * search of the same parts, or another client's search that shared the refused request, is answered.
 */
import { MAX_ANSWER_PARTS } from '../protocol/list-answer';
import type { ListAnswer } from '../src/catalog/model';
import type { ListPart } from '../src/lookup';

/** Thrown by a list search the upstream refused because its answer would pass a cap; carries what the client gets. */
export interface SizeRefusal {
  readonly answerTooLarge: true;
}

export function isSizeRefusal(e: unknown): e is SizeRefusal {
  return typeof e === 'object' && e !== null && (e as Partial<SizeRefusal>).answerTooLarge === true;
}

/**
 * Entries per piece after a refusal: as many as cannot pass the cap on distinct parts at `rows` parts an entry
 * (the byte cap, should one piece still pass it, is met by halving that piece), and never more than half the
 * refused search, so each round makes progress. Without a readable `rows`, halves.
 */
export function pieceSize(entries: number, rows: string | undefined): number {
  const half = Math.ceil(entries / 2);
  const perEntry = rows !== undefined && /^\s*\d{1,9}\s*$/.test(rows) ? Number(rows) : undefined;
  if (perEntry === undefined || perEntry === 0) return half;
  return Math.max(1, Math.min(half, Math.floor(MAX_ANSWER_PARTS / perEntry)));
}

export interface PiecesOptions {
  rows?: string;
  /** Called for each request sent for a piece (not for the first, whole one). */
  onPiece?: (parts: number) => void;
}

/**
 * `search(parts)`, and when the upstream refuses it for size, its parts in pieces one after another (each a request
 * of its own through the gate, each refused piece cut again), their answers joined. A single entry refused on its
 * own is a refusal of the client's search as the upstream gave it: it is passed on. When every client waiting
 * has gone, `search` fails (the gate drops the request unsent) and no further piece is sent.
 */
export async function searchInPieces(
  parts: ListPart[],
  search: (parts: ListPart[]) => Promise<ListAnswer>,
  options: PiecesOptions = {},
): Promise<ListAnswer> {
  try {
    return await search(parts);
  } catch (e) {
    if (!isSizeRefusal(e) || parts.length <= 1) throw e;
  }
  const size = pieceSize(parts.length, options.rows);
  const answers: ListAnswer[] = [];
  for (let i = 0; i < parts.length; i += size) {
    const piece = parts.slice(i, i + size);
    options.onPiece?.(piece.length);
    answers.push(await searchInPieces(piece, search, options));
  }
  return joinAnswers(answers);
}

function joinAnswers(answers: ListAnswer[]): ListAnswer {
  const joined: ListAnswer = { results: [], partsRequested: 0, partsFound: 0, partsNotFound: 0, partsError: 0 };
  for (const a of answers) {
    for (const result of a.results) joined.results.push(result);
    if (a.warnings) joined.warnings = [...(joined.warnings ?? []), ...a.warnings];
    joined.partsRequested += a.partsRequested;
    joined.partsFound += a.partsFound;
    joined.partsNotFound += a.partsNotFound;
    joined.partsError += a.partsError;
  }
  return joined;
}
