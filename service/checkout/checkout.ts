import type { Db } from '../store/db';
import type { PriceBreakRecord } from '../store/types';
import { authenticate, billToAddress, customerOf, orderDiscount, partnerCustomer } from './who-orders';
import { FREIGHT_FORWARDER, type AddressFields } from './addresses';
import { ultimateDestination, shipToOverrides } from './destination';
import { CheckoutRefusal, echo, fail, type CheckoutProblem } from './errors';
import type { FaultSwitch } from './faults';
import { discountMinor, lineTotalMinor, toMicro } from './money';
import {
  checkLineCount,
  itemRef,
  itemsGiven,
  maximumProblem,
  noItemTwice,
  quantityProblems,
  sourceCodesFor,
  sourcesAgree,
  throwAll,
  tierFor,
  wholeQuantities,
  type Line,
  type ParsedLine,
} from './order-lines';
import { ADDRESS_PARAMETERS, checkText, ORDER_PARAMETERS, Params, parseSubmitOrder, type Query } from './params';
import { defaultMethod, scopeOf, SHIPPING_METHODS, type ShippingMethod } from './shipping';
import { CheckoutStore, type CheckoutOffer, type OrderLineRow, type UserRow } from './store';

// The order's lines and their rules live in order-lines.ts; these stay importable from here.
export { MARKETPLACE, MAX_LINES, MAX_QUANTITY, parseQuantity, tierFor } from './order-lines';

export type Environment = 'production' | 'test';

export const MAX_PO_NUMBER = 50;
/** Order ids of each environment start above these, so that an id says where the order was placed. */
export const ORDER_ID_BASE: Record<Environment, number> = { production: 10_000_000, test: 90_000_000 };

export interface PlacedLine {
  lineNo: number;
  offer: CheckoutOffer;
  quantity: number;
  unitMicro: number;
  totalMinor: number;
  /** The breaks the unit price was taken from: the partner customer's own where it has them, else the list. */
  breaks: PriceBreakRecord[];
  customerPrice: boolean;
  /** Stock left at the source after this order (for an order not submitted, the stock now). */
  available: number;
}

export interface PlacedOrder {
  orderId: number;
  shipToId: string;
  submitted: boolean;
  currency: string;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  method: ShippingMethod;
  lines: PlacedLine[];
  placedAt: Date;
}

interface Plan {
  customer: UserRow;
  placedBy: UserRow;
  customerPo: string;
  submit: boolean;
  partnerRegion?: string;
  partnerCustomerNumber?: string;
  source?: string;
  discount?: { code: string; basisPoints: number };
  shipToId: string;
  shipTo: AddressFields;
  billTo?: { id: string; fields: AddressFields };
  ultimate?: AddressFields;
  method: ShippingMethod;
  lines: Line[];
}

/**
 * The automated checkout: validates a request in the documented rule order (docs/checkout.md),
 * prices it, and stores it — and, when asked, submits it — in one transaction.
 */
export class Checkout {
  private readonly store: CheckoutStore;

  constructor(
    db: Db,
    private readonly environment: Environment,
    private readonly fault?: FaultSwitch,
  ) {
    this.store = new CheckoutStore(db);
  }

  place(query: Query, now = new Date()): PlacedOrder {
    const params = new Params(query);
    if (params.optional('orderId') !== undefined) return this.submitExisting(params, now);
    const plan = this.validate(params);
    return this.write(plan, now);
  }

  /**
   * Submits an order that was created without submitting (extension, docs/checkout.md "Submitting a created
   * order"): the same credentials, `orderId` and `submitOrder=true`, and nothing that would describe a new order,
   * so a checkout without this extension refuses the request for its missing items instead of creating a second
   * order. Stock is taken as a new submitted order takes it: every line or none.
   */
  private submitExisting(params: Params, now: Date): PlacedOrder {
    const placedBy = authenticate(this.store, params);
    const customer = customerOf(this.store, params, placedBy);
    const idText = params.optional('orderId')!;
    if (!/^\d{1,12}$/.test(idText))
      fail('checkout.parameter.invalid', `orderId '${echo(idText)}' is not an order number.`);
    const extra = NEW_ORDER_PARAMETERS.filter((name) => params.optional(name) !== undefined);
    if (extra.length > 0) {
      fail(
        'checkout.parameter.invalid',
        `orderId submits an existing order as it is; ${extra.join(', ')} cannot be given with it (send a new order without orderId to change it).`,
      );
    }
    if (!parseSubmitOrder(params.optional('submitOrder'))) {
      fail('checkout.parameter.invalid', 'orderId submits an existing order: give submitOrder=true with it.');
    }
    const orderId = Number(idText);
    const order = this.store.order(orderId);
    if (!order || order.user_id !== customer.user_id)
      fail('checkout.order.not.found', `${customer.email} has no order ${idText} in this environment.`);
    if (order.submitted)
      fail(
        'checkout.order.submitted',
        `Order ${orderId} was already submitted on ${order.submitted_at?.slice(0, 10) ?? 'an earlier day'}; nothing was changed.`,
      );
    if (order.state !== 'open') {
      fail(
        'checkout.order.incomplete',
        `Order ${orderId} was not completed by the back office (it has ${order.state === 'created' ? 'no lines' : 'no totals'}); it cannot be submitted. Ask customer service about it.`,
      );
    }
    const fault = this.environment === 'test' ? this.fault : undefined;
    if (fault === 'backoffice.soap.exception') {
      fail(
        'backoffice.soap.exception',
        'The back office failed before the order was submitted (internal database error); nothing was changed. The request may be sent again.',
      );
    }
    if (fault === 'backoffice.failed.sales.order.submit') {
      throw new CheckoutRefusal({ code: fault, message: FAULT_MESSAGES[fault](orderId) }, orderId);
    }
    const rows = this.store.lines(orderId);
    const offers = this.store.offers(rows.map((r) => r.source_part_id));
    const at = now.toISOString();
    const available = this.store.transaction(() => {
      const left = new Map<string, number>();
      const short: CheckoutProblem[] = [];
      for (const row of rows) {
        const taken = this.store.takeStock(row.source_part_id, row.quantity);
        if (taken === undefined) {
          short.push({
            code: 'checkout.item.quantity.maximum',
            message: `Quantity ${row.quantity} of item ${row.source_part_id} is more than the ${this.store.stock(row.source_part_id)} available.`,
            itemId: row.source_part_id,
            line: row.line_no,
          });
        } else left.set(row.source_part_id, taken);
      }
      throwAll(short);
      this.store.markSubmitted(orderId, at);
      return left;
    });
    const shipTo = JSON.parse(order.ship_to) as AddressFields;
    const method = methodOf(order.ship_agent, order.ship_service, shipTo.countryCode ?? '');
    return {
      orderId,
      shipToId: order.ship_to_id,
      submitted: true,
      currency: order.currency,
      subtotalMinor: order.subtotal_minor ?? 0,
      discountMinor: order.discount_minor ?? 0,
      totalMinor: order.total_minor ?? 0,
      method,
      placedAt: now,
      lines: rows.map((row) => {
        const offer = offers.get(row.source_part_id)!;
        const own =
          row.customer_price && order.partner_customer_number
            ? this.store.customerPrices(order.partner_customer_number, row.source_part_id)
            : undefined;
        return {
          lineNo: row.line_no,
          offer,
          quantity: row.quantity,
          unitMicro: row.unit_price_micro,
          totalMinor: row.line_total_minor,
          breaks: own ?? (JSON.parse(offer.breaks ?? '[]') as PriceBreakRecord[]),
          customerPrice: row.customer_price === 1,
          available: available.get(row.source_part_id) ?? 0,
        };
      }),
    };
  }

  private validate(params: Params): Plan {
    const placedBy = authenticate(this.store, params);
    const customer = customerOf(this.store, params, placedBy);

    const customerPo = params.required('customerPONumber');
    checkText('customerPONumber', customerPo, MAX_PO_NUMBER);
    const submit = parseSubmitOrder(params.optional('submitOrder'));
    const partnerRegion = params.optional('partnerRegion');
    if (partnerRegion !== undefined && !/^[A-Za-z0-9 ._-]{1,32}$/.test(partnerRegion)) {
      fail(
        'checkout.parameter.invalid',
        `partnerRegion '${echo(partnerRegion)}' is not a region code (letters, digits, spaces, . _ -; at most 32).`,
      );
    }
    const sourceText = params.optional('source');
    if (sourceText !== undefined && !/^[A-Za-z0-9_]{1,16}$/.test(sourceText)) {
      fail(
        'checkout.parameter.invalid',
        `source '${echo(sourceText)}' is not a source code such as MARKETPLACE or NAC.`,
      );
    }
    const source = sourceText?.toUpperCase();
    const partnerCustomerNumber = partnerCustomer(this.store, params, customer);
    const discount = orderDiscount(this.store, params);

    const shipToId = params.required('shipToAddressId');
    const shipToRow = this.store.address(customer.user_id, shipToId);
    if (!shipToRow || shipToRow.role !== 'ship_to') {
      fail('address.not.found', `${customer.email} has no ship-to address '${echo(shipToId)}'.`);
    }
    if (!shipToRow.is_terms) {
      fail(
        'checkout.address.not.terms',
        `Ship-to address ${shipToRow.address_id} is not a terms address; orders on terms must ship to one.`,
      );
    }
    const shipTo = shipToOverrides(params, shipToRow);
    const ultimate =
      shipTo.addressType === FREIGHT_FORWARDER ? ultimateDestination(params, shipToRow.address_id) : undefined;
    const billTo = billToAddress(this.store, params, customer);
    const { scope, method } = defaultMethod(shipTo.countryCode, shipToRow.excluded_carriers.split(',').filter(Boolean));
    if (!method) {
      fail(
        scope === 'domestic' ? 'checkout.shipping.domestic.not.found' : 'checkout.shipping.international.not.found',
        `None of the default ${scope} shipping methods serves ship-to address ${shipToRow.address_id} (${shipTo.countryCode}).`,
      );
    }

    const lines = this.items(params, source, partnerCustomerNumber);
    return {
      customer,
      placedBy,
      customerPo,
      submit,
      partnerRegion,
      partnerCustomerNumber,
      source,
      discount,
      shipToId: shipToRow.address_id,
      shipTo,
      billTo,
      ultimate,
      method,
      lines,
    };
  }

  /** Rule 7, the items, stage by stage as docs/checkout.md numbers them; each stage reports every line at fault. */
  private items(params: Params, source: string | undefined, partnerCustomerNumber: string | undefined): Line[] {
    const { ids, quantities } = itemsGiven(params); // 7.1
    checkLineCount(ids, quantities); // 7.2
    const parsed = wholeQuantities(ids, quantities); // 7.3
    noItemTwice(parsed); // 7.4
    const codes = sourceCodesFor(params, ids); // 7.5
    const found = this.itemsInCatalog(parsed); // 7.6
    sourcesAgree(found, codes, source); // 7.7
    throwAll(found.flatMap((line) => quantityProblems(line))); // 7.8
    if (partnerCustomerNumber !== undefined) this.applyCustomerPrices(found, partnerCustomerNumber);
    return found;
  }

  /** 7.6: each item exists and can be ordered (not quote-only). */
  private itemsInCatalog(parsed: ParsedLine[]): Line[] {
    const found: Line[] = [];
    const problems: CheckoutProblem[] = [];
    const offers = this.store.offers(parsed.map((p) => p.itemId));
    for (const p of parsed) {
      const offer = offers.get(p.itemId);
      if (!offer) {
        problems.push({
          code: 'checkout.item.not.found',
          message: `Item ${echo(p.itemId)} is not in the catalog.`,
          ...itemRef(p),
        });
      } else if (offer.breaks === null) {
        problems.push({
          code: 'checkout.item.quote.only',
          message: `Item ${offer.source_part_id} is sold on quotation only and cannot be ordered here.`,
          ...itemRef(p),
        });
      } else {
        found.push({
          lineNo: p.lineNo,
          itemId: p.itemId,
          quantity: p.quantity!,
          offer,
          breaks: JSON.parse(offer.breaks) as PriceBreakRecord[],
          customerPrice: false,
        });
      }
    }
    throwAll(problems);
    return found;
  }

  /** The partner customer's own prices replace the list prices of the items it has them for. */
  private applyCustomerPrices(lines: Line[], partnerCustomerNumber: string): void {
    for (const line of lines) {
      const own = this.store.customerPrices(partnerCustomerNumber, line.offer.source_part_id);
      if (own && own.length > 0) {
        line.breaks = own;
        line.customerPrice = true;
      }
    }
  }

  /** The back office: each step below is one the fault switch can fail (see docs/checkout.md for what each leaves). */
  private write(plan: Plan, now: Date): PlacedOrder {
    const fault = this.environment === 'test' ? this.fault : undefined;
    if (fault === 'backoffice.soap.exception') {
      fail(
        'backoffice.soap.exception',
        'The back office failed before the order was created (internal database error); nothing was stored. The request may be sent again.',
      );
    }
    const currency = plan.lines[0].offer.currency;
    const priced = plan.lines.map((line) => {
      const tier = tierFor(line.breaks, line.quantity);
      const unitMicro = toMicro(tier.price);
      return { line, unitMicro, totalMinor: lineTotalMinor(line.quantity, unitMicro, currency) };
    });
    const subtotalMinor = priced.reduce((sum, p) => sum + p.totalMinor, 0);
    const discount = plan.discount ? discountMinor(subtotalMinor, plan.discount.basisPoints) : 0;
    const totalMinor = subtotalMinor - discount;
    const at = now.toISOString();

    type Failed = Exclude<FaultSwitch, 'backoffice.soap.exception'>;
    type Outcome = { orderId: number; fault: Failed } | { orderId: number; available: Map<string, number> };
    const outcome = this.store.transaction((): Outcome => {
      const orderId = this.store.nextOrderId(ORDER_ID_BASE[this.environment]);
      this.store.insertOrder(orderId, {
        user_id: plan.customer.user_id,
        placed_by: plan.placedBy.user_id,
        customer_po: plan.customerPo,
        ship_to_id: plan.shipToId,
        ship_to: JSON.stringify(plan.shipTo),
        ship_agent: plan.method.agent,
        ship_service: plan.method.service,
        currency,
        partner_region: plan.partnerRegion ?? null,
        partner_customer_number: plan.partnerCustomerNumber ?? null,
        source: plan.source ?? null,
        created_at: at,
      });
      if (fault === 'backoffice.failed.sales.order.create')
        return { orderId, fault: 'backoffice.failed.sales.order.create' };
      const rows: OrderLineRow[] = priced.map((p) => ({
        line_no: p.line.lineNo,
        source_part_id: p.line.offer.source_part_id,
        quantity: p.line.quantity,
        unit_price_micro: p.unitMicro,
        line_total_minor: p.totalMinor,
        customer_price: p.line.customerPrice ? 1 : 0,
      }));
      this.store.insertLines(orderId, rows);
      if (fault === 'backoffice.failed.sales.lines.update' || fault === 'backoffice.failed.sales.order.update')
        return { orderId, fault: fault as Failed };
      this.store.updateOrder(orderId, {
        bill_to_id: plan.billTo?.id ?? null,
        bill_to: plan.billTo ? JSON.stringify(plan.billTo.fields) : null,
        ultimate: plan.ultimate ? JSON.stringify(plan.ultimate) : null,
        subtotal_minor: subtotalMinor,
        discount_code: plan.discount?.code ?? null,
        discount_minor: discount,
        total_minor: totalMinor,
      });
      const available = new Map<string, number>();
      if (!plan.submit) return { orderId, available };
      if (fault === 'backoffice.failed.sales.order.submit')
        return { orderId, fault: 'backoffice.failed.sales.order.submit' };
      const short: CheckoutProblem[] = [];
      for (const line of plan.lines) {
        const left = this.store.takeStock(line.offer.source_part_id, line.quantity);
        if (left === undefined) short.push(maximumProblem(line, this.store.stock(line.offer.source_part_id)));
        else available.set(line.offer.source_part_id, left);
      }
      // Throwing rolls the whole order back: a submitted order takes all its quantities or none.
      throwAll(short);
      this.store.markSubmitted(orderId, at);
      return { orderId, available };
    });

    if ('fault' in outcome)
      throw new CheckoutRefusal(
        { code: outcome.fault, message: FAULT_MESSAGES[outcome.fault](outcome.orderId) },
        outcome.orderId,
      );
    return {
      orderId: outcome.orderId,
      shipToId: plan.shipToId,
      submitted: plan.submit,
      currency,
      subtotalMinor,
      discountMinor: discount,
      totalMinor,
      method: plan.method,
      placedAt: now,
      lines: priced.map((p) => ({
        lineNo: p.line.lineNo,
        offer: p.line.offer,
        quantity: p.line.quantity,
        unitMicro: p.unitMicro,
        totalMinor: p.totalMinor,
        breaks: p.line.breaks,
        customerPrice: p.line.customerPrice,
        available: outcome.available.get(p.line.offer.source_part_id) ?? p.line.offer.foh_qty,
      })),
    };
  }
}

/** Parameters that describe a new order: refused beside orderId, which submits an existing one as it is. */
const SUBMIT_PARAMETERS: ReadonlySet<string> = new Set([
  'username',
  'password',
  'customerUsername',
  'submitOrder',
  'orderId',
  'fmt',
]);
const NEW_ORDER_PARAMETERS = [
  ...ORDER_PARAMETERS.filter((name) => !SUBMIT_PARAMETERS.has(name)),
  ...ADDRESS_PARAMETERS,
];

/** The stored method of an order, with its transit days (for the delivery dates of the answer). */
function methodOf(agent: string, service: string, countryCode: string): ShippingMethod {
  const all = [...SHIPPING_METHODS.domestic, ...SHIPPING_METHODS.international];
  const scoped = SHIPPING_METHODS[scopeOf(countryCode)].find((m) => m.agent === agent && m.service === service);
  return (
    scoped ??
    all.find((m) => m.agent === agent && m.service === service) ?? {
      agent: agent as ShippingMethod['agent'],
      service,
      transitDays: 5,
    }
  );
}

const FAULT_MESSAGES: Record<Exclude<FaultSwitch, 'backoffice.soap.exception'>, (id: number) => string> = {
  'backoffice.failed.sales.order.create': (id) =>
    `Sales order ${id} was created but the back office gave no answer; its lines were not added. Do not resend blindly: order ${id} exists.`,
  'backoffice.failed.sales.lines.update': (id) =>
    `Sales order ${id} and its lines were created but the back office gave no answer; the order was not completed or submitted. Order ${id} exists.`,
  'backoffice.failed.sales.order.update': (id) =>
    `Updating sales order ${id} failed in the back office; the order and its lines exist without totals, bill-to or destination, and it was not submitted.`,
  'backoffice.failed.sales.order.submit': (id) =>
    `Sales order ${id} was created but could not be placed (submitted) in the back office; no stock was taken. Order ${id} exists unsubmitted.`,
};
