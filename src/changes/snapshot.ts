/**
 * A snapshot of a pricing run: what a later run is compared with to say what changed and why the total moved
 * (compare.ts, bridge.ts). It is made from the records the run already has (the BOM as read, the priced lines with
 * their plan records, the parts with the offers seen, the rates) and kept as compact JSON with a format version: in
 * a file for the command line, in the workbook for the pane.
 *
 * Amounts are whole micro-units of the run's currency (src/pricing/money.ts). A line's `cost` is its part of what is
 * paid as the plan allocates it, so the lines' costs add up exactly to `total`; a line priced in another currency
 * (no rate for its offer's) costs 0 here and is counted in `otherCurrency`.
 */
import type { BomReadResult } from '../bom/read';
import type { PricedStatus } from '../purchase/priced-layout';
import type { PriceBomResult, PricedBomLine } from '../purchase/price-types';
import type { Part } from '../catalog/model';
import { toMicro } from '../pricing/money';

/** What the `format` field of every snapshot says. */
export const SNAPSHOT_FORMAT = 'partsheet-run-snapshot';
/** The format version this build writes and reads. */
export const SNAPSHOT_VERSION = 1;

/** One item the line's part is bought as: the offer (sourcePartId), how many, and its source. */
export type SnapshotItem = [offer: string, qty: number, source: string];

/** One BOM line as the run read and priced it. */
export interface SnapshotLine {
  /** 0-based row of the BOM. */
  row: number;
  /** The part number and the manufacturer's key as the BOM gives them. */
  pn: string;
  mfr: string;
  /** The designators, upper case, each once, in natural order, comma-separated; '' when none. */
  des: string;
  /** What the BOM asks for: quantity per board × boards. */
  need: number;
  status: PricedStatus;
  /** The part priced (the catalog's part number), null when none was matched. */
  part: string | null;
  lifecycle: string;
  /** This line's part of what is paid, micro-units of the run's currency; 0 when nothing. */
  cost: number;
  /** Unit price paid, micro-units of the run's currency; null when none. */
  unit: number | null;
  /** The offer's own currency, when the line is bought from one offer; null otherwise. */
  cur: string | null;
  items: SnapshotItem[];
  /** Stock across the part's offers; null when not priced. */
  stock: number | null;
  leadWeeks: number | null;
  /** The earliest delivery date (yyyy-mm-dd) announced for the offers bought; null when none. */
  arrival: string | null;
}

/** One offer seen for a part: id, source, currency, stock, lead time, MOQ, pack, breaks as [min qty, price micro]. */
export type SnapshotOffer = [
  offer: string,
  source: string,
  currency: string,
  stock: number,
  leadWeeks: number | null,
  moq: number,
  pack: number,
  breaks: Array<[number, number]>,
];

export interface SnapshotRate {
  from: string;
  /** Units of the run's currency per one unit of `from`. */
  rate: number;
  method: 'learned' | 'given';
  asOf: string;
}

export interface RunSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  /** When the run priced (ISO 8601). */
  pricedAt: string;
  currency: string;
  boards: number;
  /** The sheet or file row number of the BOM's first row of cells (row 0), for naming rows. */
  firstRow: number;
  /** The lines' costs added up, micro-units of `currency`. */
  total: number;
  /** Lines priced in a currency other than `currency` (not in `total`). */
  otherCurrency: number;
  rates: SnapshotRate[];
  /** The lines to buy, in row order (rows skipped by the reader are left out). */
  lines: SnapshotLine[];
  /** The offers seen, by the part number priced. */
  offers: Record<string, SnapshotOffer[]>;
}

const natural = new Intl.Collator('en', { numeric: true });

/** Designators as a snapshot keeps them: upper case, each once, in natural order (C2 before C10), comma-separated. */
export function canonicalDesignators(designators: readonly string[]): string {
  if (designators.length === 0) return '';
  return [...new Set(designators.map((d) => d.trim().toUpperCase()).filter((d) => d !== ''))]
    .sort(natural.compare)
    .join(',');
}

const micro = (amount: number | null | undefined): number | null =>
  amount === null || amount === undefined || !Number.isFinite(amount) || amount < 0 ? null : Number(toMicro(amount));

function earliestArrival(part: Part | null | undefined, offers: ReadonlySet<string>): string | null {
  let best: string | null = null;
  for (const offer of part?.offers ?? []) {
    if (!offers.has(offer.sourcePartId)) continue;
    for (const p of offer.pipeline) if (p.quantity > 0 && (best === null || p.date < best)) best = p.date;
  }
  return best;
}

function snapshotLine(line: PricedBomLine, bom: BomReadResult['lines'][number] | undefined, currency: string) {
  const items: SnapshotItem[] = (line.plan?.items ?? []).map((i) => [i.itemId, i.qty, i.source]);
  if (items.length === 0 && line.itemId) items.push([line.itemId, line.orderQty ?? 0, line.source ?? '']);
  const counted = (line.status === 'priced' || line.status === 'short') && line.currency === currency;
  const out: SnapshotLine = {
    row: line.row,
    pn: line.partNumber,
    mfr: bom?.manufacturerKey ?? '',
    des: canonicalDesignators(bom?.designators ?? []),
    need: line.need ?? 0,
    status: line.status,
    part: line.matchedPart,
    lifecycle: line.lifecycle ?? '',
    cost: counted ? (micro(line.extended) ?? 0) : 0,
    unit: counted ? micro(line.unitPrice) : null,
    cur: line.offerCurrency ?? null,
    items,
    stock: line.stockAll ?? line.stock ?? null,
    leadWeeks: line.leadTimeWeeks ?? null,
    arrival: earliestArrival(line.part, new Set(items.map((i) => i[0]))),
  };
  return { out, other: !counted && line.extended !== null && line.currency !== null && line.currency !== currency };
}

function offersOf(part: Part): SnapshotOffer[] {
  return part.offers.map((o) => [
    o.sourcePartId,
    o.sourceCode,
    o.currency,
    o.stock,
    o.leadTimeWeeks,
    o.moq,
    o.packSize,
    o.breaks.map((b): [number, number] => [b.minQty, micro(b.price) ?? 0]),
  ]);
}

/**
 * The snapshot of a run: `read` is the BOM as read, `result` the run at the quantity the BOM is written for,
 * `firstRow` the sheet or file row number of the BOM's first row of cells (1 for a file).
 */
export function buildSnapshot(read: BomReadResult, result: PriceBomResult, firstRow = 1): RunSnapshot {
  const currency = result.currency;
  const byRow = new Map(read.lines.map((l) => [l.row, l]));
  const lines: SnapshotLine[] = [];
  const offers: Record<string, SnapshotOffer[]> = {};
  let total = 0;
  let otherCurrency = 0;
  for (const line of result.lines) {
    if (line.status === 'skipped') continue;
    const { out, other } = snapshotLine(line, byRow.get(line.row), currency);
    lines.push(out);
    total += out.cost;
    if (other) otherCurrency++;
    if (line.part && out.part !== null && !(out.part in offers)) offers[out.part] = offersOf(line.part);
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('the run’s total is too large for a snapshot');
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    pricedAt: result.pricedAt.toISOString(),
    currency,
    boards: result.boards,
    firstRow,
    total,
    otherCurrency,
    rates: result.rates.rates.map((r) => ({
      from: r.from,
      rate: r.rate,
      method: r.origin.method,
      asOf: r.origin.asOf.toISOString(),
    })),
    lines,
    offers,
  };
}

/** The fields of a line, in the order the text keeps them: the lines are kept as one column per field. */
export const LINE_FIELDS = [
  'row',
  'pn',
  'mfr',
  'des',
  'need',
  'status',
  'part',
  'lifecycle',
  'cost',
  'unit',
  'cur',
  'items',
  'stock',
  'leadWeeks',
  'arrival',
] as const satisfies ReadonlyArray<keyof SnapshotLine>;

/**
 * The snapshot as text: compact JSON, one document. The lines are written as columns (`"lines": {"row": [...],
 * "pn": [...], ...}`), so each field's name is written once rather than once a line: a third smaller for a large BOM.
 */
export function snapshotText(snapshot: RunSnapshot): string {
  const columns = Object.fromEntries(LINE_FIELDS.map((f) => [f, snapshot.lines.map((l) => l[f])]));
  return JSON.stringify({ ...snapshot, lines: columns });
}

/** The sheet a workbook keeps its run's snapshot in (hidden): the text in column A, one piece per row. */
export const SNAPSHOT_SHEET = 'Partsheet snapshot';

/** How much of the text one cell holds: under Excel's 32,767 characters a cell. */
export const SNAPSHOT_CHUNK = 30_000;

/** The snapshot's text in pieces that each fit a cell, in order. */
export function snapshotChunks(text: string, size = SNAPSHOT_CHUNK): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}
