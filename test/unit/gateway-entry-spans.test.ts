/**
 * The entries of an upstream list answer found in its bytes (gateway/entry-spans.ts) and kept as sent: the same
 * entries, part numbers and part byte counts as writing each out from the parsed answer, whatever the strings hold
 * (quotes, brackets, escapes, text beyond ASCII); and where the bytes are not as expected (spaces in a part list, no
 * requestedPartNum, something else than the answer's shape) the entry is written out as before.
 */
import { entrySpans } from '../../gateway/entry-spans';
import { cachedEntry } from '../../gateway/list-entries';

const frame = { serviceMetaData: [{ version: '4.0.0' }], area: {} };

const tricky = (i: number) => ({
  requestedPartNum: `R"{[${i}]}\\é-Ω`,
  resources: [{ uri: 'https://x.example/?a=[1]&b={2}' }],
  numberFound: 2,
  PartList: [
    { itemId: 10 + i, partNum: `P-${i}`, desc: 'µ "quoted" ] } , : 抵抗器 🔧' },
    { partNum: `Q-${i}`, desc: '\u0001 control \n newline' },
  ],
});

function answerText(entries: unknown[], space?: number): string {
  return JSON.stringify(
    {
      itemserviceresult: {
        serviceMetaData: [{ version: '4.0.0' }],
        transactionArea: [{ response: { success: true } }],
        data: [{ partsRequested: entries.length, resultList: entries }],
      },
    },
    null,
    space,
  );
}

/** Each entry kept from the bytes, beside the same entry written out from the parsed answer. */
function bothWays(text: string) {
  const body = Buffer.from(text);
  const parsed = JSON.parse(text).itemserviceresult.data[0].resultList as Record<string, unknown>[];
  const spans = entrySpans(body);
  return parsed.map((entry, i) => ({
    entry,
    span: spans?.[i],
    sent: cachedEntry(entry, 'found', 2, frame, spans && { body, span: spans[i] }),
    written: cachedEntry(entry, 'found', 2, frame),
  }));
}

test('entries kept as sent hold the same text, part number and part bytes as entries written out', () => {
  const text = answerText([tricky(1), { requestedPartNum: 'PLAIN', numberFound: 0, PartList: [] }, tricky(2)]);
  const entries = bothWays(text);
  expect(entries).toHaveLength(3);
  for (const { entry, sent, written, span } of entries) {
    expect(span).toBeDefined();
    // Kept as sent: the entry's own bytes in the answer.
    expect(text).toContain(sent.text.toString('utf8'));
    expect(JSON.parse(sent.text.toString('utf8'))).toEqual(entry);
    expect(sent.spelled).toBe(JSON.stringify(entry.requestedPartNum));
    expect(sent.text.toString('utf8', sent.cut, sent.cut + sent.spelledBytes)).toBe(sent.spelled);
    expect(sent.bytes).toBe(written.bytes);
    expect(sent.partBytes).toBe(written.partBytes);
    expect(sent.partIds).toEqual(written.partIds);
    expect(sent.text.equals(written.text)).toBe(true);
  }
});

test('a part list with spaces, an entry without requestedPartNum and one that is not an object are written out', () => {
  const pretty = answerText([tricky(3), { numberFound: 0 }, 'nonsense'], 2);
  const spans = entrySpans(Buffer.from(pretty))!;
  expect(spans).toHaveLength(3);
  expect(spans[0].partList).toBeUndefined();
  expect(spans[1].numberAt).toBeUndefined();
  const [spaced, unnamed] = bothWays(pretty);
  // Written out as before: compact text, the same as from a compact answer.
  expect(spaced.sent.text.equals(spaced.written.text)).toBe(true);
  expect(spaced.sent.text.toString('utf8')).toBe(JSON.stringify(tricky(3)));
  expect(unnamed.sent.text.equals(unnamed.written.text)).toBe(true);
});

test('bytes that are not a list answer give no spans', () => {
  expect(entrySpans(Buffer.from('{"itemserviceresult":{"data":{}}}'))).toBeUndefined();
  expect(entrySpans(Buffer.from('{"itemserviceresult":{"data":[{"resultList":[{"a":"unterminated'))).toBeUndefined();
  expect(entrySpans(Buffer.from('<xml/>'))).toBeUndefined();
  // The last of repeated keys counts, as JSON.parse takes it.
  const twice = Buffer.from(
    '{"itemserviceresult":{"data":[{"resultList":[{"x":1}]}],"data":[{"resultList":[{"y":2},{"z":3}]}]}}',
  );
  expect(entrySpans(twice)).toHaveLength(2);
});

test('an entry is kept byte for byte as sent, escapes included, where writing it out would change them', () => {
  const text =
    '{"itemserviceresult":{"data":[{"resultList":[{"requestedPartNum":"A\\u00e9","numberFound":1,' +
    '"PartList":[{"itemId":1,"desc":"\\u00b5\\/"}]}]}]}}';
  const [{ sent, written }] = bothWays(text);
  expect(sent.text.toString('utf8')).toBe(
    '{"requestedPartNum":"A\\u00e9","numberFound":1,"PartList":[{"itemId":1,"desc":"\\u00b5\\/"}]}',
  );
  expect(written.text.toString('utf8')).toBe(
    '{"requestedPartNum":"Aé","numberFound":1,"PartList":[{"itemId":1,"desc":"µ/"}]}',
  );
  expect(sent.spelled).toBe('"A\\u00e9"');
  expect(sent.partBytes).toBe('[{"itemId":1,"desc":"\\u00b5\\/"}]'.length - 1);
});
