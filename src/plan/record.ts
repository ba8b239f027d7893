/**
 * The plan of one BOM line as a record, not as words: the items the line's part is bought as (one, or one per offer
 * of a split) and why the quantity differs from the need. The pricing run keeps one per written row beside the
 * results (in the workbook's document settings), and the order review reads it there; the Status cell's notes are
 * for people, and rewording them changes nothing the review shows. Results written before the record existed carry
 * only the notes: quantity-note.ts reads those, once, and says what it could not recover.
 */
import type { QuantityReasons } from './quantity-note';

/** One item the part is bought as: the checkout's item id, how many and from which source. */
export interface PlannedItem {
  itemId: string;
  qty: number;
  source: string;
}

export interface LinePlanRecord {
  items: PlannedItem[];
  reasons: QuantityReasons;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A record as the workbook keeps it: reasons the plan has none of are left out, to keep the settings small. */
export function storedPlan(plan: LinePlanRecord): unknown {
  const reasons = Object.fromEntries(Object.entries(plan.reasons).filter(([, v]) => v !== null));
  return { items: plan.items, reasons };
}

function readReasons(v: unknown): QuantityReasons | null {
  if (!isObject(v)) return null;
  const { overage = null, overbuy = null, sharedWith = null } = v;
  if (overage !== null && !(isObject(overage) && isCount(overage.need) && isCount(overage.extra))) return null;
  if (
    overbuy !== null &&
    !(
      isObject(overbuy) &&
      isCount(overbuy.bought) &&
      isCount(overbuy.need) &&
      isCount(overbuy.spare) &&
      typeof overbuy.why === 'string'
    )
  )
    return null;
  if (sharedWith !== null && typeof sharedWith !== 'string') return null;
  return { overage, overbuy, sharedWith } as QuantityReasons;
}

/** A line's plan record read back from the workbook (as storedPlan keeps it), or null when the value is not one. */
export function readLinePlanRecord(value: unknown): LinePlanRecord | null {
  if (!isObject(value) || !Array.isArray(value.items)) return null;
  const reasons = readReasons(value.reasons);
  if (!reasons) return null;
  const items = value.items;
  if (
    !items.every(
      (i) =>
        isObject(i) &&
        typeof i.itemId === 'string' &&
        i.itemId !== '' &&
        isCount(i.qty) &&
        typeof i.source === 'string',
    )
  )
    return null;
  return { items: items as PlannedItem[], reasons };
}
