/**
 * The inspector page is one self-contained document: record text cannot end the data block or
 * the page's script (`</script>`, `<!--`, U+2028/2029 are escaped and read back unchanged), and a
 * strict Content-Security-Policy allows exactly the page's own script and style, nothing else.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../tracing/run-record.js';
import { sampleRun } from '../testing/sample-runs.js';
import { escapeJsonForScript, inspectorCsp, inspectorPage } from './page.js';

const between = (text: string, start: string, end: string): string => {
  const from = text.indexOf(start) + start.length;
  return text.slice(from, text.indexOf(end, from));
};

describe('inspector page', () => {
  it('record text that would close the data block or start a comment is escaped and reads back unchanged', async () => {
    const record: RunRecord = await sampleRun({
      prompt: 'hi </script><script>alert(1)</script> <!-- \u2028\u2029 & 555-0100',
    });
    const page = inspectorPage({ source: 'run.json', records: [{ name: 'run.json', record }] });
    const json = between(page, '<script type="application/json" id="inspector-data">', '</script>');
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(json).not.toContain('\u2029');
    expect(JSON.parse(json).records[0].record).toEqual(record);
    // The page has exactly its own two script elements.
    expect(page.split('<script').length - 1).toBe(2);
  });

  it('escapeJsonForScript leaves every other character alone', () => {
    expect(escapeJsonForScript('{"a":"x<y>&\u2028z"}')).toBe('{"a":"x\\u003cy\\u003e\\u0026\\u2028z"}');
    expect(escapeJsonForScript('plain')).toBe('plain');
  });

  it('a CSP meta allows only the inline script and style by hash: no requests, no other code', () => {
    const page = inspectorPage({ source: 'x', records: [] });
    const csp = inspectorCsp();
    expect(page).toContain(
      `<meta http-equiv="Content-Security-Policy" content="${csp.split("'").join('&#39;')}">`,
    );
    const script = between(page, '<script>', '</script>');
    const style = between(page, '<style>', '</style>');
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      `script-src ${hash(script)}`,
      `style-src ${hash(style)}`,
      'img-src data:',
      "base-uri 'none'",
      "form-action 'none'",
    ]);
  });

  it('the page’s script never writes HTML: record data reaches the document as text only', async () => {
    const { readFileSync } = await import('node:fs');
    const script = readFileSync(new URL('./page/inspector.js', import.meta.url), 'utf8');
    for (const sink of [
      'innerHTML',
      'outerHTML',
      'insertAdjacentHTML',
      'document.write',
      'eval(',
      'new Function',
    ]) {
      expect(script, sink).not.toContain(sink);
    }
  });

  it('the source name in the title is HTML-escaped', () => {
    const page = inspectorPage({ source: '<img src=x>.json', records: [] });
    expect(page).toContain('<title>&lt;img src=x&gt;.json · Sluice inspector</title>');
  });
});
