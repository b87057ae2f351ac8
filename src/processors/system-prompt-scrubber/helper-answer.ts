/** The helper model's side of `SystemPromptScrubber`: the answer schema, reading the answer, placing its detections. */
import type { JSONSchema7 } from '@ai-sdk/provider';
import { describeJson } from '../../errors/describe-value.js';
import { GuardrailCheckError } from '../guardrails/errors.js';

const ID = 'system-prompt-scrubber';

/** One detected leak (api-reference 6.14 result shape). */
export interface SystemPromptDetection {
  /** `'system-prompt'` (overlap with the system messages), `'custom-pattern'`, or the helper's type. */
  type: string;
  value: string;
  confidence: number;
  start: number;
  /** Exclusive. */
  end: number;
  redacted_value?: string;
}

/** The helper model's answer. */
export interface SystemPromptScrubberResult {
  detections: SystemPromptDetection[] | null;
  reason: string | null;
  redacted_content?: string | null;
}

/** The helper's instructions when none are given. */
export const DEFAULT_INSTRUCTIONS = [
  "You check an AI assistant's output for leaks of its confidential system prompt: verbatim copies, close paraphrases, or descriptions of its hidden instructions.",
  'Answer with JSON: {"detections": [{"type": "system-prompt", "value": "<exact leaked text copied from the output>", "confidence": <0..1>, "start": <index>, "end": <index>}], "reason": "<short explanation>"}.',
  'Use "detections": null when nothing leaks. "value" must be copied exactly from the output.',
].join('\n');

/** The JSON schema the helper model answers in. */
export const RESULT_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: {
    detections: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          value: { type: 'string' },
          confidence: { type: 'number' },
          start: { type: 'number' },
          end: { type: 'number' },
        },
        required: ['type', 'value'],
      },
    },
    reason: { type: ['string', 'null'] },
  },
  required: ['detections', 'reason'],
};

/** The helper's detections, placed by their value in the text (model offsets are often off). */
export function locate(text: string, detections: readonly SystemPromptDetection[]): SystemPromptDetection[] {
  const out: SystemPromptDetection[] = [];
  for (const d of detections) {
    if (d.value === '') continue;
    if (text.slice(d.start, d.end) === d.value) {
      out.push(d);
      continue;
    }
    let at = text.indexOf(d.value);
    while (at !== -1) {
      out.push({ ...d, start: at, end: at + d.value.length });
      at = text.indexOf(d.value, at + d.value.length);
    }
  }
  return out;
}

/** The helper's answer in the documented shape; anything else is a failed check. */
export function parseResult(answer: unknown): SystemPromptScrubberResult {
  const value = answer as { detections?: unknown; reason?: unknown; redacted_content?: unknown };
  const reason = typeof value.reason === 'string' ? value.reason : null;
  if (value.detections === null || value.detections === undefined) return { detections: null, reason };
  if (!Array.isArray(value.detections)) throw badAnswer(answer);
  const detections: SystemPromptDetection[] = [];
  for (const item of value.detections) {
    const d = (item ?? {}) as Record<string, unknown>;
    if (typeof d.value !== 'string') throw badAnswer(answer);
    detections.push({
      type: typeof d.type === 'string' ? d.type : 'system-prompt',
      value: d.value,
      confidence: typeof d.confidence === 'number' ? d.confidence : 1,
      start: Number.isInteger(d.start) ? (d.start as number) : -1,
      end: Number.isInteger(d.end) ? (d.end as number) : -1,
    });
  }
  return { detections, reason };
}

function badAnswer(answer: unknown): GuardrailCheckError {
  return new GuardrailCheckError(
    ID,
    `${ID}: the helper model's answer is not {"detections": [{"type", "value", …}] | null, "reason"} (got ${describeJson(answer)}).`,
    { details: { failure: 'bad-shape' } },
  );
}
