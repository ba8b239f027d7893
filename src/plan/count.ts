/**
 * A whole count with thousands separators, as en-US writes it ("22,400"): the plan writes several per part, and
 * toLocaleString builds a number format each time, which a BOM of thousands of parts feels.
 */
export function count(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? `-${out}` : out;
}
