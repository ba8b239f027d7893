/**
 * axe-core and the keyboard over the built pane: the serious and critical accessibility violations of a view, with
 * every rule checking every element (nothing filtered out), and a walk with Tab and Shift+Tab that records every
 * element the focus lands on that a screen reader would not reach (inside `aria-hidden`, inert, or not shown).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** "view: rule (impact): help: the elements at fault" for each serious or critical violation; [] when none. */
export async function seriousViolations(page: Page, view: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE });
  // Colours are judged at rest: the pointer is moved off the pane (a button left under it after a click shows its
  // hover colours) and every running transition or animation is let finish, so contrast is measured as a user sees it.
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    const doc = (globalThis as any).document;
    const ending = doc
      .getAnimations()
      .filter((a: any) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(ending.map((a: any) => a.finished.catch(() => undefined)));
  });
  const found: Array<{ id: string; impact: string; nodes: string[]; help: string }> = await page.evaluate(async () => {
    const result = await (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n: any) => String(n.html)),
      help: v.help,
    }));
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${view}: ${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((html) => html.slice(0, 160)).join(' | ')}`);
}

/** Where the focus is: a short description, and why a screen reader could not follow it there ('' when it can). */
async function focusNow(page: Page): Promise<{ what: string; hidden: string }> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document;
    const el = doc.activeElement;
    if (!el || el === doc.body || el === doc.documentElement) return { what: 'body', hidden: '' };
    const what = `<${el.tagName.toLowerCase()}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> ${String(
      el.getAttribute('aria-label') ?? el.textContent ?? '',
    )
      .trim()
      .slice(0, 60)}`;
    // A check box or radio button drawn by its control (Fluent's Checkbox and Radio): the native input is transparent
    // over a shown indicator and label, which draw the focus ring, so the keyboard lands on something seen.
    const drawnByItsControl = (input: any): boolean => {
      const parent = input.parentElement;
      if (input.tagName !== 'INPUT' || !['checkbox', 'radio'].includes(input.type) || !parent) return false;
      const box = parent.getBoundingClientRect();
      return (
        parent.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && box.width >= 2 && box.height >= 2
      );
    };
    let hidden = '';
    if (el.closest('[aria-hidden="true"]')) hidden = 'inside aria-hidden';
    else if (el.closest('[inert]')) hidden = 'inert';
    else if (
      typeof el.checkVisibility === 'function' &&
      !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !drawnByItsControl(el)
    )
      hidden = 'not shown';
    else {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) hidden = `${box.width}×${box.height} px`;
    }
    return { what, hidden };
  });
}

/**
 * Presses Tab (then Shift+Tab) up to `presses` times each from where the focus is, and returns every stop where the
 * focus landed on something hidden from screen readers (empty when none), with how many stops were made.
 */
export async function walkFocus(page: Page, presses = 120): Promise<{ stops: string[]; hidden: string[] }> {
  const stops: string[] = [];
  const hidden: string[] = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const at = await focusNow(page);
      stops.push(at.what);
      if (at.hidden) hidden.push(`${key} #${i + 1}: ${at.what} (${at.hidden})`);
    }
  }
  return { stops, hidden };
}
