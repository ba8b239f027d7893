/**
 * A stand-in for the distributor's services in front of which a gateway is attacked: it records every request it
 * receives, answers list searches (every part "not found"), token searches and checkouts with well-formed JSON,
 * and on demand answers busy (503 with `Retry-After: 3600`, or another figure) or slowly.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  at: number;
  method: string;
  path: string;
  query: URLSearchParams;
  /** The item-service login of the request (query or list `req`), when it has one. */
  login?: string;
}

export interface RecordingUpstream {
  url: string;
  received: Received[];
  /** While true every request is answered 503 with `Retry-After: <retryAfter>`. */
  busy: boolean;
  /** The `Retry-After` of busy answers, in seconds (3600 unless set). */
  retryAfter: string;
  /** Milliseconds each answer waits before it is sent. */
  delayMs: number;
  /** When set, the wait of a request from this login (instead of `delayMs`). */
  delayOf?: (login: string | undefined) => number;
  close(): Promise<void>;
}

const envelope = (data: unknown[]) => ({
  itemserviceresult: {
    serviceMetaData: [{ version: '4.0.0' }],
    transactionArea: [
      { response: { returnCode: '0', returnMsg: '', success: true }, responseSequence: { totalItems: 0 } },
    ],
    data,
  },
});

function listAnswer(query: URLSearchParams): unknown {
  let parts: { partNum: string; mfr?: string }[] = [];
  try {
    parts = JSON.parse(query.get('req') ?? '').request.parts;
  } catch {
    parts = [];
  }
  const resultList = parts.map((p) => ({
    requestedPartNum: p.mfr ? `${p.partNum}|${p.mfr}` : p.partNum,
    numberFound: 0,
    parts: [],
  }));
  return envelope([
    { partsRequested: parts.length, partsFound: 0, partsNotFound: parts.length, partsError: 0, resultList },
  ]);
}

function loginOf(query: URLSearchParams): string | undefined {
  try {
    const login = JSON.parse(query.get('req') ?? '').request.login;
    if (typeof login === 'string') return login;
  } catch {
    // not a list search
  }
  return query.get('login') ?? undefined;
}

export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const state: RecordingUpstream = {
    url: '',
    received: [],
    busy: false,
    retryAfter: '3600',
    delayMs: 0,
    close: async () => undefined,
  };
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    state.received.push({
      at: Date.now(),
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      login: loginOf(url.searchParams),
    });
    const answer = () => {
      if (state.busy) {
        res
          .writeHead(503, { 'content-type': 'application/json', 'retry-after': state.retryAfter })
          .end(JSON.stringify({ error: 'busy' }));
        return;
      }
      const body = url.pathname.endsWith('/search/list')
        ? listAnswer(url.searchParams)
        : url.pathname.includes('/itemservice/')
          ? envelope([{ results: [] }])
          : { orderId: 'T-1' };
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    };
    const login = loginOf(url.searchParams);
    const delay = state.delayOf ? state.delayOf(login) : state.delayMs;
    if (delay > 0) setTimeout(answer, delay);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
