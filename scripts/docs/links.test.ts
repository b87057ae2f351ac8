import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attributeValues, checkSiteLinks } from './links.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function site(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'sluice-links-'));
  for (const [path, html] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), html);
  }
  return dir;
}

describe('the site link check', () => {
  it('accepts links to existing pages, folders, assets and anchors, and ignores external links', () => {
    const root = site({
      'index.html':
        '<a href="/guide/a.html#setup">a</a><a href="guide/">g</a><a href="#top">t</a><h1 id="top"></h1>',
      'guide/index.html': '<a href="./a.html">a</a><a href="../index.html#top">home</a><img src="/logo.svg">',
      'guide/a.html':
        '<h2 id="setup">Setup</h2><a href="https://example.com/x#y">x</a><a href="mailto:a@b.c">m</a>',
      'logo.svg': '<svg/>',
    });
    expect(checkSiteLinks(root)).toEqual({ pages: 3, links: 6, broken: [] });
  });

  it('reports a missing page and a missing anchor, naming the page the link is on', () => {
    const root = site({
      'index.html': '<a href="/gone.html">x</a><a href="/b.html#nowhere">y</a>',
      'b.html': '<h2 id="somewhere"></h2><a href="#also-missing">z</a>',
    });
    expect(checkSiteLinks(root).broken).toEqual([
      { page: '/b.html', link: '#also-missing', problem: 'no id "also-missing" in /b.html' },
      { page: '/index.html', link: '/gone.html', problem: 'no file for /gone.html' },
      { page: '/index.html', link: '/b.html#nowhere', problem: 'no id "nowhere" in /b.html' },
    ]);
  });

  it('reads attribute values with entities decoded', () => {
    expect(attributeValues('<a href="/x?a=1&amp;b=2">', 'href')).toEqual(['/x?a=1&b=2']);
  });
});
