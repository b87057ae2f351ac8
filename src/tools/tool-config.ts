import type { SharedV2ProviderOptions } from '@ai-sdk/provider';
import type { InferSchemaInput, InferSchemaOutput, SchemaInput } from '../schema/index.js';
import type { ToolBackgroundConfig } from './background-option.js';
import type { MaybePromise, ToolExecutionContext } from './types.js';

/** The value `execute` must return: anything, or the outputSchema's input type when there is one. */
export type ToolResultConstraint<TOut> = [TOut] extends [undefined] ? unknown : InferSchemaInput<TOut>;

/** The output `toModelOutput` receives: the outputSchema's output type, else what `execute` returns. */
export type ToolOutputOf<TOut, TResult> = [TOut] extends [undefined] ? TResult : InferSchemaOutput<TOut>;

/**
 * `createTool()` options. `execute`'s `input` is typed from `inputSchema` (its validated output
 * type, so transforms and defaults are applied).
 */
export interface ToolConfig<
  TIn extends SchemaInput | undefined = undefined,
  TOut extends SchemaInput | undefined = undefined,
  TResult = unknown,
  TId extends string = string,
> {
  /** Tool id (the name the model sees is the key you register the tool under). */
  id: TId;
  /** What the tool does, shown to the model. */
  description: string;
  /** Validates and describes the arguments (zod, valibot, arktype, JSON Schema, AI SDK `jsonSchema()`). */
  inputSchema?: TIn;
  /** Validates the value `execute` returns. */
  outputSchema?: TOut;
  /** Runs the tool with validated input. */
  execute?: (input: InferSchemaOutput<TIn>, context: ToolExecutionContext) => MaybePromise<TResult>;
  /** A compact, model-facing form of the output; the raw output is still kept as the result. */
  toModelOutput?: (output: ToolOutputOf<TOut, TResult>) => unknown;
  /** Ask for human approval before running (a boolean or a per-call predicate). */
  requireApproval?:
    | boolean
    | ((input: InferSchemaOutput<TIn>, context?: ToolExecutionContext) => MaybePromise<boolean>);
  /** Provider options attached to the tool definition sent to the model. */
  providerOptions?: SharedV2ProviderOptions;
  /** Ask providers that support it for strict argument generation. */
  strict?: boolean;
  /** Human-readable title (UIs). */
  title?: string;
  /**
   * Longest one call may run, in milliseconds. Past it the call ends with a `TOOL_TIMEOUT` error
   * the model sees, and the `abortSignal` `execute` received fires. Default: no limit (bound a
   * whole run with the call's `abortSignal`).
   */
  timeoutMs?: number;
  /**
   * Let calls of this tool run in the background (`sluice/background`): `enabled`, the
   * `defaultDisposition` (`'deferred'` or `'foreground'`), the task's `timeoutMs` /
   * `maxRetries`, an awaited call's `waitTimeoutMs`, and `onComplete` / `onFailed` callbacks.
   * An agent's `backgroundTasks` option can opt the tool in or out.
   */
  background?: ToolBackgroundConfig;
}
