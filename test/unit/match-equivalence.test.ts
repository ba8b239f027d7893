/**
 * A PARTS cell and a one-line BOM that say the same thing resolve to the same part, or to the same kind of
 * refusal: one rule chooses the part for both (src/match). Each case looks up the same stand-in catalog through
 * the cell functions and through priceBom, and each side's answer is reduced to what was chosen.
 */
import { createPartsFunctions } from '../../functions/parts-functions';
import { readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase';
import type { Part } from '../../src/catalog';
import type { LookupRequest, LookupResult } from '../../src/lookup';
import { makeOffer, makePart } from '../helpers/fake-parts';

class CellError {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

/** A part whose description names it uniquely, so both sides can say which one they chose. */
function part(partNumber: string, manufacturerCode: string, manufacturerName: string, sourcePartId: string): Part {
  return makePart(partNumber, [makeOffer({ sourcePartId })], {
    manufacturerCode,
    manufacturerName,
    description: `${partNumber} by ${manufacturerName}`,
  });
}

const norm = (s: string): string => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** What the stand-in service answers, by the text looked up. */
const CATALOG: Record<string, Part[]> = {
  NE555P: [part('NE555P', 'TI', 'Texas Instruments', 'N1')],
  LM358N: [part('LM358N', 'TI', 'Texas Instruments', 'L1'), part('LM358N', 'STM', 'STMicroelectronics', 'L2')],
  LT1001: [part('LT1001', 'ADI', 'Analog Devices', 'T1'), part('LT1001', 'STM', 'STMicroelectronics', 'T2')],
  BAV99: [part('BAV99', 'DIO', 'Diodes Incorporated', 'B1'), part('BAV99-7', 'DIO', 'Diodes Incorporated', 'B2')],
  // A distributor's number finds parts of two makers; only one is sold under that number.
  '29613955ND': [
    part('NE555P', 'TI', 'Texas Instruments', '296-1395-5-ND'),
    part('NE555N', 'STM', 'STMicroelectronics', '497-1963-5-ND'),
  ],
};

function answer(request: LookupRequest): LookupResult {
  const parts = CATALOG[norm(request.partNumber)] ?? [];
  return {
    key: norm(request.partNumber),
    asOf: 0,
    fromCache: false,
    result: { requestedPartNumber: request.partNumber, manufacturerFilter: null, numberFound: parts.length, parts },
  };
}

const lookup = {
  lookup: async (request: LookupRequest) => answer(request),
  lookupMany: async (requests: readonly LookupRequest[]) => requests.map(answer),
};

/** What a side chose: a part (by its description), or the kind of refusal. */
type Outcome = string | 'ambiguous' | 'no maker named makes it' | 'not found';

async function cellOutcome(partNumber: string, manufacturer: string): Promise<Outcome> {
  const fns = createPartsFunctions({
    context: () => ({ lookup, currency: '', version: 'v4', sources: [] }),
    manufacturers: async () => [],
    makeError: (code, message) => new CellError(code, message),
  });
  const value = await fns.description(partNumber, manufacturer).then(
    (grid) => grid[0][0],
    (e: unknown) => e,
  );
  if (!(value instanceof CellError)) return String(value);
  if (value.message.startsWith('Ambiguous')) return 'ambiguous';
  if (/^Not found: .+ from /.test(value.message)) return 'no maker named makes it';
  if (value.message.startsWith('Not found')) return 'not found';
  throw new Error(`unexpected cell error: ${value.message}`);
}

async function bomOutcome(row: { partNumber: string; manufacturer: string; digiKey?: string }): Promise<Outcome> {
  const grid = [
    ['Part Number', 'Manufacturer', 'Qty', 'Digi-Key Part Number'],
    [row.partNumber, row.manufacturer, '1', row.digiKey ?? ''],
  ];
  const { lines } = await priceBom(readBom(grid), lookup);
  expect(lines).toHaveLength(1);
  const [line] = lines;
  if (line.status === 'ambiguous')
    return /^manufacturer ".*" matches none/.test(line.statusReason) ? 'no maker named makes it' : 'ambiguous';
  if (line.status === 'not found') return 'not found';
  return line.description ?? `no description (status ${line.status})`;
}

/** [case, part number in the cell, manufacturer argument, the BOM row, the part or refusal both must reach]. */
const CASES: Array<[string, string, string, { partNumber: string; manufacturer: string; digiKey?: string }, Outcome]> =
  [
    [
      'exact match by maker name',
      'LM358N',
      'Texas Instruments',
      { partNumber: 'LM358N', manufacturer: 'Texas Instruments' },
      'LM358N by Texas Instruments',
    ],
    [
      'a manufacturer alias ("TI")',
      'LM358N',
      'TI',
      { partNumber: 'LM358N', manufacturer: 'TI' },
      'LM358N by Texas Instruments',
    ],
    [
      'an acquired brand (Linear Technology, now Analog Devices)',
      'LT1001',
      'Linear Technology',
      { partNumber: 'LT1001', manufacturer: 'Linear Technology' },
      'LT1001 by Analog Devices',
    ],
    [
      'the only maker found, named otherwise',
      'NE555P',
      'Murata',
      { partNumber: 'NE555P', manufacturer: 'Murata' },
      'NE555P by Texas Instruments',
    ],
    ['two competing makers, none named', 'LM358N', '', { partNumber: 'LM358N', manufacturer: '' }, 'ambiguous'],
    [
      'two makers, neither the one named',
      'LM358N',
      'Acme',
      { partNumber: 'LM358N', manufacturer: 'Acme' },
      'no maker named makes it',
    ],
    [
      'a distributor part number given',
      '296-1395-5-ND',
      '',
      { partNumber: '', manufacturer: '', digiKey: '296-1395-5-ND' },
      'NE555P by Texas Instruments',
    ],
    [
      'no maker given, one part',
      'NE555P',
      '',
      { partNumber: 'NE555P', manufacturer: '' },
      'NE555P by Texas Instruments',
    ],
    [
      'one maker, the part number typed exactly',
      'BAV99',
      '',
      { partNumber: 'BAV99', manufacturer: '' },
      'BAV99 by Diodes Incorporated',
    ],
    ['not found', 'XYZ-1', '', { partNumber: 'XYZ-1', manufacturer: '' }, 'not found'],
  ];

describe('a cell and a one-line BOM choose the same part', () => {
  test.each(CASES)('%s', async (_name, cellPart, cellMaker, bomRow, expected) => {
    const [cell, bom] = await Promise.all([cellOutcome(cellPart, cellMaker), bomOutcome(bomRow)]);
    expect({ cell, bom }).toEqual({ cell: expected, bom: expected });
  });
});
