import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempFolder } from './temp-folder';
import { DEFAULTS, type GatewayConfig } from '../../gateway/config';
import { GatewayLog } from '../../gateway/log';
import { startGateway, type RunningGateway } from '../../gateway/server';

/** One request the gateway sent upstream: when, where, and the parts of a list search. */
export interface UpstreamCall {
  at: number;
  url: URL;
  parts: string[];
  status?: number;
  /** When its answer's headers arrived. */
  answeredAt?: number;
}

export interface TestGateway extends RunningGateway {
  /** Every request sent upstream, in order. */
  calls: UpstreamCall[];
  /** The gateway's log lines. */
  lines: string[];
  tokensFile: string;
  /** While set, upstream requests fail as a refused connection does. */
  setDown(down: boolean): void;
}

/** A folder standing in for the built add-in: a taskpane.html and a script. */
export function fakeAddinDir(): string {
  const dir = tempFolder('gw-addin');
  writeFileSync(
    join(dir, 'taskpane.html'),
    '<!doctype html><title>Partsheet</title><script src="taskpane.js"></script>',
  );
  writeFileSync(join(dir, 'taskpane.js'), 'console.log("partsheet");');
  return dir;
}

/**
 * Starts a gateway in this process on a free port in front of `upstream` (all three paths to it, the test checkout
 * to its test listener), recording what it sends upstream and what it logs.
 */
export async function startTestGateway(
  upstream: { productionUrl: string; testUrl: string },
  settings: Partial<GatewayConfig> = {},
): Promise<TestGateway> {
  const calls: UpstreamCall[] = [];
  const lines: string[] = [];
  let down = false;
  const recording: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    let parts: string[] = [];
    const req = url.searchParams.get('req');
    if (req) {
      try {
        parts = (JSON.parse(req).request.parts as { partNum: string }[]).map((p) => p.partNum);
      } catch {
        parts = [];
      }
    }
    const call: UpstreamCall = { at: Date.now(), url, parts };
    calls.push(call);
    if (down) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    const response = await fetch(input, init);
    call.status = response.status;
    call.answeredAt = Date.now();
    return response;
  };
  const config: GatewayConfig = {
    ...DEFAULTS,
    port: 0,
    host: '127.0.0.1',
    addinDir: fakeAddinDir(),
    itemUpstream: upstream.productionUrl,
    checkoutUpstream: upstream.productionUrl,
    testCheckoutUpstream: upstream.testUrl,
    itemRate: 1000,
    checkoutRate: 1000,
    testCheckoutRate: 1000,
    tokensFile: join(tempFolder('gw-tokens'), 'tokens.json'),
    shutdownTimeoutSeconds: 5,
    // The tests read the gateway's figures without a token; the default (figures to a token only) has its own test.
    publicHealthDetails: true,
    ...settings,
  };
  const running = await startGateway(config, { log: new GatewayLog((line) => lines.push(line)), fetch: recording });
  return { ...running, calls, lines, tokensFile: config.tokensFile, setDown: (d) => (down = d) };
}
