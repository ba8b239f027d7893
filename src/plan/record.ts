/**
 * The plan of one BOM line as a record, not as words: the items the line's part is bought as (one, or one per offer
 * of a split) and why the quantity differs from the need. The pricing run keeps one per written row beside the
 * results (in the workbook's document settings), and the order review reads it there; the Status cell's notes are
 * for people, and rewording them changes nothing the review shows. Results written before the record existed carry
 * only the notes: quantity-note.ts reads those, once, and says what it could not recover.
 */
import { type QuantityReasons, legacyMarks } from './quantity-note';
import type { LineMarks } from './marks';

/** One item the part is bought as: the checkout's item id, how many and from which source. */
export interface PlannedItem {
  itemId: string;
  qty: number;
  source: string;
}

/** The status of a line bought by a plan, as its Status cell begins: stale when its values are an earlier run's. */
export type RecordedStatus = 'priced' | 'short' | 'no price' | 'stale';
const RECORDED_STATUSES: readonly string[] = ['priced', 'short', 'no price', 'stale'] satisfies RecordedStatus[];

/** Whether a line's status is one a plan record keeps. */
export function isRecordedStatus(status: string): status is RecordedStatus {
  return RECORDED_STATUSES.includes(status);
}

export interface LinePlanRecord {
  items: PlannedItem[];
  reasons: QuantityReasons;
  /** Absent in records kept before marks were: the review then reads the Status words once (quantity-note.ts). */
  marks?: LineMarks;
  /**
   * The line's status as written, so that ordering never reads the Status cell's words where the record is kept.
   * Absent in records kept before it was, and in a line's plan before it is written.
   */
  status?: RecordedStatus;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A record as the workbook keeps it: reasons the plan has none of are left out, to keep the settings small. */
export function storedPlan(plan: LinePlanRecord): unknown {
  const reasons = Object.fromEntries(Object.entries(plan.reasons).filter(([, v]) => v !== null));
  return {
    items: plan.items,
    reasons,
    ...(plan.marks ? { marks: plan.marks } : {}),
    ...(plan.status ? { status: plan.status } : {}),
  };
}

function readMarks(v: unknown): LineMarks | null {
  if (!isObject(v)) return null;
  const marks: LineMarks = {};
  if (v.quoteOnly === true) marks.quoteOnly = true;
  const o = v.overbuy;
  if (o !== undefined) {
    if (
      !isObject(o) ||
      typeof o.spare !== 'number' ||
      !Number.isFinite(o.spare) ||
      typeof o.currency !== 'string' ||
      typeof o.percent !== 'number' ||
      !Number.isFinite(o.percent)
    )
      return null;
    marks.overbuy = { spare: o.spare, currency: o.currency, percent: o.percent };
  }
  return marks;
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
  const { status } = value;
  if (status !== undefined && !(typeof status === 'string' && isRecordedStatus(status))) return null;
  const recorded = status === undefined ? {} : { status: status as RecordedStatus };
  if (value.marks === undefined) return { items: items as PlannedItem[], reasons, ...recorded };
  const marks = readMarks(value.marks);
  return marks === null ? null : { items: items as PlannedItem[], reasons, marks, ...recorded };
}

/** A row's marks: its plan record's, or, for a row priced before marks were kept, what its Status words said. */
export function marksOf(row: { plan?: LinePlanRecord | null; reason: string }): LineMarks {
  return row.plan?.marks ?? legacyMarks(row.reason);
}
