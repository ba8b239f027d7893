import type { Db } from '../store/db';

export type Role = 'customer' | 'csr';

/**
 * Checkout tables, beside the catalog in the same store: accounts and their addresses, partner customer
 * numbers with their prices, discount codes, and orders with their lines. Stock is the catalog's
 * offers.foh_qty, which submitted orders decrement.
 */
const CHECKOUT_SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  user_id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  role TEXT NOT NULL CHECK (role IN ('customer', 'csr')),
  has_terms INTEGER NOT NULL CHECK (has_terms IN (0, 1)),
  salt TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS addresses (
  user_id INTEGER NOT NULL REFERENCES users(user_id),
  address_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('ship_to', 'bill_to')),
  address_type TEXT NOT NULL,
  is_terms INTEGER NOT NULL CHECK (is_terms IN (0, 1)),
  address_name TEXT NOT NULL,
  company_name TEXT NOT NULL,
  phone_number TEXT NOT NULL,
  street1 TEXT NOT NULL,
  street2 TEXT NOT NULL,
  city TEXT NOT NULL,
  state_province TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  country_code TEXT NOT NULL,
  excluded_carriers TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (user_id, address_id)
);
CREATE TABLE IF NOT EXISTS partner_customers (
  customer_number TEXT PRIMARY KEY COLLATE NOCASE,
  user_id INTEGER NOT NULL REFERENCES users(user_id)
);
CREATE TABLE IF NOT EXISTS customer_prices (
  customer_number TEXT NOT NULL COLLATE NOCASE REFERENCES partner_customers(customer_number),
  source_part_id TEXT NOT NULL,
  breaks TEXT NOT NULL,
  PRIMARY KEY (customer_number, source_part_id)
);
CREATE TABLE IF NOT EXISTS discount_codes (
  code TEXT PRIMARY KEY COLLATE NOCASE,
  percent_bp INTEGER NOT NULL CHECK (percent_bp BETWEEN 1 AND 10000),
  active INTEGER NOT NULL CHECK (active IN (0, 1)),
  description TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
  order_id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(user_id),
  placed_by INTEGER NOT NULL REFERENCES users(user_id),
  customer_po TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('created', 'lines_added', 'open', 'submitted')),
  submitted INTEGER NOT NULL CHECK (submitted IN (0, 1)),
  ship_to_id TEXT NOT NULL,
  ship_to TEXT NOT NULL,
  ship_agent TEXT NOT NULL,
  ship_service TEXT NOT NULL,
  currency TEXT NOT NULL,
  partner_region TEXT,
  partner_customer_number TEXT,
  source TEXT,
  bill_to_id TEXT,
  bill_to TEXT,
  ultimate TEXT,
  subtotal_minor INTEGER,
  discount_code TEXT,
  discount_minor INTEGER,
  total_minor INTEGER,
  created_at TEXT NOT NULL,
  submitted_at TEXT
);
CREATE INDEX IF NOT EXISTS orders_user ON orders(user_id);
CREATE TABLE IF NOT EXISTS order_lines (
  order_id INTEGER NOT NULL REFERENCES orders(order_id),
  line_no INTEGER NOT NULL,
  source_part_id TEXT NOT NULL REFERENCES offers(source_part_id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price_micro INTEGER NOT NULL CHECK (unit_price_micro >= 0),
  line_total_minor INTEGER NOT NULL CHECK (line_total_minor >= 0),
  customer_price INTEGER NOT NULL CHECK (customer_price IN (0, 1)),
  PRIMARY KEY (order_id, line_no)
);
CREATE INDEX IF NOT EXISTS order_lines_part ON order_lines(source_part_id);
`;

export function createCheckoutTables(db: Db): void {
  db.exec(CHECKOUT_SCHEMA);
}
