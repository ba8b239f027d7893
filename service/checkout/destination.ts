/**
 * The addresses of one order beyond the stored ship-to: the st* overrides of its text fields, and the ultimate
 * destination (uc*) a freight forwarder requires (docs/checkout.md, rules 1 and 3).
 */
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
import { echo, fail } from './errors';
import { checkText, type Params } from './params';
import { addressFieldsOf, type AddressRow } from './store';

const SUFFIXES = Object.keys(ADDRESS_SUFFIXES) as AddressSuffix[];

/** st* parameters: text fields replace the stored ones for this order; type and country must agree with the stored address. */
export function shipToOverrides(params: Params, row: AddressRow): AddressFields {
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
export function ultimateDestination(params: Params, shipToId: string): AddressFields {
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
