import type {
  LanguageModelV2Message,
  LanguageModelV2Prompt,
  SharedV2ProviderOptions,
} from '@ai-sdk/provider';
import { mapMessages, mapParts } from './shared.js';
import type { CompatRule, CompatRuleApplyArgs } from './types.js';

/** Provider-option namespaces the Responses API converters read item references from. */
const NAMESPACES = ['openai', 'azure'] as const;
const ITEM_KEYS = ['itemId', 'resultItemId'] as const;

function holdsItemId(options: SharedV2ProviderOptions | undefined): boolean {
  if (!options) return false;
  for (const ns of NAMESPACES) {
    const entry = options[ns];
    if (entry && (entry.itemId !== undefined || entry.resultItemId !== undefined)) return true;
  }
  return false;
}

/** A copy of `options` without item references; empty namespaces (and an empty result) vanish. */
function withoutItemIds(options: SharedV2ProviderOptions): SharedV2ProviderOptions | undefined {
  const next: SharedV2ProviderOptions = { ...options };
  for (const ns of NAMESPACES) {
    const entry = next[ns];
    if (!entry) continue;
    const copy = { ...entry };
    for (const key of ITEM_KEYS) delete copy[key];
    if (Object.keys(copy).length > 0) next[ns] = copy;
    else delete next[ns];
  }
  return Object.keys(next).length > 0 ? next : undefined;
}

/** The value with its `providerOptions` stripped of item references (same object if it has none). */
function stripOptions<T extends { providerOptions?: SharedV2ProviderOptions }>(value: T): T {
  if (!holdsItemId(value.providerOptions)) return value;
  const { providerOptions, ...rest } = value;
  const options = withoutItemIds(providerOptions as SharedV2ProviderOptions);
  return (options ? { ...rest, providerOptions: options } : rest) as T;
}

function strip({ prompt, forced }: CompatRuleApplyArgs): LanguageModelV2Prompt | undefined {
  if (!forced) return undefined;
  return mapMessages(prompt, (message): LanguageModelV2Message => {
    if (message.role !== 'assistant') return message;
    // A message whose reasoning item is present keeps its references: the pair is intact.
    for (const part of message.content) if (part.type === 'reasoning') return message;
    const content = mapParts(message.content, stripOptions);
    const stripped = stripOptions(message);
    return content ? { ...stripped, content } : stripped;
  });
}

/**
 * OpenAI Responses rejects a replayed item reference whose companion item is missing:
 * `Item 'msg_…' of type 'message' was provided without its required 'reasoning' item` (typical
 * after reasoning was dropped or the history came from another model). Reactive only: once that
 * rejection is seen, item ids (`itemId`, `resultItemId` under the `openai` and `azure` provider
 * options) are removed from every outbound assistant message that has no reasoning part, so its
 * content is replayed by value. Stored history is untouched.
 */
export const openaiOrphanItemId: CompatRule = Object.freeze({
  name: 'openai-orphan-item-id',
  errorPatterns: Object.freeze([
    /Item '[^']*' of type '[^']*' was provided without its required '[^']*' item/i,
  ]),
  applyToPrompt: strip,
});
