import { MAX_ANSWER_PARTS } from '../../protocol/list-answer';
import { pieceSize, searchInPieces } from '../../gateway/refused-pieces';
import type { ListAnswer } from '../../src/catalog/model';
import type { ListPart } from '../../src/lookup';

const tooLarge = () => Object.assign(new Error('the answer would be too large'), { answerTooLarge: true as const });
const parts = (n: number): ListPart[] => Array.from({ length: n }, (_, i) => ({ partNumber: `P${i}` }));
const answerOf = (asked: ListPart[]): ListAnswer => ({
  results: asked.map((p) => ({
    requestedPartNumber: p.partNumber,
    manufacturerFilter: null,
    numberFound: 1,
    parts: [],
  })),
  partsRequested: asked.length,
  partsFound: asked.length,
  partsNotFound: 0,
  partsError: 0,
});

describe('pieceSize', () => {
  test('as many entries as cannot pass the parts cap at the rows asked, at most half the search', () => {
    expect(pieceSize(1000, '25')).toBe(MAX_ANSWER_PARTS / 25);
    expect(pieceSize(1000, '1')).toBe(500);
    expect(pieceSize(7, '25')).toBe(4);
    expect(pieceSize(1000, '5000')).toBe(1);
  });

  test('halves when rows cannot be read', () => {
    expect(pieceSize(1000, undefined)).toBe(500);
    expect(pieceSize(1000, 'ten')).toBe(500);
    expect(pieceSize(1000, '0')).toBe(500);
    expect(pieceSize(3, undefined)).toBe(2);
  });
});

describe('searchInPieces', () => {
  test('a search the upstream answers is sent once, whole', async () => {
    const sent: number[] = [];
    const answer = await searchInPieces(parts(30), async (p) => (sent.push(p.length), answerOf(p)), { rows: '25' });
    expect(sent).toEqual([30]);
    expect(answer.results).toHaveLength(30);
  });

  test('a refused search is sent again in pieces, a refused piece cut again, and the answers joined in order', async () => {
    const sent: number[] = [];
    const pieces: number[] = [];
    // The upstream refuses more than 60 entries at once.
    const search = async (p: ListPart[]) => {
      sent.push(p.length);
      if (p.length > 60) throw tooLarge();
      return answerOf(p);
    };
    const answer = await searchInPieces(parts(250), search, { rows: '25', onPiece: (n) => pieces.push(n) });
    // 250 → pieces of 100 (refused, then halves of 50) and one of 50.
    expect(sent).toEqual([250, 100, 50, 50, 100, 50, 50, 50]);
    expect(pieces).toEqual(sent.slice(1));
    expect(answer.results.map((r) => r.requestedPartNumber)).toEqual(parts(250).map((p) => p.partNumber));
    expect(answer).toMatchObject({ partsRequested: 250, partsFound: 250, partsNotFound: 0, partsError: 0 });
  });

  test('a single entry refused on its own, or another failure, is passed on', async () => {
    const alone = searchInPieces(parts(3), async (p) => {
      if (p.some((x) => x.partNumber === 'P2')) throw tooLarge();
      return answerOf(p);
    });
    await expect(alone).rejects.toMatchObject({ answerTooLarge: true });
    const sent: number[] = [];
    const busy = searchInPieces(parts(100), async (p) => {
      sent.push(p.length);
      throw new Error('busy');
    });
    await expect(busy).rejects.toThrow('busy');
    expect(sent).toEqual([100]);
  });
});
