/**
 * What the checkout would refuse, found before anything is sent: each problem carries the code the service
 * would answer and plain words naming the line and the fix. The service stays the judge of what only it
 * knows (accounts, addresses, catalog); this catches what the request alone shows.
 */
import {
  ADDRESS_TYPES,
  FREIGHT_FORWARDER,
  MAX_ADDRESS_FIELD,
  NOT_COUNTRY_CODES,
  STATE_REQUIRED_COUNTRIES,
  UC_REQUIRED_SUFFIXES,
  parseAddressType,
} from '../../protocol/checkout';
import { orderQuantity } from '../pricing/quantity';
import type { CheckoutProblem } from './problems';
import { isPasswordHash } from './password';
import {
  ADDRESS_SUFFIXES,
  type AddressFields,
  type AddressSuffix,
  type CheckoutLine,
  type CheckoutRequest,
} from './request';

/** Most lines one order may have. */
export const MAX_LINES = 200;
/** Largest quantity of one line. */
export const MAX_QUANTITY = 999_999_999;
export const MAX_PO_NUMBER = 50;
/** Longest value of a single-valued parameter. */
export const MAX_TEXT = 200;
/** Longest value of a list parameter (itemIds, quantities, sourceCodes). */
export const MAX_LIST_TEXT = 20_000;
export const MARKETPLACE = 'MARKETPLACE';

// The address vocabulary is the wire's, one copy shared with the service (protocol/checkout.ts).
export {
  ADDRESS_TYPES,
  FREIGHT_FORWARDER,
  MAX_ADDRESS_FIELD,
  STATE_REQUIRED_COUNTRIES,
  parseAddressType,
  type AddressType,
} from '../../protocol/checkout';
import { countOf, groupedCount } from '../text/plural';

const FIELD_WORDS: Record<AddressSuffix, string> = {
  AddressName: 'name',
  CompanyName: 'company name',
  PhoneNumber: 'phone number',
  CountryCode: 'country code',
  Street1: 'street',
  Street2: 'second street line',
  StateProvince: 'state or province',
  City: 'city',
  PostalCode: 'postal code',
  AddressType: 'address type',
};

/** Regional source-part ids as the item service shows them (`0898_00015182`, `V36:1790_07275143`). */
const REGIONAL_ID = /^(?:[A-Z]\d{2}:)?\d{4}_\d{8}$/i;

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether `text` looks like an ISO 3166 alpha-2 country code. */
export function isCountryCode(text: string): boolean {
  const code = text.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRY_CODES.has(code);
}

function blank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

function show(text: string, max = 40): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** A constraint of an offer that is a whole number ≥ 1, or undefined when not given (0 reads as no constraint). */
function constraint(n: number | undefined): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) && n >= 1 ? Math.ceil(n) : undefined;
}

type Ref = Pick<CheckoutProblem, 'itemId' | 'line'>;

function ref(line: CheckoutLine, index: number): Ref {
  return { itemId: line.itemId.trim(), line: index + 1 };
}

function where(line: CheckoutLine, index: number): string {
  const id = line.itemId.trim();
  return id ? `item ${show(id)} on line ${index + 1}` : `line ${index + 1}`;
}

/**
 * Every problem the service would refuse the request for that the request itself shows, in the service's rule
 * order; [] when the request can be sent. Quantities are checked against `moq`, `packSize` and `stock` of the
 * lines that carry them.
 */
export function validateCheckout(request: CheckoutRequest): CheckoutProblem[] {
  return [...orderFields(request), ...addressFields(request), ...itemProblems(request)];
}

function orderFields(request: CheckoutRequest): CheckoutProblem[] {
  const problems: CheckoutProblem[] = [];
  const required = (field: string, value: string | undefined, what: string) => {
    if (blank(value)) problems.push({ code: 'checkout.parameter.required', message: `${what} is missing.`, field });
  };
  required('username', request.username, 'The username (the e-mail address of the ordering account)');
  required('password', request.passwordHash, 'The password');
  if (!blank(request.passwordHash) && !isPasswordHash(request.passwordHash.trim())) {
    problems.push({
      code: 'checkout.invalid.password',
      message:
        'The password was not encoded for the checkout (SHA-256, 64 hexadecimal characters); enter it again under Checkout login in the Order form.',
      field: 'password',
    });
  }
  required('customerPONumber', request.customerPONumber, 'The purchase-order (PO) number');
  if (!blank(request.customerPONumber)) {
    const po = request.customerPONumber.trim();
    if (po.length > MAX_PO_NUMBER) {
      problems.push({
        code: 'checkout.parameter.invalid',
        message: `The PO number is ${countOf(po.length, 'character')} long; it may have at most ${MAX_PO_NUMBER}.`,
        field: 'customerPONumber',
      });
    } else if (CONTROL.test(po)) {
      problems.push({
        code: 'checkout.parameter.invalid',
        message: 'The PO number contains control characters (such as a line break).',
        field: 'customerPONumber',
      });
    }
  }
  required('shipToAddressId', request.shipToAddressId, 'The ship-to address');

  const texts: [keyof CheckoutRequest, string][] = [
    ['username', 'The username'],
    ['shipToAddressId', 'The ship-to address id'],
    ['billToAddressId', 'The bill-to address id'],
    ['customerUsername', 'The customer username'],
    ['partnerCustomerNumber', 'The partner customer number'],
    ['discountCode', 'The discount code'],
  ];
  for (const [field, what] of texts) {
    const value = request[field];
    if (typeof value !== 'string' || blank(value)) continue;
    const t = value.trim();
    if (t.length > MAX_TEXT) {
      problems.push({
        code: 'checkout.parameter.invalid',
        message: `${what} is longer than ${MAX_TEXT} characters.`,
        field,
      });
    } else if (CONTROL.test(t)) {
      problems.push({ code: 'checkout.parameter.invalid', message: `${what} contains control characters.`, field });
    }
  }
  if (!blank(request.partnerRegion) && !/^[A-Za-z0-9 ._-]{1,32}$/.test(request.partnerRegion!.trim())) {
    problems.push({
      code: 'checkout.parameter.invalid',
      message: `Partner region '${show(request.partnerRegion!.trim())}' is not a region code (letters, digits, spaces, . _ -; at most 32).`,
      field: 'partnerRegion',
    });
  }
  if (!blank(request.source) && !/^[A-Za-z0-9_]{1,16}$/.test(request.source!.trim())) {
    problems.push({
      code: 'checkout.parameter.invalid',
      message: `Source '${show(request.source!.trim())}' is not a source code such as MARKETPLACE or NAC.`,
      field: 'source',
    });
  }
  return problems;
}

/** Length, control characters, country code and address type of each given field of an st* or uc* address. */
function addressForm(prefix: 'st' | 'uc', address: AddressFields, label: string): CheckoutProblem[] {
  const problems: CheckoutProblem[] = [];
  for (const [suffix, key] of Object.entries(ADDRESS_SUFFIXES) as [AddressSuffix, keyof AddressFields][]) {
    const value = address[key];
    if (blank(value)) continue;
    const t = value!.trim();
    const field = `${prefix}${suffix}`;
    if (t.length > MAX_ADDRESS_FIELD) {
      problems.push({
        code: 'checkout.parameter.invalid',
        message: `The ${label} ${FIELD_WORDS[suffix]} is longer than ${MAX_ADDRESS_FIELD} characters.`,
        field,
      });
    } else if (CONTROL.test(t)) {
      problems.push({
        code: 'checkout.parameter.invalid',
        message: `The ${label} ${FIELD_WORDS[suffix]} contains control characters.`,
        field,
      });
    } else if (suffix === 'CountryCode' && !isCountryCode(t)) {
      problems.push({
        code: 'checkout.parameter.invalid',
        message: `The ${label} country '${show(t)}' is not a two-letter ISO country code${t.toUpperCase() === 'UK' ? ' (the United Kingdom is GB)' : ''}.`,
        field,
      });
    } else if (suffix === 'AddressType' && !parseAddressType(t)) {
      problems.push({
        code: 'checkout.invalid.address.type',
        message: `The ${label} address type '${show(t)}' is not one of ${ADDRESS_TYPES.join(', ')}.`,
        field,
      });
    }
  }
  return problems;
}

function addressFields(request: CheckoutRequest): CheckoutProblem[] {
  const problems: CheckoutProblem[] = [];
  const ff = request.shipToIsFreightForwarder;
  if (request.shipTo) {
    problems.push(...addressForm('st', request.shipTo, 'ship-to'));
    const type = blank(request.shipTo.addressType) ? undefined : parseAddressType(request.shipTo.addressType!);
    if (type && ff !== undefined && (type === FREIGHT_FORWARDER) !== ff) {
      problems.push({
        code: 'checkout.address.mismatch',
        message: ff
          ? `The ship-to address is a freight forwarder, but the ship-to address type given is ${type}.`
          : 'The ship-to address type given is Freight Forwarder, but the ship-to address is not one.',
        field: 'stAddressType',
      });
    }
  }
  // The service reads the ultimate destination only for a freight-forwarder ship-to address.
  if (ff === false) return problems;
  const uc = request.ultimateDestination ?? {};
  const givenSuffixes = (Object.entries(ADDRESS_SUFFIXES) as [AddressSuffix, keyof AddressFields][]).filter(
    ([, key]) => !blank(uc[key]),
  );
  if (ff === true && givenSuffixes.length === 0) {
    problems.push({
      code: 'checkout.uc.required',
      message:
        'The ship-to address is a freight forwarder: give the ultimate destination (where the parts finally go).',
      field: 'ultimateDestination',
    });
    return problems;
  }
  if (givenSuffixes.length === 0) return problems;
  if (ff === true) {
    const missing = UC_REQUIRED_SUFFIXES.filter((s) => blank(uc[ADDRESS_SUFFIXES[s]]));
    const country = blank(uc.countryCode) ? undefined : uc.countryCode!.trim().toUpperCase();
    if (country && STATE_REQUIRED_COUNTRIES.has(country) && blank(uc.stateProvince)) missing.push('StateProvince');
    for (const suffix of missing) {
      const why = suffix === 'StateProvince' ? ` (required for ${country})` : '';
      problems.push({
        code: 'checkout.uc.required',
        message: `The ultimate destination needs a ${FIELD_WORDS[suffix]}${why}.`,
        field: `uc${suffix}`,
      });
    }
  }
  problems.push(...addressForm('uc', uc, 'ultimate destination'));
  if (!blank(uc.addressType) && parseAddressType(uc.addressType!) === FREIGHT_FORWARDER) {
    problems.push({
      code: 'checkout.uc.freight.forwarder',
      message:
        'The ultimate destination cannot itself be a freight forwarder: give the address where the parts finally go.',
      field: 'ucAddressType',
    });
  }
  return problems;
}

/** Quantity `n` as the service reads it: a whole number from 1 to MAX_QUANTITY. */
function validQuantity(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY;
}

function itemProblems(request: CheckoutRequest): CheckoutProblem[] {
  const lines = request.lines ?? [];
  if (lines.length === 0) {
    return [
      {
        code: 'checkout.parameter.required',
        message: 'The order has no lines: add at least one item and quantity.',
        field: 'itemIds',
      },
    ];
  }
  const problems: CheckoutProblem[] = [];

  // Blank ids and quantities.
  lines.forEach((line, i) => {
    const id = typeof line.itemId === 'string' ? line.itemId.trim() : '';
    if (id === '') {
      problems.push({
        code: 'checkout.item.id.invalid',
        message: `Line ${i + 1} has no item id.`,
        itemId: '',
        line: i + 1,
      });
    } else if (id.includes(',')) {
      problems.push({
        code: 'checkout.item.id.invalid',
        message: `Item id '${show(id)}' on line ${i + 1} contains a comma; an item id is one source part id from the search results.`,
        itemId: id,
        line: i + 1,
      });
    }
    if (
      line.quantity === undefined ||
      line.quantity === null ||
      (typeof line.quantity === 'number' && Number.isNaN(line.quantity))
    ) {
      problems.push({
        code: 'checkout.item.quantity.invalid',
        message: `The quantity for ${where(line, i)} is blank.`,
        ...ref(line, i),
      });
    }
  });
  if (problems.length > 0) return problems;

  if (lines.length > MAX_LINES) {
    return [
      {
        code: 'checkout.item.count.exceeded',
        message: `An order has at most ${MAX_LINES} lines; this one has ${lines.length}. Split it into several orders.`,
        field: 'itemIds',
      },
    ];
  }

  lines.forEach((line, i) => {
    if (!validQuantity(line.quantity)) {
      problems.push({
        code: 'checkout.invalid.quantity',
        message: `Quantity ${show(String(line.quantity), 20)} for ${where(line, i)} is not a whole number from 1 to ${groupedCount(MAX_QUANTITY)}.`,
        ...ref(line, i),
      });
    }
  });
  if (problems.length > 0) return problems;

  const firstLine = new Map<string, number>();
  lines.forEach((line, i) => {
    const id = line.itemId.trim();
    const first = firstLine.get(id);
    if (first === undefined) {
      firstLine.set(id, i);
      return;
    }
    problems.push({
      code: 'checkout.item.duplicate',
      message: `Item ${show(id)} is on line ${first + 1} and again on line ${i + 1}; order it on one line with the total quantity.`,
      ...ref(line, i),
    });
  });
  if (problems.length > 0) return problems;

  const listLengths: [string, string][] = [
    ['itemIds', lines.map((l) => l.itemId.trim()).join(',')],
    ['sourceCodes', lines.map((l) => l.sourceCode?.trim() ?? '').join(',')],
  ];
  for (const [field, text] of listLengths) {
    if (text.length > MAX_LIST_TEXT) {
      problems.push({
        code: 'checkout.parameter.invalid',
        message: `The ${field} list is longer than ${groupedCount(MAX_LIST_TEXT)} characters; split the order.`,
        field,
      });
    }
  }

  problems.push(...sourceProblems(request));
  if (problems.length > 0) return problems;

  lines.forEach((line, i) => {
    const problem = quantityProblem(line, i);
    if (problem) problems.push(problem);
  });
  return problems;
}

function sourceProblems(request: CheckoutRequest): CheckoutProblem[] {
  const { lines } = request;
  const problems: CheckoutProblem[] = [];
  const codes = lines.map((l) => (blank(l.sourceCode) ? undefined : l.sourceCode!.trim().toUpperCase()));
  const anyCode = codes.some((c) => c !== undefined);
  const source = blank(request.source) ? undefined : request.source!.trim().toUpperCase();
  lines.forEach((line, i) => {
    const code = codes[i];
    const id = line.itemId.trim();
    if (code !== undefined && !/^[A-Z0-9_]{1,16}$/.test(code)) {
      problems.push({
        code: 'checkout.source.code.invalid',
        message: `Source code '${show(line.sourceCode!.trim(), 20)}' for ${where(line, i)} is not a source code such as MARKETPLACE or NAC.`,
        ...ref(line, i),
      });
    } else if (code === undefined && anyCode) {
      problems.push({
        code: 'checkout.source.code.invalid',
        message: `${capitalise(where(line, i))} has no source code, while other lines have one: give the source code of every item.`,
        ...ref(line, i),
      });
    } else if (code === undefined && REGIONAL_ID.test(id)) {
      problems.push({
        code: 'checkout.source.code.required',
        message: `Item ${show(id)} on line ${i + 1} is a regional offer: give its source code (such as NAC), as the search results show it.`,
        ...ref(line, i),
      });
    } else if (code !== undefined && source !== undefined && code !== source) {
      problems.push({
        code: 'checkout.source.code.invalid',
        message: `The order is for source ${source}, but ${where(line, i)} is from ${code}.`,
        ...ref(line, i),
      });
    }
  });
  if (problems.length > 0) return problems;

  const marketplace = lines.findIndex((_, i) => codes[i] === MARKETPLACE);
  const regional = lines.findIndex((_, i) => codes[i] !== undefined && codes[i] !== MARKETPLACE);
  if (marketplace !== -1 && regional !== -1) {
    problems.push({
      code: 'checkout.item.source.mixed',
      message:
        `An order is either all marketplace or all regional items: item ${show(lines[marketplace].itemId.trim())} is from ${MARKETPLACE} ` +
        `and item ${show(lines[regional].itemId.trim())} from ${codes[regional]}; place two orders.`,
      field: 'sourceCodes',
    });
  }
  return problems;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Minimum first, then whole packs, then stock: the first rule a line breaks is the one reported, as the service does. */
function quantityProblem(line: CheckoutLine, index: number): CheckoutProblem | undefined {
  const qty = line.quantity;
  const id = show(line.itemId.trim());
  const moq = constraint(line.moq);
  const inc = constraint(line.packSize);
  const stock =
    typeof line.stock === 'number' && Number.isFinite(line.stock) && line.stock >= 0
      ? Math.floor(line.stock)
      : undefined;
  const suggested = orderQuantity(qty, { moq: moq ?? 1, packSize: inc ?? 1 });
  if (moq !== undefined && qty < moq) {
    return {
      code: 'checkout.item.quantity.minimum',
      message: `Quantity ${qty} is below the minimum ${moq} for item ${id} (line ${index + 1}); order at least ${suggested}.`,
      ...ref(line, index),
      suggestedQuantity: suggested,
      values: { qty, moq, ...(inc === undefined ? {} : { inc }) },
    };
  }
  if (inc !== undefined && qty % inc !== 0) {
    const lower = qty - (qty % inc);
    const options = lower >= (moq ?? 1) && lower > 0 ? `${lower} or ${suggested}` : `${suggested}`;
    return {
      code: 'checkout.item.quantity.increment',
      message: `Item ${id} (line ${index + 1}) is sold in packs of ${inc}; ${qty} is not a whole number of packs (order ${options}).`,
      ...ref(line, index),
      suggestedQuantity: suggested,
      values: { qty, inc, ...(moq === undefined ? {} : { moq }) },
    };
  }
  if (stock !== undefined && qty > stock) {
    const most = Math.floor(stock / (inc ?? 1)) * (inc ?? 1);
    const fits = most >= (moq ?? 1) && most > 0;
    return {
      code: 'checkout.item.quantity.maximum',
      message: `Quantity ${qty} of item ${id} (line ${index + 1}) is more than the ${stock} in stock${fits ? `; order at most ${most}` : ''}.`,
      ...ref(line, index),
      ...(fits ? { suggestedQuantity: most } : {}),
      values: { qty, stock },
    };
  }
  return undefined;
}
