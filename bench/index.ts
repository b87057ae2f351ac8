/**
 * `npm run bench`: every benchmark, each against a baseline measured in the same run, then
 * `docs/reference/benchmarks.md` rewritten with what they printed, the machine and the date.
 *
 * `npm run bench -- <words>` runs only the benchmarks whose title contains one of the words
 * (case-insensitive) and writes no page unless `--page <path>` names where to write it.
 */
import { fileURLToPath } from 'node:url';
import { captureLog, machineInfo, renderReportPage, writeReportPage } from '../scripts/docs/report-page.js';
import { benchBackgroundLeases } from './background-leases.js';
import { benchCostControl } from './cost-control.js';
import { benchErrorLane } from './error-lane.js';
import { benchGuardrails } from './guardrails.js';
import { benchHistoryScaling } from './history-scaling.js';
import { benchHotPath } from './hot-path.js';
import { benchInjection } from './injection.js';
import { benchLanguageId } from './language-id.js';
import { benchLoad } from './load.js';
import { benchLongToolLoop } from './long-tool-loop.js';
import { benchMemoryAgent } from './memory-agent.js';
import { benchMemoryStore } from './memory-store.js';
import { benchOutputProcessors } from './output-processors.js';
import { benchPgRoundTrips } from './pg-round-trips.js';
import { benchPII } from './pii.js';
import { benchRegexWorstCase } from './regex-worst-case.js';
import { benchResponseCache } from './response-cache.js';
import { benchResumable } from './resumable.js';
import { benchServing } from './serving.js';
import { benchStepOverhead } from './step-overhead.js';
import { benchStreamOverhead } from './stream-overhead.js';
import { benchStructuredOutput } from './structured-output.js';
import { benchTokenLimiter } from './token-limiter.js';
import { benchTokenizers } from './tokenizers.js';
import { benchUsageLedgers } from './usage-ledgers.js';
import { benchWorkflows } from './workflows.js';

const BENCHMARKS: ReadonlyArray<readonly [string, () => Promise<unknown>]> = [
  ['Stream overhead', benchStreamOverhead],
  ['Output processors', benchOutputProcessors],
  ['Step overhead', benchStepOverhead],
  ['Long tool loop', benchLongToolLoop],
  ['History scaling', benchHistoryScaling],
  ['Hot path', benchHotPath],
  ['Error lane', benchErrorLane],
  ['Structured output', benchStructuredOutput],
  ['Tokenizers', benchTokenizers],
  ['Token limiter', benchTokenLimiter],
  ['Response cache', benchResponseCache],
  ['Memory store', benchMemoryStore],
  ['Memory agent', benchMemoryAgent],
  ['PostgreSQL round trips', benchPgRoundTrips],
  ['Background leases', benchBackgroundLeases],
  ['Language identification', benchLanguageId],
  ['PII', benchPII],
  ['Injection', benchInjection],
  ['Regex worst case', benchRegexWorstCase],
  ['Guardrails', benchGuardrails],
  ['Usage ledgers', benchUsageLedgers],
  ['Cost control', benchCostControl],
  ['Workflows', benchWorkflows],
  ['Serving', benchServing],
  ['Resumable serving', benchResumable],
  // Child processes, PostgreSQL and Redis; 50 chats × 5 turns here, SLUICE_LOAD_CHATS=200 for the run.
  ['Load', () => benchLoad()],
];

const args = process.argv.slice(2);
const pageFlag = args.indexOf('--page');
const pagePath = pageFlag >= 0 ? args[pageFlag + 1] : undefined;
if (pageFlag >= 0 && !pagePath)
  throw new Error('--page needs a path: npm run bench -- --page /tmp/benchmarks.md');
const words = args
  // Without --page, pageFlag + 1 is 0: only skip the argument after a --page that is there.
  .filter((arg, index) => arg !== '--page' && (pageFlag < 0 || index !== pageFlag + 1))
  .map((w) => w.toLowerCase());
const selected = words.length
  ? BENCHMARKS.filter(([title]) => words.some((word) => title.toLowerCase().includes(word)))
  : BENCHMARKS;
if (selected.length === 0) {
  throw new Error(
    `no benchmark matches ${words.join(', ')}; titles: ${BENCHMARKS.map(([t]) => t).join(', ')}`,
  );
}

const machine = machineInfo();
console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
const sections = [];
for (const [title, bench] of selected) sections.push({ title, output: await captureLog(bench) });

const target =
  pagePath ??
  (words.length ? undefined : fileURLToPath(new URL('../docs/reference/benchmarks.md', import.meta.url)));
if (target) {
  const page = renderReportPage({
    title: 'Benchmarks',
    intro:
      'Each benchmark runs against a baseline measured in the same process and prints the ratio; absolute ' +
      'numbers vary with the machine and its load, the ratios are what to compare. The goal of each ' +
      'benchmark is stated in its source file in `bench/`.' +
      (words.length ? ' Only the benchmarks the command names ran; `npm run bench` runs them all.' : ''),
    command: words.length ? `npm run bench -- ${words.join(' ')}` : 'npm run bench',
    machine,
    sections,
  });
  writeReportPage(target, page);
}
