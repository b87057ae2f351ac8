/**
 * Reads a JSON object out of a model's free-form answer: the whole text when it is JSON, else
 * the body of a ```json fence, else the first balanced `{…}` in the text (prose around it, a
 * trailing remark). Returns `undefined` when no JSON object can be found.
 *
 * Why lenient: helper models asked for "only JSON" still wrap it in fences or explanations,
 * and a guardrail that fails on that would fail open (or closed) for no reason.
 */
import { firstFencedBlock } from '../../util/code-fence.js';

export function parseLenientJson(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const whole = tryParse(trimmed);
  if (whole !== undefined) return whole;
  const fence = firstFencedBlock(trimmed, ['json', 'JSON']);
  if (fence !== undefined) {
    const inFence = tryParse(fence.trim());
    if (inFence !== undefined) return inFence;
  }
  // First balanced object that parses; strings are skipped so braces inside them do not count.
  for (let start = trimmed.indexOf('{'); start !== -1; start = trimmed.indexOf('{', start + 1)) {
    const end = balancedEnd(trimmed, start);
    if (end === -1) continue;
    const value = tryParse(trimmed.slice(start, end + 1));
    if (value !== undefined) return value;
  }
  return undefined;
}

function tryParse(text: string): unknown {
  if (!text.startsWith('{') && !text.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Index of the `}` closing the object opened at `start`, or -1. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */) depth++;
    else if (c === 125 /* } */) {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
