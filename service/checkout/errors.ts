import type { FaultSwitch } from './faults';

/**
 * Every checkout error code with its HTTP status. The first block is the distributor's documented list (docs/checkout.md,
 * "Documented codes"); the second holds the codes this service adds for conditions that list leaves out.
 */
export const CHECKOUT_ERRORS = {
  'checkout.user.not.found': 401,
  'checkout.invalid.password': 401,
  'address.not.found': 422,
  'checkout.address.not.terms': 403,
  'checkout.shipping.domestic.not.found': 422,
  'checkout.shipping.international.not.found': 422,
  'checkout.item.id.invalid': 400,
  'checkout.item.quantity.invalid': 400,
  'checkout.length.not.equal': 400,
  'checkout.invalid.quantity': 400,
  'checkout.item.not.found': 422,
  'checkout.item.quantity.minimum': 422,
  'checkout.item.quantity.maximum': 409,
  'checkout.item.quantity.increment': 422,
  'checkout.invalid.address.type': 400,
  'checkout.uc.required': 400,
  'checkout.uc.freight.forwarder': 400,
  'backoffice.soap.exception': 502,
  'backoffice.failed.sales.order.create': 502,
  'backoffice.failed.sales.lines.update': 502,
  'backoffice.failed.sales.order.update': 502,
  'backoffice.failed.sales.order.submit': 502,

  'checkout.parameter.required': 400,
  'checkout.parameter.repeated': 400,
  'checkout.parameter.invalid': 400,
  'checkout.customer.not.allowed': 403,
  'checkout.user.no.terms': 403,
  'checkout.address.mismatch': 400,
  'checkout.billto.freight.forwarder': 422,
  'checkout.item.duplicate': 400,
  'checkout.item.count.exceeded': 400,
  'checkout.item.quote.only': 422,
  'checkout.source.code.required': 400,
  'checkout.source.code.invalid': 400,
  'checkout.item.source.mixed': 422,
  'checkout.item.currency.mixed': 422,
  'checkout.partner.customer.not.found': 422,
  'checkout.discount.code.invalid': 422,
  'checkout.method.not.allowed': 405,
  'checkout.path.unknown': 404,
  'checkout.internal.error': 500,
  'checkout.rate.limited': 503,
  'checkout.order.not.found': 422,
  'checkout.order.submitted': 409,
  'checkout.order.incomplete': 409,
} as const satisfies Record<string, number> & Record<FaultSwitch, number>;

export type CheckoutErrorCode = keyof typeof CHECKOUT_ERRORS;

/** One problem with a request; `itemId` and `line` (1-based) name the item when the problem is one line's. */
export interface CheckoutProblem {
  code: CheckoutErrorCode;
  message: string;
  itemId?: string;
  line?: number;
}

/** A refused request: one or more problems of one validation stage, the first deciding the HTTP status. */
export class CheckoutRefusal extends Error {
  readonly problems: CheckoutProblem[];
  /** Set when an order row exists although the answer is an error (a back-office step failed after creating it). */
  orderId?: number;

  constructor(problems: CheckoutProblem | CheckoutProblem[], orderId?: number) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.map((p) => `${p.code}: ${p.message}`).join('; '));
    this.problems = list;
    this.orderId = orderId;
  }

  get code(): CheckoutErrorCode {
    return this.problems[0].code;
  }

  get status(): number {
    return CHECKOUT_ERRORS[this.code];
  }
}

export function fail(code: CheckoutErrorCode, message: string, item?: { itemId: string; line: number }): never {
  throw new CheckoutRefusal({ code, message, ...item });
}

/** Text from the request, made safe to echo in a message: control characters replaced, length capped. */
export function echo(text: string, max = 60): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
