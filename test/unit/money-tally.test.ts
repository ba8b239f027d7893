/** addAmount/microOf: a running sum in micro-units that is exactly the sum of toMicro's BigInts, past 2^53 too. */
import { addAmount, microOf, toMicro } from '../../src/pricing/money';
import { PricingError } from '../../src/pricing/errors';

describe('a micro-unit tally', () => {
  test('sums amounts exactly as BigInts of toMicro do', () => {
    const amounts = [0.1, 0.2, 19.41, 2.88638, 0, 1e-6, 123456.789012];
    const tally = { micro: 0n, small: 0 };
    for (const a of amounts) addAmount(tally, a);
    expect(microOf(tally)).toBe(amounts.reduce((sum, a) => sum + toMicro(a), 0n));
    expect(microOf(tally)).toBe(123479385393n);
  });

  test('stays exact where the sum passes 2^53 micro-units', () => {
    // 4e9 units is 4e15 micro-units: three of them pass 2^53 (about 9.007e15), where doubles stop adding exactly.
    const amounts = [4e9 + 0.000001, 4e9 + 0.000003, 4e9 + 0.000005, 0.000001, 8e12];
    const tally = { micro: 0n, small: 0 };
    for (const a of amounts) addAmount(tally, a);
    const exact = amounts.reduce((sum, a) => sum + toMicro(a), 0n);
    expect(microOf(tally)).toBe(exact);
    expect(exact > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(tally.micro).not.toBe(0n);
  });

  test('refuses what toMicro refuses', () => {
    const tally = { micro: 0n, small: 0 };
    expect(() => addAmount(tally, -1)).toThrow(PricingError);
    expect(() => addAmount(tally, Number.NaN)).toThrow(PricingError);
    expect(() => addAmount(tally, Number.POSITIVE_INFINITY)).toThrow(PricingError);
    expect(microOf(tally)).toBe(0n);
  });
});
