/**
 * Address reference data: country codes and the service's own address fields. The address types, the parameter
 * suffixes and which countries need a state are the wire's (protocol/checkout.ts), shared with the client.
 */
import { ADDRESS_SUFFIXES, NOT_COUNTRY_CODES, type AddressType } from '../../protocol/checkout';

export {
  ADDRESS_SUFFIXES,
  ADDRESS_TYPES,
  FREIGHT_FORWARDER,
  MAX_ADDRESS_FIELD,
  STATE_REQUIRED_COUNTRIES,
  UC_REQUIRED_SUFFIXES,
  parseAddressType,
  type AddressSuffix,
  type AddressType,
} from '../../protocol/checkout';

/** The seller ships from here: a ship-to address in this country is domestic, anywhere else international. */
export const HOME_COUNTRY = 'US';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** The upper-case ISO 3166 alpha-2 code for `text`, or undefined when it is not one. */
export function parseCountryCode(text: string): string | undefined {
  const code = text.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRY_CODES.has(code)) return undefined;
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

// Every parameter suffix fills one of these fields.
ADDRESS_SUFFIXES satisfies Record<string, keyof AddressFields>;
