/**
 * Whether a candidate part fits a BOM line, as far as their descriptions tell: the value they state (capacitance,
 * resistance, inductance: "4u7", "4.7uF", "10k", "100 nF") and the package ("0603", "SOT-23"). A candidate whose
 * value or package differs from the line's is flagged before it is used (the task pane's replacement search), so a
 * 1 µF part is not taken for a 4u7 line, and a replacement that was used anyway says so in the sheet's Status.
 */

import { valueText } from '../parts/parameters';

type Unit = 'F' | 'Ω' | 'H';

export interface PartTraits {
  values: Array<{ unit: Unit; value: number }>;
  package: string | null;
}

const PREFIX: Record<string, number> = {
  p: 1e-12,
  n: 1e-9,
  u: 1e-6,
  µ: 1e-6,
  μ: 1e-6,
  m: 1e-3,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  R: 1,
  '': 1,
};
/** "4u7" (a capacitor's 4.7 µF), "4k7" and "4R7" (resistors): the prefix letter stands for the decimal point. */
// No lookbehind (older WebKit, as in Excel on Mac, cannot parse it): what may not stand before a value is matched
// as a group of its own (the start, or a character that is no word character or point), and skipped.
const RKM = /(^|[^\w.])(\d+)([pnuµμkKMR])(\d+)(?![\w.])/g;
const WITH_UNIT = /(^|[^\w.])(\d+(?:\.\d+)?)\s*([pnuµμmkKM]?)(F|H|Ω|ohms?)(?![a-z])/gi;
const BARE_OHMS = /(^|[^\w.])(\d+(?:\.\d+)?)([kKM])(?![\w.])/g;
const PACKAGE =
  /(?:^|\W)(0201|0402|0603|0805|1206|1210|2010|2512|SOT-?23(?:-\d)?|SOT-?223|SOD-?\d{2,3}|SOIC-?\d+|TSSOP-?\d+|QFN-?\d+|DIP-?\d+|TO-?\d{2,3})(?![\w])/i;

function unitOf(symbol: string, prefix: string): Unit {
  if (/^h$/i.test(symbol)) return 'H';
  if (/^f$/i.test(symbol)) return 'F';
  if (symbol !== '') return 'Ω';
  return 'pnuµμ'.includes(prefix) ? 'F' : 'Ω';
}

export function traitsOf(text: string): PartTraits {
  const values: PartTraits['values'] = [];
  for (const m of text.matchAll(RKM))
    values.push({ unit: unitOf('', m[3]), value: Number(`${m[2]}.${m[4]}`) * PREFIX[m[3]] });
  for (const m of text.matchAll(WITH_UNIT)) {
    // Descriptions shout ("1UF"): p, n and u mean the same in capitals; "MF" is milli, never mega, farads.
    const written = /^[PNU]$/.test(m[3]) ? m[3].toLowerCase() : m[3];
    const prefix = written === 'M' && /^[fh]$/i.test(m[4]) ? 'm' : written;
    values.push({ unit: unitOf(m[4], prefix), value: Number(m[2]) * (PREFIX[prefix] ?? 1) });
  }
  for (const m of text.matchAll(BARE_OHMS)) values.push({ unit: 'Ω', value: Number(m[2]) * PREFIX[m[3]] });
  const pack = PACKAGE.exec(text)?.[1];
  return { values, package: pack ? pack.toUpperCase().replace(/-/g, '') : null };
}

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(Math.abs(a), Math.abs(b)) * 1e-6;
}

/** How the candidate differs from the line ("value 1 µF, the line 4.7 µF"); [] when nothing said differs. */
export function misfits(line: string, candidate: string): string[] {
  const a = traitsOf(line);
  const b = traitsOf(candidate);
  const out: string[] = [];
  for (const unit of ['F', 'Ω', 'H'] as const) {
    const want = a.values.filter((v) => v.unit === unit);
    const have = b.values.filter((v) => v.unit === unit);
    if (want.length === 0 || have.length === 0) continue;
    if (!have.some((h) => want.some((w) => near(h.value, w.value))))
      out.push(`value ${valueText(have[0].value, unit)}, the line ${valueText(want[0].value, unit)}`);
  }
  if (a.package && b.package && a.package !== b.package) out.push(`package ${b.package}, the line ${a.package}`);
  return out;
}
