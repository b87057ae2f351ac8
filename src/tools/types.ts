import type { JSONSchema7, SharedV2ProviderOptions } from '@ai-sdk/provider';
import type { MastraDBMessage, ModelMessage } from '../messages/types.js';
import type { ModelTool } from '../models/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import type { DataChunkType } from '../stream/chunk-types.js';
import type { ToolExecutionError } from './tool-execution-error.js';

/** A value or a promise of it. */
export type MaybePromise<T> = T | Promise<T>;

/** The writer a tool gets while it runs. */
export interface ToolStream {
  /** Emit a custom `data-*` chunk on the agent's stream. */
  custom(chunk: DataChunkType): Promise<void>;
  /** Emit intermediate tool output (a `tool-output` chunk). */
  write(data: unknown): Promise<void>;
}

/** Facts about the agent run that called the tool. */
export interface ToolAgentContext {
  agentId: string;
  toolCallId: string;
  /** The conversation so far (read-only snapshot). */
  messages: MastraDBMessage[];
  threadId?: string;
  resourceId?: string;
}

/** The second argument of a tool's `execute`. */
export interface ToolExecutionContext {
  /** Request-scoped values; always present. */
  requestContext: RequestContext;
  /** Stream writer, when the tool runs inside an agent. */
  writer?: ToolStream;
  /** Aborts the tool call (the whole run was aborted). */
  abortSignal?: AbortSignal;
  /** Present when an agent called the tool. */
  agent?: ToolAgentContext;
}

/**
 * The context a caller hands to {@link ResolvedTool.execute} / `executeToolCalls`: a
 * {@link ToolExecutionContext} whose `agent.toolCallId` may be left out — each call fills it in.
 */
export type ToolCallContext = Omit<ToolExecutionContext, 'agent'> & {
  agent?: Omit<ToolAgentContext, 'toolCallId'> & { toolCallId?: string };
};

/** One call of a resolved tool. */
export interface ToolCallRequest {
  toolCallId: string;
  /** The model's arguments: raw JSON text (parsed here; `''` means `{}`) or an already parsed value. */
  input: unknown;
  /** Prompt messages that led to the call; AI SDK tools receive them as `messages` (default `[]`). */
  modelMessages?: ModelMessage[];
}

/** A tool call addressed by tool name, for `executeToolCalls`. */
export interface NamedToolCall extends ToolCallRequest {
  toolName: string;
}

/**
 * What running one tool call produced. Never thrown: a failure is `{ ok: false }` whose
 * `error.message` is written for the model to read.
 */
export type ToolOutcome =
  | {
      ok: true;
      /** The validated (possibly transformed) arguments passed to `execute`. */
      args: unknown;
      /** The raw output (validated by `outputSchema` when there is one). */
      result: unknown;
      /** `toModelOutput(result)`, when the tool defines it: what the model sees instead of `result`. */
      modelOutput?: unknown;
    }
  | {
      ok: false;
      /** Parsed arguments when parsing succeeded, else the raw input. */
      args: unknown;
      error: ToolExecutionError;
    };

/** A {@link ToolOutcome} tagged with the call it answers. */
export type ToolCallOutcome = ToolOutcome & { toolCallId: string; toolName: string };

/** Decides whether a call needs human approval before it runs. */
export type ToolApprovalPredicate<TInput = unknown> = {
  bivarianceHack(input: TInput, context?: ToolExecutionContext): MaybePromise<boolean>;
}['bivarianceHack'];

/** A tool ready for the agent loop: its model-facing definition and a never-throwing runner. */
export interface ResolvedTool {
  /** The name the model sees (the key in the tools record). */
  readonly name: string;
  /** The tool's own id (`createTool({ id })`, a provider tool's `provider.tool` id, or the name). */
  readonly id: string;
  readonly description?: string;
  /** The definition sent to the model (a V2 function tool, or a provider-defined tool). */
  readonly modelTool: ModelTool;
  /** The input JSON Schema (also inside a function `modelTool`). */
  readonly inputJsonSchema?: JSONSchema7;
  /** True for tools the provider runs itself (web search, code execution): never executed here. */
  readonly providerExecuted: boolean;
  /** Strict-mode preference for providers that support it. */
  readonly strict?: boolean;
  readonly title?: string;
  /** Provider options attached to the tool definition. */
  readonly providerOptions?: SharedV2ProviderOptions;
  /** Whether a call needs approval (`createTool({ requireApproval })` / AI SDK `needsApproval`). */
  readonly requireApproval?: boolean | ToolApprovalPredicate;
  /** The object the user registered. */
  readonly original: unknown;
  /**
   * Parse, validate and run one call. Never rejects: every failure (bad JSON, schema issues,
   * a throwing `execute`, bad output, abort) is an `{ ok: false }` outcome. Absent when the
   * tool has no local `execute` (client or provider-executed tools).
   */
  execute?(call: ToolCallRequest, context: ToolCallContext): Promise<ToolOutcome>;
  /**
   * Parse and validate a call's input without running the tool; the errors `execute` would
   * return. Present when `execute` is.
   */
  checkInput?(
    call: ToolCallRequest,
  ): Promise<{ ok: true; args: unknown } | { ok: false; args: unknown; error: ToolExecutionError }>;
  /** The model-facing form of an output (what `execute` puts in `modelOutput`). */
  toModelOutput?(output: unknown, call: { toolCallId: string; input: unknown }): Promise<unknown>;
}
