/**
 * `partsheet price` with dates, against the real reference service and its demo catalog: when each part arrives,
 * the clear-to-build day and the parts that set it, a need-by date that changes the plan, the price of time, and a
 * wrong date refused with its code. Today is fixed (the command's clock), so the demo's deliveries fall where the
 * test says.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { priceCommand } from '../../cli/price';
import { addDays } from '../../src/plan/days';
import { startTestService, type TestService } from '../helpers/service';
import { runCommand } from '../helpers/cli';

const TODAY = '2026-12-02';
const BIN = join(__dirname, '..', '..', 'bin', 'partsheet.js');
let svc: TestService;
let dir: string;
let bom: string;

// In the demo catalog of 3,000 parts: BAV99-7-F in stock at two offers; PY32F031W15S7TR none in stock, 7,750 due at
// NAC on 2027-04-09 (then 6,775 on 2027-12-23, lead time 40 weeks); TOP252D none in stock, no deliveries, NAC's lead
// time 39 weeks (packs of 50); ESP32-H2-MINI-1-N16 Obsolete, in stock at EUROPE only.
beforeAll(async () => {
  svc = await startTestService({ parts: 3000 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-price-dates-'));
  bom = join(dir, 'dates.csv');
  writeFileSync(
    bom,
    [
      'Designator,Qty,MPN',
      'D1,2,BAV99-7-F',
      'U1,1,PY32F031W15S7TR',
      'U2,1,TOP252D',
      'U3,1,ESP32-H2-MINI-1-N16',
      'R9,1,NOSUCHPART-123',
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

function run(argv: string[]) {
  return runCommand(priceCommand, argv, { PARTSHEET_ITEM_URL: svc.productionUrl }, TODAY);
}

type Json = any;
const partOf = (schedule: Json, pn: string) => schedule.parts.find((p: Json) => p.partNumber === pn);

describe('partsheet price: when the parts arrive', () => {
  const leadDay = addDays(TODAY, 39 * 7);

  test("without a date: today's plan from stock, each part's day, the clear-to-build day and the part that sets it", async () => {
    const r = await run([bom, '--boards', '10', '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out).schedule;
    expect(s).toMatchObject({ today: TODAY, needBy: null, priceOfTime: null });
    const bav = partOf(s, 'BAV99-7-F');
    expect(bav).toMatchObject({ shortfall: 0, late: false, earliest: null });
    // What the plan buys (20 needed, a break's quantity perhaps more) comes from stock.
    expect(bav.purchases.map((p: Json) => p.lots.map((l: Json) => l.kind))).toEqual(bav.purchases.map(() => ['stock']));
    expect(bav.purchases.reduce((n: number, p: Json) => n + p.qty, 0)).toBe(bav.bought);
    expect(bav.ready).toBe(bav.arrives);
    // 10 of PY32F031W15S7TR: none in stock; all of it comes with NAC's delivery of 2027-04-09, a date given.
    expect(partOf(s, 'PY32F031W15S7TR')).toMatchObject({
      shortfall: 10,
      ready: '2027-04-09',
      earliest: { date: '2027-04-09', sure: 'given', from: 'incoming 2027-04-09' },
    });
    // TOP252D only by lead time: 39 weeks from today, an estimate; it sets the day.
    expect(partOf(s, 'TOP252D')).toMatchObject({
      ready: leadDay,
      earliest: { date: leadDay, sure: 'estimate', from: 'lead time 39 weeks' },
    });
    expect(s.clearToBuild).toBe(leadDay);
    expect(s.critical).toEqual(['TOP252D']);
    expect(s.sure).toBe('estimate');
  });

  test('the text output has a "When" section with the day, the critical part and each part', async () => {
    const r = await run([bom, '--boards', '10']);
    expect(r.code).toBe(0);
    const when = r.out.slice(r.out.indexOf('\nWhen\n'));
    expect(when).toContain(`Clear to build: ${leadDay} (estimated), set by TOP252D`);
    expect(when).toMatch(/PY32F031W15S7TR: 10 short; all by 2027-04-09 \(incoming 2027-04-09\) for [\d.,]+ USD/);
  });

  test('need-by 2027-05-01: the incoming part is bought, the lead-time part is late, and the price of time', async () => {
    const r = await run([bom, '--boards', '10', '--need-by', '2027-05-01', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    const s = report.schedule;
    expect(s.needBy).toBe('2027-05-01');
    const py = partOf(s, 'PY32F031W15S7TR');
    expect(py).toMatchObject({ bought: 10, shortfall: 0, arrives: '2027-04-09', late: false });
    expect(py.purchases[0].lots).toEqual([
      expect.objectContaining({ kind: 'incoming', qty: 10, date: '2027-04-09', sure: 'given' }),
    ]);
    const top = partOf(s, 'TOP252D');
    expect(top).toMatchObject({ late: true, shortfall: 10, earliest: { date: leadDay } });
    const line = report.lines.find((l: Json) => l.partNumber === 'TOP252D');
    expect(line.status).toBe('short');
    expect(line.statusReason).toContain(
      `0 of 10 arrive by 2027-05-01; all of it by ${leadDay} (estimated: lead time 39 weeks), for `,
    );
    expect(report.lines.find((l: Json) => l.partNumber === 'PY32F031W15S7TR').status).toBe('priced');
    // The plan by the date leaves TOP252D short; the plan with no date buys it too, by backorder.
    expect(s.priceOfTime).toMatchObject({ currency: 'USD', partsShortByNeedBy: 1, partsShortNoDate: 0 });
    // Set apart from the price of time: what TOP252D, late, costs with no date (it buys nothing by the date).
    expect(s.priceOfTime.lateNoDate).toBeCloseTo(top.earliest.cost, 6);
    expect(s.priceOfTime.noDate + s.priceOfTime.lateNoDate).toBeCloseTo(s.priceOfTime.byNeedBy + top.earliest.cost, 6);
    expect(s.buildsByNeedBy).toBe(0);
  });

  test('a need-by date far enough: nothing late, every part bought, builds by then all of them', async () => {
    const r = await run([bom, '--boards', '10', '--need-by', '2027-12-31', '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out).schedule;
    expect(s.parts.every((p: Json) => !p.late)).toBe(true);
    expect(s.clearToBuild).toBe(leadDay);
    expect(s.buildsByNeedBy).toBe(10);
    expect(s.priceOfTime.difference).toBeGreaterThanOrEqual(0);
  });

  test('several quantities: the clear-to-build day at each, in the text and in --json', async () => {
    const r = await run([bom, '--boards', '1,10', '--json']);
    expect(r.code).toBe(0);
    const byQuantity = JSON.parse(r.out).clearToBuildByQuantity;
    expect(byQuantity).toEqual([
      { boards: 1, clearToBuild: leadDay, sure: 'estimate', critical: ['TOP252D'] },
      { boards: 10, clearToBuild: leadDay, sure: 'estimate', critical: ['TOP252D'] },
    ]);
    const text = await run([bom, '--boards', '1,10']);
    expect(text.out).toContain(`Clear to build at 1 board: ${leadDay} (estimated), set by TOP252D`);
    expect(text.out).toContain(`Clear to build at 10 boards: ${leadDay} (estimated), set by TOP252D`);
  });

  test('a wrong or past need-by date is refused with its code', async () => {
    for (const date of ['2027-02-30', '15/02/2027', '2026-12-01']) {
      const r = await run([bom, '--need-by', date]);
      expect(r.code).toBe(2);
      expect(r.err.join('\n')).toMatch(/--need-by: the need-by date .* \[PS_PLAN_BAD_DATE\]/);
    }
  });

  test("without a day given, today is the day where the buyer is (the machine's time zone), as in the task pane", async () => {
    // At any moment one of the two zones furthest from UTC is on another calendar day than UTC (UTC+14 from 10:00
    // UTC, UTC-12 before 12:00 UTC): the command is run there, as its user would run it, by its own clock.
    const dayIn = (tz: string): string => new Date().toLocaleDateString('en-CA', { timeZone: tz });
    const utc = dayIn('UTC');
    const tz = ['Etc/GMT-14', 'Etc/GMT+12'].find((z) => dayIn(z) !== utc) as string;
    const before = dayIn(tz);
    // Not spawnSync: the service answering the command runs in this process.
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'price', bom, '--json'], {
      timeout: 60_000,
      // The test's own environment without any PARTSHEET_ setting a developer may have: only the service's address.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PARTSHEET_'))),
        TZ: tz,
        PARTSHEET_ITEM_URL: svc.productionUrl,
      },
    });
    // The day may turn while the command runs: either side of the turn is its today.
    expect([before, dayIn(tz)]).toContain(JSON.parse(stdout).schedule.today);
  });

  test('--out writes a Schedule sheet, one row per purchase', async () => {
    const out = join(dir, 'dates.xlsx');
    const r = await run([bom, '--boards', '10', '--need-by', '2027-05-01', '--out', out]);
    expect(r.code).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const sheet = book.getWorksheet('Schedule')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0][0]).toBe(`Clear to build: ${leadDay} (estimated), set by TOP252D`);
    const py = rows.find((row) => row[0] === 'PY32F031W15S7TR')!;
    expect(py.slice(4, 10)).toEqual([10, '2027-04-09', 'incoming 2027-04-09', 'given', '2027-04-09', 'in time']);
    const top = rows.find((row) => row[0] === 'TOP252D')!;
    expect(top[9]).toBe('late');
    expect(String(top[10])).toContain(`${leadDay} (lead time 39 weeks)`);
  });

  test('--out: the Summary sheet carries the dates; the Scenarios sheet the clear-to-build day per quantity', async () => {
    const out = join(dir, 'scenario-dates.xlsx');
    const r = await run([bom, '--boards', '1,10', '--need-by', '2027-05-01', '--out', out]);
    expect(r.code).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const summary = new Map<unknown, unknown>();
    book.getWorksheet('Summary')!.eachRow((row) => summary.set(row.getCell(1).value, row.getCell(2).value));
    expect(summary.get('Clear to build')).toBe(`${leadDay} (estimated)`);
    expect(summary.get('Set by (critical parts)')).toBe('TOP252D');
    expect(summary.get('Need by')).toBe('2027-05-01: 1 part late');
    expect(summary.get('Builds by 2027-05-01')).toBe('0 builds of 1');
    const sheet = book.getWorksheet('Scenarios')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const head = rows.findIndex((row) => row[0] === 'Boards');
    expect(rows[head].slice(9)).toEqual(['Clear to build', 'Set by', 'Builds by 2027-05-01']);
    // TOP252D comes only by lead time, after the date: no build at either quantity by then.
    expect(rows[head + 1].slice(9)).toEqual([`${leadDay} (estimated)`, 'TOP252D', 0]);
    expect(rows[head + 2][0]).toBe(10);
    expect(rows[head + 2].slice(9)).toEqual([`${leadDay} (estimated)`, 'TOP252D', 0]);
  });
});

describe('partsheet price: the risk of every part', () => {
  test('a Risk section with the count per level and why each part is at risk', async () => {
    const r = await run([bom, '--boards', '10']);
    expect(r.code).toBe(0);
    const risk = r.out.slice(r.out.indexOf('\nRisk: ') + 1).split('\n');
    expect(risk[0]).toMatch(/^Risk: 3 parts at high risk, \d+ at medium risk, \d+ at low risk$/);
    expect(risk).toContainEqual(expect.stringMatching(/^ {2}high ESP32-H2-MINI-1-N16 \(row 5\): lifecycle Obsolete/));
    expect(risk).toContainEqual(expect.stringMatching(/^ {2}high TOP252D \(row 4\): no source has stock/));
  });

  test('--json gives the rows, none blank; --out a Risk sheet', async () => {
    const r = await run([bom, '--boards', '10', '--json']);
    const risk = JSON.parse(r.out).risk;
    expect(risk.counts.high).toBe(3);
    const esp = risk.rows.find((row: Json) => row.partNumber === 'ESP32-H2-MINI-1-N16');
    expect(esp).toMatchObject({ level: 'high', lifecycle: 'Obsolete', sheetRows: [5], sourcesWithStock: 1 });
    for (const row of risk.rows)
      for (const key of ['lifecycle', 'rohs', 'eccn', 'hts', 'tariff', 'manufacturer'])
        expect(String(row[key]).trim()).not.toBe('');
    const out = join(dir, 'risk.xlsx');
    expect((await run([bom, '--boards', '10', '--out', out])).code).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const sheet = book.getWorksheet('Risk')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['Part', 'Manufacturer', 'Rows', 'Risk']);
    expect(sheet.rowCount).toBe(1 + risk.rows.length);
  });
});
