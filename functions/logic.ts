/**
 * What the PARTS functions compute, over the one lookup scheduler and the settings in force. No Office globals:
 * functions.ts adapts these to Excel (argument shapes, CustomFunctions.Error through `makeError`).
 *
 * Shapes. Each scalar function takes one part or a range of parts (and one quantity or a range of them) and
 * answers one value per part, in the shape of the part range. A single part that fails throws the error, so the
 * cell shows it with its message; in a spilled result the row that failed holds the error and the others values.
 *
 * Matching. Parts are looked up by part number alone, so the task pane and the functions share cached lookups,
 * and the part meant is chosen among those found by the rule BOM lines follow (src/match): the manufacturer
 * argument by code, name, alias or near match, since the service's manufacturer filter takes only its own codes.
 */
import { isCatalogError, type CatalogError } from '../src/catalog/errors';
import type { Manufacturer, Offer, Part } from '../src/catalog/model';
import { manufacturerKey } from '../src/match/manufacturer';
import { choosePart, makerName } from '../src/match';
import type { LookupRequest } from '../src/lookup';
import { partNumberProblem, partNumberProblemText } from '../protocol/part-number';
import type { FunctionsContext } from '../addin/functions-context';
import { extendedCost, freeStock, orderQuantity, priceAtQuantity, priceBreaksTable } from '../src/pricing';
import { type PartPlan, offersFromSources, planPart } from '../src/plan';
import { type RateTable, baseOnly, userCurrency, wireCurrency } from '../src/pricing/rates';
import { isSettingsError } from '../src/settings';

/** The two errors that carry a message in Excel. */
export type CellErrorCode = '#N/A' | '#VALUE!';

export type CellValue = string | number | boolean;

/** Builds the host's error value (CustomFunctions.Error in Excel). */
export type ErrorFactory<E> = (code: CellErrorCode, message: string) => E;

export type Grid<E> = Array<Array<CellValue | E>>;

export type { FunctionsContext } from '../addin/functions-context';
export type { PartLookup } from '../src/lookup';

export interface FunctionsDeps<E> {
  /** Read once per call, so a change of settings applies from the next calculation. May reject (settings, address). */
  context(): Promise<FunctionsContext> | FunctionsContext;
  /** The service's manufacturer list (the caller caches it). */
  manufacturers(): Promise<readonly Manufacturer[]>;
  makeError: ErrorFactory<E>;
}

export const MESSAGES = {
  unreachable: 'Parts service unreachable',
  auth: 'API key rejected — open Partsheet settings',
  gatewayToken: 'Gateway token rejected — open Partsheet settings',
  blocked:
    'Blocked by the browser: the parts service sends no CORS headers — run the Partsheet gateway, or turn on JSONP searches in settings',
  quantity: 'Quantity must be a whole number ≥ 1',
  quoteOnly: 'No price: quote only',
} as const;

/** A value that could not be computed: the error code and the words for the buyer. */
class Failure {
  constructor(
    readonly code: CellErrorCode,
    readonly message: string,
  ) {}
}

const notAvailable = (message: string) => new Failure('#N/A', message);
const invalid = (message: string) => new Failure('#VALUE!', message);

type Outcome = CellValue | Failure;

export const BREAKS_HEADER = ['Source', 'Min qty', 'Max qty', 'Price', 'Currency'] as const;
export const OFFERS_HEADER = [
  'Source',
  'Item id',
  'Stock',
  'MOQ',
  'Pack',
  'Order qty',
  'Unit price',
  'Extended',
  'Currency',
  'Lead time (weeks)',
  'Availability',
  'Best',
] as const;
export const MANUFACTURERS_HEADER = ['Code', 'Name'] as const;

/** The failure a lookup error becomes in a cell. */
export function lookupFailureMessage(error: CatalogError): string {
  switch (error.kind) {
    case 'unreachable':
      return MESSAGES.unreachable;
    case 'blocked':
      return MESSAGES.blocked;
    case 'timeout':
      return `${MESSAGES.unreachable}: no answer in time`;
    case 'unavailable':
      return 'Parts service unavailable — try again later';
    case 'rate-limited':
      return 'Parts service busy — try again shortly';
    case 'auth':
      return /gateway token rejected/.test(error.message) ? MESSAGES.gatewayToken : MESSAGES.auth;
    case 'cancelled':
      return 'Lookup cancelled — recalculate to try again';
    case 'malformed':
      return 'Parts service answer unreadable — try again later';
    case 'rejected':
      return error.message;
  }
}

function failureOf(e: unknown): Failure {
  if (e instanceof Failure) return e;
  if (isCatalogError(e)) return notAvailable(lookupFailureMessage(e));
  if (isSettingsError(e)) return notAvailable(e.message);
  const message = e instanceof Error && e.message ? e.message : String(e);
  return notAvailable(`Partsheet failed: ${message}`);
}

// ---- arguments

/** A cell value of a data type, as Excel passes it to an `any` parameter (allowCustomDataForDataTypeAny). */
interface TypedCellValue {
  type: string;
  basicValue?: unknown;
  basicType?: unknown;
  text?: unknown;
}

function isTypedCellValue(value: unknown): value is TypedCellValue {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

/**
 * What a cell holding a data type means as a plain value, as Excel itself reads it: a formatted number (or any
 * typed number, text or boolean) its `basicValue`; an entity or linked entity, whose basicValue is the #VALUE!
 * error, the text the cell shows. Anything else is returned as it is.
 */
export function basicValue(value: unknown): unknown {
  if (!isTypedCellValue(value)) return value;
  const b = value.basicValue;
  const entity = value.type === 'Entity' || value.type === 'LinkedEntity';
  const error = value.basicType === 'Error' || (entity && b === '#VALUE!');
  if (!error && (typeof b === 'string' || typeof b === 'number' || typeof b === 'boolean')) return b;
  if (typeof value.text === 'string') return value.text;
  return value;
}

/** An argument as a grid of rows; `null` when omitted. A single value is a 1×1 grid. */
function gridOf(value: unknown): unknown[][] | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    return value.map((row) => (Array.isArray(row) ? row : [row]));
  }
  return [[value]];
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A part-number cell: its text, `null` when blank, or a Failure. */
function partText(cell: unknown): string | null | Failure {
  const value = basicValue(cell);
  if (isBlank(value)) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (isTypedCellValue(value))
    return invalid(`Part number must be text: the cell holds a data type (${value.type}) that shows none`);
  if (typeof value !== 'string') return invalid('Part number must be text');
  const text = value.trim();
  const problem = partNumberProblem(text);
  if (problem)
    return invalid(
      `Part number${problem === 'no letters or digits' ? ` "${text.slice(0, 40)}"` : ''} ${partNumberProblemText(problem)}`,
    );
  return text;
}

/** A quantity cell: a whole number ≥ 1; blank means 1. Text holding a whole number is read as one. */
export function quantityOf(cell: unknown): number | Failure {
  const value = basicValue(cell);
  if (isBlank(value)) return 1;
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const t = value.trim();
    if (/^\d+$/.test(t)) n = Number(t);
    else if (/^\d{1,3}(,\d{3})+$/.test(t)) n = Number(t.replace(/,/g, ''));
    else return invalid(MESSAGES.quantity);
  } else return invalid(MESSAGES.quantity);
  return Number.isSafeInteger(n) && n >= 1 ? n : invalid(MESSAGES.quantity);
}

/** A scalar text argument (manufacturer, currency, label, filter); `''` when omitted. */
function scalarText(value: unknown): string {
  const v = basicValue(Array.isArray(value) ? (Array.isArray(value[0]) ? value[0][0] : value[0]) : value);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** The currency a call asks for: its own argument, else the settings'. Throws a Failure for one that is not a code. */
function currencyOf(value: unknown, context: FunctionsContext): string {
  const text = scalarText(value).toUpperCase();
  if (text === '') return userCurrency(context.currency);
  if (!/^[A-Z]{3}$/.test(text))
    throw invalid(`Currency must be a three-letter code such as USD or EUR, not "${text.slice(0, 20)}"`);
  return text;
}

/**
 * The quantity for each part cell: one quantity for all, one per part (same shape), one per row of a
 * multi-column part range, or one per column of a single-row one.
 */
function quantityAt(quantities: unknown[][] | null, rows: number, cols: number): (r: number, c: number) => unknown {
  if (quantities === null) return () => null;
  const qRows = quantities.length;
  const qCols = Math.max(...quantities.map((row) => row.length));
  if (qRows === 1 && qCols === 1) return () => quantities[0][0];
  if (qRows === rows && qCols === cols) return (r, c) => quantities[r][c];
  if (qRows === rows && qCols === 1) return (r) => quantities[r][0];
  if (qRows === 1 && qCols === cols) return (_r, c) => quantities[0][c];
  throw invalid(
    `Give one quantity, or one per part: the part range has ${rows}×${cols} cells and the quantity range ${qRows}×${qCols}`,
  );
}

// ---- choosing the part

function listNames(names: string[], max = 3): string {
  const unique = [...new Set(names.filter((n) => n !== ''))];
  const shown = unique.slice(0, max);
  const more = unique.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/**
 * The one part the call means, or why there is none: the rule a BOM line follows too (src/match), so a cell and
 * a BOM row naming the same part and maker agree. A cell has one text for the part, which may be a distributor's
 * part number as well as a manufacturer's: among several parts found, the one sold under that number is meant.
 * A cell has no room for a note, so a part matched under another maker's name (an acquired brand, the only maker
 * found) is answered without one; PARTS.MANUFACTURER shows whose it is.
 */
function partFor(parts: readonly Part[], partNumber: string, manufacturer: string): Part | Failure {
  const choice = choosePart({ partNumber, manufacturer, distributorPartNumbers: [partNumber] }, parts);
  switch (choice.kind) {
    case 'chosen':
      return choice.part;
    case 'not-found':
      return notAvailable(`Not found: ${partNumber}`);
    case 'no-maker-match':
      return notAvailable(
        `Not found: ${partNumber} from ${manufacturer} (made by ${listNames(choice.parts.map(makerName))})`,
      );
    case 'ambiguous':
      return choice.makersCompete
        ? notAvailable(
            `Ambiguous: ${partNumber} is made by ${listNames(choice.parts.map(makerName))} — give the manufacturer`,
          )
        : notAvailable(
            `Ambiguous: ${partNumber} matches ${listNames(choice.parts.map((p) => p.partNumber))} — type the part number exactly`,
          );
  }
}

// ---- offers

interface Ask {
  need: number;
  /** The user's currency, never '' (USD when unset). */
  currency: string;
  sources: readonly string[];
  /** Rates into `currency` for the offers of the part asked about. */
  rates: RateTable;
}

function offersOf(part: Part, sources: readonly string[]): Offer[] {
  return offersFromSources(part.offers, sources);
}

/**
 * The plan for one cell: the same offer choice and conversion as a BOM line (src/plan), for this need alone. A cell
 * cannot see other cells, so needs on several cells are not added up: that is the BOM's job.
 */
function best(part: Part, ask: Ask): PartPlan | Failure {
  const plan = planPart(
    { part, lines: [{ id: 0, need: ask.need, pinned: null }] },
    { rates: ask.rates, sources: ask.sources.length > 0 ? [...ask.sources] : undefined },
  );
  if (plan.status !== 'no-price') return plan;
  const why = plan.noPriceReason ?? 'no price';
  return notAvailable(why === 'quote only' ? MESSAGES.quoteOnly : `No price: ${why}`);
}

/** The offer bought (or waited for), or for a part without a priced offer the offer with the most stock. */
function bestOrStocked(part: Part, ask: Ask): Offer | Failure {
  const chosen = best(part, ask);
  if (!(chosen instanceof Failure)) {
    const offer = chosen.purchases[0]?.offer ?? chosen.quote?.offer;
    if (offer) return offer;
  }
  const offers = offersOf(part, ask.sources);
  if (offers.length === 0) return chosen instanceof Failure ? chosen : notAvailable('No price: no offers');
  return offers.reduce((a, b) => (b.stock > a.stock ? b : a));
}

// ---- one call

interface CellInput {
  partNumber: string;
  part: Part;
  quantity: number;
}

type Compute = (input: CellInput, ask: Omit<Ask, 'need'>) => Outcome;

/** A compute that chooses an offer, so it needs the rates of the part's offers (see evaluate). */
interface Priced {
  priced: Compute;
}

/** What every part of a call shares, before the rates of the part found are known. */
type CallAsk = Omit<Ask, 'need' | 'rates'>;

interface Call {
  part: unknown;
  quantity?: unknown;
  manufacturer?: unknown;
  currency?: unknown;
}

/** What every part of one call shares. */
interface Prepared {
  context: FunctionsContext;
  ask: CallAsk;
  manufacturer: string;
}

export interface PartsFunctions<E> {
  price(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  stock(part: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  leadTime(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  moq(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  orderQty(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  description(part: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  manufacturer(part: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  availability(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  datasheet(part: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  status(part: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  compliance(part: unknown, label: unknown, manufacturer?: unknown): Promise<Grid<E>>;
  itemId(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  breaks(part: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  offers(part: unknown, quantity?: unknown, manufacturer?: unknown, currency?: unknown): Promise<Grid<E>>;
  manufacturers(filter?: unknown): Promise<Grid<E>>;
}

const COMPLIANCE_ALIASES: Record<string, string> = {
  rohs: 'eurohs',
  eurohs: 'eurohs',
  chinarohs: 'cnrohs',
  cnrohs: 'cnrohs',
};

function complianceKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** How the functions run over cells: each part of a call looked up and computed, or a spilled table about one part. */
interface CellEngine<E> {
  toError(f: Failure): E;
  perPart(call: Call, computed: Compute | Priced): Promise<Grid<E>>;
  table(
    call: Call,
    build: (input: CellInput, ask: Omit<Ask, 'need'>) => CellValue[][] | Failure,
    priced?: boolean,
  ): Promise<Grid<E>>;
}

function cellEngine<E>(deps: FunctionsDeps<E>): CellEngine<E> {
  const toError = (f: Failure): E => deps.makeError(f.code, f.message);

  async function lookupPart(context: FunctionsContext, partNumber: string, currency: string): Promise<Part[]> {
    const request: LookupRequest = {
      partNumber,
      currency: wireCurrency(currency) ?? null,
      version: context.version ?? null,
    };
    const { result } = await context.lookup.lookup(request);
    return result.numberFound > 0 && Array.isArray(result.parts) ? result.parts : [];
  }

  /** What every part of a call shares: the settings in force, the currency, the manufacturer. Throws E. */
  async function prepare(call: Call): Promise<Prepared> {
    try {
      const context = await deps.context();
      return {
        context,
        ask: { currency: currencyOf(call.currency, context), sources: context.sources },
        manufacturer: scalarText(call.manufacturer),
      };
    } catch (e) {
      throw toError(failureOf(e));
    }
  }

  /**
   * One part of a call: blank stays blank (`null`); otherwise what `compute` makes of the part found, or why not.
   * Only a `priced` compute gets the rates of the part's offers (learning one may ask the service): the others show
   * no amount, and get the user's currency alone.
   */
  async function evaluate<T>(
    prepared: Prepared,
    value: unknown,
    q: unknown,
    compute: (input: CellInput, ask: Omit<Ask, 'need'>) => T | Failure,
    priced: boolean,
  ): Promise<T | Failure | null> {
    const partNumber = partText(value);
    if (partNumber === null || partNumber instanceof Failure) return partNumber;
    const need = quantityOf(q);
    if (need instanceof Failure) return need;
    try {
      const chosen = partFor(
        await lookupPart(prepared.context, partNumber, prepared.ask.currency),
        partNumber,
        prepared.manufacturer,
      );
      if (chosen instanceof Failure) return chosen;
      const rates =
        priced && prepared.context.rates
          ? await prepared.context.rates.tableFor(prepared.ask.currency, [chosen])
          : baseOnly(prepared.ask.currency);
      return compute({ partNumber, part: chosen, quantity: need }, { ...prepared.ask, rates });
    } catch (e) {
      return failureOf(e);
    }
  }

  /** Runs `compute` for every cell of the part range (with the rates when it is `Priced`); throws for a single part that fails. */
  async function perPart(call: Call, computed: Compute | Priced): Promise<Grid<E>> {
    const priced = typeof computed !== 'function';
    const compute = priced ? computed.priced : computed;
    let quantity: (r: number, c: number) => unknown;
    const parts = gridOf(call.part) ?? [[null]];
    try {
      quantity = quantityAt(gridOf(call.quantity), parts.length, Math.max(...parts.map((row) => row.length)));
    } catch (e) {
      throw toError(failureOf(e));
    }
    const prepared = await prepare(call);
    const grid = await Promise.all(
      parts.map((row, r) =>
        Promise.all(row.map((value, c) => evaluate(prepared, value, quantity(r, c), compute, priced))),
      ),
    );
    if (parts.length === 1 && parts[0].length === 1) {
      const only = grid[0][0];
      if (only instanceof Failure) throw toError(only);
      return [[only ?? '']];
    }
    return grid.map((row) => row.map((v) => (v instanceof Failure ? toError(v) : (v ?? ''))));
  }

  /** A spilled table about one part: the rows `build` makes, or the error, thrown. */
  async function table(
    call: Call,
    build: (input: CellInput, ask: Omit<Ask, 'need'>) => CellValue[][] | Failure,
    priced = false,
  ): Promise<Grid<E>> {
    const prepared = await prepare(call);
    const rows = await evaluate(
      prepared,
      scalarText(call.part) || null,
      scalarText(call.quantity) || null,
      build,
      priced,
    );
    if (rows === null) throw toError(invalid('Give a part number'));
    if (rows instanceof Failure) throw toError(rows);
    return rows;
  }

  return { toError, perPart, table };
}

const withBest = (pick: (b: PartPlan, input: CellInput) => Outcome): Priced => ({
  priced: (input, ask) => {
    const chosen = best(input.part, { ...ask, need: input.quantity });
    return chosen instanceof Failure ? chosen : pick(chosen, input);
  },
});

const withOffer = (pick: (o: Offer, input: CellInput) => Outcome): Priced => ({
  priced: (input, ask) => {
    const chosen = bestOrStocked(input.part, { ...ask, need: input.quantity });
    return chosen instanceof Failure ? chosen : pick(chosen, input);
  },
});

/** The functions that answer one value per part cell. */
function cellFunctions<E>(engine: CellEngine<E>): Omit<PartsFunctions<E>, 'breaks' | 'offers' | 'manufacturers'> {
  const { toError, perPart } = engine;
  return {
    price: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withBest((b) => (b.unitPrice === null ? notAvailable('No price') : b.unitPrice)),
      ),

    stock: (part, manufacturer) =>
      perPart({ part, manufacturer }, ({ part: p }, ask) =>
        ask.sources.length > 0 ? freeStock({ offers: offersOf(p, ask.sources) }) : freeStock(p),
      ),

    leadTime: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withOffer((o, { partNumber }) =>
          o.leadTimeWeeks === null ? notAvailable(`No lead time published for ${partNumber}`) : o.leadTimeWeeks,
        ),
      ),

    moq: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withOffer((o) => o.moq),
      ),

    orderQty: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withBest((b) => (b.bought > 0 ? b.bought : (b.quote?.qty ?? 0))),
      ),

    description: (part, manufacturer) => perPart({ part, manufacturer }, ({ part: p }) => p.description),

    manufacturer: (part, manufacturer) => perPart({ part, manufacturer }, ({ part: p }) => makerName(p)),

    availability: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withOffer((o) => o.availabilityText || o.availabilityCode || (o.inStock ? 'In stock' : 'No stock')),
      ),

    datasheet: (part, manufacturer) =>
      perPart(
        { part, manufacturer },
        ({ part: p, partNumber }) => p.datasheetUrl || notAvailable(`No datasheet for ${partNumber}`),
      ),

    status: (part, manufacturer) =>
      perPart(
        { part, manufacturer },
        ({ part: p, partNumber }) => p.status || notAvailable(`No lifecycle status published for ${partNumber}`),
      ),

    compliance: async (part, label, manufacturer) => {
      const wanted = complianceKey(scalarText(label));
      if (wanted === '') throw toError(invalid('Give the compliance label, such as "eurohs" or "cnrohs"'));
      const key = COMPLIANCE_ALIASES[wanted] ?? wanted;
      return perPart({ part, manufacturer }, ({ part: p, partNumber }) => {
        const found = Object.entries(p.compliance).find(([k]) => complianceKey(k) === key);
        if (!found) {
          const known = Object.keys(p.compliance);
          return notAvailable(
            `No "${scalarText(label)}" compliance for ${partNumber}${known.length ? ` (known: ${known.join(', ')})` : ''}`,
          );
        }
        return found[1] || 'Unknown';
      });
    },

    itemId: (part, quantity, manufacturer, currency) =>
      perPart(
        { part, quantity, manufacturer, currency },
        withBest((b) =>
          b.purchases.length > 0
            ? b.purchases.map((p) => p.offer.sourcePartId).join(' + ')
            : (b.quote?.offer.sourcePartId ?? notAvailable('No price')),
        ),
      ),
  };
}

/** The functions that spill a table: a part's price breaks and offers, and the service's manufacturers. */
function tableFunctions<E>(
  deps: FunctionsDeps<E>,
  engine: CellEngine<E>,
): Pick<PartsFunctions<E>, 'breaks' | 'offers' | 'manufacturers'> {
  const { toError, table } = engine;
  return {
    breaks: (part, manufacturer, currency) =>
      table({ part, manufacturer, currency }, ({ part: p }, ask) => {
        const offers = offersOf(p, ask.sources);
        const rows = priceBreaksTable(offers);
        if (rows.length > 0)
          return [
            [...BREAKS_HEADER],
            ...rows.map((row): CellValue[] => [row.source, row.minQty, row.maxQty ?? '', row.price, row.currency]),
          ];
        if (offers.length === 0) return notAvailable('No price: no offers');
        if (offers.every((o) => o.quoteOnly || o.breaks.length === 0)) return notAvailable(MESSAGES.quoteOnly);
        return notAvailable(`No price in ${ask.currency}`);
      }),

    offers: (part, quantity, manufacturer, currency) =>
      table(
        { part, quantity, manufacturer, currency },
        ({ part: p, quantity: need }, ask) => {
          const offers = offersOf(p, ask.sources);
          if (offers.length === 0) return notAvailable('No price: no offers');
          const chosen = best(p, { ...ask, need });
          const winner = chosen instanceof Failure ? null : (chosen.purchases[0]?.offer ?? chosen.quote?.offer ?? null);
          const ordered = winner ? [winner, ...offers.filter((o) => o !== winner)] : offers;
          const rows = ordered.map((o): CellValue[] => {
            const qty = orderQuantity(need, o);
            const at = priceAtQuantity(o, qty);
            return [
              o.sourceCode,
              o.sourcePartId,
              o.stock,
              o.moq,
              o.packSize,
              qty,
              at.unitPrice ?? '',
              at.unitPrice === null ? '' : extendedCost(at.unitPrice, qty),
              o.currency,
              o.leadTimeWeeks ?? '',
              o.availabilityText || o.availabilityCode,
              o === winner,
            ];
          });
          return [[...OFFERS_HEADER], ...rows];
        },
        true,
      ),

    manufacturers: async (filter) => {
      let list: readonly Manufacturer[];
      try {
        list = await deps.manufacturers();
      } catch (e) {
        throw toError(failureOf(e));
      }
      const text = scalarText(filter);
      const needle = text.toUpperCase();
      const key = manufacturerKey(text);
      const matches = list
        .filter(
          (m) =>
            needle === '' ||
            [m.code, m.name, m.alternateName].some((s) => s.toUpperCase().includes(needle)) ||
            (key !== '' && [m.name, m.alternateName].some((s) => s !== '' && manufacturerKey(s) === key)),
        )
        .sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
      if (matches.length === 0) throw toError(notAvailable(`Not found: no manufacturer matches "${text}"`));
      return [[...MANUFACTURERS_HEADER], ...matches.map((m): CellValue[] => [m.code, m.name])];
    },
  };
}

export function createPartsFunctions<E>(deps: FunctionsDeps<E>): PartsFunctions<E> {
  const engine = cellEngine(deps);
  return { ...cellFunctions(engine), ...tableFunctions(deps, engine) };
}
