import type {
  JSONSchema7,
  LanguageModelV2,
  LanguageModelV3,
  LanguageModelV4,
  SharedV2ProviderOptions,
} from '@ai-sdk/provider';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ToolLike } from '../tools/tool-like.js';
import type { MastraLanguageModel } from './types.js';

/**
 * Call-setting types shared by the agent's options and the processor hooks' arguments. They
 * live below both layers so neither imports the other for them.
 */

/** Any AI SDK language model object Sluice accepts. */
export type LanguageModelObject = LanguageModelV2 | LanguageModelV3 | LanguageModelV4 | MastraLanguageModel;

/** Model given by object, `'provider/model'` router string or config object. */
export type ModelConfig =
  | LanguageModelObject
  | string
  | { id: string; apiKey?: string; url?: string; headers?: Record<string, string> };

/** Tools keyed by the name the model sees. */
export type ToolsInput = Record<string, ToolLike | undefined>;

/** How the model may use tools on a step. */
export type ToolChoice<TOOLS extends string = string> =
  | 'auto'
  | 'none'
  | 'required'
  | { type: 'tool'; toolName: TOOLS };

/** Model call settings (`modelSettings`). */
export interface CallSettings {
  temperature?: number;
  maxOutputTokens?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  stopSequences?: string[];
  seed?: number;
  /** Model-level retries of a failed call (separate from processor retries). Default 0. */
  maxRetries?: number;
  /**
   * Longest one model call may take, in milliseconds: from the request until its response stream
   * ends (retries included). Past it the step fails with a `ProviderCallError` naming model and
   * step. Default: no limit. To bound a whole run, pass `abortSignal: AbortSignal.timeout(ms)`.
   */
  timeoutMs?: number;
  headers?: Record<string, string | undefined>;
}

/** Provider options keyed by provider name (e.g. `{ openai: { reasoningEffort: 'low' } }`). */
export type ProviderOptions = SharedV2ProviderOptions;

/** A structured-output schema: any Standard Schema (zod 3/4, valibot, arktype) or JSON Schema. */
export type StructuredOutputSchema<OUTPUT = unknown> = StandardSchemaV1<unknown, OUTPUT> | JSONSchema7;

/** Where structured-output warnings go (`errorStrategy: 'warn'`). Default: `console.warn`. */
export interface StructuredOutputLogger {
  warn(message: string, ...args: unknown[]): void;
}

/**
 * Structured output: the final answer must match `schema`.
 *
 * Without `model` the agent's own model is asked for JSON on the final step. With `model` the
 * agent's model answers freely (tools included) and a `StructuredOutputProcessor` has `model`
 * turn the final step's answer into the object, once per run.
 */
export interface StructuredOutputOptions<OUTPUT = unknown> {
  schema: StructuredOutputSchema<OUTPUT>;
  /**
   * The structuring model (object, router string or config). Set, a second model structures
   * the answer and the agent's model is not put in JSON mode.
   */
  model?: ModelConfig;
  /** Extra instructions for whichever model produces the JSON (added as a system message). */
  instructions?: string;
  /**
   * `'strict'` (default) makes a non-matching answer an error; `'warn'` logs and leaves
   * `object` undefined; `'fallback'` uses `fallbackValue`.
   */
  errorStrategy?: 'strict' | 'warn' | 'fallback';
  fallbackValue?: OUTPUT;
  /** Ask by instruction instead of the provider's native JSON mode. */
  jsonPromptInjection?: boolean;
  /**
   * With `model`: run the structuring pass as an internal agent (its default error processors
   * retry transient provider failures) instead of one direct model call. Default `false`.
   */
  useAgent?: boolean;
  /** With `model`: provider options of the structuring call. */
  providerOptions?: ProviderOptions;
  /** Where warnings go. Default: `console.warn`. */
  logger?: StructuredOutputLogger;
}
