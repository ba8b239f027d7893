/** A cell as read, as the text or the number it says: trimmed text, and a plain decimal number (thousands commas allowed). */
import type { ReadCell } from './port-types';

export function text(value: ReadCell | undefined): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

export function number(value: ReadCell | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const t = text(value).replace(/,/g, '');
  return t !== '' && /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : null;
}
