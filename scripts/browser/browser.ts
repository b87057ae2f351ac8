/**
 * A small headless-Chromium harness for checks that need a real browser: the docs site's
 * screenshots today, chat and inspector pages later. It drives Debian's `chromium`
 * (`/usr/bin/chromium`, or `CHROMIUM_PATH`) with `playwright-core`, and serves a folder of static
 * files on 127.0.0.1 at a random port.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Flags every launch uses: no sandbox (containers), no GPU, no network or update traffic of its own. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Thrown when no Chromium executable is found. */
export class BrowserNotFoundError extends Error {
  readonly code = 'BROWSER_NOT_FOUND';
  constructor(path: string) {
    super(
      `No Chromium at ${path}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium executable.`,
    );
    this.name = 'BrowserNotFoundError';
  }
}

/** The Chromium executable: `CHROMIUM_PATH`, else `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Launches headless Chromium with {@link CHROMIUM_FLAGS}. Close it with `browser.close()`. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) throw new BrowserNotFoundError(executablePath);
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS], headless: true });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** A static file server on 127.0.0.1 (random port). */
export interface StaticServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  origin: string;
  close(): Promise<void>;
}

/** Serves `dir` read-only; `/x/` serves `/x/index.html`, and a path without extension tries `.html`. */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const root = normalize(dir + sep);
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, pathname));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    if (pathname.endsWith('/')) file = join(file, 'index.html');
    else if (!extname(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    if (!existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${pathname}`);
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * Problems a page reported while loading: failed responses (with their URL), console errors and
 * uncaught exceptions.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} for ${response.url()}`);
  });
  page.on('console', (message) => {
    // A failed load is already reported with its URL by the response handler.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  return errors;
}

/**
 * Opens `url` in a new page of `browser` at a desktop viewport, waits until the network is idle,
 * writes a full-page PNG to `path`, and returns the page's errors (empty when it loaded cleanly).
 */
export async function screenshot(browser: Browser, url: string, path: string): Promise<string[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = collectPageErrors(page);
  try {
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (!response?.ok()) errors.push(`HTTP ${response?.status() ?? 'no response'} for ${url}`);
    await page.screenshot({ path, fullPage: true });
  } finally {
    await page.close();
  }
  return errors;
}
