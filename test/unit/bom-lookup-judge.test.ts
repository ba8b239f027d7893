/**
 * The pane's catalog judge asks through the lookups the BOM is priced with: a part is known when the catalog finds
 * it; a catalog that answers nothing cannot judge (an error, so the reader keeps its own choice and says so).
 */
import { readBomJudged } from '../../src/bom';
import { lookupJudge, type BomLookupPort } from '../../src/purchase';

function port(known: readonly string[], down = false): BomLookupPort {
  return {
    lookupMany: async (requests) =>
      requests.map((r) =>
        down
          ? new Error('service unreachable')
          : ({
              key: r.partNumber,
              result: { numberFound: known.includes(r.partNumber) ? 1 : 0 },
              asOf: 0,
              fromCache: false,
            } as never),
      ) as never,
  };
}

test('says of each part number whether the catalog finds it', async () => {
  expect(await lookupJudge(port(['LM358DR', 'NE555DR']))(['LM358DR', 'NE555DR', 'ACME-1'])).toEqual([
    true,
    true,
    false,
  ]);
});

test('a catalog that answers nothing cannot judge: the reader keeps its choice, with a warning', async () => {
  await expect(lookupJudge(port([], true))(['LM358DR'])).rejects.toThrow('service unreachable');
  const cells = [
    ['Part Number', 'Mfr P/N', 'Qty'],
    ['ACME-1001-A', 'LM358DR', 1],
    ['ACME-1002-B', 'NE555DR', 1],
    ['ACME-1003-C', 'TL072CDR', 1],
  ];
  const read = await readBomJudged(cells, {}, lookupJudge(port([], true)));
  expect(read.warnings.map((w) => w.message).join(' ')).toContain('The catalog could not judge the part-number column');
});
