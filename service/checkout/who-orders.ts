/**
 * Who an order is placed by and for, and on what terms: the username and password checked (an unknown username costs
 * as much as a known one), the customer a customer-service account orders for, the partner customer number, the
 * discount code and the bill-to address.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { FREIGHT_FORWARDER, type AddressFields } from './addresses';
import { echo, fail } from './errors';
import type { Params } from './params';
import { passwordVerifier } from './password';
import { addressFieldsOf, type CheckoutStore, type UserRow } from './store';

/** An unknown username is checked against these, so that it costs the same as a known one. */
const UNKNOWN_SALT = '00'.repeat(16);
const UNKNOWN_VERIFIER = randomBytes(32);

export function authenticate(store: CheckoutStore, params: Params): UserRow {
  const username = params.required('username');
  const password = params.required('password');
  const user = store.user(username);
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

export function customerOf(store: CheckoutStore, params: Params, user: UserRow): UserRow {
  const name = params.optional('customerUsername');
  let customer = user;
  if (name !== undefined) {
    if (user.role !== 'csr') {
      fail(
        'checkout.customer.not.allowed',
        'Only a customer-service account may order for another customer with customerUsername.',
      );
    }
    const found = store.user(name);
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
    fail('checkout.user.no.terms', `${customer.email} has no valid credit account and terms, which ordering requires.`);
  }
  return customer;
}

export function partnerCustomer(store: CheckoutStore, params: Params, customer: UserRow): string | undefined {
  const number = params.optional('partnerCustomerNumber');
  if (number === undefined) return undefined;
  const found = store.partnerCustomer(number);
  if (!found || found.user_id !== customer.user_id) {
    fail(
      'checkout.partner.customer.not.found',
      `Partner customer number '${echo(number)}' is not one of ${customer.email}'s.`,
    );
  }
  return found.customer_number;
}

export function orderDiscount(store: CheckoutStore, params: Params): { code: string; basisPoints: number } | undefined {
  const code = params.optional('discountCode');
  if (code === undefined) return undefined;
  const found = store.discount(code);
  if (!found) fail('checkout.discount.code.invalid', `Discount code '${echo(code)}' does not exist.`);
  if (!found.active) fail('checkout.discount.code.invalid', `Discount code '${found.code}' is no longer valid.`);
  return { code: found.code, basisPoints: found.percent_bp };
}

export function billToAddress(
  store: CheckoutStore,
  params: Params,
  customer: UserRow,
): { id: string; fields: AddressFields } | undefined {
  const id = params.optional('billToAddressId');
  if (id === undefined) return undefined;
  const row = store.address(customer.user_id, id);
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
