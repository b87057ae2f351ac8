/**
 * The helper-model side of `PIIDetector`: the instructions it is given, the JSON Schema of the
 * answer, and turning a (leniently parsed) answer into detections with spans that are right for
 * the checked text — a model's offsets are often off, so each value is located in the text.
 */
import type { JSONSchema7 } from '@ai-sdk/provider';
import type { PIIResultDetection } from './options.js';

/** JSON Schema of the documented result shape. */
export const PII_RESULT_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: {
    categories: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: { type: { type: 'string' }, score: { type: 'number' } },
        required: ['type', 'score'],
      },
    },
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
          redacted_value: { type: ['string', 'null'] },
        },
        required: ['type', 'value', 'confidence', 'start', 'end'],
      },
    },
    redacted_content: { type: ['string', 'null'] },
  },
  required: ['categories', 'detections'],
};

/**
 * The generated instructions for `types` (used unless `instructions` replaces them). Unless
 * `ignoreDocumentationDomains`, the model is told that e-mails at documentation domains and
 * placeholder mailboxes count, as they do offline.
 */
export function piiInstructions(types: readonly string[], ignoreDocumentationDomains = false): string {
  const emails = ignoreDocumentationDomains
    ? []
    : [
        'E-mail addresses count as PII at any domain, including documentation and test domains (example.com, *.test)',
        'and placeholder mailboxes (someone@, your.email@).',
      ];
  return [
    'You detect personally identifiable information (PII) in text.',
    `Look for these types only: ${types.join(', ')}.`,
    'Report every occurrence with its exact value as it appears in the text, its type, your confidence from 0 to 1,',
    'and its character offsets (start inclusive, end exclusive).',
    'Do not report placeholders, masked values, example values, or text that only talks about PII.',
    ...emails,
    'Answer with JSON: {"categories": [{"type": string, "score": number}] | null,',
    '"detections": [{"type": string, "value": string, "confidence": number, "start": number, "end": number}] | null,',
    '"redacted_content": string | null}.',
  ].join(' ');
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * Detections of a helper-model answer, located in `text`: offsets are kept when they point at
 * the value, otherwise the value is searched for (the occurrence nearest the given offset, not
 * one already taken). Values not in the text are dropped: nothing can be redacted there.
 */
export function detectionsFromAnswer(
  answer: unknown,
  text: string,
  types: ReadonlySet<string>,
): PIIResultDetection[] {
  const list = (answer as { detections?: unknown } | null)?.detections;
  if (!Array.isArray(list)) return [];
  const out: PIIResultDetection[] = [];
  for (const raw of list) {
    if (raw === null || typeof raw !== 'object') continue;
    const d = raw as Record<string, unknown>;
    const type = typeof d.type === 'string' ? d.type : undefined;
    const value = typeof d.value === 'string' ? d.value : undefined;
    if (type === undefined || value === undefined || value === '' || !types.has(type)) continue;
    let start = num(d.start, -1);
    if (text.slice(start, start + value.length) !== value) {
      start = nearest(text, value, start, out);
      if (start < 0) continue;
    }
    out.push({
      type,
      value,
      confidence: Math.min(1, Math.max(0, num(d.confidence, 1))),
      start,
      end: start + value.length,
    });
  }
  return out;
}

function nearest(text: string, value: string, hint: number, taken: readonly PIIResultDetection[]): number {
  let best = -1;
  for (let i = text.indexOf(value); i >= 0; i = text.indexOf(value, i + 1)) {
    if (taken.some((t) => t.start === i)) continue;
    if (best < 0 || Math.abs(i - hint) < Math.abs(best - hint)) best = i;
  }
  return best;
}
