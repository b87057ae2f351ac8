import type { Agent } from '../agent/agent.js';
import type { ToolsInput } from '../models/call-settings.js';
import type { InferSchemaOutput } from '../schema/types.js';
import type { Tool } from '../tools/tool.js';
import type { ToolOutputOf } from '../tools/tool-config.js';
import type { UITripwireData } from './ui-message-chunk.js';

/**
 * A UI message as every `ai` version's `useChat` sends it (5, 6 and 7 all fit): what the
 * handler's body holds. Type tests pin that each version's `UIMessage` is assignable.
 */
export interface UIMessageLike {
  id: string;
  role: 'system' | 'user' | 'assistant';
  metadata?: unknown;
  parts: ReadonlyArray<{ type: string }>;
}

/** The body `DefaultChatTransport` posts for a `useChat` chat. */
export interface ChatRequestLike<MESSAGE extends UIMessageLike = UIMessageLike> {
  id: string;
  messages: MESSAGE[];
  trigger: 'submit-message' | 'regenerate-message';
  messageId: string | undefined;
}

/** One tool's `{ input, output }` as the AI SDK's `UIMessage` tool generics want it. */
export type UIToolOf<T> =
  T extends Tool<infer TIn, infer TOut, infer TResult, string>
    ? { input: InferSchemaOutput<TIn>; output: ToolOutputOf<TOut, TResult> }
    : { input: unknown; output: unknown };

/** The tools map of an agent (or of a tools record) for `UIMessage<METADATA, DATA, TOOLS>`. */
export type AgentUITools<T> =
  T extends Agent<infer TTools> ? ToolsUI<TTools> : T extends ToolsInput ? ToolsUI<T> : never;

type ToolsUI<TTools extends ToolsInput> = { [K in keyof TTools & string]: UIToolOf<NonNullable<TTools[K]>> };

/**
 * The data parts a Sluice stream can carry, for `UIMessage<METADATA, DATA, TOOLS>`: yours
 * (`writer.custom({ type: 'data-progress', data })` → `{ progress: … }`) plus `tripwire`.
 */
export type ChatDataParts<DATA extends Record<string, unknown> = Record<never, never>> = DATA & {
  tripwire: UITripwireData;
};
