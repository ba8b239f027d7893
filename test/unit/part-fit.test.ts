import { misfits, traitsOf } from '../../taskpane/components/part-fit';

describe('what a part description says of value and package', () => {
  test.each([
    ['CAP CER 4u7 10V X5R 0603', 'F', 4.7e-6, '0603'],
    ['Capacitor 4.7uF 0603', 'F', 4.7e-6, '0603'],
    ['100 nF 50V 0402', 'F', 1e-7, '0402'],
    ['RES 4k7 1% 0805', 'Ω', 4700, '0805'],
    ['Resistor 10k SOT-23', 'Ω', 10_000, 'SOT23'],
    ['10 µH inductor', 'H', 1e-5, null],
  ])('%s', (text, unit, value, pack) => {
    const t = traitsOf(text);
    expect(t.values[0].unit).toBe(unit);
    expect(t.values[0].value).toBeCloseTo(value, 15);
    expect(t.package).toBe(pack);
  });
});

describe('a candidate that does not fit the line is flagged', () => {
  test('a 1 µF part for a 4u7 line, and another package', () => {
    expect(misfits('4u7 0603', 'CAP CER 1UF 25V X5R 0805')).toEqual([
      'value 1 µF, the line 4.7 µF',
      'package 0805, the line 0603',
    ]);
  });
  test('the same value written another way fits; a line that says nothing flags nothing', () => {
    expect(misfits('4u7 0603', 'Capacitor 4.7uF 16V 0603')).toEqual([]);
    expect(misfits('', 'Capacitor 1uF 0805')).toEqual([]);
  });
});
