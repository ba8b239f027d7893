/**
 * emptyLine writes every result field out by hand (for V8's object shapes) where skipped lines spread NO_RESULT, which
 * is made from the priced columns: the two must stay the same set of empty fields (the compiler holds emptyLine to
 * every column's field; this holds it to nothing more).
 */
import { NO_RESULT, PRICED_BOM_COLUMNS } from '../../src/purchase/priced-layout';
import { emptyLine } from '../../src/purchase/price-match';

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
    // NO_RESULT is every priced column but the two every line has.
    expect(Object.keys(NO_RESULT).sort()).toEqual(
      PRICED_BOM_COLUMNS.map((c) => c.key)
        .filter((k) => k !== 'status' && k !== 'need')
        .sort(),
    );
    expect(line).toMatchObject({ status: 'not found', row: 7, partNumber: 'LM358DR', bomManufacturer: 'TI', need: 12 });
  });
});
