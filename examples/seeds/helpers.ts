/**
 * Stand-ins for names the seed examples use without defining them (`agent`, `input`,
 * `evaluateQuality`, `runModeration`, `monitor`, …). Each is a small, honest implementation so
 * the examples typecheck and run offline; none of them is part of Sluice.
 */
import { Agent } from 'sluice/agent';

/** The `agent` the seeds call `generate()`/`stream()` on without showing its construction. */
export const agent = new Agent({
  id: 'example-agent',
  name: 'example-agent',
  instructions: 'You are a helpful assistant.',
  model: 'openai/gpt-5-mini',
});

/** The `input` the response-cache examples pass to `agent.stream()`. */
export const input = 'What is the capital of France?';

/** Heuristic validity check: a non-empty answer of at least a few words. */
export async function validateResponse(text: string | undefined): Promise<boolean> {
  return (text ?? '').trim().split(/\s+/).filter(Boolean).length >= 3;
}

/** Heuristic quality score in [0, 1]: longer, multi-sentence answers score higher. */
export async function evaluateQuality(text: string | undefined): Promise<number> {
  const words = (text ?? '').trim().split(/\s+/).filter(Boolean).length;
  const sentences = (text ?? '').split(/[.!?]+/).filter((s) => s.trim()).length;
  return Math.min(1, words / 50) * 0.7 + Math.min(1, sentences / 3) * 0.3;
}

/**
 * Same heuristic, under the name the reference page uses.
 * @alias
 */
export const evaluateResponseQuality = evaluateQuality;

/** Result of `runModeration()`. */
export interface ModerationResult {
  requiresChange: boolean;
  moderatedText: string;
  reason?: string;
}

const FLAGGED = /\b(damn|hell)\b/gi;

/** Word-list moderation: masks flagged words and says whether anything changed. */
export async function runModeration(text: string): Promise<ModerationResult> {
  const moderatedText = text.replace(FLAGGED, (word) => '*'.repeat(word.length));
  const requiresChange = moderatedText !== text;
  return { requiresChange, moderatedText, reason: requiresChange ? 'profanity' : undefined };
}

/** The client-side UI update in the custom-chunk example. */
export function updateDisplayedMessage(text: string): void {
  console.log(`[ui] ${text}`);
}

/** External monitoring used by the violation-callback example. */
export const monitor = {
  track(event: string, properties: Record<string, unknown>): void {
    console.log(`[monitor] ${event}`, properties);
  },
};

/** Alerting used by the violation-callback example. */
export const alertSystem = {
  notify(message: string): void {
    console.warn(`[alert] ${message}`);
  },
};
