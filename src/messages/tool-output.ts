import type { JSONValue, LanguageModelV2ToolResultOutput } from '@ai-sdk/provider';
import { isRecord } from './is-record.js';
import type { ToolInvocationUIPart } from './types.js';

/**
 * The `output` of the tool-result sent to the model for a completed tool invocation.
 *
 * The value is `providerMetadata.mastra.modelOutput` when the part carries one (a processor's
 * model-facing rewrite of the result), else the stored `result`. Strings become
 * `{ type: 'text' }`, anything else `{ type: 'json' }` (`undefined` → `null`); an `isError`
 * invocation uses `error-text` / `error-json`.
 */
export function toToolResultOutput(part: ToolInvocationUIPart): LanguageModelV2ToolResultOutput {
  const invocation = part.toolInvocation;
  const mastra = part.providerMetadata?.mastra;
  const hasModelOutput = isRecord(mastra) && 'modelOutput' in mastra && mastra.modelOutput !== undefined;
  const value: unknown = hasModelOutput
    ? mastra.modelOutput
    : invocation.state === 'result'
      ? invocation.result
      : undefined;
  const isError = invocation.state === 'result' && invocation.isError === true;
  // AI SDK tools' toModelOutput already returns the provider-spec output shape: send it as is.
  if (hasModelOutput && isToolResultOutput(value)) return value;
  if (typeof value === 'string') return { type: isError ? 'error-text' : 'text', value };
  return { type: isError ? 'error-json' : 'json', value: (value ?? null) as JSONValue };
}

const OUTPUT_TYPES = new Set(['text', 'json', 'error-text', 'error-json', 'content', 'execution-denied']);

/** True for a value already in `LanguageModelV2ToolResultOutput` form (`{ type, value }`). */
function isToolResultOutput(value: unknown): value is LanguageModelV2ToolResultOutput {
  if (!isRecord(value) || typeof value.type !== 'string' || !OUTPUT_TYPES.has(value.type)) return false;
  return value.type === 'execution-denied' || 'value' in value;
}
