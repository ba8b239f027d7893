import { countListText, parseCountList } from '../../src/text/count-list';
import { parseBoardsList } from '../../src/purchase/scenarios';
import { ScenarioError, parseBuildsList } from '../../src/purchase';

const RULE = { noun: 'builds', subject: 'each number of builds', max: 1_000_000 };

describe('one reader of a list of counts (boards of a BOM, builds of a purchase list)', () => {
  it.each([
    ['10', [10]],
    ['1,000', [1000]],
    ['1_000', [1000]],
    ['1, 100', [1, 100]],
    ['1;100', [1, 100]],
    ['50 10 20', [50, 10, 20]],
    ['10,20,50', [10, 20, 50]],
  ])('reads %j as %j in the order written, for boards and builds alike', (text, counts) => {
    expect(parseCountList(text, RULE)).toEqual(counts);
    expect(parseBuildsList(text)).toEqual(counts);
    const boards = parseBoardsList(text);
    expect(boards.first).toBe(counts[0]);
    expect(boards.quantities).toEqual([...new Set(counts)].sort((a, b) => a - b));
  });

  it.each(['0', '-3', '1.5', '1e3', 'ten', '10, x', '1,0000000'])('refuses %j in both, naming the piece', (text) => {
    expect(() => parseCountList(text, RULE)).toThrow(/must be a whole number from 1 to 1,000,000; got '/);
    expect(() => parseBuildsList(text)).toThrow(ScenarioError);
    expect(() => parseBoardsList(text)).toThrow(/each number of boards must be a whole number/);
  });

  it('says a count is missing when nothing is written', () => {
    expect(() => parseBuildsList('  ')).toThrow(/give the number of builds/);
    expect(() => parseBoardsList('')).toThrow(/give the number of boards/);
  });

  it('writes a list the reader reads back', () => {
    const counts = [1, 10, 100, 1000, 25000];
    expect(countListText(counts)).toBe('1, 10, 100, 1,000, 25,000');
    expect(parseCountList(countListText(counts), RULE)).toEqual(counts);
  });
});
