/**
 * Parameters read from the makers' ordering codes, with real part numbers: at least three makers for each kind of
 * parameter (resistance, capacitance, inductance, frequency, tolerance, voltage, dielectric, package).
 */
import { readPartNumber, readPartParameters } from '../../src/parts/part-numbers';
import type { PartParameters } from '../../src/parts/parameters';

type Expect = Partial<PartParameters>;

const close = (a: number | null | undefined, b: number | null | undefined): boolean =>
  a == null || b == null ? a == b : Math.abs(a - b) <= Math.abs(b) * 1e-9;

function check(pn: string, want: Expect): void {
  const got = readPartNumber(pn);
  expect(got).not.toBeNull();
  for (const [k, v] of Object.entries(want) as Array<[keyof PartParameters, unknown]>) {
    if (typeof v === 'number') {
      if (!close(got![k] as number | null, v)) throw new Error(`${pn}: ${k} ${String(got![k])}, expected ${v}`);
    } else expect([pn, k, got![k]]).toEqual([pn, k, v]);
  }
}

describe('resistors: resistance, tolerance and size', () => {
  test.each<[string, Expect]>([
    ['RC0603FR-0710KL', { kind: 'resistor', value: 10e3, unit: 'Ω', tolerance: 1, package: '0603' }],
    ['RC0402JR-074K7L', { value: 4.7e3, tolerance: 5, package: '0402' }],
    ['RC0805FR-07100RL', { value: 100, tolerance: 1, package: '0805' }],
    ['CRCW060310K0FKEA', { kind: 'resistor', value: 10e3, tolerance: 1, package: '0603' }],
    ['CRCW040249R9FKED', { value: 49.9, tolerance: 1, package: '0402' }],
    ['ERJ-3EKF1002V', { kind: 'resistor', value: 10e3, tolerance: 1, package: '0603' }],
    ['ERJ-3GEYJ103V', { value: 10e3, tolerance: 5, package: '0603' }],
    ['ERJ-2RKF49R9X', { value: 49.9, tolerance: 1, package: '0402' }],
    ['ERJ-6ENF4701V', { value: 4.7e3, tolerance: 1, package: '0805' }],
    ['RK73H1JTTD1002F', { kind: 'resistor', value: 10e3, tolerance: 1, package: '0603' }],
    ['RK73B2ATTD472J', { value: 4.7e3, tolerance: 5, package: '0805' }],
    ['RMCF0603FT10K0', { kind: 'resistor', value: 10e3, tolerance: 1, package: '0603' }],
    ['MCR03EZPFX1002', { kind: 'resistor', value: 10e3, tolerance: 1, package: '0603' }],
    ['MCR01MZPJ103', { value: 10e3, tolerance: 5, package: '0402' }],
  ])('%s', check);
});

describe('ceramic capacitors: capacitance, voltage, dielectric, tolerance and size', () => {
  test.each<[string, Expect]>([
    [
      'GRM188R71C104KA01D',
      { kind: 'capacitor', value: 100e-9, voltage: 16, dielectric: 'X7R', tolerance: 10, package: '0603' },
    ],
    ['GRM1555C1H100JA01D', { value: 10e-12, voltage: 50, dielectric: 'C0G', tolerance: 5, package: '0402' }],
    ['GRM21BR61E106KA73L', { value: 10e-6, voltage: 25, dielectric: 'X5R', tolerance: 10, package: '0805' }],
    ['GCM155R71H102KA37D', { value: 1e-9, voltage: 50, dielectric: 'X7R', package: '0402' }],
    [
      'CL10B104KB8NNNC',
      { kind: 'capacitor', value: 100e-9, voltage: 50, dielectric: 'X7R', tolerance: 10, package: '0603' },
    ],
    ['CL05A105KA5NQNC', { value: 1e-6, voltage: 25, dielectric: 'X5R', package: '0402' }],
    ['CL21A106KOQNNNE', { value: 10e-6, voltage: 16, dielectric: 'X5R', package: '0805' }],
    ['CL10C220JB8NNNC', { value: 22e-12, voltage: 50, dielectric: 'C0G', tolerance: 5 }],
    [
      'C0603C104K5RACTU',
      { kind: 'capacitor', value: 100e-9, voltage: 50, dielectric: 'X7R', tolerance: 10, package: '0603' },
    ],
    ['C0805C106K8PACTU', { value: 10e-6, voltage: 10, dielectric: 'X5R', package: '0805' }],
    ['C0402C109C5GACTU', { value: 1e-12, voltage: 50, dielectric: 'C0G', tolerance: null, package: '0402' }],
    [
      'C1608X7R1H104K080AA',
      { kind: 'capacitor', value: 100e-9, voltage: 50, dielectric: 'X7R', tolerance: 10, package: '0603' },
    ],
    ['C1005X5R1A105K050BC', { value: 1e-6, voltage: 10, dielectric: 'X5R', package: '0402' }],
    ['C2012X5R1A106K125AB', { value: 10e-6, voltage: 10, dielectric: 'X5R', package: '0805' }],
    [
      'CC0603KRX7R9BB104',
      { kind: 'capacitor', value: 100e-9, voltage: 50, dielectric: 'X7R', tolerance: 10, package: '0603' },
    ],
    ['CC0402JRNPO9BN100', { value: 10e-12, voltage: 50, dielectric: 'C0G', tolerance: 5, package: '0402' }],
    [
      'EMK107BJ105KA-T',
      { kind: 'capacitor', value: 1e-6, voltage: 16, dielectric: 'X5R', tolerance: 10, package: '0603' },
    ],
    ['TMK107B7104KA-T', { value: 100e-9, voltage: 25, dielectric: 'X7R', package: '0603' }],
    ['JMK107BJ106MA-T', { value: 10e-6, voltage: 6.3, dielectric: 'X5R', tolerance: 20 }],
  ])('%s', check);
});

describe('inductors: inductance and tolerance', () => {
  test.each<[string, Expect]>([
    ['LQM21PN2R2MGH', { kind: 'inductor', value: 2.2e-6, unit: 'H', tolerance: 20, package: '0805' }],
    ['LQH3NPN100MJ0', { value: 10e-6, tolerance: 20 }],
    ['LQG15HS2N2S02D', { value: 2.2e-9, package: '0402' }],
    ['LQW18AN10NG00', { value: 10e-9, tolerance: null, package: '0603' }],
    ['SRR1260-100M', { kind: 'inductor', value: 10e-6, tolerance: 20 }],
    ['SRN6045TA-4R7M', { value: 4.7e-6 }],
    ['SRP7028A-2R2M', { value: 2.2e-6 }],
    ['NR3015T4R7M', { kind: 'inductor', value: 4.7e-6, tolerance: 20 }],
    ['NRS4018T100MDGJ', { value: 10e-6 }],
    ['CBC2518T100M', { value: 10e-6 }],
    ['XAL4020-222MEB', { kind: 'inductor', value: 2.2e-6, tolerance: 20 }],
    ['LPS4018-103MRB', { value: 10e-6 }],
    ['XFL4020-102MEB', { value: 1e-6 }],
  ])('%s', check);
});

describe('crystals and oscillators: frequency, kind and package', () => {
  test.each<[string, Expect]>([
    ['ABM8-14.7456MHZ-D2-T3', { kind: 'crystal', frequency: 14.7456e6, package: '3.2×2.5 mm' }],
    ['ABM8-11.0592MHZ-18-D2X-T', { kind: 'crystal', frequency: 11.0592e6, package: '3.2×2.5 mm' }],
    ['ABM3B-8.000MHZ-10-1-U-T', { frequency: 8e6, package: '5×3.2 mm' }],
    ['ABLS-16.000MHZ-B4-T', { frequency: 16e6, package: 'HC-49/US' }],
    ['ABS07-32.768KHZ-T', { kind: 'crystal', frequency: 32_768, package: '3.2×1.5 mm' }],
    ['ASE-25.000MHZ-LC-T', { kind: 'oscillator', frequency: 25e6 }],
    ['ECS-160-20-33-JGN-TR', { kind: 'crystal', frequency: 16e6 }],
    ['ECS-147.4-18-33-JGN-TR', { frequency: 14.7456e6 }],
    ['ECS-.327-12.5-34B', { frequency: 32_768 }],
    ['ECS-2520MV-250-BN-TR', { kind: 'oscillator', frequency: 25e6, package: '2.5×2 mm' }],
    ['FA-238 16.0000MB-K0', { kind: 'crystal', frequency: 16e6, package: '3.2×2.5 mm' }],
    ['TSX-3225 16.0000MF09Z-AC3', { kind: 'crystal', frequency: 16e6, package: '3.2×2.5 mm' }],
    ['FC-135 32.7680KA-A3', { kind: 'crystal', frequency: 32_768, package: '3.2×1.5 mm' }],
    ['SG-210STF 25.0000ML3', { kind: 'oscillator', frequency: 25e6 }],
    ['NX3225GA-16.000M-STD-CRG-1', { kind: 'crystal', frequency: 16e6, package: '3.2×2.5 mm' }],
    ['NX2016SA-32M-EXS00A-CS06465', { frequency: 32e6, package: '2×1.6 mm' }],
    ['NZ2520SD-26.000000MHZ', { kind: 'oscillator', frequency: 26e6, package: '2.5×2 mm' }],
    ['CX3225SB16000D0FLJCC', { kind: 'crystal', frequency: 16e6, package: '3.2×2.5 mm' }],
    ['7M-16.000MAAJ-T', { kind: 'crystal', frequency: 16e6 }],
    ['7V12000003', { frequency: 12e6 }],
    ['SIT8008BI-12-33E-25.000000G', { kind: 'oscillator', frequency: 25e6 }],
    ['SIT1533AI-H4-DCC-32.768E', { frequency: 32_768 }],
  ])('%s', check);
});

test('part numbers of no known scheme state nothing', () => {
  for (const pn of ['LM358N', 'BAV99', 'STM32F411CEU6', 'RC', 'C0603', '']) expect(readPartNumber(pn)).toBeNull();
});

describe('texts and part numbers together', () => {
  test('what the texts state comes first; the part number fills in what they leave out', () => {
    const p = readPartParameters(['GRM188R71C104KA01D'], ['100n', 'C_0603', '']);
    expect(p).toMatchObject({ kind: 'capacitor', package: '0603', voltage: 16, dielectric: 'X7R', tolerance: 10 });
    expect(close(p.value, 100e-9)).toBe(true);
  });
  test('a crystal line: the frequency from its Value cell, the package from its part number', () => {
    const p = readPartParameters(['ABM8-14.7456MHZ-D2-T3'], ['14.7456MHz', '', '']);
    expect(p).toMatchObject({ frequency: 14.7456e6, package: '3.2×2.5 mm' });
  });
  test('a catalog description and its part number', () => {
    expect(readPartParameters(['ABM8-11.0592MHZ-18-D2X-T'], ['CRYSTAL 11.0592MHZ 18PF SMD'])).toMatchObject({
      kind: 'crystal',
      frequency: 11.0592e6,
      package: '3.2×2.5 mm',
    });
  });
  test('a part number of another kind than the texts name is not read', () => {
    expect(readPartParameters(['CL10B104KB8NNNC'], ['RES SMD 10K OHM 1% 0603'])).toMatchObject({
      kind: 'resistor',
      value: 10e3,
      voltage: null,
      dielectric: null,
    });
  });
});
