/** Counts written in Chinese or Japanese numerals, as lists of parts in those languages write them. */

const HANZI_DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/**
 * A count written in Chinese or Japanese numerals with its counting word ("一卷": one roll, "两个": two, "十二個"):
 * the number, or null. Up to 99.
 */
export function countedInHanzi(text: string): number | null {
  const m = /^([一二两兩三四五六七八九十]{1,3})\s*[个個只颗顆片枚本台套条根对組组卷盒包袋张張块塊米]?$/.exec(
    text.trim(),
  );
  if (!m) return null;
  const t = m[1];
  const ten = t.indexOf('十');
  if (ten < 0) return t.length === 1 ? HANZI_DIGITS[t] : null;
  const tens = ten === 0 ? 1 : HANZI_DIGITS[t[0]];
  const ones = ten === t.length - 1 ? 0 : HANZI_DIGITS[t[ten + 1]];
  return tens === undefined || ones === undefined || t.length > 3 ? null : tens * 10 + ones;
}
