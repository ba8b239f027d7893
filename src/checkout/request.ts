/**
 * The checkout request: its model and the GET URL the service takes (docs/checkout.md, "The request").
 */

import { ADDRESS_SUFFIXES, CHECKOUT_PATH, type AddressSuffix } from '../../protocol/checkout';

// The path and the address parameters are the wire's, one copy shared with the service (protocol/checkout.ts).
export { ADDRESS_SUFFIXES, CHECKOUT_PATH, type AddressSuffix } from '../../protocol/checkout';

/** An address for this order: `st*` (ship-to adjustments) or `uc*` (ultimate destination) parameters. */
export interface AddressFields {
  addressName?: string;
  companyName?: string;
  phoneNumber?: string;
  /** ISO 3166 two-letter code (`GB`, not `UK`). */
  countryCode?: string;
  street1?: string;
  street2?: string;
  stateProvince?: string;
  city?: string;
  postalCode?: string;
  /** Commercial, Residential, Direct Consumer, Government or Freight Forwarder. */
  addressType?: string;
}

export interface CheckoutLine {
  /** The offer's source part id from search results (`65130988`, `0898_00015182`). */
  itemId: string;
  quantity: number;
  /** The offer's source code (`MARKETPLACE`, `NAC`, …); required for regional offers. */
  sourceCode?: string;
  /** The offer's minimum order quantity, when known: checked before sending. */
  moq?: number;
  /** The offer's pack size (order increment), when known: checked before sending. */
  packSize?: number;
  /** The offer's stock, when known: checked before sending. */
  stock?: number;
}

export interface CheckoutRequest {
  /** E-mail address of the ordering account. */
  username: string;
  /** SHA-256 of the password (`hashPassword`); never the password itself. */
  passwordHash: string;
  customerPONumber: string;
  shipToAddressId: string;
  lines: CheckoutLine[];
  billToAddressId?: string;
  /** The customer a customer-service account orders for. */
  customerUsername?: string;
  partnerRegion?: string;
  partnerCustomerNumber?: string;
  discountCode?: string;
  /** When given, every item must come from this source. */
  source?: string;
  /** true: place the order; false: create it without submitting. */
  submitOrder: boolean;
  /** Ship-to details for this order's copy of the stored ship-to address. */
  shipTo?: AddressFields;
  /** Where a freight forwarder sends the parts on; required when the ship-to address is a freight forwarder. */
  ultimateDestination?: AddressFields;
  /** Whether the ship-to address is a freight forwarder, when the caller knows: enables the ultimate-destination checks. */
  shipToIsFreightForwarder?: boolean;
}

export type CheckoutFormat = 'xml' | 'json';

// Every address parameter carries one of these fields.
ADDRESS_SUFFIXES satisfies Record<string, keyof AddressFields>;

/** The base URL without trailing slashes, and without the checkout path when it was included. */
function checkoutEndpoint(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return base.endsWith(CHECKOUT_PATH) ? base : `${base}${CHECKOUT_PATH}`;
}

function given(value: string | undefined): string | undefined {
  const t = value?.trim();
  return t ? t : undefined;
}

/** A request's query parameters in the order of docs/checkout.md, "The request"; optional ones only when given. */
export function checkoutParameters(request: CheckoutRequest, options: { format: CheckoutFormat }): [string, string][] {
  const params: [string, string][] = [];
  const add = (name: string, value: string | undefined) => {
    const v = given(value);
    if (v !== undefined) params.push([name, v]);
  };
  add('username', request.username);
  add('password', request.passwordHash);
  add('customerPONumber', request.customerPONumber);
  add('shipToAddressId', request.shipToAddressId);
  params.push(['itemIds', request.lines.map((l) => l.itemId.trim()).join(',')]);
  params.push(['quantities', request.lines.map((l) => String(l.quantity)).join(',')]);
  add('billToAddressId', request.billToAddressId);
  add('customerUsername', request.customerUsername);
  add('partnerRegion', request.partnerRegion);
  add('partnerCustomerNumber', request.partnerCustomerNumber);
  if (request.lines.some((l) => given(l.sourceCode) !== undefined)) {
    params.push(['sourceCodes', request.lines.map((l) => given(l.sourceCode) ?? '').join(',')]);
  }
  add('discountCode', request.discountCode);
  add('source', request.source);
  params.push(['submitOrder', request.submitOrder ? 'true' : 'false']);
  for (const [prefix, address] of [
    ['st', request.shipTo],
    ['uc', request.ultimateDestination],
  ] as const) {
    if (!address) continue;
    for (const [suffix, field] of Object.entries(ADDRESS_SUFFIXES) as [AddressSuffix, keyof AddressFields][]) {
      add(`${prefix}${suffix}`, address[field]);
    }
  }
  params.push(['fmt', options.format]);
  return params;
}

/**
 * Submitting an order created earlier without submitting (an extension of the reference service, docs/checkout.md
 * "Submitting a created order"): credentials, the order id and submitOrder=true, and no items, so a checkout that
 * does not know `orderId` refuses it for the missing order fields and creates nothing.
 */
export interface SubmitCreatedRequest {
  username: string;
  passwordHash: string;
  customerUsername?: string;
  orderId: string;
}

export function buildSubmitCreatedUrl(
  baseUrl: string,
  request: SubmitCreatedRequest,
  options: { format: CheckoutFormat } = { format: 'xml' },
): string {
  const params: [string, string][] = [
    ['username', request.username.trim()],
    ['password', request.passwordHash.trim()],
    ...(given(request.customerUsername)
      ? ([['customerUsername', given(request.customerUsername)!]] as [string, string][])
      : []),
    ['orderId', request.orderId.trim()],
    ['submitOrder', 'true'],
    ['fmt', options.format],
  ];
  return `${checkoutEndpoint(baseUrl)}?${new URLSearchParams(params).toString()}`;
}

/** The GET URL that places `request`; `baseUrl` is `http(s)://host[:port]` of the parts service. */
export function buildCheckoutUrl(
  baseUrl: string,
  request: CheckoutRequest,
  options: { format: CheckoutFormat } = { format: 'xml' },
): string {
  const search = new URLSearchParams(checkoutParameters(request, options));
  return `${checkoutEndpoint(baseUrl)}?${search.toString()}`;
}
