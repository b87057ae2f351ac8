/**
 * The honest check behind `HONEST_CUT` in `train-model.ts`: dev2 batches 7, 8 and 9 scored by the
 * rules as they were when each batch was first scored (commits bb4f2d9, dd820da and the current
 * rules; none had been tuned on its batch) and by a model trained only on the old set and the
 * earlier dev2 batches (forward chaining). Prints rules / model / blends on those 215 lines.
 * Reads the development fixtures only. The old detector sources are written to a temporary
 * directory with `git show` (the repository is not modified).
 *
 * Usage: `npx tsx eval/injection/train-honest.ts`
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scoreInjectionRules } from '../../src/processors/prompt-injection-detector/score.js';
import { atThreshold, recallAtFpr, rocAuc } from './metrics.js';
import { BLEND_WEIGHT, featurize, groupOf, HONEST_CUT, loadDevRows, RULE_KEEP, RULE_KEEP_SHORT, train } from './train-model.js';
import { isShortMessage } from '../../src/processors/prompt-injection-detector/blend.js';
import { MODEL_SHIFT } from '../../src/processors/prompt-injection-detector/model-weights.js';

const DIR = 'src/processors/prompt-injection-detector';
const SOURCES = ['score.ts', 'features.ts', 'semantic.ts', 'decoders.ts', 'normalize.ts', 'scramble.ts'];

async function rulesAt(commit: string): Promise<(t: string) => number> {
  const root = mkdtempSync(join(tmpdir(), `rules-${commit}-`));
  writeFileSync(join(root, 'package.json'), '{"type":"module"}');
  mkdirSync(join(root, DIR), { recursive: true });
  for (const f of SOURCES) writeFileSync(join(root, DIR, f), execFileSync('git', ['show', `${commit}:${DIR}/${f}`]));
  const mod = (await import(pathToFileURL(join(root, DIR, 'score.ts')).href)) as {
    scoreInjection: (t: string) => { score: number };
  };
  return (t) => mod.scoreInjection(t).score;
}

async function main(): Promise<void> {
  const rows = loadDevRows();
  const batchOf = (id: string) => Number(/^dev2-b(\d+)$/.exec(groupOf(id))?.[1] ?? 0);
  const xs = rows.map((r) => featurize(r.text));
  const sig = (z: number) => 1 / (1 + Math.exp(-z));
  const rules: Record<number, (t: string) => number> = {
    7: await rulesAt('bb4f2d9'),
    8: await rulesAt('dd820da'),
    9: scoreInjectionRules,
  };
  const out: Array<{ label: 0 | 1; hard: boolean; rule: number; p: number; keep: number }> = [];
  for (const b of [7, 8, 9]) {
    const tr = rows.map((_, i) => i).filter((i) => batchOf(rows[i]!.id) < b);
    const m = train(tr.map((i) => xs[i]!), tr.map((i) => rows[i]!.label));
    rows.forEach((r, i) => {
      if (batchOf(r.id) !== b) return;
      let z = m.bias;
      for (const s of xs[i]!.slots) z += m.weights[s]! * xs[i]!.value;
      out.push({ label: r.label, hard: r.hard, rule: rules[b]!(r.text), p: sig(z - MODEL_SHIFT), keep: isShortMessage(r.text) ? RULE_KEEP_SHORT : RULE_KEEP });
    });
  }
  const rm = (x: number) => (x < HONEST_CUT ? (0.7 * x) / HONEST_CUT : 0.7 + (0.3 * (x - HONEST_CUT)) / (1 - HONEST_CUT));
  const rep = (name: string, f: (o: (typeof out)[0]) => number) => {
    const s = out.map((o) => ({ score: f(o), label: o.label, hard: o.hard }));
    const at = atThreshold(s, 0.7);
    console.log(
      `${name.padEnd(34)} AUC ${rocAuc(s).toFixed(3)}  recall@1%FPR ${(recallAtFpr(s, 0.01).recall * 100).toFixed(1)}%  ` +
        `recall@2%FPR ${(recallAtFpr(s, 0.02).recall * 100).toFixed(1)}%  @0.7: recall ${(at.recall * 100).toFixed(1)}% hardFPR ${(at.hardFpr * 100).toFixed(1)}%`,
    );
  };
  console.log(`dev2 b7–b9, ${out.length} lines, ${out.filter((o) => o.hard).length} hard negatives`);
  rep('(a) rules as first scored', (o) => o.rule);
  rep('(b) model, forward-chained', (o) => o.p);
  rep('    max(rule, model)', (o) => Math.max(o.rule, o.p));
  rep(`(c) committed blend`, (o) => Math.max(rm(BLEND_WEIGHT * o.rule + (1 - BLEND_WEIGHT) * o.p), o.rule >= o.keep ? o.rule : 0));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
