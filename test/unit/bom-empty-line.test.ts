/**
 * emptyLine writes every result field out by hand (for V8's object shapes) where skipped lines spread NO_RESULT: the
 * two must stay the same set of empty fields, so a field added to one and forgotten in the other fails here.
 */
import { NO_RESULT } from '../../src/bom/layout';
import { emptyLine } from '../../src/bom/price-match';

describe('a line with no result yet', () => {
  test('has exactly the empty result fields of NO_RESULT, then the line of the BOM it stands for', () => {
    const line = emptyLine({ row: 7, partNumber: 'LM358DR', manufacturer: 'TI' }, 12);
    const results = Object.fromEntries(
      Object.keys(line)
        .filter((k) => k in NO_RESULT)
        .map((k) => [k, line[k as keyof typeof line]]),
    );
    expect(results).toEqual(NO_RESULT);
    expect(Object.keys(NO_RESULT).every((k) => k in line)).toBe(true);
    expect(line).toMatchObject({ status: 'not found', row: 7, partNumber: 'LM358DR', bomManufacturer: 'TI', need: 12 });
  });
});
