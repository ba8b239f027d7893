import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../store/db';
import type { PriceBreakRecord } from '../store/types';
import { passwordVerifier } from './password';
import {
  ADDRESS_SUFFIXES,
  FREIGHT_FORWARDER,
  MAX_ADDRESS_FIELD,
  parseAddressType,
  parseCountryCode,
  STATE_REQUIRED_COUNTRIES,
  UC_REQUIRED_SUFFIXES,
  type AddressFields,
  type AddressSuffix,
} from './addresses';
import { CheckoutError, echo, fail, type CheckoutProblem } from './errors';
import type { FaultSwitch } from './faults';
import { discountMinor, lineTotalMinor, toMicro } from './money';
import { ADDRESS_PARAMETERS, checkText, ORDER_PARAMETERS, Params, parseSubmitOrder, type Query } from './params';
import { defaultMethod, scopeOf, SHIPPING_METHODS, type ShippingMethod } from './shipping';
import {
  addressFieldsOf,
  CheckoutStore,
  type AddressRow,
  type CheckoutOffer,
  type OrderLineRow,
  type UserRow,
} from './store';

export type Environment = 'production' | 'test';

/** Most lines one order may have. */
export const MAX_LINES = 200;
/** Largest quantity of one line: nine digits, the range of the catalog's quantity tiers. */
export const MAX_QUANTITY = 999_999_999;
export const MAX_PO_NUMBER = 50;
export const MARKETPLACE = 'MARKETPLACE';
/** Order ids of each environment start above these, so that an id says where the order was placed. */
export const ORDER_ID_BASE: Record<Environment, number> = { production: 10_000_000, test: 90_000_000 };

/** An unknown username is checked against these, so that it costs the same as a known one. */
const UNKNOWN_SALT = '00'.repeat(16);
const UNKNOWN_VERIFIER = randomBytes(32);

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

interface Line {
  lineNo: number;
  itemId: string;
  quantity: number;
  offer: CheckoutOffer;
  breaks: PriceBreakRecord[];
  customerPrice: boolean;
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

function itemRef(line: { itemId: string; lineNo: number }) {
  return { itemId: echo(line.itemId, 100), line: line.lineNo };
}

/** Throws the problems of one validation stage together, so a caller can fix every line at once. */
function throwAll(problems: CheckoutProblem[]): void {
  if (problems.length > 0) throw new CheckoutError(problems);
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
    const placedBy = this.authenticate(params);
    const customer = this.customerOf(params, placedBy);
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
      throw new CheckoutError({ code: fault, message: FAULT_MESSAGES[fault](orderId) }, orderId);
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
    const placedBy = this.authenticate(params);
    const customer = this.customerOf(params, placedBy);

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
    const partnerCustomerNumber = this.partnerCustomer(params, customer);
    const discount = this.discount(params);

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
    const billTo = this.billTo(params, customer);
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

  private authenticate(params: Params): UserRow {
    const username = params.required('username');
    const password = params.required('password');
    const user = this.store.user(username);
    const wellFormed = /^[0-9a-fA-F]{64}$/.test(password);
    const digest = wellFormed ? Buffer.from(password, 'hex') : Buffer.alloc(32);
    const expected = user ? Buffer.from(user.password_hash, 'hex') : UNKNOWN_VERIFIER;
    const matches = timingSafeEqual(passwordVerifier(user?.salt ?? UNKNOWN_SALT, digest), expected);
    if (!user) fail('checkout.user.not.found', `No account has the username '${echo(username)}'.`);
    if (!wellFormed || !matches) {
      fail(
        'checkout.invalid.password',
        'The password is not right for this username; send the SHA-256 of the password as 64 hexadecimal characters.',
      );
    }
    return user;
  }

  private customerOf(params: Params, user: UserRow): UserRow {
    const name = params.optional('customerUsername');
    let customer = user;
    if (name !== undefined) {
      if (user.role !== 'csr') {
        fail(
          'checkout.customer.not.allowed',
          'Only a customer-service account may order for another customer with customerUsername.',
        );
      }
      const found = this.store.user(name);
      if (!found)
        fail('checkout.user.not.found', `No customer has the username '${echo(name)}' given in customerUsername.`);
      if (found.role !== 'customer')
        fail(
          'checkout.customer.not.allowed',
          `customerUsername must name a customer account; '${echo(name)}' is not one.`,
        );
      customer = found;
    } else if (user.role === 'csr') {
      fail(
        'checkout.parameter.required',
        "Parameter 'customerUsername' is required: a customer-service account orders for a customer.",
      );
    }
    if (!customer.has_terms) {
      fail(
        'checkout.user.no.terms',
        `${customer.email} has no valid credit account and terms, which ordering requires.`,
      );
    }
    return customer;
  }

  private partnerCustomer(params: Params, customer: UserRow): string | undefined {
    const number = params.optional('partnerCustomerNumber');
    if (number === undefined) return undefined;
    const found = this.store.partnerCustomer(number);
    if (!found || found.user_id !== customer.user_id) {
      fail(
        'checkout.partner.customer.not.found',
        `Partner customer number '${echo(number)}' is not one of ${customer.email}'s.`,
      );
    }
    return found.customer_number;
  }

  private discount(params: Params): Plan['discount'] {
    const code = params.optional('discountCode');
    if (code === undefined) return undefined;
    const found = this.store.discount(code);
    if (!found) fail('checkout.discount.code.invalid', `Discount code '${echo(code)}' does not exist.`);
    if (!found.active) fail('checkout.discount.code.invalid', `Discount code '${found.code}' is no longer valid.`);
    return { code: found.code, basisPoints: found.percent_bp };
  }

  private billTo(params: Params, customer: UserRow): Plan['billTo'] {
    const id = params.optional('billToAddressId');
    if (id === undefined) return undefined;
    const row = this.store.address(customer.user_id, id);
    if (!row || row.role !== 'bill_to')
      fail('address.not.found', `${customer.email} has no bill-to address '${echo(id)}'.`);
    if (row.address_type === FREIGHT_FORWARDER) {
      fail(
        'checkout.billto.freight.forwarder',
        `Bill-to address ${row.address_id} is a freight forwarder, which cannot be billed.`,
      );
    }
    return { id: row.address_id, fields: addressFieldsOf(row) };
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
      throw new CheckoutError(
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

/** A quantity: digits only (no sign, decimals, exponent or spaces), 1 to MAX_QUANTITY. */
export function parseQuantity(text: string): number | undefined {
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= MAX_QUANTITY ? n : undefined;
}

function maximumProblem(line: Line, available: number): CheckoutProblem {
  return {
    code: 'checkout.item.quantity.maximum',
    message: `Quantity ${line.quantity} of item ${line.offer.source_part_id} is more than the ${available} available.`,
    ...itemRef(line),
  };
}

/** Minimum first, then whole packs, then stock: the first rule a line breaks is the one reported for it. */
function quantityProblems(line: Line): CheckoutProblem[] {
  const { offer, quantity } = line;
  const minimum = Math.max(offer.moq, 1);
  const increment = Math.max(offer.pack_size, 1);
  if (quantity < minimum) {
    return [
      {
        code: 'checkout.item.quantity.minimum',
        message: `Quantity ${quantity} of item ${offer.source_part_id} is below its minimum order quantity of ${minimum}.`,
        ...itemRef(line),
      },
    ];
  }
  if (quantity % increment !== 0) {
    const lower = quantity - (quantity % increment);
    const hint = lower >= minimum ? `${lower} or ${lower + increment}` : `${lower + increment}`;
    return [
      {
        code: 'checkout.item.quantity.increment',
        message: `Item ${offer.source_part_id} is sold in packs of ${increment}; ${quantity} is not a whole number of packs (try ${hint}).`,
        ...itemRef(line),
      },
    ];
  }
  if (quantity > offer.foh_qty) return [maximumProblem(line, offer.foh_qty)];
  return [];
}

/** The tier the quantity falls in; below the first tier the first applies, beyond the last the last. */
export function tierFor(breaks: PriceBreakRecord[], quantity: number): PriceBreakRecord {
  const sorted = [...breaks].sort((a, b) => a.minQty - b.minQty);
  let tier = sorted[0];
  for (const b of sorted) if (b.minQty <= quantity) tier = b;
  return tier;
}

const SUFFIXES = Object.keys(ADDRESS_SUFFIXES) as AddressSuffix[];

/** st* parameters: text fields replace the stored ones for this order; type and country must agree with the stored address. */
function shipToOverrides(params: Params, row: AddressRow): AddressFields {
  const fields = addressFieldsOf(row);
  for (const suffix of SUFFIXES) {
    const name = `st${suffix}`;
    const value = params.optional(name);
    if (value === undefined) continue;
    checkText(name, value, MAX_ADDRESS_FIELD);
    if (suffix === 'AddressType') {
      const type = parseAddressType(value);
      if (!type)
        fail(
          'checkout.invalid.address.type',
          `stAddressType '${echo(value)}' is not an address type; see the documentation for the list.`,
        );
      if (type !== fields.addressType)
        fail(
          'checkout.address.mismatch',
          `stAddressType is ${type} but ship-to address ${row.address_id} is ${fields.addressType}.`,
        );
    } else if (suffix === 'CountryCode') {
      const country = parseCountryCode(value);
      if (!country)
        fail('checkout.parameter.invalid', `stCountryCode '${echo(value)}' is not a two-letter country code.`);
      if (country !== fields.countryCode)
        fail(
          'checkout.address.mismatch',
          `stCountryCode is ${country} but ship-to address ${row.address_id} is in ${fields.countryCode}.`,
        );
    } else {
      fields[ADDRESS_SUFFIXES[suffix] as Exclude<keyof AddressFields, 'addressType' | 'countryCode'>] = value;
    }
  }
  return fields;
}

/** uc* parameters, required when the ship-to address is a freight forwarder (docs/checkout.md, rules 1 and 3). */
function ultimateDestination(params: Params, shipToId: string): AddressFields {
  const given = new Map<AddressSuffix, string>();
  for (const suffix of SUFFIXES) {
    const value = params.optional(`uc${suffix}`);
    if (value !== undefined) given.set(suffix, value);
  }
  if (given.size === 0) {
    fail(
      'checkout.uc.required',
      `Ship-to address ${shipToId} is a freight forwarder: give the ultimate destination (${UC_REQUIRED_SUFFIXES.map((s) => `uc${s}`).join(', ')}).`,
    );
  }
  const country = given.has('CountryCode') ? parseCountryCode(given.get('CountryCode')!) : undefined;
  const missing = UC_REQUIRED_SUFFIXES.filter((s) => !given.has(s));
  if (country && STATE_REQUIRED_COUNTRIES.has(country) && !given.has('StateProvince')) missing.push('StateProvince');
  if (missing.length > 0) {
    const why = missing.includes('StateProvince') && country ? ` (a state or province is required for ${country})` : '';
    fail(
      'checkout.uc.required',
      `The ultimate destination is incomplete: missing ${missing.map((s) => `uc${s}`).join(', ')}${why}.`,
    );
  }
  for (const [suffix, value] of given) checkText(`uc${suffix}`, value, MAX_ADDRESS_FIELD);
  const type = parseAddressType(given.get('AddressType')!);
  if (!type)
    fail(
      'checkout.invalid.address.type',
      `ucAddressType '${echo(given.get('AddressType')!)}' is not an address type; see the documentation for the list.`,
    );
  if (type === FREIGHT_FORWARDER)
    fail('checkout.uc.freight.forwarder', 'The ultimate destination cannot itself be a freight forwarder.');
  if (!country)
    fail(
      'checkout.parameter.invalid',
      `ucCountryCode '${echo(given.get('CountryCode')!)}' is not a two-letter country code.`,
    );
  return {
    addressName: given.get('AddressName')!,
    companyName: given.get('CompanyName') ?? '',
    phoneNumber: given.get('PhoneNumber')!,
    street1: given.get('Street1')!,
    street2: given.get('Street2') ?? '',
    city: given.get('City')!,
    stateProvince: given.get('StateProvince') ?? '',
    postalCode: given.get('PostalCode')!,
    countryCode: country,
    addressType: type,
  };
}

/** One line of the request with its quantity read (undefined when it is no whole number in range). */
interface ParsedLine {
  itemId: string;
  lineNo: number;
  text: string;
  quantity: number | undefined;
}

/** 7.1: itemIds and quantities are given, with no blank item id and no blank quantity. */
function itemsGiven(params: Params): { ids: string[]; quantities: string[] } {
  const idsText = params.raw('itemIds');
  const qtyText = params.raw('quantities');
  if (idsText === undefined || idsText.trim() === '')
    fail(
      'checkout.parameter.required',
      "Parameter 'itemIds' is required: the source-part ids to order, separated by commas.",
    );
  if (qtyText === undefined || qtyText.trim() === '')
    fail(
      'checkout.parameter.required',
      "Parameter 'quantities' is required: one quantity per item id, separated by commas.",
    );
  const ids = idsText.split(',').map((s) => s.trim());
  const quantities = qtyText.split(',');
  throwAll([
    ...ids.flatMap((id, i) =>
      id === ''
        ? [
            {
              code: 'checkout.item.id.invalid' as const,
              message: `Item id ${i + 1} in itemIds is blank.`,
              itemId: '',
              line: i + 1,
            },
          ]
        : [],
    ),
    ...quantities.flatMap((q, i) =>
      q.trim() === ''
        ? [
            {
              code: 'checkout.item.quantity.invalid' as const,
              message: `Quantity ${i + 1} in quantities is blank.`,
              itemId: echo(ids[i] ?? '', 100),
              line: i + 1,
            },
          ]
        : [],
    ),
  ]);
  return { ids, quantities };
}

/** 7.2: one quantity per item id, and at most MAX_LINES lines. */
function checkLineCount(ids: string[], quantities: string[]): void {
  if (ids.length !== quantities.length) {
    fail(
      'checkout.length.not.equal',
      `itemIds has ${ids.length} item ids but quantities has ${quantities.length} quantities; give one quantity per item.`,
    );
  }
  if (ids.length > MAX_LINES)
    fail('checkout.item.count.exceeded', `An order has at most ${MAX_LINES} lines; this one has ${ids.length}.`);
}

/** 7.3: every quantity is a whole number from 1 to MAX_QUANTITY. */
function wholeQuantities(ids: string[], quantities: string[]): ParsedLine[] {
  const parsed = ids.map((itemId, i) => ({
    itemId,
    lineNo: i + 1,
    text: quantities[i],
    quantity: parseQuantity(quantities[i]),
  }));
  throwAll(
    parsed
      .filter((p) => p.quantity === undefined)
      .map((p) => ({
        code: 'checkout.invalid.quantity' as const,
        message: `Quantity '${echo(p.text, 20)}' for item ${echo(p.itemId)} is not a whole number from 1 to ${MAX_QUANTITY}.`,
        ...itemRef(p),
      })),
  );
  return parsed;
}

/** 7.4: no item id twice. */
function noItemTwice(parsed: ParsedLine[]): void {
  const seen = new Set<string>();
  throwAll(
    parsed.flatMap((p) => {
      if (!seen.has(p.itemId)) {
        seen.add(p.itemId);
        return [];
      }
      return [
        {
          code: 'checkout.item.duplicate' as const,
          message: `Item ${echo(p.itemId)} appears more than once; order it on one line.`,
          ...itemRef(p),
        },
      ];
    }),
  );
}

/** 7.5: sourceCodes, when given, has one code per item id. */
function sourceCodesFor(params: Params, ids: string[]): string[] | undefined {
  const codes = params
    .optional('sourceCodes')
    ?.split(',')
    .map((s) => s.trim().toUpperCase());
  if (codes && codes.length !== ids.length) {
    fail(
      'checkout.source.code.invalid',
      `sourceCodes has ${codes.length} codes for ${ids.length} item ids; give one source code per item.`,
    );
  }
  return codes;
}

/**
 * 7.7: each regional item has its source code, equal to the item's source and to `source`; marketplace and
 * regional items are not mixed; the items share one currency.
 */
function sourcesAgree(found: Line[], codes: string[] | undefined, source: string | undefined): void {
  throwAll(
    found.flatMap((line): CheckoutProblem[] => {
      const cd = line.offer.source_cd.toUpperCase();
      const given = codes?.[line.lineNo - 1];
      if (cd !== MARKETPLACE && codes === undefined) {
        return [
          {
            code: 'checkout.source.code.required',
            message: `Item ${line.itemId} is a ${cd} source part: give sourceCodes, one per item.`,
            ...itemRef(line),
          },
        ];
      }
      if (given !== undefined && given !== cd) {
        const what = given === '' ? 'is blank' : `is '${echo(given, 20)}'`;
        return [
          {
            code: 'checkout.source.code.invalid',
            message: `The source code for item ${line.itemId} ${what}; the item is from ${cd}.`,
            ...itemRef(line),
          },
        ];
      }
      if (source !== undefined && source !== cd) {
        return [
          {
            code: 'checkout.source.code.invalid',
            message: `source is ${source} but item ${line.itemId} is from ${cd}.`,
            ...itemRef(line),
          },
        ];
      }
      return [];
    }),
  );
  const marketplace = found.filter((l) => l.offer.source_cd === MARKETPLACE);
  if (marketplace.length > 0 && marketplace.length < found.length) {
    const regional = found.find((l) => l.offer.source_cd !== MARKETPLACE)!;
    fail(
      'checkout.item.source.mixed',
      `An order is either all marketplace or all regional: item ${marketplace[0].itemId} is from ${MARKETPLACE} and item ${regional.itemId} from ${regional.offer.source_cd}; place two orders.`,
    );
  }
  const currencies = [...new Set(found.map((l) => l.offer.currency))];
  if (currencies.length > 1) {
    fail(
      'checkout.item.currency.mixed',
      `The items are priced in ${currencies.join(' and ')}; an order has one currency, so place one order per currency.`,
    );
  }
}
