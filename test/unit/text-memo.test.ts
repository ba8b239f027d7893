/**
 * A pure function of a text, remembered (src/text/memo.ts), and the reader's questions asked through it: a header's
 * words, which field a header names, a cell's designators. The same answers as asked afresh, each text answered once
 * while remembered, and shared answers nobody can change.
 */
import { rememberedByText } from '../../src/text/memo';
import { headerTokens } from '../../src/bom/header-tokens';
import { matchHeader } from '../../src/bom/header-words';
import { parseDesignators } from '../../src/bom/designators';

test('each text is answered once while remembered, a null or undefined answer too', () => {
  const asked: string[] = [];
  const f = rememberedByText((t: string) => {
    asked.push(t);
    return t === 'none' ? null : t === 'nothing' ? undefined : t.length;
  });
  expect([f('abc'), f('abc'), f('none'), f('none'), f('nothing'), f('nothing'), f('')]).toEqual([
    3,
    3,
    null,
    null,
    undefined,
    undefined,
    0,
  ]);
  expect(asked).toEqual(['abc', 'none', 'nothing', '']);
});

test('past the texts it keeps it starts again, and still answers right', () => {
  const asked: string[] = [];
  const f = rememberedByText((t: string) => {
    asked.push(t);
    return t.toUpperCase();
  }, 3);
  for (const t of ['a', 'b', 'c', 'a', 'd', 'a', 'e']) expect(f(t)).toBe(t.toUpperCase());
  // a, b, c kept; a remembered; d starts the table again (d); a asked again; e kept beside d and a.
  expect(asked).toEqual(['a', 'b', 'c', 'd', 'a', 'e']);
});

test('a text longer than a thousand characters is answered each time, never held', () => {
  let asked = 0;
  const f = rememberedByText((t: string) => {
    asked++;
    return t.length;
  });
  const long = 'x'.repeat(1001);
  expect([f(long), f(long), f('x'.repeat(1000)), f('x'.repeat(1000))]).toEqual([1001, 1001, 1000, 1000]);
  expect(asked).toBe(3);
});

test("the reader's remembered answers are the same object each time, and frozen", () => {
  const words = headerTokens('Mfr. Part #');
  expect(words).toEqual(['mfr', 'part', 'number']);
  expect(headerTokens('Mfr. Part #')).toBe(words);
  expect(Object.isFrozen(words)).toBe(true);
  expect(() => (words as string[]).push('x')).toThrow(TypeError);

  const field = matchHeader('Qty');
  expect(field).toEqual({ field: 'quantity', strength: 3 });
  expect(matchHeader('Qty')).toBe(field);
  expect(Object.isFrozen(field)).toBe(true);
  expect(matchHeader('Colour of the sky')).toBeNull();

  const parsed = parseDesignators('R1-R3, C5');
  expect(parsed).toEqual({ list: ['R1', 'R2', 'R3', 'C5'], errors: [] });
  expect(parseDesignators('R1-R3, C5')).toBe(parsed);
  expect(Object.isFrozen(parsed.list) && Object.isFrozen(parsed.errors)).toBe(true);
  expect(parseDesignators(null)).toEqual({ list: [], errors: [] });
  expect(parseDesignators('R1, R1').errors).toEqual(['listed more than once: R1']);
});
