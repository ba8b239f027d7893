/** The order form: its fields, the UC fields, the empty form and the checkout request it makes. */
import { type AddressFields, type CheckoutRequest } from '../../src/checkout';
import { type OrderEnvironment, type ReviewLine, lineQuantity } from '../../src/workflows/order-review';

export const UC_FIELDS = [
  'addressName',
  'companyName',
  'phoneNumber',
  'street1',
  'street2',
  'city',
  'stateProvince',
  'postalCode',
  'countryCode',
  'addressType',
] as const;
export type UcField = (typeof UC_FIELDS)[number];

/** Ultimate-destination fields the checkout requires (the state too, for the countries that need one). */
export const UC_REQUIRED: readonly UcField[] = [
  'addressName',
  'phoneNumber',
  'street1',
  'city',
  'postalCode',
  'countryCode',
  'addressType',
];

export const UC_WORDS: Record<UcField, string> = {
  addressName: 'name',
  companyName: 'company name',
  phoneNumber: 'phone number',
  street1: 'street',
  street2: 'second street line',
  city: 'city',
  stateProvince: 'state or province',
  postalCode: 'postal code',
  countryCode: 'country code',
  addressType: 'address type',
};

export interface OrderForm {
  environment: OrderEnvironment;
  username: string;
  /** The password as typed; kept in memory only until it is hashed for sending. */
  password: string;
  remember: boolean;
  customerPONumber: string;
  shipToAddressId: string;
  billToAddressId: string;
  discountCode: string;
  /** The customer a customer-service account orders for. */
  customerUsername: string;
  partnerRegion: string;
  partnerCustomerNumber: string;
  /** The user says the ship-to address is a freight forwarder: the ultimate destination is then required. */
  freightForwarder: boolean;
  uc: Record<UcField, string>;
}

export type TextField = Exclude<keyof OrderForm, 'environment' | 'remember' | 'freightForwarder' | 'uc'>;

export function emptyForm(environment: OrderEnvironment): OrderForm {
  return {
    environment,
    username: '',
    password: '',
    remember: false,
    customerPONumber: '',
    shipToAddressId: '',
    billToAddressId: '',
    discountCode: '',
    customerUsername: '',
    partnerRegion: '',
    partnerCustomerNumber: '',
    freightForwarder: false,
    uc: {
      addressName: '',
      companyName: '',
      phoneNumber: '',
      street1: '',
      street2: '',
      city: '',
      stateProvince: '',
      postalCode: '',
      countryCode: '',
      addressType: '',
    },
  };
}

const opt = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/** The checkout request of the form and the lines that have a usable quantity, in line order. */
export function buildRequest(
  form: OrderForm,
  lines: readonly ReviewLine[],
  passwordHash: string,
  submitOrder: boolean,
): { request: CheckoutRequest; sent: ReviewLine[] } {
  const sent: ReviewLine[] = [];
  const requestLines: CheckoutRequest['lines'] = [];
  for (const line of lines) {
    const { quantity } = lineQuantity(line);
    if (quantity === null) continue;
    sent.push(line);
    requestLines.push({
      itemId: line.itemId,
      quantity,
      ...(line.source ? { sourceCode: line.source } : {}),
      ...(line.moq !== null ? { moq: line.moq } : {}),
      ...(line.pack !== null ? { packSize: line.pack } : {}),
      ...(line.stock !== null ? { stock: line.stock } : {}),
    });
  }
  const uc: AddressFields = {};
  if (form.freightForwarder) {
    for (const field of UC_FIELDS) {
      const v = opt(form.uc[field]);
      if (v !== undefined) uc[field] = field === 'countryCode' ? v.toUpperCase() : v;
    }
  }
  const request: CheckoutRequest = {
    username: form.username.trim(),
    passwordHash,
    customerPONumber: form.customerPONumber.trim(),
    shipToAddressId: form.shipToAddressId.trim(),
    lines: requestLines,
    submitOrder,
    ...(opt(form.billToAddressId) ? { billToAddressId: opt(form.billToAddressId) } : {}),
    ...(opt(form.customerUsername) ? { customerUsername: opt(form.customerUsername) } : {}),
    ...(opt(form.partnerRegion) ? { partnerRegion: opt(form.partnerRegion) } : {}),
    ...(opt(form.partnerCustomerNumber) ? { partnerCustomerNumber: opt(form.partnerCustomerNumber) } : {}),
    ...(opt(form.discountCode) ? { discountCode: opt(form.discountCode) } : {}),
    ...(form.freightForwarder ? { shipToIsFreightForwarder: true, ultimateDestination: uc } : {}),
  };
  return { request, sent };
}

// ---- problems, placed and worded
