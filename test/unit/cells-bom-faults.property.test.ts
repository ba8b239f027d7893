import fc from 'fast-check';
import { createPartsFunctions, MESSAGES } from '../../functions/parts-functions';
import { readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase';
import { LookupScheduler } from '../../src/lookup';
import { clientOver, FaultyFetch, faultArb, RETRY, SLACK_MS } from '../helpers/faulty-fetch';
import { runningNow } from '../helpers/held-time';

/**
 * Issue 9's promise for cells and BOM lines: whatever the network and the service do, every PARTS cell and every
 * BOM line ends in a value or a typed error within the deadline, and nothing stays pending. Real client, real
 * transport and real scheduler over a fault-injecting fetch; small timeouts so each run takes well under a second.
 */

const DEADLINE_MS = 500;
const STATUSES = new Set(['priced', 'not found', 'ambiguous', 'no price', 'skipped']);
const PART_NUMBERS = ['BAV99', 'LM358', 'NE555P', '1N4148', 'TPS7A4700RGWR', 'GRM155R71C104KA88D'];

class CellError {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

function schedulerOver(fake: FaultyFetch): LookupScheduler {
  return new LookupScheduler({
    port: clientOver(fake),
    windowMs: 2,
    concurrency: 2,
    deadlineMs: DEADLINE_MS,
    retry: { ...RETRY, maxAttempts: 3 },
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = runningNow();
  const value = await work();
  return { value, ms: runningNow() - started };
}

describe('cells and BOM lines under faults (property)', () => {
  test('every cell of a spilled PARTS.PRICE and every BOM line ends in a value or a typed error within the deadline', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(faultArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(...PART_NUMBERS), { minLength: 1, maxLength: 8 }),
        async (faults, parts) => {
          const cellsFetch = new FaultyFetch(faults);
          const cellsScheduler = schedulerOver(cellsFetch);
          const fns = createPartsFunctions({
            context: () => ({ lookup: cellsScheduler, currency: '', version: 'v4', sources: [] }),
            manufacturers: async () => [],
            makeError: (code, message) => new CellError(code, message),
          });
          const cells = await timed(() =>
            fns
              .price(
                parts.map((p) => [p]),
                null,
                null,
                null,
              )
              .then(
                (grid) => grid,
                (error: unknown) => error,
              ),
          );
          expect(cells.ms).toBeLessThanOrEqual(DEADLINE_MS + SLACK_MS);
          const rows = cells.value instanceof CellError ? parts.map(() => [cells.value]) : (cells.value as unknown[][]);
          expect(rows).toHaveLength(parts.length);
          for (const [value] of rows) {
            if (value instanceof CellError) {
              expect(['#N/A', '#VALUE!']).toContain(value.code);
              expect(value.message.length).toBeGreaterThan(0);
              expect(value.message).not.toMatch(/TypeError|undefined|\[object/);
            } else {
              expect(typeof value).toBe('number');
            }
          }
          cellsScheduler.close();

          const bomFetch = new FaultyFetch(faults);
          const bomScheduler = schedulerOver(bomFetch);
          const read = readBom([['MPN', 'Qty'], ...parts.map((p) => [p, 2])]);
          const priced = await timed(() => priceBom(read, bomScheduler));
          expect(priced.ms).toBeLessThanOrEqual(DEADLINE_MS + SLACK_MS);
          expect(priced.value.lines).toHaveLength(parts.length);
          for (const line of priced.value.lines) {
            expect(STATUSES.has(line.status)).toBe(true);
            if (line.status !== 'priced') expect(line.statusReason.length).toBeGreaterThan(0);
          }
          bomScheduler.close();
        },
      ),
      { numRuns: 40 },
    );
  });

  test('an unreachable service gives every cell the unreachable message', async () => {
    const fake = new FaultyFetch([{ type: 'refused' }]);
    const scheduler = schedulerOver(fake);
    const fns = createPartsFunctions({
      context: () => ({ lookup: scheduler, currency: '', version: 'v4', sources: [] }),
      manufacturers: async () => [],
      makeError: (code, message) => new CellError(code, message),
    });
    const grid = await fns.price(
      PART_NUMBERS.map((p) => [p]),
      null,
      null,
      null,
    );
    expect(grid.map(([v]) => v)).toEqual(PART_NUMBERS.map(() => new CellError('#N/A', MESSAGES.unreachable)));
    scheduler.close();
  });
});
