/**
 * Stand-alone precision of every rule feature over every development set (issue #11 round 4):
 * for each feature, the development lines where it fired and the rule score stood on its own
 * (at least `RULE_KEEP_SHORT` in a short message, `RULE_KEEP` in a document), and how many of
 * them were attacks. A rule score that stands on its own is a certainty claim; a feature whose
 * stand-alone lines are not attacks at least `MIN_STANDALONE_PRECISION` of the time must leave
 * the decision to the blend with the learned model. `--write` rewrites
 * `src/processors/prompt-injection-detector/rule-trust.ts` with the features below the bar.
 * Never reads the held-out half (blind set 7).
 *
 * Usage: `npx tsx eval/injection/rule-precision.ts [--write]`
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { FEATURES } from '../../src/processors/prompt-injection-detector/features.js';
import { MIN_STANDALONE_PRECISION } from '../../src/processors/prompt-injection-detector/rule-trust.js';
import { isShortMessage } from '../../src/processors/prompt-injection-detector/blend.js';
import { scoreInjection, scoreInjectionRules } from '../../src/processors/prompt-injection-detector/score.js';
import { DEV_SETS, type DevRow, loadDevRows, RULE_KEEP, RULE_KEEP_SHORT, setOf } from './train-model.js';

/** Per-feature counts of stand-alone lines. */
export interface FeaturePrecision {
  id: string;
  attacks: number;
  innocent: number;
  /** Innocent stand-alone lines per development set. */
  innocentBySet: Record<string, number>;
  precision: number;
}

/** Measures every evidence feature's stand-alone precision over the development lines. */
export function standalonePrecision(rows: DevRow[] = loadDevRows()): FeaturePrecision[] {
  const evidence = new Set(FEATURES.filter((f) => f.dampens === undefined).map((f) => f.id));
  const stats = new Map<string, FeaturePrecision>();
  for (const r of rows) {
    const rule = scoreInjectionRules(r.text);
    if (rule < (isShortMessage(r.text) ? RULE_KEEP_SHORT : RULE_KEEP)) continue;
    for (const id of new Set(scoreInjection(r.text).signals)) {
      if (!evidence.has(id)) continue;
      const s = stats.get(id) ?? { id, attacks: 0, innocent: 0, innocentBySet: {}, precision: 1 };
      if (r.label === 1) s.attacks++;
      else {
        s.innocent++;
        const set = setOf(r.id);
        s.innocentBySet[set] = (s.innocentBySet[set] ?? 0) + 1;
      }
      stats.set(id, s);
    }
  }
  for (const s of stats.values()) s.precision = s.attacks / (s.attacks + s.innocent);
  return [...stats.values()].sort((a, b) => a.precision - b.precision || b.attacks - a.attacks);
}

/** The features below the bar on `rows`: what `rule-trust.ts` lists when `rows` are every development line. */
export function notStandaloneOn(rows: DevRow[]): Set<string> {
  return new Set(
    standalonePrecision(rows)
      .filter((s) => s.precision < MIN_STANDALONE_PRECISION)
      .map((s) => s.id),
  );
}

function main(): void {
  const rows = standalonePrecision();
  console.log(`stand-alone precision per rule feature over ${DEV_SETS.length} development sets (bar ${MIN_STANDALONE_PRECISION}):`);
  for (const s of rows)
    console.log(
      `${s.precision < MIN_STANDALONE_PRECISION ? 'CAP ' : '    '}${s.id.padEnd(28)} ${String(s.attacks).padStart(4)} attacks ${String(s.innocent).padStart(3)} innocent  precision ${s.precision.toFixed(3)}  ${Object.entries(s.innocentBySet)
        .map(([k, v]) => `${k}:${v}`)
        .join(' ')}`,
    );
  const capped = rows.filter((s) => s.precision < MIN_STANDALONE_PRECISION).map((s) => s.id).sort();
  if (process.argv.includes('--write')) {
    const path = new URL('../../src/processors/prompt-injection-detector/rule-trust.ts', import.meta.url);
    const src = readFileSync(path, 'utf8');
    const list = capped.length === 0 ? '' : `\n${capped.map((id) => `  '${id}',`).join('\n')}\n`;
    writeFileSync(path, src.replace(/new Set<string>\(\[[\s\S]*?\]\)/, `new Set<string>([${list}])`));
    console.log(`wrote ${capped.length} features to rule-trust.ts`);
  }
}

if (process.argv[1]?.endsWith('rule-precision.ts')) main();
