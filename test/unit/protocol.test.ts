/**
 * The client (src/) and the reference service (service/) may not import each other, so what both must say the same
 * way lives once in protocol/. These tests prove each side uses that one copy, and that the catalogues each keeps of
 * its own (checkout error codes) agree.
 */
import * as protocol from '../../protocol/checkout';
import { MAX_PART_NUMBER_LENGTH } from '../../protocol/part-number';
import * as client from '../../src/checkout';
import { ADDED_CODES, DOCUMENTED_CODES, ORDER_EXISTS_CODES } from '../../src/checkout/problems';
import { LOOKUP_DEFAULTS, LookupScheduler, normalizePartNumber as clientKey } from '../../src/lookup';
import { lookupKeyOf } from '../../src/bom/read';
import * as serviceAddresses from '../../service/checkout/addresses';
import { CHECKOUT_ERRORS } from '../../service/checkout/errors';
import { BACKOFFICE_FAULTS } from '../../service/checkout/faults';
import { CHECKOUT_PATH as SERVICE_CHECKOUT_PATH } from '../../service/checkout/routes';
import { parseListRequest } from '../../protocol/list-request';
import { normalizePartNumber as serviceKey } from '../../service/store/db';

describe('the checkout vocabulary: one copy on both sides', () => {
  test('the path', () => {
    expect(client.CHECKOUT_PATH).toBe(protocol.CHECKOUT_PATH);
    expect(SERVICE_CHECKOUT_PATH).toBe(protocol.CHECKOUT_PATH);
    expect(protocol.CHECKOUT_PATH).toBe('/server-webapp/api/automatedCheckout');
  });

  test('the address parameter suffixes and the address types', () => {
    expect(client.ADDRESS_SUFFIXES).toBe(protocol.ADDRESS_SUFFIXES);
    expect(serviceAddresses.ADDRESS_SUFFIXES).toBe(protocol.ADDRESS_SUFFIXES);
    expect(client.ADDRESS_TYPES).toBe(protocol.ADDRESS_TYPES);
    expect(serviceAddresses.ADDRESS_TYPES).toBe(protocol.ADDRESS_TYPES);
    expect(client.parseAddressType).toBe(serviceAddresses.parseAddressType);
    expect(client.STATE_REQUIRED_COUNTRIES).toBe(serviceAddresses.STATE_REQUIRED_COUNTRIES);
    expect(client.MAX_ADDRESS_FIELD).toBe(serviceAddresses.MAX_ADDRESS_FIELD);
    expect(protocol.parseAddressType(' freight_forwarder ')).toBe('Freight Forwarder');
  });

  test('the back-office codes: the faults the service simulates are the codes the client knows, and which leave an order', () => {
    expect(BACKOFFICE_FAULTS).toBe(protocol.BACK_OFFICE_CODES);
    for (const code of protocol.BACK_OFFICE_CODES) expect(DOCUMENTED_CODES).toContain(code);
    expect([...ORDER_EXISTS_CODES].sort()).toEqual([...protocol.ORDER_EXISTS_CODES].sort());
    expect(ORDER_EXISTS_CODES.has('backoffice.soap.exception')).toBe(false);
  });

  test("the client's catalogue of error codes is the service's, code for code", () => {
    expect([...DOCUMENTED_CODES, ...ADDED_CODES].sort()).toEqual(Object.keys(CHECKOUT_ERRORS).sort());
  });
});

describe('part numbers: one key and one validity rule on both sides', () => {
  test('the service, the scheduler and the BOM reader key a part number alike', () => {
    expect(clientKey).toBe(serviceKey);
    for (const text of ['lm358-n', ' LM358 N ', 'ＬＭ３５８Ｎ', 'Lm.358/n']) {
      expect(clientKey(text)).toBe('LM358N');
      expect(lookupKeyOf(text, '')).toBe('LM358N|');
    }
  });

  test('the longest part number the scheduler sends is the longest the service takes', async () => {
    expect(LOOKUP_DEFAULTS.maxPartNumberLength).toBe(MAX_PART_NUMBER_LENGTH);
    const longest = 'A'.repeat(MAX_PART_NUMBER_LENGTH);
    const tooLong = `${longest}B`;
    const req = (partNum: string) => JSON.stringify({ request: { parts: [{ partNum }] } });
    expect(() => parseListRequest(req(longest))).not.toThrow();
    expect(() => parseListRequest(req(tooLong))).toThrow(`is longer than ${MAX_PART_NUMBER_LENGTH} characters`);

    const sent: string[] = [];
    const scheduler = new LookupScheduler({
      port: {
        listUrl: () => 'http://catalog.test/list',
        searchList: async (parts) => {
          sent.push(...parts.map((p) => p.partNumber));
          return {
            totalItems: 0,
            summary: { partsRequested: parts.length, partsFound: 0, partsNotFound: parts.length, partsError: 0 },
            results: [],
          } as never;
        },
      },
    });
    await expect(scheduler.lookup({ partNumber: tooLong })).rejects.toThrow(
      `is longer than ${MAX_PART_NUMBER_LENGTH} characters`,
    );
    await expect(scheduler.lookup({ partNumber: '--/--' })).rejects.toThrow(
      "The part number '--/--' has no letters or digits.",
    );
    expect(sent).toEqual([]);
    scheduler.close();
  });
});
