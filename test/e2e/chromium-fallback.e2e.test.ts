/**
 * The end-to-end files share one Chromium (test/e2e/chromium.ts). When it cannot be reached (it crashed during an
 * earlier file), a file starts a browser of its own instead of failing, so one crash fails one file.
 */
import { launchChromium } from './chromium';

test("a run's browser that cannot be reached: the file gets a browser of its own, which works", async () => {
  const before = process.env.PARTSHEET_E2E_CHROMIUM;
  // Nothing listens there: the connection is refused at once.
  process.env.PARTSHEET_E2E_CHROMIUM = 'ws://127.0.0.1:9/gone';
  const said: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((chunk: string) => (said.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<p>priced</p>');
      expect(await page.textContent('p')).toBe('priced');
    } finally {
      await browser.close();
    }
  } finally {
    process.stderr.write = write;
    if (before === undefined) delete process.env.PARTSHEET_E2E_CHROMIUM;
    else process.env.PARTSHEET_E2E_CHROMIUM = before;
  }
  expect(said.join('')).toMatch(/^The run's Chromium cannot be reached \(.+\); this file starts its own\.\n$/s);
});
