/**
 * The gateway bench's team of users (bench/team-users.ts) against the real service in production-like mode: both
 * ways of timing them settle every line, count what the users sent, and give times that fit their model. Three users
 * share one login allowed 2 requests, refilled one every 3 s (2 in a 6 s window), so one is answered 503 and asks
 * again whatever the machine's load (with 2 a second, and again with one every 1.5 s on a loaded machine, the third
 * user's request, 300 ms behind, found a request's allowance back): in `ownMachines` that retry goes out unheld once
 * the user's pricing is released. The third user's path to the service is 300 ms longer (a forwarding hop that waits), so its answer comes
 * well after the others'.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runTeam, type TeamRun, type TeamWay, type UserTask } from '../../bench/team-users';
import { openDatabase } from '../../service/store/db';
import { DEMO_AUTH, startProductionLike, type TestService } from '../helpers/service';

let svc: TestService;
let slowHop: Server;
let tasks: UserTask[];

/** Forwards each request to the service after `delayMs`, and its answer back: a longer way to the same service. */
function forwardAfter(delayMs: number): Promise<string> {
  slowHop = createServer((req, res) => {
    setTimeout(() => {
      fetch(`${svc.productionUrl}${req.url}`).then(
        async (answer) => {
          res.writeHead(answer.status, Object.fromEntries(answer.headers));
          res.end(Buffer.from(await answer.arrayBuffer()));
        },
        () => res.destroy(),
      );
    }, delayMs);
  });
  return new Promise((resolve) =>
    slowHop.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(slowHop.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  svc = await startProductionLike({ parts: 500, latencyMs: 20, perLoginPerSecond: 2, loginWindowSeconds: 6 });
  const db = openDatabase(join(svc.dataDir, 'production.db'), { readonly: true });
  const numbers = db
    .prepare<[], { part_num: string }>('SELECT part_num FROM parts GROUP BY norm ORDER BY item_id LIMIT 60')
    .all()
    .map((r) => r.part_num);
  db.close();
  const slowBase = await forwardAfter(300);
  tasks = [0, 1, 2].map((u) => ({
    base: u === 2 ? slowBase : svc.productionUrl,
    ...DEMO_AUTH,
    parts: numbers.slice(u * 20, u * 20 + 30),
  }));
});

afterAll(async () => {
  await new Promise((resolve) => (slowHop ? slowHop.close(resolve) : resolve(undefined)));
  await svc?.close();
});

/** Waits out the login's window so each run starts with its allowance whole. */
const refill = () => new Promise((resolve) => setTimeout(resolve, 6100));

async function run(way: TeamWay): Promise<TeamRun> {
  await refill();
  return runTeam(tasks, way);
}

test.each(['ownMachines', 'oneThread'] as const)('%s: every line settles, a 503 is asked again', async (way) => {
  const team = await run(way);
  expect(team.failedLines).toBe(0);
  expect(team.client503s).toBeGreaterThanOrEqual(1);
  // Each user's first request, and one more for each 503 (its scheduler waits and asks again).
  expect(team.clientRequests).toBe(tasks.length + team.client503s);
  expect(team.medianUserMs).toBeLessThanOrEqual(team.wallMs);
  expect(team.lastAnswerMs).toBeGreaterThan(0);
  expect(team.pricingMs).toBeGreaterThan(0);
});

test('ownMachines: a user’s last line is its first answer’s arrival plus its own pricing', async () => {
  const team = await run('ownMachines');
  // Every line is some user's arrival plus that user's share of the pricing: never later than the last arrival
  // plus all the pricing, never earlier than the pricing of one user.
  expect(team.wallMs).toBeLessThanOrEqual(team.lastAnswerMs + team.pricingMs + 1e-6);
  expect(team.wallMs).toBeGreaterThanOrEqual(team.pricingMs / tasks.length);
  // Held: no user is priced before every user's first answer has been read (as the answers came, the first two
  // users' lines would settle some 300 ms before the third user's answer came).
  expect(team.firstSettledMs).toBeGreaterThanOrEqual(team.lastAnswerMs);
});

test('oneThread: the last line comes after the last answer is read', async () => {
  const team = await run('oneThread');
  expect(team.wallMs).toBeGreaterThanOrEqual(team.lastAnswerMs);
});
