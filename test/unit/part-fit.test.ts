import { misfits } from '../../src/purchase/part-fit';

describe('a candidate that does not fit the line is flagged', () => {
  test('a 1 µF part for a 4u7 line, and another package', () => {
    expect(misfits('4u7 0603', 'CAP CER 1UF 25V X5R 0805')).toEqual([
      'value 1 µF, the line 4.7 µF',
      'package 0805, the line 0603',
    ]);
  });
  test('the same value written another way fits; a line that says nothing flags nothing', () => {
    expect(misfits('4u7 0603', 'Capacitor 4.7uF 16V 0603')).toEqual([]);
    expect(misfits('RES 4k7 1% 0805', 'Resistor 4.7K OHM 1% R_0805_2012Metric')).toEqual([]);
    expect(misfits('10k 1% SOT23', 'RES 10K SOT-23')).toEqual([]);
    expect(misfits('', 'Capacitor 1uF 0805')).toEqual([]);
  });
  test('falling short is flagged, doing better is not: a lower voltage, a wider tolerance; a higher voltage fits', () => {
    expect(misfits('4u7 16V 0603', '4.7uF 10V 0603')).toEqual(['10 V, the line 16 V']);
    expect(misfits('10k 1% 0603', '10k 5% 0603')).toEqual(['5%, the line 1%']);
    expect(misfits('4u7 16V 0603', '4.7uF 25V 0603')).toEqual([]);
  });
  test('another kind of part, or another frequency, does not fit', () => {
    expect(misfits('10k 0603', 'CAP CER 10nF 0603')).toEqual(['a capacitor, the line a resistor']);
    expect(misfits('Crystal 16MHz', 'Crystal 12 MHz')).toHaveLength(1);
  });
});
