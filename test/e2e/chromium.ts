/**
 * Headless Chromium for the end-to-end files. A jest run of them starts one browser (its globalSetup, below) and each
 * file connects to it and opens contexts of its own (each as separate as a new browser's profile), rather than start
 * a browser of its own: some 2 s and 1.7 processor s each of 20 files. Run without the globalSetup (a file run
 * alone through another config), a file starts its own.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
/** The environment variable that carries the shared browser's address to the test files. */
const ENDPOINT = 'PARTSHEET_E2E_CHROMIUM';

function installed(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}; run scripts/ensure-chromium.sh (as root) first.`);
  }
}

/**
 * The run's browser when there is one (closing it disconnects this file only), else a browser of the file's own; also
 * when the run's browser cannot be reached (it crashed during an earlier file): that file's failure is not every later
 * file's too.
 */
export async function launchChromium(): Promise<Browser> {
  installed();
  const shared = process.env[ENDPOINT];
  if (shared) {
    try {
      return await chromium.connect(shared, { timeout: 15_000 });
    } catch (e) {
      process.stderr.write(
        `The run's Chromium cannot be reached (${(e as Error).message}); this file starts its own.\n`,
      );
    }
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** Where globalSetup leaves the browser for globalTeardown (jest loads the two as separate modules). */
const held = globalThis as { partsheetChromium?: BrowserServer };

/** jest's globalSetup for the e2e project: the run's browser (none when Chromium is not installed). */
export async function startSharedChromium(): Promise<void> {
  if (!existsSync(CHROMIUM)) return;
  held.partsheetChromium = await chromium.launchServer({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  process.env[ENDPOINT] = held.partsheetChromium.wsEndpoint();
}

/** jest's globalTeardown for the e2e project. */
export async function stopSharedChromium(): Promise<void> {
  delete process.env[ENDPOINT];
  await held.partsheetChromium?.close();
  delete held.partsheetChromium;
}
