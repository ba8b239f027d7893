import { parseFault, BACKOFFICE_FAULTS } from '../../service/checkout/faults';
import { discountMinor, formatMicro, formatMinor, lineTotalMinor, toMicro } from '../../service/checkout/money';
import { answerFormat, parseSubmitOrder } from '../../service/checkout/params';
import { parseQuantity, tierFor } from '../../service/checkout/checkout';
import { CheckoutRefusal } from '../../service/checkout/errors';
import { tiersText, shipDays, yyyymmdd } from '../../service/checkout/render';
import { parseAddressType, parseCountryCode } from '../../service/checkout/addresses';
import { defaultMethod } from '../../service/checkout/shipping';

describe('parseFault', () => {
  it('accepts every back-office code, with or without its prefix, in any case', () => {
    for (const code of BACKOFFICE_FAULTS) {
      expect(parseFault(code)).toBe(code);
      expect(parseFault(` ${code.replace('backoffice.', '').toUpperCase()} `)).toBe(code);
    }
  });
  it('throws on anything else, naming the accepted values', () => {
    expect(() => parseFault('soap')).toThrow(/backoffice\.soap\.exception/);
    expect(() => parseFault('')).toThrow(/unknown fault/);
  });
});

describe('money', () => {
  it('prices lines in cents with halves rounded up', () => {
    expect(lineTotalMinor(3, toMicro(0.416), 'USD')).toBe(125); // 1.248
    expect(lineTotalMinor(1, toMicro(0.005), 'USD')).toBe(1);
    expect(lineTotalMinor(7, toMicro(0.12345), 'EUR')).toBe(86); // 0.86415
    expect(lineTotalMinor(1000, toMicro(151.2), 'JPY')).toBe(151200);
  });
  it('keeps exact figures for huge quantities', () => {
    expect(lineTotalMinor(999_999_999, toMicro(9999.99999), 'USD')).toBe(999_999_998_000_000);
  });
  it('formats amounts with the currency digits', () => {
    expect(formatMinor(0, 'USD')).toBe('0.00');
    expect(formatMinor(5, 'USD')).toBe('0.05');
    expect(formatMinor(123456, 'EUR')).toBe('1234.56');
    expect(formatMinor(1500, 'JPY')).toBe('1500');
    expect(formatMicro(416000)).toBe('0.416');
    expect(formatMicro(12_000_000)).toBe('12');
  });
  it('takes a percentage discount in basis points, rounded to the cent', () => {
    expect(discountMinor(12345, 1000)).toBe(1235);
    expect(discountMinor(0, 1000)).toBe(0);
  });
});

describe('quantities and tiers', () => {
  it('accepts only whole numbers from 1 to 999,999,999 written in digits', () => {
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity('007')).toBe(7);
    expect(parseQuantity('999999999')).toBe(999_999_999);
    for (const bad of [
      '0',
      '-1',
      '1.5',
      '1e3',
      'NaN',
      ' 1',
      '1 ',
      '+1',
      '1000000000',
      '99999999999999999999',
      '0x10',
      '١٢',
    ]) {
      expect(parseQuantity(bad)).toBeUndefined();
    }
  });
  const breaks = [
    { minQty: 10, maxQty: 99, price: 0.45 },
    { minQty: 1, maxQty: 9, price: 0.52 },
    { minQty: 100, maxQty: 999999999, price: 0.4 },
  ];
  it('prices from the tier the quantity falls in', () => {
    expect(tierFor(breaks, 1).price).toBe(0.52);
    expect(tierFor(breaks, 10).price).toBe(0.45);
    expect(tierFor(breaks, 99).price).toBe(0.45);
    expect(tierFor(breaks, 5000).price).toBe(0.4);
    expect(tierFor([{ minQty: 66, maxQty: 99999999, price: 1 }], 10).price).toBe(1);
  });
  it('writes tiers as text', () => {
    expect(tiersText(breaks)).toBe('1-9@0.52;10-99@0.45;100+@0.4');
  });
});

describe('request flags and formats', () => {
  it('reads submitOrder flags', () => {
    for (const t of ['true', 'TRUE', 'Yes', '1', 't', 'Y', 'on']) expect(parseSubmitOrder(t)).toBe(true);
    for (const f of ['false', 'False', 'NO', '0', 'f', 'n', 'off', undefined]) expect(parseSubmitOrder(f)).toBe(false);
    expect(() => parseSubmitOrder('maybe')).toThrow(CheckoutRefusal);
    expect(() => parseSubmitOrder('2')).toThrow(/submitOrder/);
  });
  it('chooses JSON from fmt or Accept, XML otherwise', () => {
    expect(answerFormat(undefined, undefined).format).toBe('xml');
    expect(answerFormat('JSON', undefined).format).toBe('json');
    expect(answerFormat('xml', 'application/json').format).toBe('xml');
    expect(answerFormat(undefined, 'application/json').format).toBe('json');
    expect(answerFormat(undefined, 'application/xml, application/json;q=0.5').format).toBe('xml');
    expect(answerFormat(undefined, '*/*').format).toBe('xml');
    expect(answerFormat('csv', undefined).problem).toBe('invalid');
    expect(answerFormat(['json', 'xml'], undefined).problem).toBe('repeated');
  });
});

describe('addresses and shipping', () => {
  it('reads address types loosely and countries strictly', () => {
    expect(parseAddressType('freight_forwarder')).toBe('Freight Forwarder');
    expect(parseAddressType(' DIRECT-consumer ')).toBe('Direct Consumer');
    expect(parseAddressType('Warehouse')).toBeUndefined();
    expect(parseCountryCode('de')).toBe('DE');
    expect(parseCountryCode('UK')).toBeUndefined();
    expect(parseCountryCode('QQ')).toBeUndefined();
    expect(parseCountryCode('USA')).toBeUndefined();
  });
  it('ships by the first default that serves the address', () => {
    expect(defaultMethod('US', [])).toMatchObject({ scope: 'domestic', method: { agent: 'B', service: 'GROUND' } });
    expect(defaultMethod('US', ['B'])).toMatchObject({
      scope: 'domestic',
      method: { agent: 'A', service: 'GROUND SERVICE' },
    });
    expect(defaultMethod('US', ['A', 'B']).method).toBeUndefined();
    expect(defaultMethod('DE', [])).toMatchObject({
      scope: 'international',
      method: { agent: 'D', service: 'EXPRESS' },
    });
    expect(defaultMethod('BR', ['B', 'D']).method).toBeUndefined();
  });
  it('dates shipments', () => {
    expect(shipDays('Ships today')).toBe(0);
    expect(shipDays('Ships in 3 days ')).toBe(3);
    expect(shipDays(null)).toBe(1);
    expect(yyyymmdd(new Date('2026-12-30T23:00:00Z'), 3)).toBe('20270102');
  });
});
