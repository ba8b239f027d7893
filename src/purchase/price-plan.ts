/** Planning the matched lines part by part and building their priced lines (see price-lines.ts). */
import { fromMicro } from '../pricing/money';
import { type PartPlan, type PlanOptions, allocateMicro } from '../plan/plan';
import type { OverbuyThreshold } from '../plan/overbuy';
import { type LineMarks, overbuyMarkOf, overbuyNote, overbuyReason } from '../plan/marks';
import { quotePart } from '../plan/quote';
import { type PricedColumnKey, offerOrigin, splitItemText } from './priced-layout';
import { makerName as makerOf } from '../match';
import { plural, groupedCount as countText } from '../text/plural';
import { type PinMet, pinsMet } from '../plan/pins';
import type { Matched, PricedBomLine, SettledLine } from './price-types';
import { emptyLine } from './price-match';
import { firstAndMore } from '../text/words';

/** A settled line as priced for `need`: a fresh line, its ambiguous candidates quoted at that need. */
export function settledLine(s: SettledLine, need: number, quoteOptions: PlanOptions): PricedBomLine {
  const out = emptyLine(s.line, need);
  out.status = s.status;
  out.statusReason = s.statusReason;
  out.asOf = s.asOf;
  out.lookupError = s.lookupError;
  // Each candidate of an ambiguous line, priced for the line's need as the plan would buy it.
  if (s.parts.length > 0)
    out.candidates = s.candidates.map((c, i) => ({ ...c, quote: quotePart(s.parts[i], need, quoteOptions) }));
  return out;
}

/** The lines that buy one part together, per part, in the order of their first line: a part is bought once. */
export function groupForPlan(matched: readonly Matched[]): Matched[][] {
  const byPart = new Map<number, Matched[]>();
  for (let i = 0; i < matched.length; i++) {
    const m = matched[i];
    const list = byPart.get(m.part.itemId);
    if (list) list.push(m);
    else byPart.set(m.part.itemId, [m]);
  }
  return [...byPart.values()];
}

const NO_PINS: PinMet[] = [];

/** The offers a group's lines pin (pinsMet), each with the sheet rows that pin it. */
export function groupPins(group: readonly Matched[], firstRowNumber: number): PinMet[] {
  // Most parts are on one line that pins nothing: no list is made for them (this runs once per part of every BOM).
  if (group.length === 1 && group[0].line.pinnedOffer === '') return NO_PINS;
  return pinsMet(group.map((m) => ({ pin: m.line.pinnedOffer, by: String(m.line.row + firstRowNumber) })));
}

function rowList(rows: readonly number[], firstRowNumber: number): string {
  return firstAndMore(rows, 6, (r) => String(r + firstRowNumber));
}

/** The other rows that share a part's purchase, as a line says them: `rows 4, 7`. */
function sharedRowsText(others: readonly number[], firstRowNumber: number): string {
  return `${plural(others.length, 'row')} ${rowList(others, firstRowNumber)}`;
}

/** What every line of one part's plan shows alike: worked out once per part, not once per line. */
interface PlanFields {
  manufacturer: string;
  /** The plan's notes joined as a Status reason says them ('' when none). */
  notes: string;
  status: PricedBomLine['status'];
  offerPrice: number | null;
  offerCurrency: string | null;
  stock: number;
  availability: string | null;
  leadTimeWeeks: number | null;
  moq: number | null;
  pack: number | null;
  source: string | null;
  countryOfOrigin: string | null;
  itemId: string | null;
  items: NonNullable<PricedBomLine['plan']>['items'];
  overage: NonNullable<PricedBomLine['plan']>['reasons']['overage'];
  overbuy: NonNullable<PricedBomLine['plan']>['reasons']['overbuy'];
}

function planFields(plan: PartPlan): PlanFields {
  const single = plan.purchases.length === 1 ? plan.purchases[0] : null;
  const shown = single ?? plan.purchases[0] ?? plan.quote;
  const waiting = plan.bought === 0 && plan.quote ? plan.quote : null;
  const split = plan.purchases.length > 1;
  return {
    manufacturer: makerOf(plan.part),
    notes: plan.notes.length === 0 ? '' : plan.notes.length === 1 ? plan.notes[0] : plan.notes.join('; '),
    status: plan.status === 'planned' ? 'priced' : 'short',
    offerPrice: single ? single.unitPrice : waiting ? waiting.unitPrice : null,
    offerCurrency: single ? single.offerCurrency : waiting ? waiting.offerCurrency : null,
    stock: plan.purchases.length > 0 ? plan.stock : plan.quote ? plan.quote.offer.stock : 0,
    availability: shown ? shown.offer.availabilityText || shown.offer.availabilityCode || null : null,
    // 0 weeks is what marketplace offers publish for "no lead time": the cell stays empty rather than say 0.
    leadTimeWeeks: plan.leadTimeWeeks === 0 ? null : plan.leadTimeWeeks,
    moq: shown ? shown.offer.moq : null,
    pack: shown ? shown.offer.packSize : null,
    source: split ? splitSources(plan) : shown ? shown.offer.sourceCode || shown.offer.sourceName || null : null,
    countryOfOrigin: split
      ? plan.purchases.map((p) => offerOrigin(p.offer)).join(' + ')
      : shown
        ? offerOrigin(shown.offer)
        : null,
    itemId: split
      ? splitItemText(plan.purchases.map((p) => ({ itemId: p.offer.sourcePartId, qty: p.qty })))
      : single
        ? single.offer.sourcePartId || null
        : null,
    items: itemsOf(plan),
    overage: plan.extra > 0 ? { need: plan.bomNeed, extra: plan.extra } : null,
    overbuy: overbuyReason(plan),
  };
}

/** The sources of a split plan, as its lines say them: "ACNA + ASIA" (a string built as it goes, see chooseOffers). */
function splitSources(plan: PartPlan): string {
  let text = '';
  for (let i = 0; i < plan.purchases.length; i++) {
    const offer = plan.purchases[i].offer;
    text = i === 0 ? offer.sourceCode || offer.sourceName : `${text} + ${offer.sourceCode || offer.sourceName}`;
  }
  return text;
}

/** The items bought (those with a sourcePartId), as the line's plan lists them. */
function itemsOf(plan: PartPlan): PlanFields['items'] {
  const items: PlanFields['items'] = [];
  for (const p of plan.purchases) {
    if (p.offer.sourcePartId !== '')
      items.push({ itemId: p.offer.sourcePartId, qty: p.qty, source: p.offer.sourceCode || p.offer.sourceName });
  }
  return items;
}

/** The rows of `rows` other than `row`, in order. */
function otherRows(rows: readonly number[], row: number): number[] {
  const out: number[] = [];
  for (const r of rows) if (r !== row) out.push(r);
  return out;
}

/**
 * What each line of a group says of the others bought with it (sharedRowsText), worked out per part: the rows are
 * written once, and the lines after the sixth, which all name the same first six others, share one text.
 */
class SharedRows {
  private readonly texts: string[] = [];
  private readonly distinct: boolean;
  /** "row" or "rows", for the others. */
  private readonly word: string;
  private afterSixth: string | null = null;

  constructor(
    private readonly rows: readonly number[],
    private readonly firstRowNumber: number,
  ) {
    this.distinct = ascending(rows) || new Set(rows).size === rows.length;
    for (let i = 0; i < rows.length && i < 7; i++) this.texts.push(String(rows[i] + firstRowNumber));
    this.word = plural(rows.length - 1, 'row');
  }

  /** The text for the line at `index` in the group (its row is rows[index]). */
  of(index: number): string {
    if (!this.distinct) return sharedRowsText(otherRows(this.rows, this.rows[index]), this.firstRowNumber);
    if (index >= 6) return (this.afterSixth ??= this.text(-1));
    return this.text(index);
  }

  /** The first six rows but the one at `skip`, said. */
  private text(skip: number): string {
    const { texts } = this;
    let list = '';
    let shown = 0;
    for (let j = 0; j < texts.length && shown < 6; j++) {
      if (j === skip) continue;
      list = shown === 0 ? texts[j] : `${list}, ${texts[j]}`;
      shown++;
    }
    const more = this.rows.length - 1 - shown;
    return `${this.word} ${list}${more > 0 ? ` and ${more} more` : ''}`;
  }
}

/** Whether the numbers are in strictly ascending order (so each is there once). */
function ascending(rows: readonly number[]): boolean {
  for (let i = 1; i < rows.length; i++) if (!(rows[i - 1] < rows[i])) return false;
  return true;
}

/**
 * The plan's allocation to the line at `index` of its group, whose row is `row`: the plan's lines are in row order,
 * as a group's lines nearly always are, so the line at the same place is it; otherwise it is looked for.
 */
function allocationOf(plan: PartPlan, index: number, row: number): PartPlan['lines'][number] {
  if (plan.lines.length === 1) return plan.lines[0];
  const same = plan.lines[index];
  if (same !== undefined && same.id === row) return same;
  for (let i = plan.lines.length - 1; i >= 0; i--) if (plan.lines[i].id === row) return plan.lines[i];
  throw new Error(`no allocation for row ${row}`);
}

/** A Status reason with one more thing said, after a semicolon. */
function also(said: string, text: string): string {
  return said === '' ? text : `${said}; ${text}`;
}

/**
 * The priced lines of one part's plan, added to `into` (returned). What every line of the part says alike is worked
 * out once; each line's need is its allocation's (the plan's input was the line's need).
 */
export function plannedLines(
  group: readonly Matched[],
  plan: PartPlan,
  currency: string,
  firstRowNumber: number,
  overbuy: OverbuyThreshold,
  into: PricedBomLine[] = [],
): PricedBomLine[] {
  const { part } = plan;
  const fields = planFields(plan);
  const lifecycle = plan.lifecycle || null;
  const noPrice = plan.status === 'no-price';
  let sharedRows: SharedRows | null = null;
  // "…: 5,000 for a need of 230", said by every line of a part bought with others.
  let boughtFor = '';
  if (group.length > 1 && !noPrice) {
    const rows: number[] = [];
    for (let i = 0; i < group.length; i++) rows.push(group[i].line.row);
    sharedRows = new SharedRows(rows, firstRowNumber);
    boughtFor = `: ${countText(plan.bought)} for a need of ${countText(plan.need)}`;
  }
  // One purchase: every line's cost is from its source alone.
  const singleSource = plan.purchases.length === 1 ? sourceOf(plan.purchases[0].offer) : null;
  for (let index = 0; index < group.length; index++) {
    const m = group[index];
    const alloc = allocationOf(plan, index, m.line.row);
    if (noPrice) {
      const out = emptyLine(m.line, alloc.need);
      out.asOf = m.asOf;
      out.matchedPart = part.partNumber;
      out.manufacturer = fields.manufacturer;
      out.description = part.description;
      out.lifecycle = lifecycle;
      out.stockAll = plan.stockAll;
      out.part = part;
      out.status = 'no price';
      out.statusReason = fields.notes;
      out.plan = {
        items: [],
        reasons: { overage: null, overbuy: null, sharedWith: null },
        marks: plan.quoteOnly ? { quoteOnly: true } : {},
      };
      into.push(out);
      continue;
    }
    // The Status reason: the overbuy, the rows bought with, how the part was matched, the plan's notes, the share.
    let said = '';
    const shared = sharedRows === null ? null : sharedRows.of(index);
    // A short line buys all there is: its shortfall is what the buyer must see, not its spares.
    const over =
      fields.status === 'priced'
        ? overbuyMarkOf(alloc.spareMicro, alloc.micro, currency, overbuy, plan.sparesSave)
        : null;
    const marks: LineMarks = over ? { overbuy: over } : {};
    if (over) said = overbuyNote(over);
    if (shared !== null) said = also(said, `bought with ${shared}${boughtFor}`);
    if (m.note) said = also(said, m.note);
    if (fields.notes !== '') said = also(said, fields.notes);
    if (alloc.shortfall > 0 && plan.bought > 0)
      said = also(said, `this line gets ${countText(alloc.share)} of ${countText(alloc.need + alloc.extra)}`);
    const sourceCosts =
      singleSource === null ? sourceCostsOf(plan, alloc.micro) : [{ source: singleSource, extended: alloc.extended }];
    const linePlan = {
      items: fields.items,
      reasons: { overage: fields.overage, overbuy: fields.overbuy, sharedWith: shared },
      marks,
    };
    into.push(
      pricedLine(m, plan, fields, alloc, currency, { statusReason: said, overbuy: !!over }, sourceCosts, linePlan),
    );
  }
  return into;
}

type LineAllocation = PartPlan['lines'][number];
type LinePlanShown = NonNullable<PricedBomLine['plan']>;

/*
 * A priced line, written whole: emptyLine's fields in emptyLine's order, then those a plan adds (part, overbuy,
 * spareCost, sourceCosts, plan), so that the line is the same object, key for key, as one made empty and filled in,
 * made at once in its final shape (no property added later). `overbuy` is there on every priced line (undefined
 * when not marked, which JSON leaves out), so every priced line has one shape. The literal must have every priced
 * column's field: a column added to the layout without its value here does not compile.
 * test/unit/bom-priced-line.test.ts holds the two to the same keys.
 */
function pricedLine(
  m: Matched,
  plan: PartPlan,
  fields: PlanFields,
  alloc: LineAllocation,
  currency: string,
  said: { statusReason: string; overbuy: boolean },
  sourceCosts: Array<{ source: string; extended: number }>,
  linePlan: LinePlanShown,
): PricedBomLine {
  const { part } = plan;
  return {
    matchedPart: part.partNumber,
    manufacturer: fields.manufacturer,
    description: part.description,
    lifecycle: plan.lifecycle || null,
    share: alloc.share,
    orderQty: plan.bought,
    unitPrice: plan.unitPrice,
    extended: alloc.extended,
    currency,
    offerPrice: fields.offerPrice,
    offerCurrency: fields.offerCurrency,
    stock: fields.stock,
    stockAll: plan.stockAll,
    availability: fields.availability,
    leadTimeWeeks: fields.leadTimeWeeks,
    moq: fields.moq,
    pack: fields.pack,
    source: fields.source,
    countryOfOrigin: fields.countryOfOrigin,
    itemId: fields.itemId,
    asOf: m.asOf,
    status: fields.status,
    statusReason: said.statusReason,
    row: m.line.row,
    partNumber: m.line.partNumber,
    bomManufacturer: m.line.manufacturer,
    candidates: [],
    lookupError: null,
    replacement: '',
    need: alloc.need,
    part,
    overbuy: said.overbuy ? true : undefined,
    spareCost: fromMicro(alloc.spareMicro),
    sourceCosts,
    plan: linePlan,
  } satisfies PricedBomLine & Record<PricedColumnKey, unknown>;
}

/** The source a line's cost is said to be from: the offer's source code, else its name. */
function sourceOf(offer: PartPlan['purchases'][number]['offer']): string {
  return offer.sourceCode || offer.sourceName;
}

/**
 * A line's cost per source when its part is bought from several offers (one offer: its source has it all), in
 * proportion to what each purchase costs (exact to the micro-unit).
 */
function sourceCostsOf(plan: PartPlan, lineMicro: bigint): Array<{ source: string; extended: number }> {
  const shares = allocateMicro(
    lineMicro,
    plan.purchases.map((p) => Number(p.micro)),
  );
  return plan.purchases.map((p, i) => ({
    source: p.offer.sourceCode || p.offer.sourceName,
    extended: fromMicro(shares[i]),
  }));
}
