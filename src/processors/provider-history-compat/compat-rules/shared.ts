import type { LanguageModelV2Message, LanguageModelV2Prompt } from '@ai-sdk/provider';

/** The model's `provider` string, or `''` when it has none. */
export function providerOf(model: unknown): string {
  if (typeof model !== 'object' || model === null) return '';
  const provider = (model as { provider?: unknown }).provider;
  return typeof provider === 'string' ? provider : '';
}

/** The model's `modelId`, or `''` when it has none. */
export function modelIdOf(model: unknown): string {
  if (typeof model !== 'object' || model === null) return '';
  const modelId = (model as { modelId?: unknown }).modelId;
  return typeof modelId === 'string' ? modelId : '';
}

/**
 * The provider a gateway routes the call to, read from the model id's prefix: `'cerebras'` for
 * `'cerebras/llama-3.3-70b'` (AI Gateway, OpenRouter and OpenAI-compatible gateways name models
 * `provider/model`). Lower-cased; `''` when the id has no `/`.
 */
export function routedProviderOf(model: unknown): string {
  const modelId = modelIdOf(model);
  const slash = modelId.indexOf('/');
  return slash > 0 ? modelId.slice(0, slash).toLowerCase() : '';
}

/**
 * Copy-on-write map over a prompt: `fn` returns the same message (unchanged), a replacement,
 * or `null` to drop it. The new array is only allocated at the first change; `undefined` means
 * nothing changed. One pass.
 */
export function mapMessages(
  prompt: LanguageModelV2Prompt,
  fn: (message: LanguageModelV2Message) => LanguageModelV2Message | null,
): LanguageModelV2Prompt | undefined {
  let out: LanguageModelV2Message[] | undefined;
  for (let i = 0; i < prompt.length; i++) {
    const message = prompt[i] as LanguageModelV2Message;
    const next = fn(message);
    if (out) {
      if (next) out.push(next);
    } else if (next !== message) {
      out = prompt.slice(0, i);
      if (next) out.push(next);
    }
  }
  return out;
}

/**
 * Copy-on-write map over a content array, as {@link mapMessages}: `undefined` when every part
 * came back unchanged.
 */
export function mapParts<P>(parts: readonly P[], fn: (part: P) => P | null): P[] | undefined {
  let out: P[] | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as P;
    const next = fn(part);
    if (out) {
      if (next !== null) out.push(next);
    } else if (next !== part) {
      out = parts.slice(0, i);
      if (next !== null) out.push(next);
    }
  }
  return out;
}
