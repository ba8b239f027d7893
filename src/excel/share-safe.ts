/**
 * The share-safe copy of a priced BOM: a workbook that keeps pricing with nothing installed. Each part bought has a
 * row on a "Breaks" sheet with its offer's price breaks, MOQ, pack and stock; its need adds up its lines' cells,
 * its order quantity, unit price and cost are formulas over those breaks, and each line's Need, Buy for line, Order
 * qty, Unit price and Extended are formulas over its part's row. Changing a line's quantity or the number of boards
 * re-prices the line and the total in Excel, LibreOffice Calc and Google Sheets alike: only IF, AND, OR, MAX,
 * ROUNDUP, MOD, ISNUMBER, LOOKUP over a sorted row and SUM, which all three evaluate.
 *
 * What the formulas hold to, as the plan does for one offer (src/plan, src/pricing/quantity.ts): the order is the
 * part's need rounded up to the MOQ and to whole packs, priced at the break it falls in, converted at the run's rate.
 * An order quantity typed over the formula that is below the MOQ, not whole packs or below the first break says so
 * in the unit-price cell, as text. Where the plan would do what a formula cannot (buy from another offer or several,
 * buy more for a cheaper break, go beyond the offer's stock), the cell says "re-price in Partsheet". A part the plan
 * split, bought short or could not buy from one offer keeps the plan's figures while its need is the one priced, and
 * says "re-price in Partsheet" once it changes.
 */
import type { PricedBomLine } from '../purchase/price-types';
import type { OutputColumn, PricedColumnKey } from '../purchase/priced-layout';
import type { PartPlan, Overage } from '../plan/plan';
import { extendedMicro, fromMicro } from '../pricing/money';
import { orderQuantity, positiveCount } from '../pricing/quantity';
import { stockCount } from '../pricing/stock';
import { priceAtQuantity, sortedBreaksOf } from '../pricing/tiers';
import { columnLetters, quoteSheetName } from './address';

export const BREAKS_SHEET = 'Breaks';

/** A cell that computes: its formula (without '='), and the value it has as written, for readers that do not compute. */
export interface LiveCell {
  formula: string;
  result: number | string;
}

export type ShareSafeValue = LiveCell | number | string | Date | null;

/** Where things are in the workbook the formulas point at. */
export interface ShareSafePlaces {
  bomSheet: string;
  /** The 1-based BOM sheet row of a line's row (PricedBomLine.row). */
  sheetRow(row: number): number;
  /** The 0-based column of the first priced column (Status). */
  firstPricedColumn: number;
  /** The cell ("C5") on the BOM sheet holding a line's quantity per board as a number; null when none does. */
  quantityCell(row: number): string | null;
  /** The cell holding the number of boards, with its sheet ("Summary!$B$5"). */
  boardsCell: string;
}

export interface ShareSafeInput {
  lines: readonly PricedBomLine[];
  plans: readonly PartPlan[];
  /** Each planned line's quantity per board, by its row. */
  perBoard: ReadonlyMap<number, number>;
  overage: Overage;
  currency: string;
}

export interface ShareSafeBook {
  /** The priced cells of a line that compute, by the line's row. */
  lineCells: Map<number, Partial<Record<PricedColumnKey, LiveCell>>>;
  /** The "Breaks" sheet: its columns (header row 1) and one row per part bought, from row 2. */
  breaksColumns: OutputColumn[];
  breaksRows: ShareSafeValue[][];
  /** The total of the Extended column at the quantities in the sheet, and the lines it holds. */
  total: LiveCell;
  linesPriced: LiveCell;
}

/** What a cell says when the plan would do what a formula cannot. */
export const REPRICE = 're-price in Partsheet';

/** The fixed columns of the Breaks sheet, before the break quantities and prices; their 0-based indexes below. */
const COL = {
  part: 0,
  manufacturer: 1,
  source: 2,
  itemId: 3,
  offerCurrency: 4,
  rate: 5,
  moq: 6,
  pack: 7,
  stock: 8,
  need: 9,
  orderQty: 10,
  tierPrice: 11,
  unitPrice: 12,
  cost: 13,
  asOf: 14,
} as const;
const FIXED = 15;

function breaksColumns(currency: string, tiers: number): OutputColumn[] {
  const text = (key: string, header: string, width: number): OutputColumn => ({
    key,
    header,
    kind: 'text',
    numberFormat: '@',
    width,
  });
  const integer = (key: string, header: string, width = 10): OutputColumn => ({
    key,
    header,
    kind: 'integer',
    numberFormat: '#,##0',
    width,
  });
  const money = (key: string, header: string, format = '0.00000'): OutputColumn => ({
    key,
    header,
    kind: 'money',
    numberFormat: format,
    width: 12,
  });
  const fixed: OutputColumn[] = [
    text('part', 'Part', 22),
    text('manufacturer', 'Manufacturer', 20),
    text('source', 'Source', 14),
    text('itemId', 'Item id', 16),
    text('offerCurrency', 'Offer currency', 9),
    { key: 'rate', header: `Rate to ${currency}`, kind: 'money', numberFormat: '0.######', width: 10 },
    integer('moq', 'MOQ', 8),
    integer('pack', 'Pack', 8),
    integer('stock', 'Stock'),
    integer('need', 'Need'),
    integer('orderQty', 'Order qty'),
    money('tierPrice', 'Break price'),
    money('unitPrice', `Unit price (${currency})`),
    money('cost', `Cost (${currency})`, '#,##0.00'),
    { key: 'asOf', header: 'As of', kind: 'date', numberFormat: 'yyyy-mm-dd hh:mm', width: 17 },
  ];
  const qty = Array.from({ length: tiers }, (_, i) => integer(`breakQty${i + 1}`, `Break ${i + 1} qty`));
  const price = Array.from({ length: tiers }, (_, i) => money(`breakPrice${i + 1}`, `Break ${i + 1} price`));
  return [...fixed, ...qty, ...price];
}

/** A plan the formulas can follow: one offer, bought in full from stock. */
function followable(plan: PartPlan): boolean {
  return plan.status === 'planned' && plan.purchases.length === 1;
}

/** Formula text for a number: plain decimal, no exponent (every spreadsheet reads it alike). */
function num(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(15)));
}

/** Formula text for a string. */
function str(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Terms added up, in groups a formula's argument count allows. */
function sumOf(terms: readonly string[]): string {
  if (terms.length === 1) return terms[0];
  const groups: string[] = [];
  for (let i = 0; i < terms.length; i += 200) groups.push(`SUM(${terms.slice(i, i + 200).join(',')})`);
  return groups.join('+');
}

interface PartRow {
  plan: PartPlan;
  /** 1-based row on the Breaks sheet. */
  row: number;
  lines: PricedBomLine[];
}

/** The overage a line adds, as a formula over its need cell (empty with no overage), as overageOf computes it. */
function overageTerm(needCell: string, overage: Overage): string {
  const percent = Number.isFinite(overage.percent) && overage.percent > 0 ? overage.percent : 0;
  const min = Number.isFinite(overage.minExtra) && overage.minExtra > 0 ? Math.ceil(overage.minExtra) : 0;
  if (percent === 0 && min === 0) return '';
  return `+MAX(ROUNDUP(${needCell}*${num(percent)}/100-1E-9,0),${min})`;
}

/** The share-safe content of a priced BOM: the formulas of its lines, the Breaks sheet and the live total. */
export function shareSafeBook(input: ShareSafeInput, places: ShareSafePlaces): ShareSafeBook {
  const byRow = new Map(input.lines.map((l) => [l.row ?? -1, l]));
  const parts: PartRow[] = [];
  for (const plan of input.plans) {
    if (plan.status === 'no-price' || plan.purchases.length === 0) continue;
    const lines = plan.lines.map((l) => byRow.get(l.id));
    if (lines.some((l) => l === undefined || (l.status !== 'priced' && l.status !== 'short') || l.stale)) continue;
    parts.push({ plan, row: parts.length + 2, lines: lines as PricedBomLine[] });
  }
  let tiers = 1;
  for (const p of parts) if (followable(p.plan)) tiers = Math.max(tiers, p.plan.purchases[0].offer.breaks.length);
  const columns = breaksColumns(input.currency, tiers);
  const lineCells = new Map<number, Partial<Record<PricedColumnKey, LiveCell>>>();
  const breaksRows = parts.map((p) => partRow(p, input, places, tiers, lineCells));
  const ext = columnLetters(places.firstPricedColumn + PRICED_INDEX.extended);
  const rows = input.lines.filter((l) => l.row !== null && l.row !== undefined).map((l) => places.sheetRow(l.row!));
  const first = rows.length > 0 ? Math.min(...rows) : 2;
  const last = rows.length > 0 ? Math.max(...rows) : 2;
  const range = `${quoteSheetName(places.bomSheet)}!$${ext}$${first}:$${ext}$${last}`;
  const totalNow = input.lines.reduce((s, l) => s + (typeof l.extended === 'number' ? l.extended : 0), 0);
  return {
    lineCells,
    breaksColumns: columns,
    breaksRows,
    total: { formula: `SUM(${range})`, result: totalNow },
    linesPriced: {
      formula: `COUNT(${range})`,
      result: input.lines.filter((l) => typeof l.extended === 'number').length,
    },
  };
}

/** 0-based positions of the computed columns among the priced columns (src/purchase/priced-layout.ts). */
const PRICED_INDEX = { need: 5, share: 6, orderQty: 7, unitPrice: 8, extended: 9 } as const;

function partRow(
  p: PartRow,
  input: ShareSafeInput,
  places: ShareSafePlaces,
  tiers: number,
  lineCells: ShareSafeBook['lineCells'],
): ShareSafeValue[] {
  const { plan, row } = p;
  const bom = quoteSheetName(places.bomSheet);
  const at = (col: number) => `${columnLetters(col)}${row}`;
  const there = (col: number) => `${quoteSheetName(BREAKS_SHEET)}!$${columnLetters(col)}$${row}`;
  const lineCol = (key: keyof typeof PRICED_INDEX) => columnLetters(places.firstPricedColumn + PRICED_INDEX[key]);
  // The lines: need from the quantity and the boards, share with the overage, the rest from the part's row.
  const shares: string[] = [];
  for (const line of p.lines) {
    const r = places.sheetRow(line.row!);
    const needCell = `${lineCol('need')}${r}`;
    const perBoard = places.quantityCell(line.row!) ?? num(input.perBoard.get(line.row!) ?? 0);
    const term = `${needCell}${overageTerm(needCell, input.overage)}`;
    const farNeed = `${bom}!${needCell}`;
    const share = line.share ?? 0;
    const partNeed = `${there(COL.need)}`;
    const unit = there(COL.unitPrice);
    const cost = there(COL.cost);
    const shareCell = `${lineCol('share')}${r}`;
    const allocated = `${cost}*${shareCell}/${partNeed}`;
    lineCells.set(line.row!, {
      need: { formula: `${perBoard}*${places.boardsCell}`, result: line.need ?? 0 },
      // A short line gets less than its need: its share is the plan's while the part's need is the one priced.
      share:
        line.status === 'short'
          ? { formula: `IF(${partNeed}=${plan.need},${share},${term})`, result: share }
          : { formula: term, result: share },
      orderQty: { formula: there(COL.orderQty), result: line.orderQty ?? plan.bought },
      unitPrice: { formula: unit, result: line.unitPrice ?? '' },
      extended: {
        formula: followable(plan)
          ? `IF(AND(ISNUMBER(${cost}),${partNeed}>0),${allocated},"")`
          : `IF(ISNUMBER(${cost}),${num(line.extended ?? 0)},"")`,
        result: line.extended ?? '',
      },
    });
    // The part's need adds up the lines' needs with their overage, not their share cells (a short line's share
    // looks at the part's need).
    const overage = overageTerm(farNeed, input.overage);
    shares.push(overage === '' ? farNeed : `(${farNeed}${overage})`);
  }
  const purchase = plan.purchases[0];
  const offer = purchase.offer;
  const values: ShareSafeValue[] = new Array<ShareSafeValue>(FIXED + 2 * tiers).fill(null);
  values[COL.part] = plan.part.partNumber;
  values[COL.manufacturer] = p.lines[0].manufacturer || null;
  values[COL.source] = offer.sourceCode || offer.sourceName || null;
  values[COL.itemId] = plan.purchases.map((q) => q.offer.sourcePartId).join(' + ') || null;
  values[COL.offerCurrency] = purchase.offerCurrency;
  values[COL.rate] = purchase.rate;
  values[COL.moq] = positiveCount(offer.moq);
  values[COL.pack] = positiveCount(offer.packSize);
  values[COL.stock] = stockCount(offer);
  values[COL.need] = { formula: sumOf(shares), result: plan.need };
  const asOf = p.lines[0].asOf;
  values[COL.asOf] = asOf instanceof Date ? asOf : typeof asOf === 'string' ? new Date(asOf) : null;
  const cells = followable(plan) ? followed(plan, at, tiers) : kept(plan, at);
  for (const [col, cell] of cells) values[col] = cell;
  return values;
}

/** The computed cells of a part the formulas follow: order quantity, break price, unit price, cost, and the breaks. */
function followed(plan: PartPlan, at: (col: number) => string, tiers: number): Array<[number, ShareSafeValue]> {
  const purchase = plan.purchases[0];
  const offer = purchase.offer;
  const breaks = sortedBreaksOf(offer.breaks);
  const [need, qty, moq, pack, stock, tier, rate] = [
    at(COL.need),
    at(COL.orderQty),
    at(COL.moq),
    at(COL.pack),
    at(COL.stock),
    at(COL.tierPrice),
    at(COL.rate),
  ];
  const qtys = `${at(FIXED)}:${at(FIXED + breaks.length - 1)}`;
  const prices = `${at(FIXED + tiers)}:${at(FIXED + tiers + breaks.length - 1)}`;
  const firstBreak = at(FIXED);
  // While the need is the one priced, the plan's order (which may buy more for a cheaper break) stands.
  const order = `IF(${need}=${plan.need},${plan.bought},IF(${need}<=0,0,ROUNDUP(MAX(${need},${moq})/${pack},0)*${pack}))`;
  const tierPrice = `IF(AND(ISNUMBER(${qty}),${qty}>=${firstBreak}),LOOKUP(${qty},${qtys},${prices}),"")`;
  const checks: string[] = [
    `IF(${qty}<${moq},"below the minimum order of "&${moq}`,
    `IF(MOD(${qty},${pack})<>0,"not a multiple of the pack of "&${pack}`,
    `IF(${qty}<${firstBreak},"below the first price break of "&${firstBreak}`,
  ];
  if (stockCount(offer) > 0)
    checks.push(`IF(${qty}>${stock},${str(`${REPRICE}: more than the `)}&${stock}&" in stock"`);
  const cheaper = cheaperTerms(offer, qty, tier);
  if (cheaper.length > 0) checks.push(`IF(OR(${cheaper.join(',')}),${str(`${REPRICE}: buying more costs less`)}`);
  const unit = `IF(NOT(ISNUMBER(${qty})),${qty},IF(${qty}<=0,0,${checks.join(',')},ROUND(${tier}*${rate},6)${')'.repeat(checks.length)}))`;
  const unitPrice = plan.unitPrice ?? 0;
  const cells: Array<[number, ShareSafeValue]> = [
    [COL.orderQty, { formula: order, result: plan.bought }],
    [COL.tierPrice, { formula: tierPrice, result: purchase.unitPrice }],
    [COL.unitPrice, { formula: unit, result: unitPrice }],
    [
      COL.cost,
      {
        formula: `IF(ISNUMBER(${at(COL.unitPrice)}),IF(${qty}>0,ROUND(${qty}*${tier}*${rate},6),0),"")`,
        result: fromMicro(plan.micro),
      },
    ],
  ];
  breaks.forEach((b, i) => {
    cells.push([FIXED + i, b.minQty]);
    cells.push([FIXED + tiers + i, b.price]);
  });
  return cells;
}

/**
 * For each larger order the offer sells (each break's first quantity as an order: MOQ and packs, within stock), the
 * test that it is larger than `qty` and costs less in all than `qty` at `tier`'s price: the plan would buy it.
 */
function cheaperTerms(offer: PartPlan['purchases'][number]['offer'], qty: string, tier: string): string[] {
  const stock = stockCount(offer);
  const seen = new Set<number>();
  const terms: string[] = [];
  for (const b of sortedBreaksOf(offer.breaks)) {
    const order = orderQuantity(Math.max(1, b.minQty), offer);
    if (seen.has(order) || (stock > 0 && order > stock)) continue;
    seen.add(order);
    const price = priceAtQuantity(offer, order);
    if (price.unitPrice === null) continue;
    const cost = fromMicro(extendedMicro(price.unitPrice, order));
    terms.push(`AND(${qty}<${order},${num(cost)}<${qty}*${tier}-1E-9)`);
  }
  return terms;
}

/** The cells of a part the formulas cannot follow: the plan's figures while its need is the one priced. */
function kept(plan: PartPlan, at: (col: number) => string): Array<[number, ShareSafeValue]> {
  const [need, qty, unit] = [at(COL.need), at(COL.orderQty), at(COL.unitPrice)];
  const unitPrice = plan.unitPrice ?? 0;
  return [
    [COL.orderQty, { formula: `IF(${need}=${plan.need},${plan.bought},${str(REPRICE)})`, result: plan.bought }],
    [
      COL.unitPrice,
      {
        formula: `IF(AND(ISNUMBER(${qty}),${qty}=${plan.bought}),${num(unitPrice)},${str(REPRICE)})`,
        result: unitPrice,
      },
    ],
    [COL.cost, { formula: `IF(ISNUMBER(${unit}),${num(fromMicro(plan.micro))},"")`, result: fromMicro(plan.micro) }],
  ];
}
