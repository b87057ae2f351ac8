/**
 * The inspector page: one self-contained HTML document (no external assets, no requests): a
 * skeleton, the script and styles in ./page/, and the records, inlined as JSON. The same text is served by
 * `sluice inspect` and written by `--html`.
 *
 * Records are attacker-influenced text (a user's messages, a tool's output), so:
 * - the JSON sits in a `<script type="application/json">` block with every `<`, `>` and `&`
 *   escaped (`\u003c`…), so no `</script>` or `<!--` inside a record can end the block, and U+2028 /
 *   U+2029 escaped too, so the text stays valid wherever a script might read it;
 * - the page's script renders record data with `textContent` only (never `innerHTML`);
 * - a Content-Security-Policy allows exactly the page's own inline script and style (by hash) and
 *   nothing else: no network requests, no other scripts, no forms, no frames.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { RunRecord } from '../../tracing/run-record.js';

/** One entry of the page's record list. */
interface PageRecord {
  /** The file's name. */
  name: string;
  record?: RunRecord;
  /** Why the file is not a usable record (a folder may hold other JSON). */
  error?: string;
  /** Shown beside the record (what a `recordTo` recording lacks). */
  note?: string;
}

/** What the page shows. */
export interface InspectorPageData {
  /** What was opened (a file or a folder), for the title. */
  source: string;
  records: PageRecord[];
}

interface Assets {
  style: string;
  script: string;
  csp: string;
}

let assets: Assets | undefined;

function readAsset(name: string): string {
  return readFileSync(new URL(`./page/${name}`, import.meta.url), 'utf8');
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The page's files, read once, and the policy that allows exactly its script and style. */
function pageAssets(): Assets {
  if (assets) return assets;
  const style = readAsset('inspector.css');
  const script = readAsset('inspector.js');
  // The files are inlined: text that closes their element would end it early.
  if (script.toLowerCase().includes('</script')) throw new Error('inspector.js must not contain "</script"');
  if (style.toLowerCase().includes('</style')) throw new Error('inspector.css must not contain "</style"');
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  assets = { style, script, csp };
  return assets;
}

/** The Content-Security-Policy of the page (the server sends it as a header too). */
export function inspectorCsp(): string {
  return pageAssets().csp;
}

const JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON text made safe to place inside a `<script>` element: the characters that could end the
 * element or a comment, and the two line separators, as `\uXXXX` escapes (JSON.parse reads them
 * back unchanged; they can only occur inside strings). One pass, no regular expression.
 */
export function escapeJsonForScript(json: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < json.length; i++) {
    const escaped = JSON_ESCAPES[json[i] as string];
    if (escaped !== undefined) {
      out += json.slice(from, i) + escaped;
      from = i + 1;
    }
  }
  return out + json.slice(from);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  let out = '';
  for (const char of text) out += HTML_ESCAPES[char] ?? char;
  return out;
}

/** The whole inspector page for `data`, as one HTML document. */
export function inspectorPage(data: InspectorPageData): string {
  const { style, script, csp } = pageAssets();
  // Only what the page shows: a loaded record's path (an absolute path on the machine that wrote
  // the page) stays out of a file meant to be attached to bug reports.
  const shown: InspectorPageData = {
    source: data.source,
    records: data.records.map(({ name, record, error, note }) => ({ name, record, error, note })),
  };
  // The skeleton only; what the page draws is built by page/inspector.js from the data block.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${data.source} · Sluice inspector`)}</title>
<link rel="icon" href="data:,">
<style>${style}</style>
</head>
<body>
<header class="top"><h1>Sluice inspector</h1><p id="source"></p></header>
<div class="layout">
<nav id="records" aria-label="Run records"></nav>
<main id="run"><noscript>The inspector needs JavaScript to draw the run.</noscript></main>
<aside id="detail" aria-live="polite"></aside>
</div>
<script type="application/json" id="inspector-data">${escapeJsonForScript(JSON.stringify(shown))}</script>
<script>${script}</script>
</body>
</html>
`;
}
