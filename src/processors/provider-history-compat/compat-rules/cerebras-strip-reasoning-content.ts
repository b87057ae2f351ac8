import type { LanguageModelV2Message, LanguageModelV2Prompt } from '@ai-sdk/provider';
import { mapMessages, mapParts, providerOf, routedProviderOf } from './shared.js';
import type { CompatRule, CompatRuleApplyArgs } from './types.js';

function hasReasoning(message: LanguageModelV2Message): boolean {
  if (message.role !== 'assistant') return false;
  for (const part of message.content) if (part.type === 'reasoning') return true;
  return false;
}

/** Cerebras directly (`cerebras.chat`) or behind a gateway (model id `cerebras/…`). */
function targetsCerebras(model: unknown): boolean {
  return /cerebras/i.test(providerOf(model)) || routedProviderOf(model) === 'cerebras';
}

function strip({ prompt, model, forced }: CompatRuleApplyArgs): LanguageModelV2Prompt | undefined {
  if (!forced && !targetsCerebras(model)) return undefined;
  return mapMessages(prompt, (message) => {
    if (message.role !== 'assistant' || !hasReasoning(message)) return message;
    const content = mapParts(message.content, (part) => (part.type === 'reasoning' ? null : part)) ?? [];
    // An assistant turn that was only reasoning has nothing left to send.
    return content.length > 0 ? { ...message, content } : null;
  });
}

/**
 * Cerebras rejects assistant `reasoning_content` in the request. For Cerebras models — a
 * `cerebras` provider, or a model id `cerebras/…` behind a gateway — (or once forced by that
 * rejection) `reasoning` parts are dropped from outbound assistant messages, and an
 * assistant message left empty is dropped. Memory keeps the reasoning.
 */
export const cerebrasStripReasoningContent: CompatRule = Object.freeze({
  name: 'cerebras-strip-reasoning-content',
  // "A, then B later", with A barred in between: the same test as `A.*B`, linear (see
  // anthropic-tool-id-format.ts).
  errorPatterns: Object.freeze([
    /reasoning_content(?:(?!reasoning_content).)*?(?:not supported|unsupported|unrecognized|unexpected|not allowed|not permitted|extra)/i,
    /(?:unsupported|unrecognized|unexpected|not allowed|extra)(?:(?!unsupported|unrecognized|unexpected|not allowed|extra)[^.])*?reasoning_content/i,
  ]),
  applyToPrompt: strip,
});
