/// <reference types="custom-functions-runtime" />
/**
 * The PARTS custom functions. Their ids and parameters are public API: saved workbooks call them by these names.
 * Each function only adapts Excel's arguments to functions/parts-functions.ts, which does the work through the shared
 * runtime's one scheduler. Part and quantity take one cell or a range; a range spills one result per part.
 */
import { createPartsFunctions, type CellErrorCode } from './parts-functions';
import { registerRibbonCommands, runtime } from '../addin/runtime';

function makeError(code: CellErrorCode, message: string): CustomFunctions.Error {
  const errorCode =
    code === '#VALUE!' ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
  return new CustomFunctions.Error(errorCode, message);
}

const deps = {
  context: () => runtime().functionsContext(),
  manufacturers: () => runtime().manufacturers(),
  makeError,
};
const parts = createPartsFunctions(deps);

/**
 * The functions for one call: with the address of its cell (Excel gives it, `@requiresAddress`), each call tells
 * the runtime's cell record how its cells ended, which the pane lists and refreshes from.
 */
function at(invocation: CustomFunctions.Invocation | undefined) {
  const address = invocation?.address;
  if (!address) return parts;
  const name = invocation.functionName ?? '';
  return createPartsFunctions({
    ...deps,
    record: (cells) => runtime().cellRecord().note({ address, name, cells, at: Date.now() }),
  });
}

/**
 * Unit price of the best offer at the quantity you would order (MOQ and pack size applied).
 * @customfunction PRICE
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param quantity How many you need (default 1): one number, or one per part.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @param currency Currency code such as USD or EUR (default from Partsheet settings).
 * @returns Unit price, one per part.
 */
export function price(
  part: unknown[][],
  quantity?: unknown[][],
  manufacturer?: string,
  currency?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).price(part, quantity, manufacturer, currency);
}

/**
 * Free stock across all sources, each offer counted once.
 * @customfunction STOCK
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @returns Parts in stock, one per part.
 */
export function stock(
  part: unknown[][],
  manufacturer?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).stock(part, manufacturer);
}

/**
 * Manufacturer lead time in weeks of the best offer at the quantity.
 * @customfunction LEADTIME
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param quantity How many you need (default 1): one number, or one per part.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @param currency Currency code such as USD or EUR (default from Partsheet settings).
 * @returns Lead time in weeks, one per part.
 */
export function leadTime(
  part: unknown[][],
  quantity?: unknown[][],
  manufacturer?: string,
  currency?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).leadTime(part, quantity, manufacturer, currency);
}

/**
 * Minimum order quantity of the best offer at the quantity.
 * @customfunction MOQ
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param quantity How many you need (default 1): one number, or one per part.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @param currency Currency code such as USD or EUR (default from Partsheet settings).
 * @returns Minimum order quantity, one per part.
 */
export function moq(
  part: unknown[][],
  quantity?: unknown[][],
  manufacturer?: string,
  currency?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).moq(part, quantity, manufacturer, currency);
}

/**
 * The quantity to order for a need: rounded up to the MOQ and whole packs of the offers that would be bought.
 * @customfunction ORDERQTY
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param quantity How many you need (default 1): one number, or one per part.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @param currency Currency code such as USD or EUR (default from Partsheet settings).
 * @returns Order quantity, one per part.
 */
export function orderQty(
  part: unknown[][],
  quantity?: unknown[][],
  manufacturer?: string,
  currency?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).orderQty(part, quantity, manufacturer, currency);
}

/**
 * The part's description.
 * @customfunction DESCRIPTION
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @returns Description, one per part.
 */
export function description(
  part: unknown[][],
  manufacturer?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).description(part, manufacturer);
}

/**
 * The name of the part's manufacturer.
 * @customfunction MANUFACTURER
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @returns Manufacturer name, one per part.
 */
export function manufacturer(
  part: unknown[][],
  manufacturer?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).manufacturer(part, manufacturer);
}

/**
 * Availability of the best offer at the quantity, such as "In Stock".
 * @customfunction AVAILABILITY
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param quantity How many you need (default 1): one number, or one per part.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @param currency Currency code such as USD or EUR (default from Partsheet settings).
 * @returns Availability text, one per part.
 */
export function availability(
  part: unknown[][],
  quantity?: unknown[][],
  manufacturer?: string,
  currency?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).availability(part, quantity, manufacturer, currency);
}

/**
 * Web address of the part's datasheet.
 * @customfunction DATASHEET
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @returns Datasheet address, one per part.
 */
export function datasheet(
  part: unknown[][],
  manufacturer?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).datasheet(part, manufacturer);
}

/**
 * The part's lifecycle status, such as Active or Obsolete.
 * @customfunction STATUS
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @returns Lifecycle status, one per part.
 */
export function status(
  part: unknown[][],
  manufacturer?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).status(part, manufacturer);
}

/**
 * The part's compliance for a label: Compliant, Non Compliant or Unknown.
 * @customfunction COMPLIANCE
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param label Compliance label: eurohs (EU RoHS) or cnrohs (China RoHS).
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @returns Compliance, one per part.
 */
export function compliance(
  part: unknown[][],
  label: string,
  manufacturer?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).compliance(part, label, manufacturer);
}

/**
 * The item id of the offer bought at the quantity (ids joined by " + " when the need is split): what an order names.
 * @customfunction ITEMID
 * @requiresAddress
 * @param part Part number, or a range of part numbers.
 * @param quantity How many you need (default 1): one number, or one per part.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @param currency Currency code such as USD or EUR (default from Partsheet settings).
 * @returns Item id, one per part.
 */
export function itemId(
  part: unknown[][],
  quantity?: unknown[][],
  manufacturer?: string,
  currency?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).itemId(part, quantity, manufacturer, currency);
}

/**
 * Every price break of every offer of a part, as a table: source, min qty, max qty, price, currency.
 * @customfunction BREAKS
 * @requiresAddress
 * @param part Part number.
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @param currency Currency to ask the service for, such as USD or EUR (default from Partsheet settings); each row names its own.
 * @returns A table with a header row and one row per price break.
 */
export function breaks(
  part: string,
  manufacturer?: string,
  currency?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).breaks(part, manufacturer, currency);
}

/**
 * Every offer of a part at a quantity, as a table: source, item id, stock, MOQ, pack, order qty, prices, lead time; the best first.
 * @customfunction OFFERS
 * @requiresAddress
 * @param part Part number.
 * @param quantity How many you need (default 1).
 * @param manufacturer Manufacturer name or code, when several make the part number.
 * @param currency Currency code such as USD or EUR (default from Partsheet settings).
 * @returns A table with a header row and one row per offer.
 */
export function offers(
  part: string,
  quantity?: number,
  manufacturer?: string,
  currency?: string,
  invocation?: CustomFunctions.Invocation,
): Promise<unknown[][]> {
  return at(invocation).offers(part, quantity, manufacturer, currency);
}

/**
 * Manufacturers the parts service knows, as a table of code and name.
 * @customfunction MANUFACTURERS
 * @requiresAddress
 * @param filter Only manufacturers whose code or name contains this text.
 * @returns A table with a header row and one row per manufacturer.
 */
export function manufacturers(filter?: string, invocation?: CustomFunctions.Invocation): Promise<unknown[][]> {
  return at(invocation).manufacturers(filter);
}

/** Function ids (as in functions.json) and the functions they run. */
export const ASSOCIATIONS = {
  PRICE: price,
  STOCK: stock,
  LEADTIME: leadTime,
  MOQ: moq,
  ORDERQTY: orderQty,
  DESCRIPTION: description,
  MANUFACTURER: manufacturer,
  AVAILABILITY: availability,
  DATASHEET: datasheet,
  STATUS: status,
  COMPLIANCE: compliance,
  ITEMID: itemId,
  BREAKS: breaks,
  OFFERS: offers,
  MANUFACTURERS: manufacturers,
} as const;

// In Excel's shared runtime office.js defines CustomFunctions; elsewhere (a browser, a test host) the page still loads.
if (typeof CustomFunctions !== 'undefined') CustomFunctions.associate(ASSOCIATIONS);
registerRibbonCommands();
