/**
 * A replacement the buyer took from the pane's suggestions says so in its Status ("suggestion X for Y (match class)"),
 * for the line whose part number and replacement cell are the ones used; any other replacement stays "replacement".
 */
import { readBom } from '../../src/bom';
import { priceBom, type SuggestionUsed } from '../../src/purchase/price-lines';
import { LookupScheduler } from '../../src/lookup';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const T0 = Date.UTC(2026, 10, 1, 8, 0);

async function statuses(used: readonly SuggestionUsed[]): Promise<string[]> {
  const offer = (id: string) =>
    makeOffer({
      sourcePartId: id,
      sourceCode: 'MARKETPLACE',
      sourceName: 'Marketplace',
      stock: 10_000,
      breaks: makeBreaks([1, 0.02]),
    });
  const port = new FakeParts().add(
    makePart('CL10A475KO8NNNC', [offer('C-475')], {
      manufacturerName: 'Samsung',
      description: 'CAP CER 4.7UF 16V X5R',
      packageType: '0603',
    }),
    makePart('LMV324IDR', [offer('U-324')], {
      manufacturerName: 'Texas Instruments',
      description: 'IC OPAMP GP 4 CIRCUIT',
      packageType: 'SO-14',
    }),
  );
  const read = readBom([
    ['MPN', 'Qty', 'Description', 'Replacement MPN'],
    ['GONE-4U7', 2, 'Capacitor 4u7 0603', 'CL10A475KO8NNNC (Samsung)'],
    ['LMV324AW5-13', 1, 'Quad op amp', 'LMV324IDR (Texas Instruments)'],
  ]);
  const scheduler = new LookupScheduler({ port, windowMs: 0, now: () => T0, retry: { maxAttempts: 1 } });
  const result = await priceBom(read, scheduler, { now: () => new Date(T0), suggestionsUsed: used });
  expect(result.lines.map((l) => l.status)).toEqual(['priced', 'priced']);
  return result.lines.map((l) => l.statusReason);
}

test('the suggestion used says "suggestion … for … (note)"; the other replacement stays a replacement', async () => {
  const [cap, amp] = await statuses([
    {
      partNumber: 'lmv324aw5-13',
      replacement: 'LMV324IDR (Texas Instruments)',
      note: 'same family; package SO-14, the line SOT-25',
    },
  ]);
  expect(amp).toMatch(
    /^suggestion LMV324IDR \(Texas Instruments\) for LMV324AW5-13 \(same family; package SO-14, the line SOT-25\)/,
  );
  expect(cap).toMatch(/^replacement CL10A475KO8NNNC \(Samsung\) for GONE-4U7/);
});

test('a suggestion recorded for another replacement of the line does not name this one', async () => {
  const [, amp] = await statuses([
    { partNumber: 'LMV324AW5-13', replacement: 'LMV324IPWR (Texas Instruments)', note: 'same family and package' },
  ]);
  expect(amp).toMatch(/^replacement LMV324IDR \(Texas Instruments\) for LMV324AW5-13/);
});
