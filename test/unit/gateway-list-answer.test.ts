/**
 * A list answer put together from cached entries: each entry's text as the upstream sent it (keys in its order,
 * non-ASCII text intact however the pieces cut it), the client's own spelling of each part number, a length known
 * before the first byte that is the length sent, and the same bytes again once the entries come from the cache or
 * from Redis's copy of them.
 */
import { cachedEntry } from '../../gateway/list-entries';
import { entryFromWire, entryToWire, ListCache, readClientList } from '../../gateway/list-search';
import { Upstream } from '../../gateway/upstream';

const BASE = 'http://item.test';

/** An entry as the upstream sends it: requestedPartNum in the middle (after `resources`), a part list with text beyond ASCII. */
function upstreamEntry(i: number, asked: string): Record<string, unknown> {
  return {
    resources: [{ type: 'search', uri: `https://parts.example.com/search?q=${i}` }],
    requestedPartNum: asked,
    numberFound: 1,
    PartList: [
      {
        itemId: 1000 + i,
        partNum: `RES-${i}-Ω`,
        desc: `Résistance ${i} kΩ ±1 % — ${'µ'.repeat(200)} 抵抗器 🔧`,
        manufacturer: { mfrCd: 'VIS', mfrName: 'Vishay' },
      },
    ],
    trailing: { note: 'après', n: i },
  };
}

function answerOf(entries: Record<string, unknown>[]): string {
  return JSON.stringify({
    itemserviceresult: {
      serviceMetaData: [{ version: '4.0.0' }],
      transactionArea: [
        {
          response: { returnCode: '0', returnMsg: '', success: true },
          responseSequence: { totalItems: entries.length },
        },
      ],
      data: [
        {
          partsRequested: entries.length,
          partsFound: entries.length,
          partsNotFound: 0,
          partsError: 0,
          resultList: entries,
        },
      ],
    },
  });
}

const COUNT = 300;
/** The gateway sends its own spelling (the scheduler's); the upstream echoes it. */
const upstreamSpelling = (i: number) => `RES-${i}-Ω`;
/** The client's own spelling, lower case with spaces: the same part to the service. */
const clientSpelling = (i: number) => ` res-${i}-ω `.trim();

function cache() {
  let sent = 0;
  const fetch = (async (input: string | URL | Request) => {
    sent++;
    const req = JSON.parse(new URL(String(input)).searchParams.get('req')!) as {
      request: { parts: { partNum: string }[] };
    };
    const entries = req.request.parts.map((p) => upstreamEntry(Number(/RES-(\d+)/i.exec(p.partNum)![1]), p.partNum));
    return new Response(answerOf(entries), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const upstream = new Upstream({ name: 'item service', baseUrl: BASE, perSecond: 0, fetch });
  return {
    lists: new ListCache({ upstream, baseUrl: BASE, ttlMs: 60_000, maxParts: 10_000, windowMs: 1 }),
    sent: () => sent,
  };
}

const clientList = readClientList(
  'v4',
  new URLSearchParams({
    req: JSON.stringify({
      request: {
        login: 'demo',
        apikey: 'demo-key',
        parts: Array.from({ length: COUNT }, (_, i) => ({ partNum: clientSpelling(i) })),
      },
    }),
    login: 'demo',
    apikey: 'demo-key',
  }),
)!;

async function answered(lists: ListCache) {
  const outcome = await lists.answer(clientList, 'k');
  if (!outcome.ok) throw outcome.failure;
  const pieces = [...outcome.body.pieces()];
  return { outcome, pieces, bytes: Buffer.concat(pieces) };
}

test('entries are sent as the upstream wrote them, with the client spelling its part numbers, in pieces whose length was known first', async () => {
  const { lists, sent } = cache();
  const first = await answered(lists);
  expect(sent()).toBe(1);
  // Several pieces, cut wherever the bytes fall: the text reads whole only joined as bytes.
  expect(first.pieces.length).toBeGreaterThan(2);
  expect(first.bytes.length).toBe(first.outcome.body.bytes);
  const text = first.bytes.toString('utf8');
  const doc = JSON.parse(text);
  const resultList = doc.itemserviceresult.data[0].resultList as Record<string, unknown>[];
  expect(resultList).toHaveLength(COUNT);
  // Each entry's text is the upstream's, key for key in its order, but for the client's own part number.
  resultList.forEach((entry, i) => {
    expect(JSON.stringify(entry)).toBe(
      JSON.stringify({ ...upstreamEntry(i, upstreamSpelling(i)), requestedPartNum: clientSpelling(i) }),
    );
  });
  expect(text).toContain(JSON.stringify(upstreamEntry(7, upstreamSpelling(7)).PartList));
  expect(doc.itemserviceresult.data[0]).toMatchObject({
    partsRequested: COUNT,
    partsFound: COUNT,
    partsNotFound: 0,
    partsError: 0,
  });

  // From the cache: nothing sent, the same entries.
  const again = await answered(lists);
  expect(sent()).toBe(1);
  expect(again.outcome.fromCache).toBe(COUNT);
  expect(JSON.parse(again.bytes.toString('utf8')).itemserviceresult.data).toEqual(doc.itemserviceresult.data);
});

test('an entry carried through Redis (as JSON) comes back byte for byte', () => {
  const before = `{"resources":[],"desc":"Résistance 10 kΩ 抵抗器 🔧","requestedPartNum":`;
  const after = `,"numberFound":1,"PartList":[{"itemId":7,"partNum":"RES-7-Ω"}]}`;
  const wire = {
    kind: 'found' as const,
    numberFound: 1,
    before,
    after,
    partBytes: 30,
    partIds: [7],
    frame: { serviceMetaData: [{ version: '4.0.0' }], area: {} },
  };
  const entry = entryFromWire(JSON.parse(JSON.stringify(wire)))!;
  expect(entry.text.toString('utf8')).toBe(before + after);
  expect(entry.cut).toBe(Buffer.byteLength(before));
  expect(entry.bytes).toBe(Buffer.byteLength(before + after));
  expect(JSON.parse(JSON.stringify(entryToWire(entry)))).toEqual(wire);
  // Something else under the key is not an entry.
  expect(entryFromWire({ before: 1 } as never)).toBeUndefined();
  expect(entryFromWire(undefined)).toBeUndefined();
});

test('an entry is kept with the spelling the upstream echoed, and a line spelt that way is answered with the text as it is', async () => {
  const frame = { serviceMetaData: [{ version: '4.0.0' }], area: {} };
  const kept = cachedEntry(upstreamEntry(7, upstreamSpelling(7)), 'found', 1, frame);
  expect(kept.text.toString('utf8')).toBe(JSON.stringify(upstreamEntry(7, upstreamSpelling(7))));
  expect(kept.spelled).toBe(JSON.stringify(upstreamSpelling(7)));
  expect(kept.bytes).toBe(kept.text.length - Buffer.byteLength(kept.spelled));
  // Carried through Redis with its spelling; a spelling that is not one JSON string is dropped.
  const carried = entryFromWire(JSON.parse(JSON.stringify(entryToWire(kept))))!;
  expect(carried.text.equals(kept.text)).toBe(true);
  expect(carried.spelled).toBe(kept.spelled);
  expect(entryFromWire({ ...entryToWire(kept), spelled: '"x",1' })!.spelled).toBe('');

  // Lines spelt as the upstream echoed them and lines spelt otherwise, from the same cached entries.
  const { lists, sent } = cache();
  await answered(lists);
  const mixed = readClientList(
    'v4',
    new URLSearchParams({
      req: JSON.stringify({
        request: {
          login: 'demo',
          apikey: 'demo-key',
          parts: Array.from({ length: COUNT }, (_, i) => ({
            partNum: i % 2 ? clientSpelling(i) : upstreamSpelling(i),
          })),
        },
      }),
      login: 'demo',
      apikey: 'demo-key',
    }),
  )!;
  const outcome = await lists.answer(mixed, 'k');
  if (!outcome.ok) throw outcome.failure;
  expect(sent()).toBe(1);
  const bytes = Buffer.concat([...outcome.body.pieces()]);
  expect(bytes.length).toBe(outcome.body.bytes);
  const resultList = JSON.parse(bytes.toString('utf8')).itemserviceresult.data[0].resultList as unknown[];
  resultList.forEach((entry, i) =>
    expect(JSON.stringify(entry)).toBe(
      JSON.stringify({
        ...upstreamEntry(i, upstreamSpelling(i)),
        requestedPartNum: i % 2 ? clientSpelling(i) : upstreamSpelling(i),
      }),
    ),
  );
});
