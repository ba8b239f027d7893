import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get, DEMO_AUTH } from '../helpers/service';

const BIN = join(__dirname, '..', '..', 'bin', 'partsheet.js');
const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'partsheet-cli-'));
  dirs.push(d);
  return d;
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function run(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts `partsheet serve` and resolves with both addresses once it listens. */
function serve(
  args: string[],
): Promise<{ child: ChildProcess; production: string; test: string; output: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const prod = /\(production\) listening on (\S+)/.exec(out);
      const test = /\(test environment\) listening on (\S+)/.exec(out);
      if (prod && test) resolve({ child, production: prod[1], test: test[1], output: () => out });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('partsheet serve', () => {
  test('builds the demo catalog on first start, reuses it later, and refuses a busy port', async () => {
    const data = tempDir();
    const first = await serve(['--data', data, '--parts', '1500', '--port', '0', '--test-port', '0']);
    expect(first.output()).toMatch(/Building the demo catalog of 1,500 parts/);
    const r = await get(first.production, '/itemservice/v4/en/search/token', {
      ...DEMO_AUTH,
      search_token: 'BAV99-7-F',
    });
    expect(r.json.itemserviceresult.data[0].PartList[0].partNum).toBe('BAV99-7-F');
    const testEnv = await get(first.test, '/itemservice/v4/en/search/token', {
      ...DEMO_AUTH,
      search_token: 'BAV99-7-F',
    });
    expect(testEnv.json.itemserviceresult.data[0].PartList[0].partNum).toBe('BAV99-7-F');

    const port = new URL(first.production).port;
    const busy = run(['serve', '--data', data, '--port', port, '--test-port', '0']);
    expect(busy.code).toBe(2);
    expect(busy.stderr.trim().split('\n')).toHaveLength(1);
    expect(busy.stderr).toMatch(new RegExp(`port ${port} is already in use`));
    expect(await stop(first.child)).toBe(0);

    const again = await serve(['--data', data, '--parts', '1500', '--port', '0', '--test-port', '0']);
    expect(again.output()).not.toMatch(/Building/);
    await stop(again.child);
  });

  test('--no-demo on a new folder: empty stores, no demo login, no demo credentials announced', async () => {
    const data = tempDir();
    const svc = await serve(['--data', data, '--no-demo', '--port', '0', '--test-port', '0']);
    expect(svc.output()).toMatch(/Created empty stores/);
    expect(svc.output()).not.toMatch(/demo-key|demo-password|Building/);
    const r = await get(svc.production, '/itemservice/v4/en/search/token', { ...DEMO_AUTH, search_token: 'BAV99' });
    expect(r.status).toBe(401);
    await stop(svc.child);
  });

  test.each([
    [['serve', '--port', 'abc'], /--port must be a port number/],
    [['serve', '--parts', '0'], /--parts must be a whole number/],
    [['serve', '--bogus'], /Unknown option '--bogus'/],
    [['serve', '--fault', 'nonsense'], /fault/i],
    [['frobnicate'], /unknown command 'frobnicate'/],
  ])('bad flags: %p', (args, message) => {
    const r = run(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  test('an unwritable data folder is a one-line error', () => {
    const parent = tempDir();
    const file = join(parent, 'a-file');
    writeFileSync(file, 'x');
    const r = run(['serve', '--data', join(file, 'data'), '--port', '0', '--test-port', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot write to data folder/);
  });
});

describe('partsheet catalog import', () => {
  test('adds valid records, reports bad ones by index, and a running service sees them', async () => {
    const data = tempDir();
    const svc = await serve(['--data', data, '--parts', '1200', '--port', '0', '--test-port', '0']);
    const sample = await get(svc.production, '/itemservice/v4/en/search/token', {
      ...DEMO_AUTH,
      search_token: 'BAV99-7-F',
    });
    const template = sample.json.itemserviceresult.data[0].PartList[0];
    const fresh = (num: string, idPrefix: string) => {
      const copy = JSON.parse(JSON.stringify(template));
      copy.partNum = num;
      for (const w of copy.InvOrg.webSites) {
        for (const s of w.sources) for (const sp of s.sourceParts) sp.sourcePartId = `${idPrefix}-${sp.sourcePartId}`;
      }
      return copy;
    };
    const records = [
      fresh('ZZIMPORT-1', 'IMP1'),
      { partNum: 'BROKEN' },
      fresh('ZZIMPORT-2', 'IMP2'),
      fresh('BAV99-7-F', 'IMP3'),
      'not an object',
    ];
    const file = join(data, 'import.json');
    writeFileSync(file, JSON.stringify(records));
    const r = run(['catalog', 'import', file, '--data', data]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Imported 2 of 5 records; 3 skipped/);
    expect(r.stderr).toMatch(/record 1: skipped: manufacturer must be an object/);
    expect(r.stderr).toMatch(/record 3: skipped: part BAV99-7-F from \w+ is already in the catalog/);
    expect(r.stderr).toMatch(/record 4: skipped: the record must be an object/);

    const found = await get(svc.production, '/itemservice/v4/en/search/token', {
      ...DEMO_AUTH,
      search_token: 'zzimport',
    });
    const parts = found.json.itemserviceresult.data[0].PartList;
    expect(parts.map((p: any) => p.partNum)).toEqual(['ZZIMPORT-1', 'ZZIMPORT-2']);
    expect(parts[0].InvOrg.webSites.map((w: any) => w.code)).toEqual(template.InvOrg.webSites.map((w: any) => w.code));
    const testEnv = await get(svc.test, '/itemservice/v4/en/search/token', { ...DEMO_AUTH, search_token: 'zzimport' });
    expect(testEnv.json.itemserviceresult.data[0].PartList).toHaveLength(2);
    await stop(svc.child);
  });

  test('into a new data folder: only the imported parts, no demo catalog, no demo login or accounts', async () => {
    const source = tempDir();
    const svc = await serve(['--data', source, '--parts', '1200', '--port', '0', '--test-port', '0']);
    const sample = await get(svc.production, '/itemservice/v4/en/search/token', {
      ...DEMO_AUTH,
      search_token: 'BAV99-7-F',
    });
    await stop(svc.child);
    const data = tempDir();
    const file = join(data, 'one.json');
    writeFileSync(file, JSON.stringify([sample.json.itemserviceresult.data[0].PartList[0]]));
    const r = run(['catalog', 'import', file, '--data', data]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Imported 1 of 1 records/);
    const accounts = run(['accounts', 'list', '--data', data]);
    expect(accounts.stdout).not.toMatch(/demo-password|buyer@example\.com|csr@example\.com/);
    expect(accounts.stdout).not.toMatch(/\bdemo\b/);
    // The listing ran and found both stores empty of logins and accounts (not merely silent).
    expect(accounts.code).toBe(0);
    expect(accounts.stdout.trim().split('\n')).toEqual([
      'production:',
      '  item-service logins: (none)',
      '  checkout accounts: (none)',
      'test:',
      '  item-service logins: (none)',
      '  checkout accounts: (none)',
    ]);
  });

  test('a file that cannot be read is one line and a non-zero exit', () => {
    const data = tempDir();
    const missing = run(['catalog', 'import', join(data, 'nope.json'), '--data', data]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/cannot read .*nope\.json: no such file/);
    const bad = join(data, 'bad.json');
    writeFileSync(bad, '{"hello": 1}');
    const wrong = run(['catalog', 'import', bad, '--data', data]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/PartList/);
    expect(existsSync(join(data, 'production.db'))).toBe(false);
  });
});

describe('what a command loads', () => {
  /** The built files (dist/…) and packages a command has loaded when it ends, run in a process of its own. */
  function loadedBy(args: string[]): string[] {
    const main = join(__dirname, '..', '..', 'dist', 'cli', 'main.js');
    const script = `require(${JSON.stringify(main)}).main(${JSON.stringify(args)}, { out() {}, err() {} }).then(() =>
      process.stdout.write(JSON.stringify(Object.keys(require.cache).map((k) => k.replace(/^.*\\/(dist|node_modules)\\//, '$1/')))))`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as string[];
  }

  test('`gateway tokens list` loads neither the BOM reader, the pricing, the service nor a web server', () => {
    const file = join(tempDir(), 'tokens.json');
    const loaded = loadedBy(['gateway', 'tokens', 'list', '--tokens', file]);
    expect(loaded).toContain('dist/gateway/tokens.js');
    expect(loaded.filter((m) => /^dist\/src\/(bom|purchase|plan\/plan|pricing)\//.test(m))).toEqual([]);
    expect(loaded.filter((m) => /^node_modules\/(fastify|ioredis|exceljs|better-sqlite3)\//.test(m))).toEqual([]);
    expect(loaded.filter((m) => /^dist\/(service\/(server|store)|gateway\/server)/.test(m))).toEqual([]);
  });
});
