/** The helper model's side of `ModerationProcessor`: its instructions, the answer schema, and reading the answer. */
import type { JSONSchema7 } from '@ai-sdk/provider';
import { describeJson } from '../../errors/describe-value.js';
import { GuardrailCheckError } from '../guardrails/errors.js';
import type { ModerationCategoryScore } from './offline.js';

const ID = 'moderation';

/** The helper model's answer (api-reference 6.9). */
export interface ModerationResult {
  category_scores: ModerationCategoryScore[] | null;
  reason: string | null;
}

/** The JSON schema the helper model answers in. */
export const RESULT_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: {
    category_scores: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: { category: { type: 'string' }, score: { type: 'number' } },
        required: ['category', 'score'],
      },
    },
    reason: { type: ['string', 'null'] },
  },
  required: ['category_scores', 'reason'],
};

/** The helper's instructions when none are given: score each of `categories` from 0 to 1. */
export function defaultInstructions(categories: readonly string[]): string {
  return [
    'You are a content-safety moderation classifier. Score the text for each of these categories,',
    'from 0 (not present) to 1 (clearly present):',
    categories.map((c) => `- ${c}`).join('\n'),
    'Judge what the text does (insults, threatens, encourages, describes), not which words it uses: quoting, reporting and educational discussion are not violations.',
    'Answer with JSON: {"category_scores": [{"category": "<name>", "score": <0..1>}], "reason": "<short explanation>"}.',
    'Use "category_scores": null when no category applies and "reason": null when nothing is flagged.',
  ].join('\n');
}

/** The helper's answer in the documented shape; anything else is a failed check. */
export function parseResult(answer: unknown): ModerationResult {
  const value = answer as { category_scores?: unknown; reason?: unknown };
  const raw = value.category_scores;
  const reason = typeof value.reason === 'string' ? value.reason : null;
  if (raw === null || raw === undefined) return { category_scores: null, reason };
  let list: unknown[];
  if (Array.isArray(raw)) list = raw;
  else if (typeof raw === 'object')
    list = Object.entries(raw).map(([category, score]) => ({ category, score }));
  else throw badAnswer(answer);
  const scores: ModerationCategoryScore[] = [];
  for (const item of list) {
    const { category, score } = (item ?? {}) as { category?: unknown; score?: unknown };
    const n = typeof score === 'string' ? Number(score) : score;
    if (typeof category !== 'string' || typeof n !== 'number' || !Number.isFinite(n)) throw badAnswer(answer);
    scores.push({ category, score: Math.min(1, Math.max(0, n)) });
  }
  return { category_scores: scores, reason };
}

function badAnswer(answer: unknown): GuardrailCheckError {
  return new GuardrailCheckError(
    ID,
    `${ID}: the helper model's answer is not {"category_scores": [{"category", "score"}] | null, "reason"} (got ${describeJson(answer)}).`,
    { details: { failure: 'bad-shape' } },
  );
}
