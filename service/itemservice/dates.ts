export const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

/** `17-NOV-2023`: the form of every pipeline date in real answers (month in upper case). */
export function captureDate(year: number, month: number, day: number): string {
  return `${String(day).padStart(2, '0')}-${MONTHS[month - 1]}-${year}`;
}

/** Year, month (1-12) and day of a stored delivery date, `yyyymmdd` or `DD-MON-YYYY`; undefined when it is neither. */
function dateParts(stored: string): { year: number; month: number; day: number } | undefined {
  const ymd = /^(\d{4})(\d{2})(\d{2})$/.exec(stored);
  if (ymd) return { year: Number(ymd[1]), month: Number(ymd[2]), day: Number(ymd[3]) };
  const dmy = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(stored);
  if (dmy)
    return {
      year: Number(dmy[3]),
      month: MONTHS.indexOf(dmy[2].toUpperCase() as (typeof MONTHS)[number]) + 1,
      day: Number(dmy[1]),
    };
  return undefined;
}

/** The parts of a stored delivery date that names a real calendar day; undefined otherwise. */
function calendarDay(stored: string): { year: number; month: number; day: number } | undefined {
  const parts = dateParts(stored);
  if (!parts || parts.month < 1 || parts.month > 12 || parts.day < 1) return undefined;
  return parts.day <= new Date(Date.UTC(parts.year, parts.month, 0)).getUTCDate() ? parts : undefined;
}

/** True when a delivery date is in one of the two published forms and names a real calendar day. */
export function isDeliveryDate(stored: string): boolean {
  return calendarDay(stored) !== undefined;
}

/**
 * A pipeline delivery date as the wire carries it: `DD-MON-YYYY`, as every capture does. Stores may hold the
 * documentation's `yyyymmdd` (imports accept both); public clients read the date with `new Date(...)`, which
 * cannot parse eight digits.
 */
export function wireDate(stored: string): string {
  const day = calendarDay(stored);
  return day ? captureDate(day.year, day.month, day.day) : stored;
}
