/**
 * The purchase list's "Cannot be bought" group in the built pane in Chromium at 350 px, against the running service:
 * a BOM asks for one more of a demo part than all its offers hold together (the demo catalog as it is, the part
 * short everywhere by the quantity alone), so the list leads with that part, the BOM it blocks and what that BOM can
 * build after the purchase; its suggestions are one click away, and Use puts one in the BOM and makes the list again.
 * axe finds no serious or critical violation; screenshots in test-output/purchase-blockers-*.png.
 */
import { join } from 'node:path';
import { openDatabase } from '../../service/store/db';
import { familyStem, partKey } from '../../src/suggest';
import { seriousViolations } from './axe';
import { values } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';

const file = paneForFile();

interface DemoPart {
  partNumber: string;
  maker: string;
  /** All its offers' stock together. */
  stock: number;
}

/** An Active IC of the demo catalog with stock, whose family has another Active part in stock in the same package. */
function partWithKin(dataDir: string): DemoPart {
  const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
  const parts = db
    .prepare<[], { part_num: string; status: string; package_type: string; mfr: string; stock: number }>(
      `SELECT p.part_num, p.status, p.package_type, m.mfr_name AS mfr, SUM(o.foh_qty) AS stock
       FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id JOIN offers o ON o.item_id = p.item_id
       WHERE p.description LIKE 'IC %' GROUP BY p.item_id ORDER BY p.item_id`,
    )
    .all();
  db.close();
  for (const p of parts) {
    const stem = familyStem(p.part_num);
    if (p.status !== 'Active' || p.stock <= 0 || p.stock > 500_000 || !stem) continue;
    const kin = parts.find(
      (q) =>
        q.status === 'Active' &&
        q.stock > p.stock &&
        q.package_type === p.package_type &&
        q.part_num !== p.part_num &&
        partKey(q.part_num).startsWith(stem),
    );
    if (kin) return { partNumber: p.part_num, maker: p.mfr, stock: p.stock };
  }
  throw new Error('the demo catalog has no IC in stock with an Active part of its family in the same package');
}

test('a part short at every offer leads the purchase list with the BOM it blocks and a suggestion, at 350 px', async () => {
  const short = partWithKin(file.service.dataDir);
  const need = short.stock + 1;
  const { context, page, problems } = await file.host.open({ width: 350, height: 1100 });
  try {
    await page.getByRole('button', { name: 'Use selection' }).waitFor();
    await page.evaluate(
      ([pn, maker, qty]) => {
        const book = (globalThis as any).__partsheet.book;
        book.addSheet('Board A');
        book.setValues('Board A', 'A1:C2', [
          ['MPN', 'Manufacturer', 'Qty'],
          [pn, maker, qty],
        ]);
        book.select('Board A', 'A1');
      },
      [short.partNumber, short.maker, need] as const,
    );
    await page.getByRole('tab', { name: 'Purchase' }).click();
    await page.getByRole('button', { name: 'Use selection for the BOM range' }).click();
    await page.waitForFunction(
      () => ((globalThis as any).document.querySelector('input[placeholder="Board A!A1:D40"]')?.value ?? '') !== '',
    );
    await page.getByRole('button', { name: 'Add BOM' }).click();
    await page.getByRole('list', { name: 'BOM ranges' }).getByText('Board A', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Make purchase list' }).click();

    const blockers = page.getByRole('group', { name: 'Cannot be bought (1)' });
    await blockers.waitFor({ timeout: 60_000 });
    const item = blockers.getByRole('listitem').first();
    expect(await item.getAttribute('data-kind')).toBe('short');
    const text = (await item.textContent()) ?? '';
    expect(text).toContain(`${short.partNumber} (`);
    expect(text).toContain('1 short at every offer');
    expect(text).toContain('Blocks Board A (0 of 1 builds) after this purchase.');
    expect(await page.getByTestId('purchase-total').textContent()).toMatch(/; 1 short at every offer$/);
    // Said before the total, and on the sheet the part is short.
    const list = await values(page, 'Purchase list', 'A1:A2');
    expect(list[1][0]).toBe(short.partNumber);

    await page.getByRole('button', { name: `Suggestions for ${short.partNumber}` }).click();
    const candidates = page.getByTestId('blocker-candidates');
    await candidates.waitFor({ timeout: 30_000 });
    const first = candidates.locator('li').first();
    expect(await first.getAttribute('data-candidate')).not.toBe(short.partNumber);
    expect(await seriousViolations(page, 'purchase list, cannot be bought')).toEqual([]);
    await blockers.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT, 'purchase-blockers-350.png'), fullPage: true });

    // Use: the candidate written beside the BOM's line, the list made again, the focus on what was done.
    const chosen = (await first.getAttribute('data-candidate'))!;
    await first
      .getByRole('button', { name: new RegExp(`^Use ${chosen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .click();
    const anyway = first.getByRole('button', { name: 'Use anyway' });
    if (await anyway.isVisible().catch(() => false)) await anyway.click();
    const used = page.getByTestId('purchase-used');
    await used.waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => (globalThis as any).document.activeElement?.getAttribute('data-testid') === 'purchase-used',
      undefined,
      { timeout: 60_000 },
    );
    expect(await used.textContent()).toContain(`used for ${short.partNumber} (Board A row 2)`);
    const bom = await values(page, 'Board A', 'D1:D2');
    expect(bom.map((r) => String(r[0]))).toEqual(['Replacement MPN', expect.stringContaining(chosen)]);
    await page.screenshot({ path: join(OUTPUT, 'purchase-blockers-used-350.png'), fullPage: true });
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 240_000);
