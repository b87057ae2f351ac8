/**
 * The inspector in headless Chromium (issue 37, item 2), both as the `--html` file and as the page
 * `sluice inspect <folder>` serves: the timeline has a row per hook invocation, grouped by step
 * attempt; the tripwire and the cache hit are marked; clicking a hook shows its before/after diff
 * or its reason; record text stays text; and no request leaves the page (the only request is the
 * page itself). The screenshot goes to docs/.screenshots/inspector.png (next to the docs site's).
 *
 * Needs Chromium (`/usr/bin/chromium` or `CHROMIUM_PATH`): skipped loudly without it, a failure
 * under CI.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, collectPageErrors, launchBrowser } from '../../../scripts/browser/browser.js';
import type { RunRecord } from '../../tracing/run-record.js';
import type { CliIo } from '../command.js';
import { main } from '../main.js';
import { runCli } from '../testing/run-cli.js';
import { sampleCache, sampleRecording, sampleRun } from '../testing/sample-runs.js';
import { serveInspector } from './server.js';

/** Where the screenshot of the served inspector is written (gitignored; CI keeps docs/.screenshots/). */
const SCREENSHOT = fileURLToPath(new URL('../../../docs/.screenshots/inspector.png', import.meta.url));

function chromiumAvailable(): boolean {
  if (existsSync(chromiumPath())) return true;
  const ci = process.env.CI;
  if (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0') {
    throw new Error(
      `Chromium is required under CI but ${chromiumPath()} does not exist: apt-get install -y chromium.`,
    );
  }
  console.warn(
    `\n⚠ SKIPPING the inspector browser tests (src/cli/inspect/inspector-page.test.ts): no Chromium at ${chromiumPath()}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.\n`,
  );
  return false;
}

const suite = chromiumAvailable() ? describe : describe.skip;

/** Text a hostile record could carry: markup that would load a resource if it were ever parsed as HTML. */
const HOSTILE = 'Weather in Lisbon? </script><img src="http://127.0.0.1:9/pwned.png"> Call me at 555-0100.';

let browser: Browser;
let dir: string;
let folder: string;
let plain: RunRecord;
let cached: RunRecord;

beforeAll(async () => {
  if (!existsSync(chromiumPath())) return;
  browser = await launchBrowser();
  const cache = sampleCache();
  plain = await sampleRun({ cache, prompt: HOSTILE });
  // The same conversation again: the response cache answers a model call.
  cached = await sampleRun({ cache, prompt: HOSTILE });
  dir = mkdtempSync(join(tmpdir(), 'sluice-inspector-'));
  folder = join(dir, 'runs');
  mkdirSync(folder);
  writeFileSync(join(folder, 'first.json'), JSON.stringify(plain));
  writeFileSync(join(folder, 'second.json'), JSON.stringify(cached));
  writeFileSync(join(folder, 'settings.json'), '{"not":"a record"}');
});

afterAll(async () => {
  await browser?.close();
});

/** Opens `url`; every request the page makes is collected (the page itself included). */
async function open(url: string): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const errors = collectPageErrors(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('.timeline');
  return { page, requests, errors };
}

/** The timeline as the page shows it: each phase's title and its hook rows (processor, hook). */
async function timeline(page: Page) {
  return page.$$eval('.phase', (phases) =>
    phases.map((phase) => ({
      title: phase.querySelector('h3')?.textContent,
      hooks: [...phase.querySelectorAll('.hook')].map(
        (row) =>
          `${row.querySelector('.processor')?.textContent} ${row.querySelector('.hook-name')?.textContent}`,
      ),
    })),
  );
}

/** The timeline the record says the page must show. */
function expectedTimeline(record: RunRecord) {
  const title = (hook: RunRecord['hooks'][number]) =>
    hook.stepNumber === undefined
      ? hook.hook === 'processInput'
        ? 'Before the steps'
        : 'After the steps'
      : `Step ${hook.stepNumber} · attempt ${hook.attempt}`;
  const phases: Array<{ title: string; hooks: string[] }> = [];
  for (const hook of record.hooks) {
    let phase = phases.find((p) => p.title === title(hook));
    if (!phase) {
      phase = { title: title(hook), hooks: [] };
      phases.push(phase);
    }
    phase.hooks.push(`${hook.processorId} ${hook.hook}`);
  }
  return phases;
}

suite('inspector page in Chromium', () => {
  it('--html: one static file draws every hook of the run by step, marks the tripwire, and makes no request', async () => {
    const out = join(dir, 'inspector.html');
    const written = await runCli(['inspect', join('runs', 'first.json'), '--html', out], dir);
    expect(written.code).toBe(0);
    const url = pathToFileURL(out).href;
    const { page, requests, errors } = await open(url);
    try {
      expect(await timeline(page)).toEqual(expectedTimeline(plain));
      expect(await page.locator('.hook').count()).toBe(plain.hooks.length);
      // The tripwire stands out: its row is marked, badged and coloured unlike a row that passed.
      const tripwire = page.locator('.hook.has-tripwire');
      expect(await tripwire.count()).toBe(1);
      expect(await tripwire.locator('.processor').textContent()).toBe('celsius-guard');
      expect(await tripwire.locator('.badge-tripwire').textContent()).toBe('tripwire · retry');
      const background = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor);
      expect(await background('.hook.has-tripwire')).not.toBe(await background('.hook.outcome-passed'));
      // Clicking the redacting hook shows its edit: before and after, the changed middle marked.
      await page.locator('.hook', { hasText: 'redact-phone' }).click();
      expect(await page.locator('#detail h2').textContent()).toBe('redact-phone · processInput');
      expect(await page.locator('#detail del').textContent()).toBe('555-0100');
      expect(await page.locator('#detail ins').textContent()).toBe('[PHONE]');
      // Record text is text: the markup in the user's message is shown, never parsed.
      expect(await page.locator('#detail .before-after .side').first().textContent()).toContain(
        '</script><img src="http://127.0.0.1:9/pwned.png">',
      );
      expect(await page.locator('img').count()).toBe(0);
      // Clicking the tripwire shows its reason.
      await tripwire.click();
      expect(await page.locator('#detail .tripwire-reason .reason-text').textContent()).toBe(
        'Give the temperature in °C.',
      );
      expect(requests).toEqual([url]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('served folder: lists its records, marks the cache hit, shows a hook’s diff; only the page is requested', async () => {
    const server = await serveInspector(folder, 0, 'runs');
    const { page, requests, errors } = await open(server.url);
    try {
      expect(await page.locator('#records .record-name').allTextContents()).toEqual([
        'first.json',
        'second.json',
        'settings.json',
      ]);
      expect(await page.locator('#records .record-item.invalid').count()).toBe(1);
      await page.locator('#records .record-item', { hasText: 'second.json' }).click();
      expect(await timeline(page)).toEqual(expectedTimeline(cached));
      const hits = cached.modelCalls.filter((call) => call.cacheHit).length;
      expect(hits).toBeGreaterThan(0);
      expect(await page.locator('.model-call.cache-hit .badge-cache').count()).toBe(hits);
      expect(await page.locator('.hook.outcome-retried').count()).toBe(
        cached.hooks.filter((hook) => hook.outcome === 'retried').length,
      );
      await page.locator('.hook', { hasText: 'redact-phone' }).click();
      expect(await page.locator('#detail ins').textContent()).toBe('[PHONE]');
      await page.locator('.hook.has-tripwire').click();
      mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      // The file that is not a record says why.
      await page.locator('#records .record-item', { hasText: 'settings.json' }).click();
      expect(await page.locator('#run .file-error').textContent()).toContain(
        'not a run record: version must be 1',
      );
      expect(requests).toEqual([server.url]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  });

  it('the server answers only its own host name (DNS rebinding) and only the page', async () => {
    const server = await serveInspector(folder);
    try {
      const status = (path: string, host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(`${server.url.slice(0, -1)}${path}`, { headers: { host } }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      const { port } = new URL(server.url);
      expect(await status('/', `127.0.0.1:${port}`)).toBe(200);
      expect(await status('/', `localhost:${port}`)).toBe(200);
      expect(await status('/', `attacker.example:${port}`)).toBe(421);
      expect(await status('/records.json', `127.0.0.1:${port}`)).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('`sluice inspect <folder>` prints the address, serves until stopped, then exits 0', async () => {
    let stop: () => void = () => {};
    let printed = '';
    const io: CliIo = {
      stdout: (text) => {
        printed += text;
      },
      stderr: () => {},
      cwd: dir,
      stopped: new Promise<void>((resolve) => {
        stop = resolve;
      }),
    };
    const exit = main(['inspect', 'runs'], io);
    await expect.poll(() => printed).toContain('inspector: http://127.0.0.1:');
    const url = printed.slice(printed.indexOf('http://'), printed.indexOf('/ ') + 1);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await response.text()).toContain('second.json');
    stop();
    expect(await exit).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
  });

  it('a failed recordTo recording: a coloured failed badge, the run’s error, and the refused call marked with its error', async () => {
    const recordings = join(dir, 'recordings');
    mkdirSync(recordings);
    const file = await sampleRecording(recordings, {
      failWith: Object.assign(new Error('This model is overloaded.'), {
        statusCode: 400,
        isRetryable: false,
      }),
    });
    const out = join(dir, 'failed.html');
    expect((await runCli(['inspect', file, '--html', out], dir)).code).toBe(0);
    const { page, errors } = await open(pathToFileURL(out).href);
    try {
      expect(await page.locator('.summary .badge-failed').textContent()).toBe('failed');
      expect(await page.locator('.summary .error-text').textContent()).toBe(
        'ProviderCallError [PROVIDER_CALL_FAILED]: Model "scripted/sample-1" failed at step 1 (HTTP 400): This model is overloaded.',
      );
      expect(await page.locator('.summary .note').textContent()).toContain('A recordTo recording');
      // The refused call is marked failed with its error; the call before it is not.
      expect(await page.locator('.model-call').count()).toBe(2);
      expect(await page.locator('.model-call.failed').count()).toBe(1);
      expect(await page.locator('.model-call.failed .error-text').textContent()).toBe(
        'Error (HTTP 400): This model is overloaded.',
      );
      const color = (selector: string) =>
        page
          .locator(selector)
          .evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor);
      expect(await color('.summary .badge-failed')).not.toBe(await color('body'));
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
