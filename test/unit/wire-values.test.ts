/**
 * One decoding of answers for the catalog and the checkout (src/http/wire-values.ts): the body as JSON or XML (by the
 * format asked, or by the content type and the first character), lists as either decoding gives them, and the XML
 * reader's settings. Both parsers say the same about the same unreadable body, each in its own error.
 */
import { decodeJson, decodeXml } from '../../src/catalog';
import { CatalogError } from '../../src/catalog/errors';
import { CheckoutError } from '../../src/checkout/errors';
import { parseOrderPlaced } from '../../src/checkout/parse';
import { answerXmlParser, decodeBody, isEmptyValue, listOf } from '../../src/http/wire-values';

const xml = answerXmlParser();

describe('decodeBody', () => {
  test('decodes by the format asked, whatever the body looks like', () => {
    expect(decodeBody('{"a": 1}', 'json', xml)).toEqual({ ok: true, value: { a: 1 } });
    expect(decodeBody('<a><b>1</b></a>', 'xml', xml)).toEqual({ ok: true, value: { a: { b: '1' } } });
    const notJson = decodeBody('<a/>', 'json', xml);
    expect(notJson.ok).toBe(false);
    expect(!notJson.ok && notJson.problem).toBe('expected JSON but got an HTML or XML page');
  });

  test('given a content type, decodes by it, else by the first character; neither is said so', () => {
    expect(decodeBody('{"a": 1}', { contentType: 'application/json; charset=utf-8' }, xml)).toEqual({
      ok: true,
      value: { a: 1 },
    });
    expect(decodeBody('  <a>x</a>', { contentType: undefined }, xml)).toEqual({ ok: true, value: { a: 'x' } });
    expect(decodeBody('{"a": 2}', { contentType: 'text/plain' }, xml)).toEqual({ ok: true, value: { a: 2 } });
    const xmlTyped = decodeBody('{"a": 1}', { contentType: 'application/xml' }, xml);
    expect(xmlTyped.ok).toBe(false);
    expect(decodeBody('Bad gateway', { contentType: 'text/html' }, xml)).toEqual({
      ok: false,
      problem: 'it is neither XML nor JSON',
    });
  });

  test('an empty body is said to be empty, by any format', () => {
    for (const format of ['json', 'xml', { contentType: 'application/json' }] as const)
      expect(decodeBody(' \n', format, xml)).toEqual({ ok: false, problem: 'the answer is empty' });
  });

  test('a truncated XML document is refused, not half read', () => {
    const result = decodeBody('<a><b>1</b>', 'xml', xml);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(/^the XML is incomplete or invalid/);
  });
});

describe('lists and the XML reader', () => {
  test('a list: an array as it is, a bare value as a list of one, an absent or empty element as none', () => {
    expect(listOf([1, 2])).toEqual([1, 2]);
    expect(listOf({ a: 1 })).toEqual([{ a: 1 }]);
    expect(listOf('x')).toEqual(['x']);
    for (const empty of [undefined, null, '']) {
      expect(listOf(empty)).toEqual([]);
      expect(isEmptyValue(empty)).toBe(true);
    }
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue([])).toBe(false);
  });

  test('values stay text, and the paths named are lists even when one element arrives', () => {
    const doc = '<?xml version="1.0"?><R><n>007</n><item><id>1</id></item><one><id>2</id></one></R>';
    expect(answerXmlParser(['R.item']).parse(doc)).toEqual({ R: { n: '007', item: [{ id: '1' }], one: { id: '2' } } });
    expect(answerXmlParser().parse(doc)).toEqual({ R: { n: '007', item: { id: '1' }, one: { id: '2' } } });
  });
});

describe('the catalog and the checkout read bodies alike', () => {
  const broken = [
    { body: '', json: /the answer is empty/ },
    { body: '{"itemserviceresult": {', json: /the JSON is incomplete or invalid/ },
    { body: '<html><body>Bad gateway</body></html>', json: /expected JSON but got an HTML or XML page/ },
  ];

  test.each(broken)('$body: the same words, in each its own error', ({ body, json }) => {
    let catalog: unknown;
    let checkout: unknown;
    try {
      decodeJson(body);
    } catch (e) {
      catalog = e;
    }
    try {
      parseOrderPlaced(body, 'application/json');
    } catch (e) {
      checkout = e;
    }
    expect(catalog).toBeInstanceOf(CatalogError);
    expect(checkout).toBeInstanceOf(CheckoutError);
    expect((catalog as CatalogError).kind).toBe('malformed');
    expect((checkout as CheckoutError).kind).toBe('malformed');
    expect((catalog as Error).message).toMatch(json);
    expect((checkout as Error).message).toMatch(json);
  });

  test('a truncated XML answer: both refuse it with the validator’s words', () => {
    const body = '<OrderPlaced><id>1</id>';
    expect(() => decodeXml(body)).toThrow(/the XML is incomplete or invalid/);
    expect(() => parseOrderPlaced(body, 'application/xml')).toThrow(/the XML is incomplete or invalid/);
  });

  test('the checkout reads a list of one XML element as a list', () => {
    const body =
      '<OrderPlaced><id>9</id><ProcessedCartEntry><vid>65130973</vid><qty>2</qty><ped>0.5</ped><itot>1.00</itot></ProcessedCartEntry></OrderPlaced>';
    const result = parseOrderPlaced(body, 'text/xml');
    expect(result.lines.map((l) => [l.vid, l.qty, l.itot])).toEqual([['65130973', 2, 1]]);
    expect(result.orderId).toBe('9');
  });
});
