/**
 * The demo catalog's product classes: for each, its category, price range and quantity discount, packaging and
 * trade codes.
 */
import type { Cls, Container } from './template';

export interface ClassInfo {
  cat: string;
  /** Unit price range at quantity 1, USD. */
  lo: number;
  hi: number;
  /** Exponent range of the quantity discount: price(q) = price(1) * q^-alpha. */
  alpha: readonly [number, number];
  floor: number;
  cont: Container;
  reel: readonly number[];
  tube: readonly number[];
  hts: string;
  eccn: readonly string[];
}

const classInfo = (
  cat: string,
  lo: number,
  hi: number,
  a0: number,
  a1: number,
  floorPrice: number,
  cont: Container,
  reel: number[],
  tube: number[],
  hts: string,
  eccn: string[] = ['EAR99'],
): ClassInfo => ({ cat, lo, hi, alpha: [a0, a1], floor: floorPrice, cont, reel, tube, hts, eccn });

export const CLASSES: Record<Cls, ClassInfo> = {
  RES: classInfo('Resistors', 0.012, 0.12, 0.38, 0.48, 0.0009, 'reel', [5000, 10000, 4000], [], '8533.21.0040'),
  RESP: classInfo('Resistors', 0.15, 1.6, 0.16, 0.28, 0.02, 'reel', [1000, 2000, 4000], [], '8533.21.0080'),
  POT: classInfo('Resistors', 0.25, 3.5, 0.08, 0.18, 0.08, 'bulk', [500, 1000], [50, 100], '8533.40.8070'),
  THERM: classInfo('Sensors', 0.05, 0.6, 0.22, 0.32, 0.01, 'reel', [4000, 10000], [], '8533.40.4000'),
  CAP: classInfo('Capacitors', 0.012, 0.45, 0.34, 0.45, 0.0011, 'reel', [4000, 10000, 3000, 15000], [], '8532.24.0020'),
  CAPE: classInfo('Capacitors', 0.08, 2.2, 0.14, 0.28, 0.02, 'reel', [500, 1000, 2000], [200, 500], '8532.22.0020'),
  IND: classInfo('Inductors', 0.06, 2.8, 0.14, 0.28, 0.012, 'reel', [2000, 3000, 1000, 4000], [], '8504.50.8000'),
  FERR: classInfo('Filters', 0.012, 0.22, 0.3, 0.42, 0.0015, 'reel', [10000, 4000], [], '8504.50.8000'),
  EMI: classInfo('Filters', 1.5, 45, 0.04, 0.1, 0.5, 'bulk', [], [20, 50], '8548.00.0000'),
  DIODE: classInfo('Diodes', 0.02, 0.5, 0.3, 0.42, 0.003, 'reel', [3000, 10000, 5000], [], '8541.10.0080'),
  TVS: classInfo('Circuit Protection', 0.08, 0.95, 0.2, 0.32, 0.01, 'reel', [3000, 750, 2500], [], '8541.10.0080'),
  FUSE: classInfo('Circuit Protection', 0.05, 1.8, 0.14, 0.25, 0.01, 'reel', [5000, 3000, 1000], [], '8536.10.0080'),
  BJT: classInfo('Transistors', 0.02, 0.32, 0.32, 0.42, 0.0025, 'reel', [3000, 10000], [], '8541.21.0075'),
  FET: classInfo('Transistors', 0.05, 1.3, 0.24, 0.34, 0.008, 'reel', [3000, 10000, 2500], [], '8541.21.0095'),
  PFET: classInfo('Transistors', 0.4, 12, 0.1, 0.2, 0.1, 'tube', [800, 2500, 1000], [50, 30, 25], '8541.29.0095'),
  AMP: classInfo(
    'Amplifiers',
    0.15,
    6.5,
    0.1,
    0.2,
    0.05,
    'tube',
    [2500, 3000, 2000],
    [75, 50, 150, 96],
    '8542.33.0001',
  ),
  DCONV: classInfo(
    'Data Converters',
    0.8,
    25,
    0.06,
    0.12,
    0.3,
    'tube',
    [2500, 2000, 1000],
    [75, 96, 50],
    '8542.39.0001',
  ),
  TIMING: classInfo('Clock and Timing', 0.2, 6, 0.08, 0.18, 0.05, 'tube', [2500, 3000], [50, 75], '8542.39.0001'),
  REG: classInfo('Power Management', 0.08, 4.5, 0.1, 0.22, 0.03, 'tube', [3000, 2500], [50, 75], '8542.39.0001'),
  LOGIC: classInfo('Logic', 0.08, 1.1, 0.14, 0.25, 0.02, 'tube', [3000, 2500, 2000], [50, 75, 90], '8542.39.0001'),
  MCU: classInfo(
    'Microcontrollers',
    0.4,
    16,
    0.05,
    0.12,
    0.2,
    'tray',
    [2000, 1000, 2500],
    [160, 250, 90, 119, 96],
    '8542.31.0001',
    ['3A991.a.2', 'EAR99', '5A992.c'],
  ),
  MEM: classInfo('Memory', 0.2, 9, 0.06, 0.14, 0.1, 'tube', [2000, 4000, 2500], [96, 90, 100], '8542.32.0071', [
    'EAR99',
    '3A991.b.1.a',
  ]),
  IFACE: classInfo('Interface', 0.3, 7.5, 0.08, 0.16, 0.1, 'tube', [2500, 1000, 2000], [75, 50, 45], '8542.39.0001'),
  SENS: classInfo('Sensors', 0.8, 28, 0.05, 0.12, 0.3, 'reel', [2500, 1000, 5000], [], '8542.39.0001'),
  CONN: classInfo(
    'Connectors',
    0.05,
    12,
    0.08,
    0.2,
    0.02,
    'bulk',
    [1000, 2000, 750, 500],
    [50, 100, 25],
    '8536.69.4040',
  ),
  XTAL: classInfo(
    'Crystals and Oscillators',
    0.12,
    2.5,
    0.12,
    0.2,
    0.04,
    'reel',
    [1000, 2000, 3000],
    [],
    '8541.60.0060',
  ),
  OSC: classInfo('Crystals and Oscillators', 0.6, 9, 0.06, 0.14, 0.2, 'reel', [1000, 3000, 250], [], '8541.60.0060'),
  LED: classInfo('Optoelectronics', 0.02, 1.6, 0.25, 0.35, 0.004, 'reel', [2000, 3000, 4000], [], '8541.41.0000'),
  LEDP: classInfo('Optoelectronics', 0.4, 7, 0.1, 0.2, 0.1, 'reel', [1000, 500, 2000], [], '8541.41.0000'),
  OPTO: classInfo('Optoelectronics', 0.1, 2.2, 0.14, 0.24, 0.03, 'tube', [1000, 2000], [100, 50], '8541.49.7080'),
  SW: classInfo('Switches', 0.08, 6, 0.1, 0.2, 0.03, 'bulk', [1000, 2000, 500], [50], '8536.50.9065'),
  RELAY: classInfo('Relays', 0.8, 14, 0.05, 0.12, 0.3, 'tube', [500], [50, 20, 25], '8536.41.0050'),
  PSU: classInfo('Power Supplies', 3, 140, 0.02, 0.07, 1.5, 'bulk', [], [10, 20], '8504.40.9580'),
  RF: classInfo('RF and Wireless', 0.3, 28, 0.06, 0.14, 0.1, 'reel', [3000, 1000, 2500], [], '8542.39.0001', [
    'EAR99',
    '5A991.b',
    '5A992.c',
  ]),
  ANT: classInfo('RF and Wireless', 0.2, 14, 0.06, 0.14, 0.08, 'reel', [1000, 3000], [], '8529.10.9100'),
  WMOD: classInfo('RF and Wireless', 2, 45, 0.03, 0.08, 1, 'tray', [800, 1000, 650], [40, 52, 100], '8517.62.0090', [
    '5A992.c',
  ]),
  FPGA: classInfo('Programmable Logic', 3, 450, 0.02, 0.08, 1.5, 'tray', [1000], [60, 90, 119, 160], '8542.39.0001', [
    '3A991.d',
    'EAR99',
  ]),
  AUD: classInfo('Audio', 0.3, 6.5, 0.08, 0.18, 0.1, 'reel', [1000, 1500, 2000], [], '8518.29.8000'),
  FAN: classInfo('Fans and Thermal', 2, 28, 0.02, 0.08, 1, 'bulk', [], [50, 100], '8414.59.6590'),
  BOARD: classInfo('Development Boards', 4, 140, 0.01, 0.04, 3, 'bulk', [], [], '8473.30.1180', ['5A992.c', 'EAR99']),
};
