import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoParts } from '../../service/demo/generate';
import {
  type PartParameters,
  compareParameters,
  isChipPassive,
  parametersText,
  readParameters,
} from '../../src/parts/parameters';

interface Row {
  source: string;
  cells: [string, string, string];
  expect: Omit<PartParameters, 'unit' | 'frequency'> & { frequency?: number | null };
}

const table: Row[] = JSON.parse(readFileSync(join(__dirname, '../fixtures/parameters/bom-cells.json'), 'utf8'));

const close = (a: number | null, b: number | null): boolean =>
  a === null || b === null ? a === b : Math.abs(a - b) <= Math.abs(b) * 1e-9;

describe('passive parameters read from real BOM cells (Value, Footprint, Description)', () => {
  test('the table holds at least 200 rows from the corpus files, passives and parts that are none', () => {
    expect(table.length).toBeGreaterThanOrEqual(200);
    expect(table.filter((r) => r.expect.kind !== null).length).toBeGreaterThanOrEqual(200);
    expect(new Set(table.map((r) => r.source)).size).toBeGreaterThanOrEqual(20);
  });

  test.each(table.map((r, i) => [i, r] as const))('row %i', (_i, row) => {
    const p = readParameters(...row.cells);
    // Rows written before frequencies were read state none: a crystal's row states its own.
    const expected = { frequency: null, ...row.expect };
    expect({ ...p, value: null, unit: undefined }).toEqual({ ...expected, value: null, unit: undefined });
    expect(close(p.value, row.expect.value)).toBe(true);
  });
});

describe('value spellings', () => {
  const cases: Array<[string, number, 'Ω' | 'F' | 'H']> = [
    ['4u7', 4.7e-6, 'F'],
    ['4.7µF', 4.7e-6, 'F'],
    ['4.7μF', 4.7e-6, 'F'],
    ['4700n', 4.7e-6, 'F'],
    ['100nF', 1e-7, 'F'],
    ['100 nF', 1e-7, 'F'],
    ['10k', 1e4, 'Ω'],
    ['1K00', 1e3, 'Ω'],
    ['0R', 0, 'Ω'],
    ['2R2', 2.2, 'Ω'],
    ['4K7', 4.7e3, 'Ω'],
    ['49R9', 49.9, 'Ω'],
    ['1M', 1e6, 'Ω'],
    ['10 kΩ', 1e4, 'Ω'],
    ['10K OHM', 1e4, 'Ω'],
    ['u1', 1e-7, 'F'],
    ['8p2', 8.2e-12, 'F'],
    ['22pF', 2.2e-11, 'F'],
    ['1n5', 1.5e-9, 'F'],
    ['CAP CER 4.7UF 16V X5R 0603', 4.7e-6, 'F'],
    ['RES SMD 49.9 OHM 1% 1/10W 0603', 49.9, 'Ω'],
    ['10uH', 1e-5, 'H'],
    ['FIXED IND 4.7UH 2A SMD', 4.7e-6, 'H'],
    ['RES SMD 0 OHM JUMPER 1/10W 0603', 0, 'Ω'],
    ['CAP CER .1UF 10V 10% X5R 0402', 1e-7, 'F'],
    ['RES .10 OHM 1/8W 5% 0805', 0.1, 'Ω'],
  ];
  test.each(cases)('%s', (text, value, unit) => {
    const p = readParameters(text);
    expect(p.unit).toBe(unit);
    expect(close(p.value, value)).toBe(true);
  });

  test('an inductor written in RKM is microhenries', () => {
    expect(readParameters('4R7', 'Inductor_SMD:L_1210')).toMatchObject({
      kind: 'inductor',
      value: 4.7e-6,
      package: '1210',
    });
  });
  test('a bare number in a resistor Value cell is ohms; the same number in a footprint is no value', () => {
    expect(readParameters('470', 'R_0402')).toMatchObject({ kind: 'resistor', value: 470 });
    expect(readParameters('', '402', 'RES,10R,+/-1%,1/16W,SMD0402')).toMatchObject({ value: 10, package: '0402' });
  });
});

describe('packages, voltages, tolerances, dielectrics', () => {
  test('metric sizes are read as the imperial size', () => {
    expect(readParameters('C_0402_1005Metric').package).toBe('0402');
    expect(readParameters('CAP CER 1UF 10V X5R 1005').package).toBe('0402');
    expect(readParameters('10k', '1608 metric').package).toBe('0603');
    expect(readParameters('100n', 'C 3216').package).toBe('1206');
  });
  test('IC packages', () => {
    expect(readParameters('IC REG LDO 3.3V SOT23-5').package).toBe('SOT-23-5');
    expect(readParameters('', 'SOIC-8').package).toBe('SOIC-8');
    expect(readParameters('IC OPAMP GP 2 CIRCUIT 8SOIC').package).toBe('SOIC-8');
    expect(readParameters('IC GATE 14TSSOP').package).toBe('TSSOP-14');
  });
  test('voltages in their spellings', () => {
    expect(readParameters('100n 6V3 X7R 0402').voltage).toBe(6.3);
    expect(readParameters('CAP CER 1NF 2KV X7R 1206').voltage).toBe(2000);
    expect(readParameters('CAP CER 0603 0.1uF 25volts X7R 10%').voltage).toBe(25);
  });
  test('tolerance is the widest stated; dielectric names are one class', () => {
    expect(readParameters('CAP 1F -10% +30% 2.7V').tolerance).toBe(30);
    expect(readParameters('RES 10K ±0.1% 0603').tolerance).toBe(0.1);
    expect(readParameters('CAP CER 10PF 50V NPO 0402').dielectric).toBe('C0G');
    expect(readParameters('CAP CER 10PF 50V COG 0402').dielectric).toBe('C0G');
    expect(readParameters('CAP CER 10PF 50V C0G/NP0 0402').dielectric).toBe('C0G');
  });
  test('parts that are no passive give no value: connectors, ferrite beads, resistor arrays', () => {
    for (const text of [
      'CONN SMA JACK 50 OHM EDGE MNT',
      'FERRITE BEAD 120 OHM 0402 1LN',
      'RES ARRAY 4 RES 10K OHM 1206',
    ]) {
      expect(readParameters(text)).toMatchObject({ kind: null, value: null });
    }
  });

  test('a crystal is read for its frequency, its load capacitance is no capacitor value', () => {
    expect(readParameters('CRYSTAL 12.000 MHZ 18PF SMD')).toMatchObject({
      kind: 'crystal',
      frequency: 12e6,
      value: null,
      unit: null,
    });
  });
});

describe('the demo catalog descriptions', () => {
  const parts = [...demoParts(20_000)];
  const chips = parts.filter((p) => /^(CAP CER|RES SMD) /.test(p.desc) && /^\d{4}$/.test(p.packageType));

  test('every chip resistor and ceramic capacitor is read with its kind, value and the catalog package', () => {
    expect(chips.length).toBeGreaterThan(500);
    const wrong = chips.filter((p) => {
      const r = readParameters(p.desc);
      return (
        r.kind !== (p.desc.startsWith('CAP') ? 'capacitor' : 'resistor') ||
        r.value === null ||
        r.package !== p.packageType ||
        !isChipPassive(r)
      );
    });
    expect(wrong.map((p) => p.desc)).toEqual([]);
  });
  test('every ceramic capacitor has its voltage and dielectric, every resistor but a jumper its tolerance', () => {
    const caps = chips.filter((p) => p.desc.startsWith('CAP CER')).map((p) => readParameters(p.desc));
    expect(caps.every((c) => c.voltage !== null && c.dielectric !== null)).toBe(true);
    const res = chips
      .filter((p) => p.desc.startsWith('RES SMD') && !p.desc.includes('JUMPER'))
      .map((p) => readParameters(p.desc));
    expect(res.every((r) => r.tolerance !== null)).toBe(true);
  });
});

describe('compareParameters', () => {
  const line = readParameters('4u7', 'C_0603_1608Metric', 'CAP CER 4.7UF 16V 10% X5R 0603');
  test('same parameters: no difference', () => {
    expect(compareParameters(line, readParameters('CAP CER 4.7UF 16V 10% X5R 0603'))).toEqual([]);
  });
  test('a better part differs without being worse', () => {
    const d = compareParameters(line, readParameters('CAP CER 4.7UF 25V 10% X7R 0603'));
    expect(d.map((x) => [x.field, x.worse])).toEqual([
      ['voltage', false],
      ['dielectric', false],
    ]);
  });
  test('value, package, lower voltage, wider tolerance and a weaker dielectric are worse', () => {
    const d = compareParameters(line, readParameters('CAP CER 1UF 10V 20% Y5V 0805'));
    expect(d.map((x) => [x.field, x.worse])).toEqual([
      ['value', true],
      ['package', true],
      ['voltage', true],
      ['tolerance', true],
      ['dielectric', true],
    ]);
    expect(d[0].text).toBe('value 1 µF, the line 4.7 µF');
  });
  test('parametersText', () => {
    expect(parametersText(line)).toBe('4.7 µF 16 V 10% X5R 0603');
  });
});

describe('crystals, resonators and oscillators: frequency and package from texts', () => {
  test.each<[string[], Partial<PartParameters>]>([
    [['14.7456MHz', '', ''], { kind: null, frequency: 14.7456e6 }],
    [['32.768 kHz', 'Crystal_SMD_3215-2Pin_3.2x1.5mm', ''], { frequency: 32_768, package: '3.2×1.5 mm' }],
    [['', '', 'CRYSTAL 16.0000MHZ 18PF SMD'], { kind: 'crystal', frequency: 16e6, value: null }],
    [['', 'Crystal_SMD_3225-4Pin_3.2x2.5mm', 'Crystal 12MHz 20pF'], { kind: 'crystal', package: '3.2×2.5 mm' }],
    [['', '', 'XTAL OSC XO 25.0000MHZ CMOS SMD 3.3V'], { kind: 'oscillator', frequency: 25e6, voltage: 3.3 }],
    [['', '', 'CER RESONATOR 8.00MHZ 15PF SMD'], { kind: 'resonator', frequency: 8e6 }],
    [['', '', 'CRYSTAL 8MHZ 18PF THT HC-49/US'], { kind: 'crystal', frequency: 8e6, package: 'HC-49/US' }],
    [['MCU_XTAL', '', 'CRYSTAL 12.000 MHZ 12PF SMD'], { kind: 'crystal', frequency: 12e6 }],
    [['RTC_XTAL', '', 'CRYSTAL 32.768KHZ 12.5PF SMD'], { kind: 'crystal', frequency: 32_768 }],
    [['', '', 'IC EEPROM 2KBIT 2MHZ SOT23-6'], { kind: null, frequency: null, package: 'SOT-23-6' }],
    [['', '', 'IC OSC SINGLE TIMER 100KHZ 8SOIC'], { kind: null, frequency: null }],
  ])('%j', (texts, want) => {
    expect(readParameters(...texts)).toMatchObject(want);
  });
  test('a frequency differs when it is another, not when a code rounds it', () => {
    const want = readParameters('CRYSTAL 14.7456MHZ 18PF SMD');
    expect(compareParameters(want, readParameters('CRYSTAL 11.0592MHZ 18PF SMD'))).toEqual([
      { field: 'frequency', worse: true, text: 'frequency 11.0592 MHz, the line 14.7456 MHz' },
    ]);
    expect(compareParameters(want, readParameters('CRYSTAL 14.74MHZ 18PF SMD'))).toEqual([]);
    expect(parametersText(want)).toBe('14.7456 MHz');
  });
});
