/**
 * A replacement the BOM's description does not fit (another value or package) is priced as chosen, and its Status
 * says how it differs, so the sheet does not call it plainly "priced".
 */
import { readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase/price-lines';
import { LookupScheduler } from '../../src/lookup';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const T0 = Date.UTC(2026, 10, 1, 8, 0);

function catalog(): FakeParts {
  const offer = (id: string) =>
    makeOffer({
      sourcePartId: id,
      sourceCode: 'MARKETPLACE',
      sourceName: 'Marketplace',
      stock: 10_000,
      breaks: makeBreaks([1, 0.02]),
    });
  return new FakeParts().add(
    makePart('CL10A105KB8NNNC', [offer('C-105')], {
      manufacturerName: 'Samsung',
      description: 'CAP CER 1UF 25V X5R',
      packageType: '0603',
    }),
    makePart('CL10A475KO8NNNC', [offer('C-475')], {
      manufacturerName: 'Samsung',
      description: 'CAP CER 4.7UF 16V X5R',
      packageType: '0603',
    }),
    makePart('CL21A475KAQNNNE', [offer('C-475-0805')], {
      manufacturerName: 'Samsung',
      description: 'CAP CER 4.7UF 25V X5R',
      packageType: '0805',
    }),
  );
}

async function statusOf(replacement: string): Promise<string> {
  const read = readBom([
    ['MPN', 'Qty', 'Description', 'Replacement MPN'],
    ['GONE-4U7', 2, 'Capacitor 4u7 0603', replacement],
  ]);
  const scheduler = new LookupScheduler({ port: catalog(), windowMs: 0, now: () => T0, retry: { maxAttempts: 1 } });
  const result = await priceBom(read, scheduler, { now: () => new Date(T0) });
  expect(result.lines[0].status).toBe('priced');
  return result.lines[0].statusReason;
}

describe('a replacement of another value or package', () => {
  test('another value: the Status names it next to the replacement', async () => {
    expect(await statusOf('CL10A105KB8NNNC')).toMatch(
      /^replacement CL10A105KB8NNNC for GONE-4U7 \(differs from the line: value 1 µF, the line 4\.7 µF; check it fits\)/,
    );
  });

  test('another package: the Status names it', async () => {
    expect(await statusOf('CL21A475KAQNNNE')).toMatch(
      /^replacement CL21A475KAQNNNE for GONE-4U7 \(differs from the line: package 0805, the line 0603; check it fits\)/,
    );
  });

  test('a replacement of the same value and package is a replacement, nothing more', async () => {
    const status = await statusOf('CL10A475KO8NNNC');
    expect(status).toMatch(/^replacement CL10A475KO8NNNC for GONE-4U7/);
    expect(status).not.toContain('differs');
  });
});
