import type { Db } from '../store/db';
import type { PriceBreakRecord } from '../store/types';
import type { AddressFields, AddressType } from './addresses';
import { createCheckoutTables, type Role } from './schema';

export interface UserRow {
  user_id: number;
  email: string;
  role: Role;
  has_terms: number;
  salt: string;
  password_hash: string;
}

export interface AddressRow {
  user_id: number;
  address_id: string;
  role: 'ship_to' | 'bill_to';
  address_type: AddressType;
  is_terms: number;
  address_name: string;
  company_name: string;
  phone_number: string;
  street1: string;
  street2: string;
  city: string;
  state_province: string;
  postal_code: string;
  country_code: string;
  excluded_carriers: string;
}

/** What the checkout reads of an offer (and of its part, for the lead-free flag). */
export interface CheckoutOffer {
  source_part_id: string;
  source_cd: string;
  currency: string;
  pack_size: number;
  moq: number;
  breaks: string | null;
  foh_qty: number;
  date_code: string;
  mfr_lead_time: number;
  ships_in: string | null;
  is_ncnr: number;
  product_code: string;
  eurohs: string;
}

export interface DiscountRow {
  code: string;
  percent_bp: number;
  active: number;
}

export type OrderState = 'created' | 'lines_added' | 'open' | 'submitted';

export interface OrderHeader {
  user_id: number;
  placed_by: number;
  customer_po: string;
  ship_to_id: string;
  ship_to: string;
  ship_agent: string;
  ship_service: string;
  currency: string;
  partner_region: string | null;
  partner_customer_number: string | null;
  source: string | null;
  created_at: string;
}

export interface OrderLineRow {
  line_no: number;
  source_part_id: string;
  quantity: number;
  unit_price_micro: number;
  line_total_minor: number;
  customer_price: number;
}

export interface OrderUpdate {
  bill_to_id: string | null;
  bill_to: string | null;
  ultimate: string | null;
  subtotal_minor: number;
  discount_code: string | null;
  discount_minor: number;
  total_minor: number;
}

export interface StoredOrder extends OrderHeader, Partial<OrderUpdate> {
  order_id: number;
  state: OrderState;
  submitted: number;
  submitted_at: string | null;
}

export function addressFieldsOf(row: AddressRow): AddressFields {
  return {
    addressName: row.address_name,
    companyName: row.company_name,
    phoneNumber: row.phone_number,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    stateProvince: row.state_province,
    postalCode: row.postal_code,
    countryCode: row.country_code,
    addressType: row.address_type,
  };
}

/** The checkout's prepared statements over one store. */
export class CheckoutStore {
  private readonly s;

  constructor(readonly db: Db) {
    createCheckoutTables(db);
    this.s = {
      user: db.prepare<[string], UserRow>(
        'SELECT user_id, email, role, has_terms, salt, password_hash FROM users WHERE email = ?',
      ),
      address: db.prepare<[number, string], AddressRow>('SELECT * FROM addresses WHERE user_id = ? AND address_id = ?'),
      partnerCustomer: db.prepare<[string], { user_id: number; customer_number: string }>(
        'SELECT user_id, customer_number FROM partner_customers WHERE customer_number = ?',
      ),
      customerPrice: db.prepare<[string, string], { breaks: string }>(
        'SELECT breaks FROM customer_prices WHERE customer_number = ? AND source_part_id = ?',
      ),
      discount: db.prepare<[string], DiscountRow>('SELECT code, percent_bp, active FROM discount_codes WHERE code = ?'),
      // One statement for all the ids of an order (a JSON array): far cheaper than one lookup per line.
      offers: db.prepare<[string], CheckoutOffer>(
        `SELECT o.source_part_id, o.source_cd, o.currency, o.pack_size, o.moq, o.breaks, o.foh_qty, o.date_code,
           o.mfr_lead_time, o.ships_in, o.is_ncnr, o.product_code, p.eurohs
         FROM json_each(?) j JOIN offers o ON o.source_part_id = j.value JOIN parts p ON p.item_id = o.item_id`,
      ),
      stock: db.prepare<[string], { foh_qty: number }>('SELECT foh_qty FROM offers WHERE source_part_id = ?'),
      nextOrderId: db.prepare<[number], { id: number }>(
        'SELECT max(coalesce(max(order_id), 0), ?) + 1 AS id FROM orders',
      ),
      insertOrder: db.prepare(
        `INSERT INTO orders (order_id, user_id, placed_by, customer_po, state, submitted, ship_to_id, ship_to, ship_agent,
           ship_service, currency, partner_region, partner_customer_number, source, created_at)
         VALUES (@order_id, @user_id, @placed_by, @customer_po, 'created', 0, @ship_to_id, @ship_to, @ship_agent,
           @ship_service, @currency, @partner_region, @partner_customer_number, @source, @created_at)`,
      ),
      insertLine: db.prepare(
        `INSERT INTO order_lines (order_id, line_no, source_part_id, quantity, unit_price_micro, line_total_minor, customer_price)
         VALUES (@order_id, @line_no, @source_part_id, @quantity, @unit_price_micro, @line_total_minor, @customer_price)`,
      ),
      setState: db.prepare<[OrderState, number]>('UPDATE orders SET state = ? WHERE order_id = ?'),
      updateOrder: db.prepare(
        `UPDATE orders SET bill_to_id = @bill_to_id, bill_to = @bill_to, ultimate = @ultimate, subtotal_minor = @subtotal_minor,
           discount_code = @discount_code, discount_minor = @discount_minor, total_minor = @total_minor, state = 'open'
         WHERE order_id = @order_id`,
      ),
      takeStock: db.prepare<[number, string, number], { foh_qty: number }>(
        'UPDATE offers SET foh_qty = foh_qty - ? WHERE source_part_id = ? AND foh_qty >= ? RETURNING foh_qty',
      ),
      markSubmitted: db.prepare<[string, number]>(
        "UPDATE orders SET state = 'submitted', submitted = 1, submitted_at = ? WHERE order_id = ?",
      ),
      order: db.prepare<[number], StoredOrder>('SELECT * FROM orders WHERE order_id = ?'),
      lines: db.prepare<[number], OrderLineRow>(
        'SELECT line_no, source_part_id, quantity, unit_price_micro, line_total_minor, customer_price FROM order_lines WHERE order_id = ? ORDER BY line_no',
      ),
    };
  }

  user(email: string): UserRow | undefined {
    return this.s.user.get(email);
  }

  address(userId: number, addressId: string): AddressRow | undefined {
    return this.s.address.get(userId, addressId);
  }

  partnerCustomer(number: string): { user_id: number; customer_number: string } | undefined {
    return this.s.partnerCustomer.get(number);
  }

  customerPrices(customerNumber: string, sourcePartId: string): PriceBreakRecord[] | undefined {
    const row = this.s.customerPrice.get(customerNumber, sourcePartId);
    return row && (JSON.parse(row.breaks) as PriceBreakRecord[]);
  }

  discount(code: string): DiscountRow | undefined {
    return this.s.discount.get(code);
  }

  /** The offers with these source-part ids, by id; ids without an offer are absent. */
  offers(sourcePartIds: string[]): Map<string, CheckoutOffer> {
    return new Map(this.s.offers.all(JSON.stringify(sourcePartIds)).map((o) => [o.source_part_id, o]));
  }

  stock(sourcePartId: string): number {
    return this.s.stock.get(sourcePartId)?.foh_qty ?? 0;
  }

  order(orderId: number): StoredOrder | undefined {
    return this.s.order.get(orderId);
  }

  lines(orderId: number): OrderLineRow[] {
    return this.s.lines.all(orderId);
  }

  /** Runs `fn` in one transaction: everything it writes is committed together, or nothing when it throws. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /** The next order id, at least `base` + 1; call inside the transaction that inserts it. */
  nextOrderId(base: number): number {
    return this.s.nextOrderId.get(base)!.id;
  }

  insertOrder(orderId: number, header: OrderHeader): void {
    this.s.insertOrder.run({ order_id: orderId, ...header });
  }

  insertLines(orderId: number, lines: OrderLineRow[]): void {
    for (const line of lines) this.s.insertLine.run({ order_id: orderId, ...line });
    this.s.setState.run('lines_added', orderId);
  }

  updateOrder(orderId: number, update: OrderUpdate): void {
    this.s.updateOrder.run({ order_id: orderId, ...update });
  }

  /** Takes `quantity` out of the offer's stock if that much is there; returns the stock left, or undefined when short. */
  takeStock(sourcePartId: string, quantity: number): number | undefined {
    return this.s.takeStock.get(quantity, sourcePartId, quantity)?.foh_qty;
  }

  markSubmitted(orderId: number, at: string): void {
    this.s.markSubmitted.run(at, orderId);
  }
}
