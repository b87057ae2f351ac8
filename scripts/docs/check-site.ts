/**
 * `npm run docs:check` (run by `.ci/run` after `npm run docs:build`): the built site has no broken
 * internal link or anchor, and headless Chromium renders the home page and a guide page without
 * errors; their screenshots go to `docs/.screenshots/`.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser, screenshot, serveStatic } from '../browser/browser.js';
import { checkSiteLinks } from './links.js';

const dist = fileURLToPath(new URL('../../docs/.vitepress/dist/', import.meta.url));
const shots = fileURLToPath(new URL('../../docs/.screenshots/', import.meta.url));

const { pages, links, broken } = checkSiteLinks(dist);
for (const { page, link, problem } of broken) console.error(`broken link on ${page}: ${link} (${problem})`);
console.log(`links: ${links} internal links on ${pages} pages, ${broken.length} broken`);

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'guide-memory', path: '/guides/memory.html' },
] as const;

mkdirSync(shots, { recursive: true });
const server = await serveStatic(dist);
const browser = await launchBrowser();
const pageErrors: string[] = [];
try {
  for (const { name, path } of PAGES) {
    const file = `${shots}${name}.png`;
    const errors = await screenshot(browser, server.origin + path, file);
    for (const error of errors) pageErrors.push(`${path}: ${error}`);
    console.log(`screenshot: ${file}${errors.length ? ` (${errors.length} errors)` : ''}`);
  }
} finally {
  await browser.close();
  await server.close();
}
for (const error of pageErrors) console.error(error);
if (broken.length > 0 || pageErrors.length > 0) process.exit(1);
