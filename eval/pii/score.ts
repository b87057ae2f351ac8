/**
 * Scoring of the PII eval: a detection counts as a true positive only with the exact type and
 * exact span of a labelled one; everything else reported is a false positive, everything
 * labelled and missed a false negative. Per type and micro-averaged.
 */
import { detectPII } from '../../src/processors/pii-detector/detect/index.js';
import type { PIIType } from '../../src/processors/pii-detector/detect/types.js';
import type { PIIFixture } from './generators/templates/generate.js';

export interface TypeScore {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface PIIScore {
  lines: number;
  negatives: number;
  perType: Map<PIIType, TypeScore>;
  micro: TypeScore;
  /** Negative lines on which anything was reported. */
  negativeLinesFlagged: number;
  /** Examples of mistakes, for tuning on the development half. */
  errors: Array<{ id: string; text: string; kind: 'fp' | 'fn'; type: PIIType; value: string }>;
}

/** The threshold the eval applies: `PIIDetector`'s default. */
export const EVAL_MIN_CONFIDENCE = 0.6;

function ratio(a: number, b: number): number {
  return b === 0 ? 1 : a / b;
}

function finish(c: { tp: number; fp: number; fn: number }): TypeScore {
  const precision = ratio(c.tp, c.tp + c.fp);
  const recall = ratio(c.tp, c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1 };
}

/**
 * Scores `detectPII` on `fixtures` at the default threshold. The fixtures were labelled when
 * addresses at documentation domains (`user@example.com`) scored below the threshold, and use
 * them as negatives; they are scored with `ignoreDocumentationDomains: true`, the option that
 * keeps that convention (by default such addresses are flagged — see
 * `documentation-emails.test.ts`). Every other type is scored as the default detector sees it.
 */
export function scorePII(fixtures: readonly PIIFixture[]): PIIScore {
  const counts = new Map<PIIType, { tp: number; fp: number; fn: number }>();
  const bump = (type: PIIType, key: 'tp' | 'fp' | 'fn') => {
    let c = counts.get(type);
    if (c === undefined) {
      c = { tp: 0, fp: 0, fn: 0 };
      counts.set(type, c);
    }
    c[key]++;
  };
  const errors: PIIScore['errors'] = [];
  let negativeLinesFlagged = 0;
  for (const f of fixtures) {
    const found = detectPII(f.text, { minConfidence: EVAL_MIN_CONFIDENCE, ignoreDocumentationDomains: true });
    if (f.negative && found.length > 0) negativeLinesFlagged++;
    const matched = new Set<number>();
    for (const d of found) {
      const i = f.spans.findIndex((s, j) => !matched.has(j) && s.type === d.type && s.start === d.start && s.end === d.end);
      if (i >= 0) {
        matched.add(i);
        bump(d.type, 'tp');
      } else {
        bump(d.type, 'fp');
        errors.push({ id: f.id, text: f.text, kind: 'fp', type: d.type, value: d.value });
      }
    }
    f.spans.forEach((s, j) => {
      if (matched.has(j)) return;
      bump(s.type, 'fn');
      errors.push({ id: f.id, text: f.text, kind: 'fn', type: s.type, value: f.text.slice(s.start, s.end) });
    });
  }
  const perType = new Map<PIIType, TypeScore>();
  const total = { tp: 0, fp: 0, fn: 0 };
  for (const [type, c] of [...counts].sort((a, b) => a[0].localeCompare(b[0]))) {
    perType.set(type, finish(c));
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
  }
  return {
    lines: fixtures.length,
    negatives: fixtures.filter((f) => f.negative).length,
    perType,
    micro: finish(total),
    negativeLinesFlagged,
    errors,
  };
}
