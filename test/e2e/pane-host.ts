/**
 * What the end-to-end test needs around the task pane: the production build (the project's webpack config, into a
 * folder of the test's own), the office.js stand-in bundled for the browser, a small web server for the page that
 * forwards the parts-service paths to the running service (as the dev server does), and headless Chromium.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { sharedBuild, type SharedBuild } from '../helpers/addin-build';
import { startProductionLike, startTestService, type TestService } from '../helpers/service';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import type { GatewayConfig } from '../../gateway/config';
import type { ProductionLikeOptions } from '../../service/production-like';

export { buildAddin, bundleStandin, sharedBuild, type SharedBuild } from '../helpers/addin-build';

export const ROOT = resolve(__dirname, '..', '..');
export const OFFICE_JS = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

function forward(req: IncomingMessage, res: ServerResponse, target: string, path: string): void {
  const url = new URL(path, target);
  const upstream = request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('the parts service is not running');
  });
  req.pipe(upstream);
}

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the built add-in from `dir` and forwards `/itemservice`, `/server-webapp` to the production service and
 * `/test-env/…` to the test environment, like the dev server's proxy; `serviceDelayMs` makes the service slow.
 */
export async function servePane(
  dir: string,
  service: { productionUrl: string; testUrl: string },
  options: { serviceDelayMs?: number } = {},
): Promise<PageServer> {
  const root = resolve(dir);
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/itemservice') || path.startsWith('/server-webapp')) {
      if (options.serviceDelayMs) {
        setTimeout(() => forward(req, res, service.productionUrl, path), options.serviceDelayMs);
        return;
      }
      return forward(req, res, service.productionUrl, path);
    }
    if (path.startsWith('/test-env/')) return forward(req, res, service.testUrl, path.slice('/test-env'.length));
    const file = normalize(join(root, decodeURIComponent(path.split('?')[0])));
    if (!file.startsWith(root + sep) || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

export interface OpenedPane {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors seen so far. */
  problems: string[];
}

export interface PaneOptions {
  query?: string;
  /** Origins besides the page's that the page may reach (a parts service on another origin). */
  allow?: string[];
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** What OfficeRuntime.storage holds when the pane opens (key → text), as a pane opened earlier on this computer left it. */
  storage?: Record<string, string>;
}

/**
 * Opens the built pane from `server` in a new browser context, with the office.js stand-in served for Microsoft's
 * CDN script and every other outside request refused. `query` goes on taskpane.html's address.
 */
export async function openPanePage(
  browser: Browser,
  server: PageServer,
  standin: string,
  options: PaneOptions = {},
): Promise<OpenedPane> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 350, height: options.height ?? 1100 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(OFFICE_JS))
      return route.fulfill({ status: 200, contentType: 'application/javascript', body: standin });
    if (url.startsWith(server.url) || options.allow?.some((origin) => url.startsWith(`${origin}/`)))
      return route.continue();
    return route.abort();
  });
  if (options.storage)
    await context.addInitScript(
      (kept) => ((globalThis as Record<string, unknown>).__partsheetStorage = kept),
      options.storage,
    );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.goto(`${server.url}/taskpane.html${options.query ? `?${options.query}` : ''}`);
  return { context, page, problems };
}

/** Where the end-to-end tests save their screenshots. */
export const OUTPUT = join(ROOT, 'test-output');

/** The parts-service addresses a page server forwards to (a TestService is one). */
export interface ServiceAddresses {
  productionUrl: string;
  testUrl: string;
}

/** What an end-to-end test file drives the built pane with. */
export interface PaneHost {
  /** The built add-in, for a further server of the test's own (servePane). */
  dir: string;
  server: PageServer;
  /** Opens the pane from `server`, or from `options.from`. */
  open(options?: PaneOptions & { from?: PageServer }): Promise<OpenedPane>;
  /** Closes the browser and the server. */
  close(): Promise<void>;
}

/**
 * What an end-to-end test file starts before its tests: the shared build, a server for it forwarding to `service`
 * (which may still be starting: the build goes on meanwhile), headless Chromium, and the screenshot folder.
 */
export async function startPaneHost(service: ServiceAddresses | Promise<ServiceAddresses>): Promise<PaneHost> {
  const [addresses, build] = await Promise.all([service, sharedBuild()]);
  const server = await servePane(build.dir, addresses);
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (e) {
    await server.close();
    throw e;
  }
  mkdirSync(OUTPUT, { recursive: true });
  return {
    dir: build.dir,
    server,
    open: ({ from = server, ...options } = {}) => openPanePage(browser, from, build.standin, options),
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** The pane host and service of one test file; its fields are set once the file's beforeAll has run. */
export interface FilePane {
  host: PaneHost;
  service: TestService;
}

/** Starts the test service and the pane host before the first test of the calling file, and closes both after the last. */
export function paneForFile(): FilePane {
  const file = {} as FilePane;
  beforeAll(async () => {
    file.host = await startPaneHost(startTestService().then((started) => (file.service = started)));
  }, 300_000);
  afterAll(async () => {
    await file.host?.close();
    await file.service?.close();
  });
  return file;
}

/** The built add-in served by a gateway in front of a production-like service, for the tests of one file. */
export interface GatewayPane {
  upstream: TestService;
  gateway: TestGateway;
  /** Opens the pane from the gateway's origin. */
  open(options?: PaneOptions): Promise<OpenedPane>;
}

/**
 * Starts the reference service in production-like mode (`upstream`), a gateway in front of it serving the shared
 * build (`gateway`'s settings over the test gateway's) and headless Chromium before the first test of the calling
 * file, and closes them after the last; read the returned object's fields inside tests and hooks.
 */
export function gatewayPaneForFile(
  upstream: ProductionLikeOptions = {},
  gateway: Partial<GatewayConfig> = {},
): GatewayPane {
  const file = {} as GatewayPane;
  let browser: Browser | undefined;
  beforeAll(async () => {
    let build: SharedBuild;
    [file.upstream, build] = await Promise.all([startProductionLike(upstream), sharedBuild()]);
    file.gateway = await startTestGateway(file.upstream, { addinDir: build.dir, ...gateway });
    const started = await launchChromium();
    browser = started;
    mkdirSync(OUTPUT, { recursive: true });
    file.open = (options = {}) =>
      openPanePage(started, { url: file.gateway.url, close: async () => {} }, build.standin, options);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await file.gateway?.close();
    await file.upstream?.close();
  });
  return file;
}
