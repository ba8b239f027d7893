/** Address reference data: the address types, country codes and which countries need a state or province. */

export const ADDRESS_TYPES = ['Commercial', 'Residential', 'Direct Consumer', 'Government', 'Freight Forwarder'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const FREIGHT_FORWARDER: AddressType = 'Freight Forwarder';

function typeKey(text: string): string {
  return text.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
}

/** The canonical address type for `text` (any case; spaces, `_` and `-` alike), or undefined when it is not one. */
export function parseAddressType(text: string): AddressType | undefined {
  const key = typeKey(text);
  return ADDRESS_TYPES.find((t) => typeKey(t) === key);
}

/**
 * Countries whose addresses are not deliverable without a state, province or territory:
 * the United States, Canada, Australia, Brazil, Mexico, India and China.
 */
export const STATE_REQUIRED_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA', 'AU', 'BR', 'MX', 'IN', 'CN']);

/** The seller ships from here: a ship-to address in this country is domestic, anywhere else international. */
export const HOME_COUNTRY = 'US';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
/** Region codes that name no country (EU, UN, …) and the common non-ISO UK (GB is the code). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'UK']);

/** The upper-case ISO 3166 alpha-2 code for `text`, or undefined when it is not one. */
export function parseCountryCode(text: string): string | undefined {
  const code = text.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return undefined;
  let name: string | undefined;
  try {
    name = regions.of(code);
  } catch {
    return undefined;
  }
  return name && name !== code && name !== 'Unknown Region' ? code : undefined;
}

export function countryName(code: string): string {
  return regions.of(code) ?? code;
}

/** The text fields of an address, as stored with an account and as snapshotted with an order. */
export interface AddressFields {
  addressName: string;
  companyName: string;
  phoneNumber: string;
  street1: string;
  street2: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  countryCode: string;
  addressType: AddressType;
}

/** The suffixes of the st* and uc* request parameters, with the field each fills. */
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
} as const satisfies Record<string, keyof AddressFields>;

export type AddressSuffix = keyof typeof ADDRESS_SUFFIXES;

/** Suffixes that become required for an ultimate-destination address (rule 1); ucStateProvince only by country (rule 3). */
export const UC_REQUIRED_SUFFIXES: AddressSuffix[] = ['AddressName', 'PhoneNumber', 'CountryCode', 'Street1', 'City', 'PostalCode', 'AddressType'];

export const MAX_ADDRESS_FIELD = 100;
