/**
 * A team of users for the gateway bench, in one of two ways:
 * - `ownMachines`: each user as if on a machine of their own. A user's answer is read as soon as it comes, and its
 *   pricing (parsing the answer, settling the lines) is done once every user's answer has come, one user after the
 *   other, each timed alone. A user's last line is then when its answer came plus its own pricing time: what the user
 *   would see if nobody else's pricing held theirs up, as on 50 machines. The bench's one thread still sends the 50
 *   requests in turn and reads the 50 answers as they come.
 * - `oneThread`: every user priced on the bench's one thread as answers come, each waiting for the others' pricing;
 *   the time to the last line is then mostly how long one thread takes to parse everyone's answers.
 * A user's first answer is held in `ownMachines`; any later request (a retry after a 503) goes through unheld, its
 * time counted in that user's pricing.
 */
import { GATEWAY_TOKEN_HEADER } from '../protocol/gateway-token';
import { CatalogClient } from '../src/catalog/client';
import { CatalogError } from '../src/catalog/errors';
import { LookupScheduler } from '../src/lookup';
import { median, msSince } from './report';

/** One user's part of a run: whom to ask, as whom, for which parts. */
export interface UserTask {
  base: string;
  login: string;
  apikey: string;
  /** The gateway token the user's requests carry, when going through a gateway. */
  token?: string;
  parts: string[];
}

/**
 * A user's client as the add-in has one: its scheduler over a catalog client asking `base` as `auth` (with a gateway
 * `token` when given), counting the requests it sends and the 503s it is answered; `hold`, when given, sees each answer
 * before the client does.
 */
export function userClient(
  base: string,
  auth: { login: string; apikey: string },
  token?: string,
  hold?: (res: Response) => Promise<Response>,
) {
  let requests = 0;
  let busy = 0;
  const client = new CatalogClient({
    itemBaseUrl: base,
    ...auth,
    timeoutMs: 120_000,
    fetch: (input, init) => {
      requests++;
      const headers = new Headers(init?.headers);
      if (token) headers.set(GATEWAY_TOKEN_HEADER, token);
      return fetch(input, { ...init, headers }).then((res) => {
        if (res.status === 503) busy++;
        return hold ? hold(res) : res;
      });
    },
  });
  return {
    client,
    scheduler: new LookupScheduler({ port: client, deadlineMs: 300_000 }),
    requests: () => requests,
    busy: () => busy,
  };
}

export type TeamWay = 'ownMachines' | 'oneThread';

export interface TeamRun {
  /** From the start until the last user's last line settled (in `ownMachines`, when it would have). */
  wallMs: number;
  /** From the start until the median user's last line settled. */
  medianUserMs: number;
  /** From the start until the first user's lookups settled (in `ownMachines`, after every first answer was read). */
  firstSettledMs: number;
  /** From the start until the last user's first answer had been read. */
  lastAnswerMs: number;
  /**
   * The users' pricing, together: in `ownMachines` each timed alone (with, for a user answered 503, its wait and its
   * retry); in `oneThread` the thread's busy time, sending and reading included.
   */
  pricingMs: number;
  failedLines: number;
  clientRequests: number;
  /** 503 answers the users' clients saw (their schedulers waited and asked again). */
  client503s: number;
}

/** Every user prices their BOM at once, the way `way` says; resolves when the last is done. */
export async function runTeam(tasks: UserTask[], way: TeamWay): Promise<TeamRun> {
  const t0 = process.hrtime.bigint();
  const loop = performance.eventLoopUtilization();
  const answered: number[] = tasks.map(() => Number.NaN);
  // When each user's lookups settled: its last line in `oneThread`, and in `ownMachines` for a user that never had an
  // answer to hold (its requests failed).
  const settledAt: number[] = tasks.map(() => Number.NaN);
  const releases: (() => void)[] = [];
  const arrivals: Promise<void>[] = [];
  const users = tasks.map((task, i) => {
    let arrived!: () => void;
    arrivals.push(new Promise<void>((resolve) => (arrived = resolve)));
    const release = new Promise<void>((resolve) => releases.push(resolve));
    const hold = async (res: Response): Promise<Response> => {
      if (!Number.isNaN(answered[i])) return res;
      // Read in full as it comes, as the user's own machine would.
      const body = await res.arrayBuffer();
      answered[i] = msSince(t0);
      arrived();
      if (way === 'ownMachines') await release;
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    };
    const user = userClient(task.base, { login: task.login, apikey: task.apikey }, task.token, hold);
    const settled = user.scheduler.lookupMany(task.parts.map((partNumber) => ({ partNumber })));
    // A user whose lookups settle without an answer (none needed, or its request failed) has nothing held.
    void settled.finally(() => {
      settledAt[i] = msSince(t0);
      arrived();
    });
    return { user, settled };
  });
  const lines: number[] = [];
  let pricingMs = 0;
  const outcomes = [];
  if (way === 'ownMachines') {
    await Promise.all(arrivals);
    for (const [i, { settled }] of users.entries()) {
      const start = process.hrtime.bigint();
      releases[i]();
      outcomes.push(...(await settled));
      const own = msSince(start);
      pricingMs += own;
      lines.push(Number.isNaN(answered[i]) ? settledAt[i] : answered[i] + own);
    }
  } else {
    for (const { settled } of users) outcomes.push(...(await settled));
    lines.push(...settledAt);
    pricingMs = performance.eventLoopUtilization(loop).active;
  }
  for (const { user } of users) user.scheduler.close();
  return {
    wallMs: Math.max(...lines),
    medianUserMs: median(lines),
    firstSettledMs: Math.min(...settledAt),
    lastAnswerMs: Math.max(0, ...answered.filter((t) => !Number.isNaN(t))),
    pricingMs,
    failedLines: outcomes.filter((o) => o instanceof CatalogError).length,
    clientRequests: users.reduce((sum, { user }) => sum + user.requests(), 0),
    client503s: users.reduce((sum, { user }) => sum + user.busy(), 0),
  };
}
