import type {
  LanguageModelV2Message,
  LanguageModelV2Prompt,
  LanguageModelV2ToolCallPart,
  LanguageModelV2ToolResultPart,
} from '@ai-sdk/provider';
import { mapMessages, mapParts, modelIdOf, providerOf } from './shared.js';
import type { CompatRule, CompatRuleApplyArgs } from './types.js';

/** The id shape Anthropic (and Bedrock) accept for `tool_use.id` / `tool_use_id`. */
const VALID_ID = /^[a-zA-Z0-9_-]+$/;
const INVALID_CHAR = /[^a-zA-Z0-9_-]/g;

type IdPart = LanguageModelV2ToolCallPart | LanguageModelV2ToolResultPart;

function isIdPart(part: { type: string }): part is IdPart {
  return part.type === 'tool-call' || part.type === 'tool-result';
}

/** Parts that carry a tool-call id: assistant calls (and provider-executed results), tool results. */
function idPartsOf(message: LanguageModelV2Message): readonly { type: string }[] {
  return message.role === 'assistant' || message.role === 'tool' ? message.content : [];
}

/**
 * Claude behind another provider (Bedrock, a gateway) has the same constraint, so the model id
 * counts as well; rewriting is harmless elsewhere because call and result change together.
 */
function targetsAnthropic(model: unknown): boolean {
  return /anthropic/i.test(providerOf(model)) || /claude/i.test(modelIdOf(model));
}

/**
 * New ids for every invalid one: bad characters become `_`; a result that collides with an id
 * already in the prompt (or one assigned earlier) gets `_2`, `_3`, … so pairing stays one-to-one.
 * Valid ids never change.
 */
function planRenames(prompt: LanguageModelV2Prompt): Map<string, string> {
  const taken = new Set<string>();
  const renames = new Map<string, string>();
  for (const message of prompt) {
    for (const part of idPartsOf(message)) {
      if (!isIdPart(part)) continue;
      if (VALID_ID.test(part.toolCallId)) taken.add(part.toolCallId);
      else renames.set(part.toolCallId, '');
    }
  }
  for (const original of renames.keys()) {
    const base = original.replace(INVALID_CHAR, '_') || '_';
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}_${n}`;
    taken.add(candidate);
    renames.set(original, candidate);
  }
  return renames;
}

function hasInvalidId(prompt: LanguageModelV2Prompt): boolean {
  for (const message of prompt) {
    for (const part of idPartsOf(message)) {
      if (isIdPart(part) && !VALID_ID.test(part.toolCallId)) return true;
    }
  }
  return false;
}

function rewrite({ prompt, model, forced }: CompatRuleApplyArgs): LanguageModelV2Prompt | undefined {
  if (!forced && !targetsAnthropic(model)) return undefined;
  // Detect first so the common case (all ids valid) allocates nothing.
  if (!hasInvalidId(prompt)) return undefined;
  const renames = planRenames(prompt);
  const renamePart = <P extends { type: string }>(part: P): P => {
    if (!isIdPart(part)) return part;
    const next = renames.get(part.toolCallId);
    return next === undefined ? part : { ...part, toolCallId: next };
  };
  return mapMessages(prompt, (message) => {
    if (message.role === 'assistant') {
      const content = mapParts(message.content, renamePart);
      return content ? { ...message, content } : message;
    }
    if (message.role === 'tool') {
      const content = mapParts(message.content, renamePart);
      return content ? { ...message, content } : message;
    }
    return message;
  });
}

/**
 * Anthropic requires tool-call ids matching `^[a-zA-Z0-9_-]+$`; ids minted by other providers
 * (e.g. containing `.` or `:`) are rejected. For Anthropic models (or once forced by a matching
 * rejection, for providers the preflight cannot identify) the outbound prompt gets valid ids,
 * rewritten in each call and its paired result together. Stored history keeps the originals.
 */
export const anthropicToolIdFormat: CompatRule = Object.freeze({
  name: 'anthropic-tool-id-format',
  // "A, then B later on the line", with A barred in between: the same test as `A.*B`, but a
  // message repeating A is read once, not once per repetition (`.*` rescans to the line end).
  errorPatterns: Object.freeze([
    /tool_use\.id:(?:(?!tool_use\.id:).)*?should match pattern/i,
    /tool_use_id:(?:(?!tool_use_id:).)*?should match pattern/i,
    /tool_call_id(?:(?!tool_call_id).)*?invalid/i,
    /invalid(?:(?!invalid).)*?tool_call_id/i,
    /toolUseId(?:(?!toolUseId).)*?(?:failed to satisfy constraint|regular expression pattern)/i,
  ]),
  applyToPrompt: rewrite,
});
