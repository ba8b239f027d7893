/**
 * `partsheet gateway` as a real process: it starts from flags, answers, and on SIGTERM refuses new connections
 * while the request under way finishes and is answered, then exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DEMO_AUTH, startProductionLike, type TestService } from '../helpers/service';
import { fakeAddinDir } from '../helpers/gateway';
import { tempFolder } from '../helpers/temp-folder';

jest.setTimeout(60_000);

const BIN = join(__dirname, '..', '..', 'bin', 'partsheet.js');

let upstream: TestService;
beforeAll(async () => {
  // Slow enough that a request is surely under way when the signal comes.
  upstream = await startProductionLike({ parts: 500, latencyMs: 1500 });
});
afterAll(() => upstream?.close());

function startGatewayProcess(): Promise<{
  child: ChildProcess;
  url: string;
  lines: string[];
  exited: Promise<number | null>;
}> {
  const tokens = join(tempFolder('gwproc'), 'tokens.json');
  const child = spawn(
    process.execPath,
    [
      BIN,
      'gateway',
      '--port',
      '0',
      '--item-upstream',
      upstream.productionUrl,
      '--addin',
      fakeAddinDir(),
      '--tokens',
      tokens,
      '--item-rate',
      '50',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        try {
          const doc = JSON.parse(line);
          if (doc.msg === 'listening') resolve({ child, url: doc.url, lines, exited });
        } catch {
          // not a log line
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => lines.push(String(d)));
    exited.then((code) => reject(new Error(`the gateway exited with ${code}: ${lines.join('\n')}`)));
  });
}

test('SIGTERM: the request under way is answered, new connections are refused, exit code 0', async () => {
  const gw = await startGatewayProcess();
  const inFlight = fetch(
    `${gw.url}/itemservice/v4/en/search/token?login=${DEMO_AUTH.login}&apikey=${DEMO_AUTH.apikey}&search_token=NE555`,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  gw.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const late = await fetch(`${gw.url}/healthz`).then(
    (r) => `HTTP ${r.status}`,
    (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
  );
  expect(late).toBe('ECONNREFUSED');
  const answer = await inFlight;
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as any;
  expect(body.itemserviceresult.transactionArea[0].response.success).toBe(true);
  expect(await gw.exited).toBe(0);
  const messages = gw.lines.map((l) => JSON.parse(l).msg);
  expect(messages).toEqual(
    expect.arrayContaining(['listening', 'stopping: finishing requests under way', 'request', 'stopped']),
  );
  expect(messages.indexOf('request')).toBeLessThan(messages.indexOf('stopped'));
});

test('a bad setting stops the start with one line naming it, exit code 2', async () => {
  const child = spawn(process.execPath, [BIN, 'gateway', '--item-upstream', 'ftp://nowhere'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  expect(code).toBe(2);
  expect(err.trim()).toBe(
    "partsheet gateway: --item-upstream must be an http or https address such as https://api.example.com; got 'ftp://nowhere' [PS_GATEWAY_CONFIG]",
  );
});
