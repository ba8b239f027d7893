import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../service/store/db';
import { CHECKOUT_PATH } from '../../service/checkout/routes';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { printRows, sleep, startServe, stopServe, writeResultFile, type ServeProcess } from './serve';

const KILLS = Math.max(1, Number(process.env.RELIABILITY_KILLS ?? 4));
const CLIENTS = 8;
/** Orders confirmed in a round before the kill may come. */
const MIN_CONFIRMED = 25;

jest.setTimeout(300_000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const PASSWORD = sha256('demo-password');
const random = (n: number) => Math.floor(Math.random() * n);

interface Line {
  item: string;
  quantity: number;
}

interface Sent {
  po: string;
  lines: Line[];
}

interface RoundReport {
  round: number;
  sent: number;
  confirmed: number;
  refused: Record<string, number>;
  /** Requests whose answer the kill cut off. */
  lost: number;
  /** Of those, orders that were committed all the same (the answer was lost, not the order). */
  lostButStored: number;
  killedAfterMs: number;
  restartMs: number;
}

describe('faults: kill -9 during a stream of submitted checkouts', () => {
  let dataDir: string;
  let server: ServeProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'partsheet-kill-'));
  });

  afterAll(async () => {
    if (server) await stopServe(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test(`${KILLS} kills: the store passes its integrity check, no order is half written, stock is exact`, async () => {
    server = await startServe(dataDir, ['--parts', '2000', '--rate-limit', '0']);
    const file = join(dataDir, 'production.db');

    // A few items with known stock: the 50-unit fixture (it runs out, so refusals happen too) and three more.
    const db = openDatabase(file, { readonly: true });
    const others = db
      .prepare(
        "SELECT source_part_id AS id FROM offers WHERE source_cd = 'MARKETPLACE' AND currency = 'USD' AND moq <= 1 AND pack_size = 1 AND breaks IS NOT NULL AND foh_qty BETWEEN 1000 AND 100000 AND source_part_id <> ? ORDER BY source_part_id LIMIT 3",
      )
      .all(F.stock50) as { id: string }[];
    const items = [F.stock50, ...others.map((o) => o.id)];
    const initial = new Map(
      items.map((id) => [
        id,
        (db.prepare('SELECT foh_qty FROM offers WHERE source_part_id = ?').get(id) as { foh_qty: number }).foh_qty,
      ]),
    );
    db.close();
    expect(items).toHaveLength(4);

    const confirmed = new Map<string, { po: string; lines: Line[] }>();
    const lostRequests: Sent[] = [];
    const reports: RoundReport[] = [];

    for (let round = 1; round <= KILLS; round++) {
      const base = server.productionUrl;
      const report: RoundReport = {
        round,
        sent: 0,
        confirmed: 0,
        refused: {},
        lost: 0,
        lostButStored: 0,
        killedAfterMs: 0,
        restartMs: 0,
      };
      const lostThisRound: Sent[] = [];
      let stopped = false;
      const started = Date.now();

      const client = async (c: number) => {
        for (let n = 0; !stopped; n++) {
          const chosen = [...new Set(Array.from({ length: 1 + random(3) }, () => items[random(items.length)]))];
          const sent: Sent = {
            po: `KILL-${round}-${c}-${n}`,
            lines: chosen.map((item) => ({ item, quantity: 1 + random(3) })),
          };
          const url =
            `${base}${CHECKOUT_PATH}?username=buyer%40example.com&password=${PASSWORD}&customerPONumber=${sent.po}&shipToAddressId=1001` +
            `&itemIds=${sent.lines.map((l) => l.item).join(',')}&quantities=${sent.lines.map((l) => l.quantity).join(',')}&submitOrder=true&fmt=json`;
          report.sent++;
          let status: number;
          let body: string;
          try {
            const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
            status = res.status;
            body = await res.text();
          } catch {
            lostThisRound.push(sent);
            return;
          }
          const answer = JSON.parse(body).OrderPlaced as { serverErrors: string; id: string; submitted: string };
          if (status === 200 && answer.serverErrors === '') {
            expect(answer.submitted).toBe('true');
            confirmed.set(answer.id, sent);
            report.confirmed++;
          } else {
            // Only stock running out may refuse these orders; nothing else is wrong with them.
            expect([status, answer.serverErrors]).toEqual([409, 'checkout.item.quantity.maximum']);
            report.refused[answer.serverErrors] = (report.refused[answer.serverErrors] ?? 0) + 1;
          }
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));

      while (report.confirmed < MIN_CONFIRMED && Date.now() - started < 10_000) await sleep(5);
      await sleep(random(300));
      report.killedAfterMs = Date.now() - started;
      await stopServe(server, 'SIGKILL');
      stopped = true;
      await Promise.all(clients);
      report.lost = lostThisRound.length;
      lostRequests.push(...lostThisRound);

      const restartAt = Date.now();
      server = await startServe(dataDir, ['--rate-limit', '0']);
      report.restartMs = Date.now() - restartAt;

      // The store as the restarted service sees it.
      const store = openDatabase(file, { readonly: true });
      try {
        expect(store.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
        expect(store.pragma('foreign_key_check')).toEqual([]);
        expect(
          store
            .prepare(
              'SELECT o.order_id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.order_id)',
            )
            .all(),
        ).toEqual([]);
        expect(
          store
            .prepare(
              'SELECT l.order_id FROM order_lines l LEFT JOIN orders o ON o.order_id = l.order_id WHERE o.order_id IS NULL',
            )
            .all(),
        ).toEqual([]);
        expect(
          store
            .prepare(
              `SELECT o.order_id FROM orders o
               WHERE o.state <> 'submitted' OR o.submitted <> 1 OR o.submitted_at IS NULL OR o.subtotal_minor IS NULL
                  OR o.total_minor <> o.subtotal_minor - coalesce(o.discount_minor, 0)
                  OR o.subtotal_minor <> (SELECT sum(l.line_total_minor) FROM order_lines l WHERE l.order_id = o.order_id)`,
            )
            .all(),
        ).toEqual([]);

        const stored = new Map<string, { po: string; lines: Line[] }>();
        const rows = store
          .prepare(
            'SELECT o.order_id, o.customer_po, l.source_part_id, l.quantity FROM orders o JOIN order_lines l ON l.order_id = o.order_id ORDER BY o.order_id, l.line_no',
          )
          .all() as { order_id: number; customer_po: string; source_part_id: string; quantity: number }[];
        for (const r of rows) {
          const order = stored.get(String(r.order_id)) ?? { po: r.customer_po, lines: [] };
          order.lines.push({ item: r.source_part_id, quantity: r.quantity });
          stored.set(String(r.order_id), order);
        }
        // Every confirmed order is there, exactly as sent; every stored order is one that was sent.
        for (const [id, sent] of confirmed) expect([id, stored.get(id)]).toEqual([id, sent]);
        const sentByPo = new Map([...confirmed.values(), ...lostRequests].map((s) => [s.po, s]));
        for (const [id, order] of stored) expect([id, order.lines]).toEqual([id, sentByPo.get(order.po)?.lines]);
        const storedPos = new Set([...stored.values()].map((o) => o.po));
        report.lostButStored = lostThisRound.filter((s) => storedPos.has(s.po)).length;

        // Stock is the initial stock less every submitted line, never below zero.
        for (const item of items) {
          const now = (
            store.prepare('SELECT foh_qty FROM offers WHERE source_part_id = ?').get(item) as { foh_qty: number }
          ).foh_qty;
          const taken = [...stored.values()].reduce(
            (sum, o) => sum + o.lines.filter((l) => l.item === item).reduce((s, l) => s + l.quantity, 0),
            0,
          );
          expect([item, now]).toEqual([item, initial.get(item)! - taken]);
          expect(now).toBeGreaterThanOrEqual(0);
        }
      } finally {
        store.close();
      }
      reports.push(report);
    }

    const final = openDatabase(file, { readonly: true });
    const stock = items.map((id) => ({
      id,
      initial: initial.get(id)!,
      now: (final.prepare('SELECT foh_qty FROM offers WHERE source_part_id = ?').get(id) as { foh_qty: number })
        .foh_qty,
    }));
    const orders = final.prepare('SELECT count(*) AS n FROM orders').get() as { n: number };
    final.close();
    await stopServe(server, 'SIGTERM');

    printRows(`Faults: kill -9 during submitted checkouts (${CLIENTS} clients, ${items.length} items)`, [
      [
        'round',
        'sent',
        'confirmed',
        'refused (out of stock)',
        'answer lost',
        'lost but stored',
        'killed after ms',
        'restart ms',
        'integrity',
      ],
      ...reports.map((r) => [
        r.round,
        r.sent,
        r.confirmed,
        Object.values(r.refused).reduce((a, b) => a + b, 0),
        r.lost,
        r.lostButStored,
        r.killedAfterMs,
        r.restartMs,
        'ok',
      ]),
    ]);
    printRows('Stock', [
      ['item', 'initial', 'now', 'taken'],
      ...stock.map((s) => [s.id, s.initial, s.now, s.initial - s.now]),
    ]);
    process.stdout.write(`orders stored: ${orders.n}; confirmed: ${confirmed.size}\n`);
    writeResultFile('reliability-faults', {
      kills: KILLS,
      clients: CLIENTS,
      rounds: reports,
      stock,
      ordersStored: orders.n,
      confirmed: confirmed.size,
    });
    expect(reports.reduce((n, r) => n + r.lost, 0)).toBeGreaterThan(0);
  });
});
