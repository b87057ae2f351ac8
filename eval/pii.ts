/**
 * PII eval: `detectPII()` on the project's generated fixtures (`eval/pii/`), per-type
 * precision / recall / F1 and micro averages, for the development half and the held-out half.
 * `PII_EVAL_ERRORS=1` also lists the development half's mistakes (never the held-out half's:
 * tuning must not look at it).
 */
import { generateFreshPIIFixtures, generatePIIFixtures } from './pii/generate.js';
import { hardCaseFixtures } from './pii/hard-cases.js';
import { type PIIScore, scorePII } from './pii/score.js';

const f3 = (n: number) => n.toFixed(3);

function print(label: string, s: PIIScore): void {
  console.log(`\n${label}: ${s.lines} lines (${s.negatives} look-alike negatives)`);
  console.log('  type            tp   fp   fn  precision  recall     f1');
  for (const [type, t] of s.perType) {
    console.log(
      `  ${type.padEnd(14)} ${String(t.tp).padStart(4)} ${String(t.fp).padStart(4)} ${String(t.fn).padStart(4)}  ${f3(t.precision).padStart(9)}  ${f3(t.recall).padStart(6)}  ${f3(t.f1).padStart(5)}`,
    );
  }
  const m = s.micro;
  console.log(`  micro          ${String(m.tp).padStart(4)} ${String(m.fp).padStart(4)} ${String(m.fn).padStart(4)}  ${f3(m.precision).padStart(9)}  ${f3(m.recall).padStart(6)}  ${f3(m.f1).padStart(5)}`);
  console.log(`  negative lines with any detection: ${s.negativeLinesFlagged} / ${s.negatives}`);
}

/** Prints the PII figures for both halves. */
export async function run(): Promise<void> {
  const fixtures = generatePIIFixtures();
  const langs = new Set(fixtures.map((f) => f.lang));
  console.log(`PII detection (detectPII, threshold 0.6): ${fixtures.length} generated lines in ${langs.size} languages`);
  const dev = scorePII(fixtures.filter((f) => f.half === 'dev'));
  const heldout = scorePII(fixtures.filter((f) => f.half === 'heldout'));
  print('development half', dev);
  print('held-out half', heldout);
  const fresh = generateFreshPIIFixtures();
  print('fresh phrasings (templates written after tuning; not a target, see eval/pii/fresh-templates.ts)', scorePII(fresh));
  const hardDev = scorePII(hardCaseFixtures('dev'));
  print('hard cases, development (hand-written unusual formats and cue-less PII; see eval/pii/hard-cases.ts)', hardDev);
  print('hard cases, held-out (never tuned on; not a target)', scorePII(hardCaseFixtures('heldout')));
  if (process.env.PII_EVAL_ERRORS === '1') {
    console.log('\nhard-case development mistakes:');
    for (const e of hardDev.errors) console.log(`  ${e.kind} ${e.type} ${JSON.stringify(e.value)} in ${JSON.stringify(e.text)}`);
  }
  if (process.env.PII_EVAL_ERRORS === '1') {
    console.log('\ndevelopment-half mistakes:');
    for (const e of dev.errors) console.log(`  ${e.kind} ${e.type} ${JSON.stringify(e.value)} in ${JSON.stringify(e.text)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
