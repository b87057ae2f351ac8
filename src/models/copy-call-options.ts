import type { ModelCallOptions } from './types.js';

/**
 * The call options every spec version shares, copied key by key (not rest-then-spread: one
 * object per call, no key enumeration), around a prompt and tools already in the target spec.
 */
export function copyCallOptions(options: ModelCallOptions, prompt: unknown, tools: unknown[] | undefined) {
  return {
    prompt,
    tools,
    toolChoice: options.toolChoice,
    responseFormat: options.responseFormat,
    maxOutputTokens: options.maxOutputTokens,
    temperature: options.temperature,
    topP: options.topP,
    topK: options.topK,
    presencePenalty: options.presencePenalty,
    frequencyPenalty: options.frequencyPenalty,
    stopSequences: options.stopSequences,
    seed: options.seed,
    headers: options.headers,
    providerOptions: options.providerOptions,
    includeRawChunks: options.includeRawChunks,
    abortSignal: options.abortSignal,
  };
}
