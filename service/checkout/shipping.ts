import { HOME_COUNTRY } from './addresses';

/** A shipping method (docs/checkout.md, "Shipping methods"): an agent (carrier) code, A–D, and a service code. */
export interface ShippingMethod {
  agent: 'A' | 'B' | 'C' | 'D';
  service: string;
  /** Calendar days from shipment to delivery, for the estimated delivery date. */
  transitDays: number;
}

export type ShippingScope = 'domestic' | 'international';

export const SHIPPING_METHODS: Record<ShippingScope, ShippingMethod[]> = {
  domestic: [
    ...[
      '2DAY',
      '2DAY AM',
      'EXPRESS SAVER',
      'FIRST OVERNIGHT',
      'GROUND SERVICE',
      'HOME DELIVERY',
      'PRIORITY',
      'STANDARD OVERNIGHT',
    ].map((service) => ({ agent: 'A' as const, service, transitDays: transit(service) })),
    ...[
      '2ND DAY AIR',
      '2ND DAY AIR AM',
      '3 DAY SELECT',
      'GROUND',
      'NEXT DAY AIR',
      'NEXT DAY AIR AM',
      'NEXT DAY AIR SAVER',
    ].map((service) => ({
      agent: 'B' as const,
      service,
      transitDays: transit(service),
    })),
    ...['1ST CLASS MAIL', 'PRIORITY EXPRESS', 'PRIORITY MAIL'].map((service) => ({
      agent: 'C' as const,
      service,
      transitDays: transit(service),
    })),
  ],
  international: [
    { agent: 'D', service: 'EXPRESS', transitDays: 3 },
    { agent: 'A', service: 'ECONOMY', transitDays: 8 },
    { agent: 'A', service: 'PRIORITY-I', transitDays: 4 },
    { agent: 'B', service: 'EXPEDITED', transitDays: 6 },
    { agent: 'B', service: 'EXPRESS-I', transitDays: 3 },
    { agent: 'B', service: 'SAVER-I', transitDays: 4 },
    { agent: 'B', service: 'STANDARD', transitDays: 10 },
  ],
};

function transit(service: string): number {
  if (/OVERNIGHT|NEXT DAY|PRIORITY EXPRESS/.test(service)) return 1;
  if (/2DAY|2ND DAY/.test(service)) return 2;
  if (/3 DAY|EXPRESS SAVER|PRIORITY/.test(service)) return 3;
  return 5;
}

/**
 * The checkout request names no shipping method: the order ships by the first default of its scope that
 * serves the ship-to address. Domestic: carrier B GROUND, then carrier A GROUND SERVICE. International:
 * carrier D EXPRESS, then carrier B EXPEDITED. When none serves the address, the order is refused with
 * checkout.shipping.domestic.not.found or checkout.shipping.international.not.found.
 */
export const DEFAULT_METHODS: Record<ShippingScope, ShippingMethod[]> = {
  domestic: [find('domestic', 'B', 'GROUND'), find('domestic', 'A', 'GROUND SERVICE')],
  international: [find('international', 'D', 'EXPRESS'), find('international', 'B', 'EXPEDITED')],
};

function find(scope: ShippingScope, agent: string, service: string): ShippingMethod {
  return SHIPPING_METHODS[scope].find((m) => m.agent === agent && m.service === service)!;
}

export function scopeOf(countryCode: string): ShippingScope {
  return countryCode === HOME_COUNTRY ? 'domestic' : 'international';
}

/** Carrier codes as an address stores them (`A,B`): the carriers that do not deliver there. */
export function parseCarrierList(text: string): string[] | undefined {
  const list = text
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== '');
  return list.every((c) => ['A', 'B', 'C', 'D'].includes(c)) ? [...new Set(list)] : undefined;
}

/** The default method that serves a ship-to address, or undefined when every default of its scope is excluded there. */
export function defaultMethod(
  countryCode: string,
  excludedCarriers: string[],
): { scope: ShippingScope; method?: ShippingMethod } {
  const scope = scopeOf(countryCode);
  return { scope, method: DEFAULT_METHODS[scope].find((m) => !excludedCarriers.includes(m.agent)) };
}
