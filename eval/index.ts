/**
 * `npm run eval`: scores every offline guardrail detector on the project's own labelled fixtures
 * (generated from templates plus fake values), on the development half and the held-out half,
 * then rewrites `docs/reference/eval.md` with what it printed, the machine and the date.
 * Each suite is a module of this folder exporting `run(): Promise<void>` that prints its figures.
 *
 * Flags are the suites' own (`--tuning` hides the held-out halves); a run with flags writes no
 * page unless `--page <path>` names where to write it.
 */
import { fileURLToPath } from 'node:url';
import { captureLog, machineInfo, renderReportPage, writeReportPage } from '../scripts/docs/report-page.js';

const suites = [
  ['PII detection (`detectPII`)', 'pii'],
  ['Prompt injection (`scoreInjection`)', 'injection'],
] as const;

const args = process.argv.slice(2);
const pageFlag = args.indexOf('--page');
const pagePath = pageFlag >= 0 ? args[pageFlag + 1] : undefined;
if (pageFlag >= 0 && !pagePath) throw new Error('--page needs a path: npm run eval -- --page /tmp/eval.md');
const otherFlags = args.filter((arg, index) => arg !== '--page' && index !== pageFlag + 1);

const machine = machineInfo();
const sections = [];
for (const [title, name] of suites) {
  const mod = (await import(`./${name}.ts`)) as { run: () => Promise<void> };
  sections.push({ title, output: await captureLog(mod.run) });
}

const target =
  pagePath ?? (otherFlags.length ? undefined : fileURLToPath(new URL('../docs/reference/eval.md', import.meta.url)));
if (target) {
  const page = renderReportPage({
    title: 'Guardrail evaluation',
    intro:
      'The offline detectors scored on the project’s labelled fixtures (`eval/`: templates plus seeded fake ' +
      'values, and independent sets written by engineers who never read the detector; `eval/README.md` says ' +
      'how each was made). The development half was tuned on; the held-out half never was. What each detector misses: ' +
      '[PIIDetector](../processors/pii-detector.md), [PromptInjectionDetector](../processors/prompt-injection-detector.md).',
    command: otherFlags.length ? `npm run eval -- ${otherFlags.join(' ')}` : 'npm run eval',
    machine,
    sections,
  });
  writeReportPage(target, page);
}
