/**
 * The scheduler makes a line's part-number key once and uses it both to check the part number and to build the
 * lookup key (keyedPartNumber, lookupKeyWithPart), and keeps the last (currency, version) pair's group key. These
 * hold that to the separate computations, on part numbers with surrounding and inner spaces of every kind, full-width
 * and combining characters, bars and punctuation, and on pairs that change from line to line.
 */
import fc from 'fast-check';
import { MAX_PART_NUMBER_LENGTH, keyedPartNumber, partNumberKey, partNumberProblem } from '../../protocol/part-number';
import type { ApiVersion } from '../../src/catalog/model';
import { groupKey, lookupKey, lookupKeyWithPart, normalizeCurrency } from '../../src/lookup/key';
import { LookupScheduler, type LookupResult } from '../../src/lookup';
import { FakeParts } from '../helpers/fake-parts';
import { CatalogError } from '../../src/catalog/errors';

const pieces = [
  'LM358',
  'grm188r71h104ka93d',
  '-',
  '/',
  '|',
  '.',
  ' ',
  '\u00a0',
  '\u3000',
  '\u2009',
  '\ufeff',
  '\u2028',
  '\t',
  '\n',
  'Ｌ',
  'ｍ',
  '３',
  'ﬁ',
  'e\u0301',
  '\u0301',
  'é',
  'µ',
  'Ω',
  '0',
  'x',
];
const textArb = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ minLength: 95, maxLength: 110 }),
);
const currencyArb = fc.constantFrom<string | null | undefined>(undefined, null, '', 'usd', ' EUR ', 'E.U.R', 'gbp');
const versionArb = fc.constantFrom<ApiVersion | null | undefined>(undefined, null, 'v3', 'v4');

test('keyedPartNumber gives partNumberProblem, and partNumberKey where there is one, of the same text', () => {
  fc.assert(
    fc.property(textArb, fc.constantFrom(MAX_PART_NUMBER_LENGTH, 5, 40), (text, max) => {
      const { key, problem } = keyedPartNumber(text, max);
      // A key for every text that is neither blank nor too long (none is made for those), and it is partNumberKey's.
      expect(key === null).toBe(problem === 'blank' || problem === 'too long');
      if (key !== null) expect(key).toBe(partNumberKey(text));
      expect(problem).toBe(partNumberProblem(text, max));
      // What the checks were made on before: the key of the trimmed text.
      const trimmed = text.trim();
      const expected =
        trimmed === ''
          ? 'blank'
          : trimmed.length > max
            ? 'too long'
            : partNumberKey(trimmed) === ''
              ? 'no letters or digits'
              : null;
      expect(problem).toBe(expected);
    }),
    { numRuns: 3000 },
  );
});

test('lookupKeyWithPart and the kept group key give lookupKey, whatever pairs come one after another', () => {
  const lineArb = fc.record({
    partNumber: textArb,
    manufacturer: fc.constantFrom<string | null | undefined>(undefined, null, '', 'ti', ' Murata|X ', 'ＴＩ'),
    currency: currencyArb,
    version: versionArb,
  });
  fc.assert(
    fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), (lines) => {
      for (const line of lines) {
        const expected = `${partNumberKey(line.partNumber)}|${(line.manufacturer ?? '').replace(/\|/g, ' ').trim().toUpperCase()}|${normalizeCurrency(line.currency)}|${line.version ?? ''}`;
        expect(groupKey(line.currency, line.version)).toBe(`${normalizeCurrency(line.currency)}|${line.version ?? ''}`);
        expect(lookupKey(line)).toBe(expected);
        expect(lookupKeyWithPart(partNumberKey(line.partNumber), line)).toBe(expected);
      }
    }),
    { numRuns: 2000 },
  );
});

test('the scheduler refuses what partNumberProblem refuses and keys the rest as lookupKey does', async () => {
  // An empty catalog: every part it is asked is answered "not found", under the key the scheduler gave its line.
  const scheduler = new LookupScheduler({ port: new FakeParts(), windowMs: 1 });
  try {
    await fc.assert(
      fc.asyncProperty(textArb, fc.constantFrom<string | null>(null, 'ti', ' Murata|X '), async (text, mfr) => {
        const request = { partNumber: text, manufacturer: mfr, currency: 'usd', version: 'v4' as const };
        const problem = partNumberProblem(text);
        const outcome = await scheduler.lookup(request).catch((e: unknown) => e);
        if (problem === null) {
          expect(outcome).not.toBeInstanceOf(CatalogError);
          expect((outcome as LookupResult).key).toBe(
            `${partNumberKey(text)}|${(mfr ?? '').replace(/\|/g, ' ').trim().toUpperCase()}|USD|v4`,
          );
        } else {
          expect(outcome).toBeInstanceOf(CatalogError);
          expect((outcome as CatalogError).kind).toBe('rejected');
        }
      }),
      { numRuns: 300 },
    );
  } finally {
    scheduler.close();
  }
});
