/**
 * src/match's rule as a record, before any surface words it: which part, under which maker's name, and what kind
 * of refusal with which parts.
 */
import type { Part } from '../../src/catalog';
import { choosePart, type PartWanted } from '../../src/match';
import { makeOffer, makePart } from '../helpers/fake-parts';

function part(partNumber: string, manufacturerCode: string, manufacturerName: string, sourcePartId: string): Part {
  return makePart(partNumber, [makeOffer({ sourcePartId })], { manufacturerCode, manufacturerName });
}

const wanted = (partNumber: string, manufacturer = '', distributorPartNumbers: string[] = []): PartWanted => ({
  partNumber,
  manufacturer,
  distributorPartNumbers,
});

const TI = part('LM358N', 'TI', 'Texas Instruments', 'L1');
const ST = part('LM358N', 'STM', 'STMicroelectronics', 'L2');
const ADI = part('LT1001', 'ADI', 'Analog Devices', 'T1');
const ADI_ST = part('LT1001', 'STM', 'STMicroelectronics', 'T2');

describe('choosePart', () => {
  test("the maker named by alias is the part's own maker: chosen, with no other name to report", () => {
    expect(choosePart(wanted('LM358N', 'TI'), [TI, ST])).toEqual({ kind: 'chosen', part: TI, matchedAs: null });
  });

  test('an acquired brand or the only maker found is chosen under the maker matched', () => {
    expect(choosePart(wanted('LT1001', 'Linear Technology'), [ADI, ADI_ST])).toEqual({
      kind: 'chosen',
      part: ADI,
      matchedAs: 'Analog Devices',
    });
    expect(choosePart(wanted('LM358N', 'Murata'), [TI])).toEqual({
      kind: 'chosen',
      part: TI,
      matchedAs: 'Texas Instruments',
    });
  });

  test('a maker that is none of several makers found chooses nothing, and lists every part once', () => {
    expect(choosePart(wanted('LM358N', 'Acme'), [TI, ST, TI])).toEqual({ kind: 'no-maker-match', parts: [TI, ST] });
  });

  test('several makers and no maker named: ambiguous, makers competing, unless a distributor number settles it', () => {
    expect(choosePart(wanted('LM358N'), [TI, ST])).toEqual({ kind: 'ambiguous', parts: [TI, ST], makersCompete: true });
    expect(choosePart(wanted('LM358N', '', ['l-2']), [TI, ST])).toEqual({ kind: 'chosen', part: ST, matchedAs: null });
    // A distributor number no part is sold under leaves the choice as it was.
    expect(choosePart(wanted('LM358N', '', ['X9']), [TI, ST])).toMatchObject({ kind: 'ambiguous' });
  });

  test('one maker, several part numbers: the one typed exactly, else ambiguous without competing makers', () => {
    const short = part('BAV99', 'DIO', 'Diodes Incorporated', 'B1');
    const reel = part('BAV99-7', 'DIO', 'Diodes Incorporated', 'B2');
    expect(choosePart(wanted('bav99'), [reel, short])).toEqual({ kind: 'chosen', part: short, matchedAs: null });
    expect(choosePart(wanted('BAV9'), [reel, short])).toEqual({
      kind: 'ambiguous',
      parts: [reel, short],
      makersCompete: false,
    });
  });

  test('nothing found', () => {
    expect(choosePart(wanted('XYZ-1', 'TI'), [])).toEqual({ kind: 'not-found' });
  });
});
