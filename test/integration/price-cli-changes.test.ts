/**
 * `partsheet price --snapshot` and `--since` against the reference service: a BOM priced, edited (a line added on top,
 * one removed, a quantity changed, one marked DNP) and priced again; the changes and the bridge in the text, the JSON
 * and the XLSX, from a snapshot file and from the workbook the first run wrote; unreadable snapshots refused.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { priceCommand } from '../../cli/price';
import { runCommand } from '../helpers/cli';
import { startTestService, type TestService } from '../helpers/service';
import { SNAPSHOTS_TAG, SNAPSHOT_SHEET, snapshotChunks } from '../../src/changes';

let svc: TestService;
let dir: string;

const FIRST = `Designator,Qty,Manufacturer,MPN,Description
"D1, D2",2,Diodes Inc,BAV99-7-F,"Diode array, SOT-23"
U1,1,,LM358N,Op amp
U3,1,,NE555P,Timer
R1,1,,NOSUCHPART-123,Unknown part
R2,1,,RC0603FR-0710KL,10k
`;

// A line added on top (every row below moves), NE555P removed, the diodes doubled, R2 not placed any more.
const EDITED = `Designator,Qty,Manufacturer,MPN,Description
U7,3,,NE555P,Timer in a new place
"D1, D2, D4, D5",4,Diodes Inc,BAV99-7-F,"Diode array, SOT-23"
U1,1,,LM358N,Op amp
R1,1,,NOSUCHPART-123,Unknown part
R2,DNP,,RC0603FR-0710KL,10k
`;

beforeAll(async () => {
  svc = await startTestService({ parts: 3000 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-changes-cli-'));
  writeFileSync(join(dir, 'first.csv'), FIRST);
  writeFileSync(join(dir, 'edited.csv'), EDITED);
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (argv: string[]) => runCommand(priceCommand, argv, { PARTSHEET_ITEM_URL: svc.productionUrl });
const at = (name: string) => join(dir, name);

describe('partsheet price --snapshot and --since', () => {
  test('the second run of an edited BOM says what changed, with a bridge that adds up: JSON, text, XLSX', async () => {
    const first = await run([at('first.csv'), '--snapshot', at('last.json'), '--out', at('last.xlsx')]);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    const snapshot = JSON.parse(readFileSync(at('last.json'), 'utf8'));
    expect(snapshot).toMatchObject({ format: 'partsheet-run-snapshot', version: 1, currency: 'USD' });
    // The lines are kept as columns, one per field.
    expect(snapshot.lines.pn).toEqual(['BAV99-7-F', 'LM358N', 'NE555P', 'NOSUCHPART-123', 'RC0603FR-0710KL']);

    const second = await run([at('edited.csv'), '--since', at('last.json'), '--json', '--out', at('now.xlsx')]);
    expect(second.code).toBe(0);
    const json = JSON.parse(second.out);
    const changes = json.changes;
    const byPart = Object.fromEntries(changes.lines.map((l: any) => [l.partNumber, l.kinds]));
    expect(byPart).toMatchObject({
      'BAV99-7-F': expect.arrayContaining(['quantity']),
      NE555P: expect.arrayContaining(['quantity']),
      'RC0603FR-0710KL': ['removed'],
    });
    expect(byPart).not.toHaveProperty('LM358N');
    expect(byPart).not.toHaveProperty('NOSUCHPART-123');
    // The bridge: the totals of the two runs, and effects adding up exactly to the change.
    const bridge = changes.bridge;
    expect(bridge.before).toBe(snapshot.total / 1e6);
    expect(bridge.after).toBe(json.summary.totalPerBuild);
    const sum = Object.values(bridge.effects).reduce((n: number, e: any) => n + e.micro, 0);
    expect(sum).toBe(bridge.changeMicro);
    expect(bridge.changeMicro).toBe(Math.round(json.summary.totalPerBuild * 1e6) - snapshot.total);
    expect(bridge.effects.removed.micro).toBeLessThan(0);
    expect(bridge.effects.quantity.micro).toBeGreaterThan(0);
    // The largest cost effect first.
    const sizes = changes.lines.map((l: any) => Math.abs(l.costChangeMicro));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));

    // The same from the workbook the first run wrote, as text.
    const text = await run([at('edited.csv'), '--since', at('last.xlsx')]);
    expect(text.code).toBe(0);
    expect(text.out).toContain(`\nChanges since the run of ${snapshot.pricedAt}:\n${changes.summary}\n`);
    expect(text.out).toMatch(/\n {2}row 6 RC0603FR-0710KL: removed \(-[\d.]+\)/);
    expect(text.out).toMatch(/\nCost bridge \(USD\): [\d.]+ → [\d.]+ \([+-][\d.]+\)\n {2}lines removed\s+-[\d.]+\n/);

    // The new workbook: a Changes sheet, and its own snapshot hidden for the next run.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(at('now.xlsx'));
    const sheet = wb.getWorksheet('Changes')!;
    expect(sheet.getCell('A2').value).toBe(changes.summary);
    expect(wb.getWorksheet(SNAPSHOT_SHEET)!.state).toBe('veryHidden');
    const rows: unknown[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows.find((r) => r[1] === 'RC0603FR-0710KL')?.[3]).toBe('removed');
  });

  test('a snapshot damaged, of another version, missing, or a workbook without one: refused, with its code', async () => {
    writeFileSync(at('damaged.json'), '{"format": "partsheet-run-snapshot", "version": 1, "lines": [');
    writeFileSync(at('newer.json'), JSON.stringify({ format: 'partsheet-run-snapshot', version: 9 }));
    const plain = new ExcelJS.Workbook();
    plain.addWorksheet('BOM').addRow(['MPN']);
    await plain.xlsx.writeFile(at('plain.xlsx'));
    const refused = async (since: string) => {
      const r = await run([at('first.csv'), '--since', since]);
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
      return r.err.join('\n');
    };
    expect(await refused(at('damaged.json'))).toBe(
      `partsheet price: ${at('damaged.json')} is not a snapshot of a pricing run: it is not JSON (damaged?). [PS_SNAPSHOT_DAMAGED]`,
    );
    expect(await refused(at('newer.json'))).toMatch(/is a snapshot of version 9; .* \[PS_SNAPSHOT_VERSION\]$/);
    expect(await refused(at('gone.json'))).toMatch(/cannot read .*gone\.json: no such file \[PS_SNAPSHOT_MISSING\]$/);
    expect(await refused(at('plain.xlsx'))).toMatch(/holds no snapshot of a pricing run .* \[PS_SNAPSHOT_MISSING\]$/);
    expect((await run([at('first.csv'), '--since', at('last.csv')])).code).toBe(2);
  });

  test('a workbook priced in the pane keeps a run per BOM sheet: the sheet priced, or the one named, is compared; never a guess', async () => {
    // The first run's snapshot as the pane keeps it for two BOM sheets: A1 the tag, a column per sheet (its name,
    // its time, then its text); "Board B" holds the run with NE555P's need changed.
    const first = readFileSync(at('last.json'), 'utf8');
    const other = JSON.parse(first);
    other.lines.need[2] = 9;
    const texts = [first, JSON.stringify(other)].map((t) => snapshotChunks(t, 1000));
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Board A').addRow(['x']);
    const kept = book.addWorksheet(SNAPSHOT_SHEET, { state: 'veryHidden' });
    kept.addRow([SNAPSHOTS_TAG]);
    kept.addRow(['Board A', 'Board B']);
    kept.addRow([other.pricedAt, other.pricedAt]);
    for (let i = 0; i < Math.max(...texts.map((t) => t.length)); i++) kept.addRow(texts.map((t) => t[i] ?? null));
    await book.xlsx.writeFile(at('pane.xlsx'));

    // A CSV has no sheet: which run is not said, so none is taken.
    const unsaid = await run([at('edited.csv'), '--since', at('pane.xlsx')]);
    expect(unsaid.code).toBe(1);
    expect(unsaid.err.join('\n')).toContain(
      'holds the last runs of several BOM sheets ("Board A", "Board B") and none is of the sheet priced: say which to compare with, --since-sheet NAME.',
    );
    const named = await run([at('edited.csv'), '--since', at('pane.xlsx'), '--since-sheet', 'Board B', '--json']);
    expect(named.code).toBe(0);
    const ne555 = JSON.parse(named.out).changes.lines.find((l: any) => l.partNumber === 'NE555P');
    expect(ne555.kinds).toContain('quantity');
    expect(ne555.kinds).not.toContain('added');
    const wrong = await run([at('edited.csv'), '--since', at('pane.xlsx'), '--since-sheet', 'Board C']);
    expect(wrong.err.join('\n')).toContain(
      'holds no run of the BOM sheet "Board C"; it holds runs of "Board A", "Board B".',
    );

    // An XLSX BOM on the sheet "Board A": that sheet's run is compared.
    const bom = new ExcelJS.Workbook();
    const sheet = bom.addWorksheet('Board A');
    for (const line of FIRST.trim().split('\n'))
      sheet.addRow(
        line
          .match(/("[^"]*"|[^,]*)(,|$)/g)!
          .slice(0, 5)
          .map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')),
      );
    await bom.xlsx.writeFile(at('board-a.xlsx'));
    const bySheet = await run([at('board-a.xlsx'), '--since', at('pane.xlsx'), '--json']);
    expect(bySheet.err).toEqual([]);
    // Board B's run would have NE555P's need changed from 9; Board A's has it as priced now.
    const lines = JSON.parse(bySheet.out).changes.lines;
    expect(lines.find((l: any) => l.partNumber === 'NE555P')).toBeUndefined();
    expect(lines.filter((l: any) => l.kinds.includes('removed'))).toEqual([]);
  });
});
