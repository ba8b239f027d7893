/**
 * `partsheet plan` with dates, against the reference service and its demo catalog: each BOM of the purchase list
 * says the day it is clear to build and the parts that set it, and with --need-by the parts late and the builds the
 * parts arriving by then allow; --json carries them per BOM with the list's schedule. Today is fixed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { planCommand } from '../../cli/plan';
import { addDays } from '../../src/plan/days';
import { startTestService, type TestService } from '../helpers/service';
import { runCommand } from '../helpers/cli';

const TODAY = '2026-12-02';
let svc: TestService;
let dir: string;
let boardA: string;
let boardB: string;

// In the demo catalog: BAV99-7-F in stock; PY32F031W15S7TR none in stock, 7,750 due at NAC on 2027-04-09;
// TOP252D none in stock, no deliveries, NAC's lead time 39 weeks.
beforeAll(async () => {
  svc = await startTestService({ parts: 3000 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-plan-dates-'));
  boardA = join(dir, 'a.csv');
  boardB = join(dir, 'b.csv');
  writeFileSync(
    boardA,
    ['Designator,Qty,MPN', 'D1,2,BAV99-7-F', 'U1,1,PY32F031W15S7TR', 'U2,1,TOP252D', ''].join('\n'),
  );
  writeFileSync(boardB, ['Designator,Qty,MPN', 'D1,1,BAV99-7-F', 'U1,1,PY32F031W15S7TR', ''].join('\n'));
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

function run(argv: string[]) {
  return runCommand(planCommand, argv, { PARTSHEET_ITEM_URL: svc.productionUrl }, TODAY);
}

type Json = any;
const leadDay = addDays(TODAY, 39 * 7);

describe('partsheet plan: when each BOM can be built', () => {
  test('without a date: A waits for TOP252D (lead time), B for the delivery of PY32F031W15S7TR', async () => {
    const r = await run([`${boardA}:10`, `${boardB}:5`, '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    const [a, b] = report.boms;
    expect(a.dates).toEqual({
      clearToBuild: leadDay,
      sure: 'estimate',
      critical: ['TOP252D'],
      late: [],
      unknown: null,
      needBy: null,
      buildsByNeedBy: null,
    });
    expect(b.dates).toMatchObject({ clearToBuild: '2027-04-09', sure: 'given', critical: ['PY32F031W15S7TR'] });
    expect(report.schedule).toMatchObject({ today: TODAY, clearToBuild: leadDay, critical: ['TOP252D'] });
    const text = await run([`${boardA}:10`, `${boardB}:5`]);
    expect(text.out).toContain(`    clear to build: ${leadDay} (estimated), set by TOP252D`);
    expect(text.out).toContain('    clear to build: 2027-04-09, set by PY32F031W15S7TR');
  });

  test('--need-by 2027-05-01: A late (TOP252D), no build of it by then; B every part in time, all 5 builds', async () => {
    const r = await run([`${boardA}:10`, `${boardB}:5`, '--need-by', '2027-05-01', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    const [a, b] = report.boms;
    expect(a.dates).toMatchObject({ late: ['TOP252D'], needBy: '2027-05-01', buildsByNeedBy: 0 });
    expect(b.dates).toMatchObject({ late: [], needBy: '2027-05-01', buildsByNeedBy: 5 });
    // The list as a whole: bought from the pipeline by the date, TOP252D short; with no date, by backorder.
    expect(report.schedule.priceOfTime).toMatchObject({ partsShortByNeedBy: 1, partsShortNoDate: 0 });
    const top = report.rows.find((row: Json) => row.partNumber === 'TOP252D');
    expect(top.notes.join('; ')).toContain(`0 of 10 arrive by 2027-05-01; all of it by ${leadDay}`);
    const text = await run([`${boardA}:10`, `${boardB}:5`, '--need-by', '2027-05-01']);
    expect(text.out).toContain('    need by 2027-05-01: 1 part late (TOP252D)');
    expect(text.out).toContain('    builds by 2027-05-01: 0 of 10');
    expect(text.out).toContain('    builds by 2027-05-01: 5 of 5');
    // The price of time of the whole list, as --json gives its amounts.
    const p = report.schedule.priceOfTime;
    const usd = (n: number) =>
      `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;
    expect(p.byNeedBy).toBeGreaterThan(0);
    const change = p.difference === 0 ? 'the same' : `${p.difference > 0 ? '+' : ''}${usd(p.difference)}`;
    expect(p.partsInTime).toBe(2);
    expect(text.out.split('\n')).toContain(
      `Price of time: ${usd(p.byNeedBy)} to arrive by 2027-05-01; ${usd(p.noDate)} with no date (${change}), for the 2 parts that arrive in time; 1 part late (${usd(p.lateNoDate)} with no date)`,
    );
  });

  test('--out: the BOMs sheet has each BOM’s clear-to-build day, its critical parts and the builds by the date', async () => {
    const out = join(dir, 'list.xlsx');
    expect((await run([`${boardA}:10`, `${boardB}:5`, '--need-by', '2027-05-01', '--out', out])).code).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const rows: unknown[][] = [];
    book.getWorksheet('BOMs')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(8, 11)).toEqual([
      'Buildable now (on hand)',
      'Buildable with orders',
      'Buildable after this purchase',
    ]);
    expect(rows[0].slice(11)).toEqual(['Clear to build', 'Set by', 'Builds by need-by date']);
    expect(rows[1].slice(11)).toEqual([`${leadDay} (estimated)`, 'TOP252D', 0]);
    expect(rows[2].slice(11)).toEqual(['2027-04-09', 'PY32F031W15S7TR', 5]);
    // After the total and a blank row, the price of time of the whole list.
    expect(rows[3][0]).toBe('Total');
    const time = rows.slice(4).map((r) => r.slice(0, 4));
    expect(time.map((r) => r[0])).toEqual([
      'Price of time',
      'Plans arriving by 2027-05-01',
      'Same parts, cheapest with no date',
      'Price of time (difference)',
      'Late by 2027-05-01, cheapest with no date',
    ]);
    expect(time[0]).toEqual(['Price of time', 'Cost', 'Currency', 'Parts']);
    expect(time[1].slice(2)).toEqual(['USD', 2]);
    expect(time[2].slice(2)).toEqual(['USD', 2]);
    expect(time[4].slice(2)).toEqual(['USD', 1]);
    expect(time[3][1]).toBeCloseTo((time[1][1] as number) - (time[2][1] as number), 6);
  });

  test('a BOM with a line whose part is unknown has no clear-to-build day nor builds by the date, and says which line', async () => {
    const boardC = join(dir, 'c.csv');
    writeFileSync(boardC, ['Designator,Qty,MPN', 'D1,1,BAV99-7-F', 'U9,1,NOPE-123ABC', ''].join('\n'));
    const r = await run([`${boardC}:4`, '--need-by', '2027-05-01', '--json']);
    const dates = JSON.parse(r.out).boms[0].dates;
    expect(dates).toEqual({
      clearToBuild: null,
      sure: 'given',
      critical: [],
      late: [],
      unknown: 'row 3: NOPE-123ABC (not found)',
      needBy: '2027-05-01',
      buildsByNeedBy: 0,
    });
    const text = await run([`${boardC}:4`, '--need-by', '2027-05-01']);
    expect(text.out).toContain('    clear to build: not known while row 3: NOPE-123ABC (not found) has no part');
    expect(text.out).toContain('    builds by 2027-05-01: 0 of 4');
  });

  test('a past need-by date is refused with its code', async () => {
    const r = await run([`${boardA}:10`, '--need-by', '2026-12-01']);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(/--need-by: the need-by date 2026-12-01 is before today .*PS_PLAN_BAD_DATE/);
  });
});
