/**
 * Suggestions in the built pane in Chromium at 350 px, against the running service: an obsolete line of the demo
 * catalog → the Suggestions view (its candidates from one prefix list search, the same family first) → a candidate
 * used → the "Replacement MPN" column written beside the BOM's own part number, the BOM priced again with it and
 * its Status saying "suggestion … for …". axe finds no serious or critical violation on the view, before and after;
 * screenshots in test-output/suggestions-*.png.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../service/store/db';
import { familyStem, partKey } from '../../src/suggest';
import { seriousViolations, walkFocus } from './axe';
import { loadBom, values } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';

const file = paneForFile();

/** An obsolete IC of the demo catalog whose family has an Active part in the same package. */
function obsoleteWithFamily(dataDir: string): { partNumber: string; maker: string } {
  const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
  const parts = db
    .prepare<[], { part_num: string; status: string; description: string; package_type: string; mfr: string }>(
      "SELECT p.part_num, p.status, p.description, p.package_type, m.mfr_name AS mfr FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id WHERE p.description LIKE 'IC %' ORDER BY p.item_id",
    )
    .all();
  db.close();
  for (const p of parts) {
    if (p.status !== 'Obsolete') continue;
    const stem = familyStem(p.part_num);
    if (!stem) continue;
    const kin = parts.find(
      (q) =>
        q.status === 'Active' &&
        q.package_type === p.package_type &&
        q.part_num !== p.part_num &&
        partKey(q.part_num).startsWith(stem),
    );
    if (kin) return { partNumber: p.part_num, maker: p.mfr };
  }
  throw new Error('the demo catalog has no obsolete IC with an Active part of its family in the same package');
}

/** Whether anything of the page reaches past the viewport's right edge (the pane scrolls sideways). */
const pageOverflows = (page: Page): Promise<boolean> =>
  page.evaluate(
    () =>
      (globalThis as any).document.documentElement.scrollWidth >
      (globalThis as any).document.documentElement.clientWidth + 1,
  );

test('an obsolete line → Suggestions → a candidate used → the plan and the sheet updated, at 350 px; no serious accessibility violation', async () => {
  const obsolete = obsoleteWithFamily(file.service.dataDir);
  const { context, page, problems } = await file.host.open({ width: 350, height: 1100 });
  const violations: string[] = [];
  try {
    await loadBom(
      page,
      [
        ['Ref', 'MPN', 'Manufacturer', 'Qty'],
        ['U1', obsolete.partNumber, obsolete.maker, 25],
        ['D1', 'SMBJ5.0A', 'Littelfuse', 2],
      ],
      'B2',
    );
    await page.getByRole('button', { name: 'Use selection' }).click();
    await page.getByTestId('bom-counts').waitFor();
    await page.getByRole('button', { name: 'Price BOM' }).click();
    await page.getByText('Prices written').waitFor({ timeout: 60_000 });
    const entry = page.getByRole('region', { name: 'Lines to fix' });
    expect(await entry.textContent()).toMatch(/not Active/);
    await entry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT, 'suggestions-entry-350.png'), fullPage: true });

    await entry.getByRole('button', { name: 'Suggestions' }).click();
    await page.getByTestId('suggestions-count').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('suggestions-count').textContent()).toMatch(
      /problem lines?; candidates found with 1 catalog search\.$/,
    );
    const line = page.getByRole('region', { name: `Row 2: ${obsolete.partNumber}` });
    const cards = line.getByRole('list', { name: 'Suggestions for row 2, best first' }).getByRole('listitem');
    expect(await cards.count()).toBeGreaterThan(0);
    // The best is of the same family and package: an Active part of the line's family in its package exists.
    const first = cards.first();
    expect(await first.getAttribute('data-match')).toBe('same family and package');
    const chosen = (await first.getAttribute('data-candidate'))!;
    expect(chosen).not.toBe(obsolete.partNumber);
    expect(await first.textContent()).toMatch(/Active · [\d,]+ in stock/);
    expect(await first.textContent()).toMatch(/For the line's 25: /);
    expect(await pageOverflows(page)).toBe(false);
    violations.push(...(await seriousViolations(page, 'suggestions')));
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'suggestions-350.png'), fullPage: true });
    // The keyboard reaches the view's buttons, and never anything hidden from a screen reader.
    await page.getByRole('tab', { name: 'BOM' }).focus();
    const walk = await walkFocus(page, 30);
    expect(walk.hidden).toEqual([]);
    for (const reached of ['<button> Back to the BOM', `<button> Use ${chosen}`])
      expect(walk.stops.some((stop) => stop.startsWith(reached))).toBe(true);

    await first
      .getByRole('button', { name: new RegExp(`^Use ${chosen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} .*for row 2$`) })
      .click();
    await page.getByText(`used for ${obsolete.partNumber}`).first().waitFor({ timeout: 60_000 });
    await page.getByTestId('suggestion-now').waitFor({ timeout: 60_000 });
    await page.getByText('Prices written').waitFor({ timeout: 60_000 });

    // The sheet: the BOM's part number as it was, the choice in the pane's own column, the plan buying it.
    const header = (await values(page, 'BOM', 'A1:AD1'))[0].map(String);
    const row = (await values(page, 'BOM', 'A2:AD2'))[0];
    const replacementAt = header.indexOf('Replacement MPN');
    const statusAt = header.indexOf('Status');
    const matchedAt = header.indexOf('Matched part');
    expect(replacementAt).toBeGreaterThan(3);
    expect(row[1]).toBe(obsolete.partNumber);
    expect(String(row[replacementAt])).toMatch(
      new RegExp(`^${chosen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(.+\\))?$`),
    );
    expect(row[matchedAt]).toBe(chosen);
    expect(String(row[statusAt])).toMatch(
      new RegExp(
        `^\\w[\\w ]*: suggestion ${chosen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.* for ${obsolete.partNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(same family and package`,
      ),
    );
    // The pane: the line's status now, the candidate marked used.
    expect(await page.getByTestId('suggestion-now').textContent()).toMatch(
      new RegExp(`^Now: \\w[\\w ]*: suggestion ${chosen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    expect(await first.getByRole('button').textContent()).toBe('Used');
    expect(await pageOverflows(page)).toBe(false);
    violations.push(...(await seriousViolations(page, 'suggestion used')));
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'suggestions-used-350.png'), fullPage: true });

    // Back to the BOM: the line buys the candidate, and is no longer a line to fix.
    await page.getByRole('button', { name: 'Back to the BOM' }).click();
    await page.getByRole('button', { name: 'Refresh all' }).waitFor();
    expect(
      (await page.getByRole('region', { name: 'Lines to fix' }).count()) === 0 ||
        !(await page.getByRole('region', { name: 'Lines to fix' }).textContent())!.includes('not Active'),
    ).toBe(true);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
