/**
 * Checkout problems and the catalogue of checkout error codes: for every code the service documents (docs/checkout.md,
 * "Documented codes" and "Codes this service adds"), a plain-words message template and the fix a buyer can make.
 */
import { BACK_OFFICE_CODES, ORDER_EXISTS_CODES as ORDER_EXISTS } from '../../protocol/checkout';

/** One problem with an order request, as the service reports it or as validation finds it before sending. */
export interface CheckoutProblem {
  /** The service's error code (`checkout.item.quantity.minimum`, …); unknown codes are kept as they came. */
  code: string;
  /** Plain words for a buyer; the service's message when it sent one, since it carries the numbers. */
  message: string;
  /** The item id of the line at fault, as given in the request. */
  itemId?: string;
  /** 1-based position of the line at fault. */
  line?: number;
  /** The request field at fault (`customerPONumber`, `ucPhoneNumber`, …). */
  field?: string;
  /** A quantity that satisfies the item's minimum, pack size and stock, when one is known. */
  suggestedQuantity?: number;
  /** The numbers behind a quantity problem, for filling message templates. */
  values?: { qty?: number; moq?: number; inc?: number; stock?: number };
}

export interface ErrorText {
  /**
   * Template of the buyer's message. `{item}` reads "item X" (or "an item"), `{line}` "on line N" (or nothing),
   * `{field}` "'name'" (or nothing), `{qty}` `{moq}` `{inc}` `{stock}` the numbers (or nothing).
   */
  message: string;
  /** What the buyer can do about it. */
  fix: string;
}

/** Codes the distributor documents, in its order (docs/checkout.md, "Documented codes"). */
export const DOCUMENTED_CODES = [
  'checkout.user.not.found',
  'checkout.invalid.password',
  'address.not.found',
  'checkout.address.not.terms',
  'checkout.shipping.domestic.not.found',
  'checkout.shipping.international.not.found',
  'checkout.item.id.invalid',
  'checkout.item.quantity.invalid',
  'checkout.length.not.equal',
  'checkout.invalid.quantity',
  'checkout.item.not.found',
  'checkout.item.quantity.minimum',
  'checkout.item.quantity.maximum',
  'checkout.item.quantity.increment',
  'checkout.invalid.address.type',
  'checkout.uc.required',
  'checkout.uc.freight.forwarder',
  ...BACK_OFFICE_CODES,
] as const;

/** Codes the reference service adds (docs/checkout.md). */
export const ADDED_CODES = [
  'checkout.parameter.required',
  'checkout.parameter.repeated',
  'checkout.parameter.invalid',
  'checkout.customer.not.allowed',
  'checkout.user.no.terms',
  'checkout.address.mismatch',
  'checkout.billto.freight.forwarder',
  'checkout.item.duplicate',
  'checkout.item.count.exceeded',
  'checkout.item.quote.only',
  'checkout.source.code.required',
  'checkout.source.code.invalid',
  'checkout.item.source.mixed',
  'checkout.item.currency.mixed',
  'checkout.partner.customer.not.found',
  'checkout.discount.code.invalid',
  'checkout.method.not.allowed',
  'checkout.path.unknown',
  'checkout.internal.error',
  'checkout.rate.limited',
  'checkout.order.not.found',
  'checkout.order.submitted',
  'checkout.order.incomplete',
] as const;

export type CheckoutErrorCode = (typeof DOCUMENTED_CODES)[number] | (typeof ADDED_CODES)[number];

/** Back-office failures after which the order exists (the answer names it): never resend blindly. */
export const ORDER_EXISTS_CODES: ReadonlySet<string> = new Set(ORDER_EXISTS);

/** Credential failures. */
export const AUTH_CODES: ReadonlySet<string> = new Set(['checkout.user.not.found', 'checkout.invalid.password']);

/** Refusals after which nothing was stored and the same request may simply be sent again later. */
export const RETRY_SAFE_CODES: ReadonlySet<string> = new Set([
  'backoffice.soap.exception',
  'checkout.internal.error',
  'checkout.rate.limited',
]);

const CHECK_ORDERS = 'Do not send the order again: check your orders, or give customer service the order number.';

export const CHECKOUT_ERROR_MESSAGES: Record<CheckoutErrorCode, ErrorText> = {
  'checkout.user.not.found': {
    message: 'No account has this username',
    fix: 'Check the username (the e-mail address of the ordering account) under Checkout login in the Order form.',
  },
  'checkout.invalid.password': {
    message: 'The password is not right for this username',
    fix: 'Enter the checkout password again under Checkout login in the Order form.',
  },
  'address.not.found': {
    message: 'The ship-to or bill-to address is not one of the account’s addresses',
    fix: 'Choose a ship-to (or bill-to) address id that belongs to the ordering account.',
  },
  'checkout.address.not.terms': {
    message: 'The ship-to address is not a terms address',
    fix: 'Choose a ship-to address set up for ordering on terms, or ask customer service to set this one up.',
  },
  'checkout.shipping.domestic.not.found': {
    message: 'No default domestic shipping method delivers to this ship-to address',
    fix: 'Choose another ship-to address, or ask customer service to arrange shipping to this one.',
  },
  'checkout.shipping.international.not.found': {
    message: 'No default international shipping method delivers to this ship-to address',
    fix: 'Choose another ship-to address, or ask customer service to arrange shipping to this one.',
  },
  'checkout.item.id.invalid': {
    message: 'An item id is blank {line}',
    fix: 'Give every line the item id (source part id) from the search results, without commas.',
  },
  'checkout.item.quantity.invalid': {
    message: 'The quantity for {item} is blank {line}',
    fix: 'Give every line a quantity.',
  },
  'checkout.length.not.equal': {
    message: 'The number of item ids differs from the number of quantities',
    fix: 'Give exactly one quantity for each item.',
  },
  'checkout.invalid.quantity': {
    message: 'Quantity {qty} for {item} is not a whole number from 1 to 999,999,999',
    fix: 'Enter the quantity as a whole number of parts, without signs, decimals or spaces.',
  },
  'checkout.item.not.found': {
    message: '{item} is not in the catalog',
    fix: 'Search for the part again and order one of the offers found; the offer may have been withdrawn.',
  },
  'checkout.item.quantity.minimum': {
    message: 'Quantity {qty} is below the minimum {moq} for {item}',
    fix: 'Order at least the minimum order quantity, in whole packs.',
  },
  'checkout.item.quantity.maximum': {
    message: 'Quantity {qty} is more than the {stock} available for {item}',
    fix: 'Lower the quantity to the stock available, or choose another offer with more stock.',
  },
  'checkout.item.quantity.increment': {
    message: 'Quantity {qty} for {item} is not a whole number of packs of {inc}',
    fix: 'Round the quantity to a whole number of packs.',
  },
  'checkout.invalid.address.type': {
    message: 'The address type is not one the service knows',
    fix: 'Use one of: Commercial, Residential, Direct Consumer, Government, Freight Forwarder.',
  },
  'checkout.uc.required': {
    message:
      'The ship-to address is a freight forwarder, and the ultimate destination is missing or incomplete {field}',
    fix: 'Fill in the ultimate destination: name, phone, street, city, postal code, country, address type, and the state for US, CA, AU, BR, MX, IN and CN.',
  },
  'checkout.uc.freight.forwarder': {
    message: 'The ultimate destination cannot itself be a freight forwarder',
    fix: 'Give the address where the parts finally go, with another address type.',
  },
  'backoffice.soap.exception': {
    message: 'The order system failed before the order was created; nothing was stored',
    fix: 'Send the order again in a few minutes.',
  },
  'backoffice.failed.sales.order.create': {
    message: 'The order was created, but the order system gave no answer; its lines were not added',
    fix: CHECK_ORDERS,
  },
  'backoffice.failed.sales.lines.update': {
    message: 'The order and its lines were created, but the order system gave no answer; it was not completed',
    fix: CHECK_ORDERS,
  },
  'backoffice.failed.sales.order.update': {
    message: 'The order was created, but completing it failed in the order system',
    fix: CHECK_ORDERS,
  },
  'backoffice.failed.sales.order.submit': {
    message: 'The order was created, but could not be submitted; no stock was taken',
    fix: CHECK_ORDERS,
  },

  'checkout.parameter.required': {
    message: 'A required order field is missing {field}',
    fix: 'Fill in the username, password, PO number, ship-to address and at least one line.',
  },
  'checkout.parameter.repeated': {
    message: 'An order field was sent more than once {field}',
    fix: 'Send each field once.',
  },
  'checkout.parameter.invalid': {
    message: 'An order field has a value of the wrong form {field}',
    fix: 'Check the field: text without control characters and within its length, a two-letter country code, a known flag.',
  },
  'checkout.customer.not.allowed': {
    message: 'This account may not order for the customer named',
    fix: 'Only a customer-service account may order for another customer; leave the customer username empty.',
  },
  'checkout.user.no.terms': {
    message: 'The customer has no credit account and terms',
    fix: 'Ask customer service to open a credit account with terms for this customer.',
  },
  'checkout.address.mismatch': {
    message: 'The ship-to country or address type differs from the stored ship-to address',
    fix: 'Leave the ship-to country and address type empty, or choose the ship-to address that matches them.',
  },
  'checkout.billto.freight.forwarder': {
    message: 'The bill-to address is a freight forwarder, which cannot be billed',
    fix: 'Choose another bill-to address.',
  },
  'checkout.item.duplicate': {
    message: '{item} appears more than once {line}',
    fix: 'Order each item on one line, with the total quantity.',
  },
  'checkout.item.count.exceeded': {
    message: 'The order has more than 200 lines',
    fix: 'Split the order into orders of at most 200 lines.',
  },
  'checkout.item.quote.only': {
    message: '{item} is sold on quotation only',
    fix: 'Ask for a quote, or choose an offer with published prices.',
  },
  'checkout.source.code.required': {
    message: '{item} is a regional offer and needs its source code',
    fix: 'Give the source code of each item (for example NAC), as the search results show it.',
  },
  'checkout.source.code.invalid': {
    message: 'The source code for {item} does not match the item’s source',
    fix: 'Give one source code per item, equal to the source the search results show for it.',
  },
  'checkout.item.source.mixed': {
    message: 'The order mixes marketplace and regional items',
    fix: 'Place one order for the marketplace items and another for the regional ones.',
  },
  'checkout.item.currency.mixed': {
    message: 'The items are priced in different currencies',
    fix: 'Place one order per currency.',
  },
  'checkout.partner.customer.not.found': {
    message: 'The partner customer number is not one of the customer’s',
    fix: 'Check the partner customer number, or leave it empty.',
  },
  'checkout.discount.code.invalid': {
    message: 'The discount code is unknown or has expired',
    fix: 'Check the discount code, or leave it empty.',
  },
  'checkout.method.not.allowed': {
    message: 'The checkout takes orders by GET only',
    fix: 'Send the order as a GET request; this points to a client or proxy that changed the request method.',
  },
  'checkout.path.unknown': {
    message: 'The checkout address is wrong: no checkout answers there; nothing was stored',
    fix: 'Check the checkout address in Partsheet settings; it ends in /server-webapp/api/automatedCheckout.',
  },
  'checkout.internal.error': {
    message: 'The checkout failed unexpectedly; nothing was stored',
    fix: 'Send the order again later; if it keeps failing, contact customer service.',
  },
  'checkout.rate.limited': {
    message: 'Too many requests were sent for this account in a short time; nothing was stored',
    fix: 'Wait a minute (the answer says how long in Retry-After) and send the order again.',
  },
  'checkout.order.not.found': {
    message: 'The ordering account has no such order in this environment',
    fix: 'Check the order number and the environment (test or production) it was created in.',
  },
  'checkout.order.submitted': {
    message: 'The order was already submitted',
    fix: 'Nothing more to do: the order is placed. Check your orders to see it.',
  },
  'checkout.order.incomplete': {
    message: 'The order was not completed when it was created, so it cannot be submitted',
    fix: 'Give customer service the order number; send a new order if they cancel it.',
  },
};

export function isKnownCode(code: string): code is CheckoutErrorCode {
  return Object.prototype.hasOwnProperty.call(CHECKOUT_ERROR_MESSAGES, code);
}

/** Fills a template: each placeholder becomes its phrase, or nothing when the problem does not carry it. */
export function fillTemplate(template: string, problem: Partial<CheckoutProblem>): string {
  const v = problem.values ?? {};
  const phrases: Record<string, string> = {
    item: problem.itemId ? `item ${problem.itemId}` : 'an item',
    line: problem.line !== undefined ? `on line ${problem.line}` : '',
    field: problem.field ? `('${problem.field}')` : '',
    qty: v.qty !== undefined ? String(v.qty) : '',
    moq: v.moq !== undefined ? String(v.moq) : '',
    inc: v.inc !== undefined ? String(v.inc) : '',
    stock: v.stock !== undefined ? String(v.stock) : '',
  };
  const text = template.replace(/\{(\w+)\}/g, (whole, name: string) => phrases[name] ?? whole);
  const tidy = text
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;)])/g, '$1')
    .replace(/\bthe available\b/g, 'available')
    .trim();
  return tidy.charAt(0).toUpperCase() + tidy.slice(1);
}

/** A problem as a buyer reads it: what is wrong (the service's own words when it gave some) and what to do. */
export function describeProblem(problem: CheckoutProblem): { title: string; fix: string } {
  const known = isKnownCode(problem.code) ? CHECKOUT_ERROR_MESSAGES[problem.code] : undefined;
  const given = problem.message?.trim();
  const title =
    given ||
    (known ? fillTemplate(known.message, problem) : `The order was refused (${problem.code || 'no reason given'})`);
  let fix = known
    ? known.fix
    : 'Correct the order and send it again; if the problem stays, give customer service this code.';
  if (problem.suggestedQuantity !== undefined) fix = `${fix} Suggested quantity: ${problem.suggestedQuantity}.`;
  return { title, fix };
}
