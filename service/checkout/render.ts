import { xmlDocument } from '../xml';
import { jsonText } from '../json';
import type { PriceBreakRecord } from '../store/types';
import type { PlacedLine, PlacedOrder } from './checkout';
import { MARKETPLACE } from './checkout';
import type { CheckoutRefusal } from './errors';
import { formatMicro, formatMinor } from './money';

/** One processed line as the answer carries it; every value is a string, flags are t or f. See docs/checkout.md. */
export interface ProcessedCartEntry {
  Tiers: string;
  aqt: string;
  bord: string;
  cOfC: string;
  dcd: string;
  edd: string;
  factoryStock: string;
  itot: string;
  lfr: string;
  moq: string;
  ncnr: string;
  ons: string;
  inc: string;
  ped: string;
  qty: string;
  svcs: string;
  sandd: string;
  esd: string;
  slt: string;
  upc: string;
  vid: string;
  warranty: string;
}

export interface ErrorEntry {
  code: string;
  message: string;
  itemId?: string;
  line?: string;
}

export interface OrderPlacedBody {
  serverErrors: string;
  errors: ErrorEntry[];
  ProcessedCartEntry: ProcessedCartEntry[];
  id: string;
  stAddressId: string;
  submitted: string;
  subtotal: string;
  total: string;
  discount: string;
  currency: string;
  shipAgent: string;
  shipService: string;
}

const flag = (b: boolean) => (b ? 't' : 'f');

/** Open-ended last tiers carry a sentinel maxQty (99999999 or 999999999) and print as `100+`. */
const OPEN_ENDED = 99_999_999;

/** Price tiers as text: `1-9@0.52;10-99@0.45;100+@0.4`. */
export function tiersText(breaks: PriceBreakRecord[]): string {
  return [...breaks]
    .sort((a, b) => a.minQty - b.minQty)
    .map((b) => `${b.minQty}${b.maxQty >= OPEN_ENDED ? '+' : `-${b.maxQty}`}@${formatMicro(Math.round(b.price * 1e6))}`)
    .join(';');
}

/** Days until the offer ships, from its shipsIn text (`Ships today`, `Ships in 3 days`); 1 when it says nothing. */
export function shipDays(shipsIn: string | null): number {
  if (shipsIn === null) return 1;
  if (/today/i.test(shipsIn)) return 0;
  const m = /(\d+)\s*day/i.exec(shipsIn);
  return m ? Number(m[1]) : 1;
}

/** A date (UTC) `days` after `from`, as yyyymmdd. */
export function yyyymmdd(from: Date, days: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

function entry(order: PlacedOrder, line: PlacedLine): ProcessedCartEntry {
  const o = line.offer;
  const regional = o.source_cd !== MARKETPLACE;
  const ship = shipDays(o.ships_in);
  return {
    Tiers: tiersText(line.breaks),
    aqt: String(line.available),
    bord: 'f',
    cOfC: flag(regional),
    dcd: o.date_code,
    edd: yyyymmdd(order.placedAt, ship + order.method.transitDays),
    factoryStock: 'f',
    itot: formatMinor(line.totalMinor, order.currency),
    lfr: flag(o.eurohs === 'Compliant'),
    moq: String(o.moq),
    ncnr: flag(o.is_ncnr === 1),
    ons: flag(line.customerPrice),
    inc: String(Math.max(o.pack_size, 1)),
    ped: formatMicro(line.unitMicro),
    qty: String(line.quantity),
    svcs: '',
    sandd: 'f',
    esd: yyyymmdd(order.placedAt, ship),
    slt: String(o.mfr_lead_time),
    upc: o.product_code,
    vid: o.source_part_id,
    warranty: flag(regional),
  };
}

export function orderBody(order: PlacedOrder): OrderPlacedBody {
  return {
    serverErrors: '',
    errors: [],
    ProcessedCartEntry: order.lines.map((line) => entry(order, line)),
    id: String(order.orderId),
    stAddressId: order.shipToId,
    submitted: String(order.submitted),
    subtotal: formatMinor(order.subtotalMinor, order.currency),
    total: formatMinor(order.totalMinor, order.currency),
    discount: formatMinor(order.discountMinor, order.currency),
    currency: order.currency,
    shipAgent: order.method.agent,
    shipService: order.method.service,
  };
}

/** A refusal: serverErrors is the first problem's code; errors lists every problem; id is set only when an order exists. */
export function errorBody(error: CheckoutRefusal, stAddressId: string): OrderPlacedBody {
  return {
    serverErrors: error.code,
    errors: error.problems.map((p) => {
      const e: ErrorEntry = { code: p.code, message: p.message };
      if (p.itemId !== undefined) e.itemId = p.itemId;
      if (p.line !== undefined) e.line = String(p.line);
      return e;
    }),
    ProcessedCartEntry: [],
    id: error.orderId === undefined ? '' : String(error.orderId),
    stAddressId,
    submitted: 'false',
    subtotal: '',
    total: '',
    discount: '',
    currency: '',
    shipAgent: '',
    shipService: '',
  };
}

/** XML: repeated ProcessedCartEntry and errors elements. JSON: the same object, with both as arrays. */
export function serialize(body: OrderPlacedBody, format: 'json' | 'xml'): string {
  const doc = { OrderPlaced: body };
  return format === 'json' ? jsonText(doc) : xmlDocument(doc);
}
