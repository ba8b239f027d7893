/**
 * The labelled set of passive and frequency parts (test/fixtures/suggest/labelled-parts.json): part numbers of real
 * BOMs (their value and package as the BOM's own Value, Footprint and Description cells state them, where the
 * part number's ordering code agrees) and the demo catalog's chip passives, crystals and oscillators that are not
 * Active (their value and package as the catalog describes them). Each is priced as a BOM line of its part number
 * alone against a 30,000-part demo catalog, and the suggestions for the problem lines are judged against the key:
 * - at least 95 % of the first suggestions keep the value (or frequency) and package;
 * - no first suggestion is of another known value;
 * - the catalog does hold, for many of these lines, parts of other values that the searches return: the ranking
 *   has something to get wrong.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Cell, readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase/price-lines';
import { CatalogClient } from '../../src/catalog/client';
import { LookupScheduler } from '../../src/lookup';
import { sameFrequency } from '../../src/parts/frequency';
import { type PartParameters, sameValue } from '../../src/parts/parameters';
import { readPartParameters } from '../../src/parts/part-numbers';
import { type Suggestion, problemLines, suggestForLines } from '../../src/suggest';
import { type TestService, startTestService } from '../helpers/service';

interface KeyEntry {
  source: string;
  partNumber: string;
  expect: Partial<PartParameters>;
}

const key: KeyEntry[] = JSON.parse(readFileSync(join(__dirname, '../fixtures/suggest/labelled-parts.json'), 'utf8'));

let service: TestService;
let client: CatalogClient;

beforeAll(async () => {
  service = await startTestService({ parts: 30_000 });
  client = new CatalogClient({ itemBaseUrl: service.productionUrl, login: 'demo', apikey: 'demo-key' });
}, 120_000);

afterAll(async () => {
  await service?.close();
});

/** What a catalog part is, as its description (and for a crystal's size, its family's code) says. */
function truth(s: Suggestion): PartParameters {
  return readPartParameters([s.partNumber], [s.description]);
}

function valueOf(p: Partial<PartParameters>): { kind: 'value' | 'frequency'; n: number; unit?: string } | null {
  if (p.frequency != null) return { kind: 'frequency', n: p.frequency };
  if (p.value != null) return { kind: 'value', n: p.value, unit: p.unit ?? undefined };
  return null;
}

/** Whether a part's known value differs from the key's (null: not known). */
function differs(want: Partial<PartParameters>, have: PartParameters): boolean | null {
  const w = valueOf(want);
  const h = valueOf(have);
  if (w === null || h === null || w.kind !== h.kind) return null;
  if (w.kind === 'frequency') return !sameFrequency(w.n, h.n);
  return w.unit !== h.unit || !sameValue(w.n, h.n);
}

test('the key holds at least 200 passive and frequency parts, from real BOMs and the demo catalog', () => {
  expect(key.length).toBeGreaterThanOrEqual(200);
  const fromBoms = key.filter((e) => e.source !== 'demo catalog');
  expect(fromBoms.length).toBeGreaterThanOrEqual(100);
  expect(new Set(fromBoms.map((e) => e.source)).size).toBeGreaterThanOrEqual(20);
  expect(key.length - fromBoms.length).toBeGreaterThanOrEqual(100);
  for (const kind of ['resistor', 'capacitor', 'inductor', 'crystal', 'oscillator'])
    expect(key.filter((e) => e.expect.kind === kind).length).toBeGreaterThan(0);
});

test('first suggestions keep value and package for at least 95 % of the lines; none is of another known value', async () => {
  const cells: Cell[][] = [['Ref', 'Qty', 'MPN'], ...key.map((e, i): Cell[] => [`X${i + 1}`, 1, e.partNumber])];
  const read = readBom(cells);
  const scheduler = new LookupScheduler({ port: client });
  let result;
  let problems;
  try {
    const priced = await priceBom(read, scheduler, {});
    problems = problemLines(priced, read);
    result = await suggestForLines(problems, client, { rates: priced.rates, perLine: 20 });
  } finally {
    scheduler.close();
  }
  const byRow = new Map(read.lines.map((l) => [l.row, key[l.row - 1]]));
  let judged = 0;
  let kept = 0;
  let otherValueFirst = 0;
  let withOtherValues = 0;
  const misses: string[] = [];
  for (const line of result.lines) {
    const entry = byRow.get(line.row)!;
    if ([...line.candidates, ...line.otherValues].some((c) => differs(entry.expect, truth(c)) === true))
      withOtherValues++;
    if (line.candidates.length === 0) continue;
    judged++;
    const first = truth(line.candidates[0]);
    const samePackage = entry.expect.package == null || first.package === entry.expect.package;
    if (differs(entry.expect, first) === false && samePackage) kept++;
    else misses.push(`${entry.partNumber} → ${line.candidates[0].partNumber} (${line.candidates[0].description})`);
    if (differs(entry.expect, first) === true) otherValueFirst++;
  }
  process.stdout.write(
    `labelled parts ${key.length}; problem lines ${problems.length}, with candidates ${judged}, first keeps value and package ${kept}, of another value ${otherValueFirst}; lines offered parts of other values too ${withOtherValues}; requests ${result.requests}\n` +
      (misses.length > 0 ? `not kept: ${misses.slice(0, 20).join('; ')}\n` : ''),
  );
  expect(judged).toBeGreaterThanOrEqual(200);
  expect(kept / judged).toBeGreaterThanOrEqual(0.95);
  expect(otherValueFirst).toBe(0);
  // The demo catalog has siblings of other values under the same prefixes: the ranking is put to the test.
  expect(withOtherValues).toBeGreaterThanOrEqual(40);
}, 180_000);
