/**
 * What `price` and `plan` read is bounded whatever its kind: a device (`/dev/zero`) or a pipe that goes on past
 * 64 MiB is refused at the cap with the size limit's message, not read until memory runs out; a purchase list of
 * more BOMs, or more lines times scenarios, than it may hold is refused with a message naming the cap, the latter
 * counted as the BOMs are read: the BOM that passes it is named and the BOMs after it are not read.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_FILE_BYTES } from '../../cli/bom-limits';
import { planCommand } from '../../cli/plan';
import { priceCommand } from '../../cli/price';
import { MAX_PURCHASE_BOMS, MAX_PURCHASE_LINE_SCENARIOS } from '../../src/purchase/scenarios';
import { runCommand } from '../helpers/cli';
import { startTestService, type TestService } from '../helpers/service';

jest.setTimeout(60_000);

const BIN = join(__dirname, '..', '..', 'bin', 'partsheet.js');
const PAST_THE_CAP = `the file goes on past 64 MiB (read as it came, from a pipe or a device); a BOM file may be at most 64 MiB [PS_CLI_BOM_FILE]`;

let svc: TestService;
let dir: string;
beforeAll(async () => {
  svc = await startTestService({ parts: 200 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-input-bounds-'));
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ PARTSHEET_ITEM_URL: svc.productionUrl });

test('price /dev/zero is refused at 64 MiB with the size limit, in seconds', async () => {
  const started = Date.now();
  const r = await runCommand(priceCommand, ['/dev/zero'], env());
  expect(r.code).toBe(1);
  expect(r.err).toEqual([`partsheet price: /dev/zero: ${PAST_THE_CAP}`]);
  expect(Date.now() - started).toBeLessThan(20_000);
});

test('plan with a BOM piped in that goes on past 64 MiB is refused at the cap', async () => {
  // 96 MiB of lines a BOM could hold, through a pipe (no size to check before reading): read whole, they would be
  // parsed as 12 million rows.
  const bytes = Math.round(MAX_FILE_BYTES * 1.5);
  const child = spawn(
    'sh',
    ['-c', `yes NE555,1 | head -c ${bytes} | "$0" "$1" plan /dev/stdin:10`, process.execPath, BIN],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env() },
    },
  );
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
  expect(err.trim()).toBe(`partsheet plan: /dev/stdin: ${PAST_THE_CAP}`);
});

test(`plan with more than ${MAX_PURCHASE_BOMS} BOMs is refused before a file is read`, async () => {
  const file = join(dir, 'small.csv');
  writeFileSync(file, 'MPN,Qty\nNE555,1\n');
  const boms = Array.from({ length: MAX_PURCHASE_BOMS + 1 }, () => `${file}:10`);
  const r = await runCommand(planCommand, boms, env());
  expect(r.code).toBe(2);
  expect(r.err[0]).toBe(
    `partsheet plan: at most ${MAX_PURCHASE_BOMS} BOMs on one purchase list; got ${MAX_PURCHASE_BOMS + 1}: make several lists (see partsheet plan --help) [PS_CLI_USAGE]`,
  );
});

test(`plan with more than ${MAX_PURCHASE_LINE_SCENARIOS.toLocaleString('en-US')} lines × scenarios is refused before a lookup`, async () => {
  const lines = 52_000;
  const file = join(dir, 'long.csv');
  const rows = Array.from({ length: lines }, (_, i) => `PART-${i},1`);
  writeFileSync(file, `MPN,Qty\n${rows.join('\n')}\n`);
  const builds = '1;2;3;4;5;6;7;8';
  const r = await runCommand(planCommand, [`${file}:${builds}`], env());
  expect(r.code).toBe(1);
  expect(r.err).toEqual([
    `partsheet plan: ${file} has 52,000 lines, at 8 scenarios: 416,000 lines to list; at most 400,000 (lines × scenarios) on one purchase list: fewer scenarios or BOMs, or several lists [PS_PURCHASE_TOO_LARGE]`,
  ]);
});

test('plan stops at the BOM that passes the lines × scenarios cap, before reading the BOMs after it', async () => {
  // 26,000 lines at 8 scenarios is 208,000, under the cap; the second BOM brings it to 416,000. The third does not
  // exist: read, it would be refused as missing; counted as each BOM is read, it is never reached.
  const rows = Array.from({ length: 26_000 }, (_, i) => `PART-${i},1`);
  const first = join(dir, 'first.csv');
  const second = join(dir, 'second.csv');
  writeFileSync(first, `MPN,Qty\n${rows.join('\n')}\n`);
  writeFileSync(second, `MPN,Qty\n${rows.join('\n')}\n`);
  const missing = join(dir, 'not-there.csv');
  const r = await runCommand(planCommand, [`${first}:1;2;3;4;5;6;7;8`, `${second}:1`, `${missing}:1`], env());
  expect(r.code).toBe(1);
  expect(r.err).toEqual([
    `partsheet plan: the BOMs up to and including ${second} (BOM 2 of 3) have 52,000 lines, at 8 scenarios: 416,000 lines to list; at most 400,000 (lines × scenarios) on one purchase list: fewer scenarios or BOMs, or several lists [PS_PURCHASE_TOO_LARGE]`,
  ]);
});
