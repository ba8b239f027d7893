/**
 * The checkout's wire vocabulary (docs/checkout.md, "The documented protocol"), shared by the client (src/checkout) and
 * the reference service (service/checkout) so the two cannot drift apart: the path, the address parameters and types,
 * and the back-office error codes.
 */

export const CHECKOUT_PATH = '/server-webapp/api/automatedCheckout';

/** The suffixes of the st* (ship-to) and uc* (ultimate destination) request parameters, with the field each fills. */
export const ADDRESS_SUFFIXES = {
  AddressName: 'addressName',
  CompanyName: 'companyName',
  PhoneNumber: 'phoneNumber',
  CountryCode: 'countryCode',
  Street1: 'street1',
  Street2: 'street2',
  StateProvince: 'stateProvince',
  City: 'city',
  PostalCode: 'postalCode',
  AddressType: 'addressType',
} as const;

export type AddressSuffix = keyof typeof ADDRESS_SUFFIXES;
export type AddressField = (typeof ADDRESS_SUFFIXES)[AddressSuffix];

export const ADDRESS_TYPES = [
  'Commercial',
  'Residential',
  'Direct Consumer',
  'Government',
  'Freight Forwarder',
] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const FREIGHT_FORWARDER: AddressType = 'Freight Forwarder';

function typeKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/** The canonical address type for `text` (any case; spaces, `_` and `-` alike), or undefined when it is not one. */
export function parseAddressType(text: string): AddressType | undefined {
  const key = typeKey(text);
  return ADDRESS_TYPES.find((t) => typeKey(t) === key);
}

/** Two-letter codes that name no country (EU, UN, …), and the common non-ISO UK (the code is GB). */
export const NOT_COUNTRY_CODES: ReadonlySet<string> = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'UK']);

/** Longest text of one address field. */
export const MAX_ADDRESS_FIELD = 100;

/**
 * Countries whose addresses are not deliverable without a state, province or territory:
 * the United States, Canada, Australia, Brazil, Mexico, India and China.
 */
export const STATE_REQUIRED_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA', 'AU', 'BR', 'MX', 'IN', 'CN']);

/** Suffixes required for an ultimate destination (docs/checkout.md, rule 1); ucStateProvince by country (rule 3). */
export const UC_REQUIRED_SUFFIXES: readonly AddressSuffix[] = [
  'AddressName',
  'PhoneNumber',
  'CountryCode',
  'Street1',
  'City',
  'PostalCode',
  'AddressType',
];

/**
 * The back office's failures, in the order of its steps. The first comes before the order exists (safe to send
 * again); after any of the others the order exists and the answer names it.
 */
export const BACK_OFFICE_CODES = [
  'backoffice.soap.exception',
  'backoffice.failed.sales.order.create',
  'backoffice.failed.sales.lines.update',
  'backoffice.failed.sales.order.update',
  'backoffice.failed.sales.order.submit',
] as const;

export type BackOfficeCode = (typeof BACK_OFFICE_CODES)[number];

/** Back-office failures after which the order exists. */
export const ORDER_EXISTS_CODES: readonly Exclude<BackOfficeCode, 'backoffice.soap.exception'>[] =
  BACK_OFFICE_CODES.filter(
    (code): code is Exclude<BackOfficeCode, 'backoffice.soap.exception'> => code !== 'backoffice.soap.exception',
  );
