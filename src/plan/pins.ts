/**
 * The offers a part's lines pin. A part is bought once, whatever its lines pin: the first pin met applies (planPart),
 * and when lines pin different offers the plan says so, naming each offer with the lines (or BOMs) that pin it, so
 * the buyer can settle it. A priced BOM and a purchase list say it alike.
 */
import { firstAndMore } from '../text/words';

/** One offer pinned, as first written, with who pins it (rows or BOM names), in the order met. */
export interface PinMet {
  offer: string;
  by: string[];
}

/** The pins of `lines` (a line that pins nothing left out), one per offer, case and spaces aside. */
export function pinsMet(lines: Iterable<{ pin: string; by: string }>): PinMet[] {
  const met: PinMet[] = [];
  const keys: string[] = [];
  for (const { pin, by } of lines) {
    const key = pin.trim().toUpperCase();
    if (key === '') continue;
    const at = keys.indexOf(key);
    if (at < 0) {
      keys.push(key);
      met.push({ offer: pin.trim(), by: [by] });
    } else if (!met[at].by.includes(by)) met[at].by.push(by);
  }
  return met;
}

/**
 * "pinned to different offers: REEL (A, C), CHEAP (B); bought as pinned first, REEL", or null when the lines pin one
 * offer or none. With `noun` ('row'), who pins is said with it: "REEL (rows 4, 7), CHEAP (row 9)".
 */
export function differentPinsNote(pins: readonly PinMet[], noun?: 'row'): string | null {
  if (pins.length < 2) return null;
  const who = (by: readonly string[]) => {
    const shown = firstAndMore(by, 6);
    return noun ? `${noun}${by.length === 1 ? '' : 's'} ${shown}` : shown;
  };
  const listed = pins.map((p) => `${p.offer} (${who(p.by)})`).join(', ');
  return `pinned to different offers: ${listed}; bought as pinned first, ${pins[0].offer}`;
}
