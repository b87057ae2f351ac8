import type { SharedV2ProviderMetadata, SharedV2ProviderOptions } from '@ai-sdk/provider';

/** Provider metadata as stored on messages and parts. */
export type ProviderMetadata = SharedV2ProviderMetadata;

/** A text part. */
export interface TextUIPart {
  type: 'text';
  text: string;
  providerMetadata?: ProviderMetadata;
  createdAt?: number;
}

/** A reasoning part (model "thinking"). */
export interface ReasoningUIPart {
  type: 'reasoning';
  reasoning: string;
  details: Array<{ type: 'text'; text: string; signature?: string } | { type: 'redacted'; data: string }>;
  providerMetadata?: ProviderMetadata;
  createdAt?: number;
}

/** State of one tool call inside a `tool-invocation` part. */
export type ToolInvocation =
  | { state: 'partial-call'; toolCallId: string; toolName: string; args: unknown; step?: number }
  | { state: 'call'; toolCallId: string; toolName: string; args: unknown; step?: number }
  | {
      state: 'result';
      toolCallId: string;
      toolName: string;
      args: unknown;
      result: unknown;
      isError?: boolean;
      step?: number;
    };

/** A tool call and (once executed) its result, stored together on the assistant message. */
export interface ToolInvocationUIPart {
  type: 'tool-invocation';
  toolInvocation: ToolInvocation;
  providerExecuted?: boolean;
  providerMetadata?: ProviderMetadata;
  createdAt?: number;
}

/** A file: `data` is a URL, a data URL or base64. */
export interface FileUIPart {
  type: 'file';
  data: string;
  mimeType: string;
  filename?: string;
  providerMetadata?: ProviderMetadata;
  createdAt?: number;
}

/** A cited source. */
export interface SourceUIPart {
  type: 'source';
  source: { sourceType: 'url'; id: string; url: string; title?: string; providerMetadata?: ProviderMetadata };
  providerMetadata?: ProviderMetadata;
  createdAt?: number;
}

/** Boundary between two loop iterations inside one assistant message. */
export interface StepStartUIPart {
  type: 'step-start';
  model?: string;
  createdAt?: number;
}

/** A custom data part, persisted from a non-transient `data-*` chunk. */
export interface DataUIPart {
  type: `data-${string}`;
  id?: string;
  data: unknown;
  createdAt?: number;
}

/** One part of a stored message. `parts` is the source of truth for content. */
export type MastraMessagePart =
  | TextUIPart
  | ReasoningUIPart
  | ToolInvocationUIPart
  | FileUIPart
  | SourceUIPart
  | StepStartUIPart
  | DataUIPart;

/** Legacy (AI SDK v4) attachment. */
export interface Attachment {
  name?: string;
  contentType?: string;
  url: string;
}

/** Message content, "format 2". Always an object, never a string. */
export interface MastraMessageContentV2 {
  format: 2;
  parts: MastraMessagePart[];
  /** Legacy flattened text; a fallback only when there are no text parts. */
  content?: string;
  /** Legacy mirror of the tool-invocation parts. */
  toolInvocations?: ToolInvocation[];
  reasoning?: string;
  experimental_attachments?: Attachment[];
  annotations?: unknown[];
  /** App/processor metadata; surfaces as UI message metadata. */
  metadata?: Record<string, unknown>;
  providerMetadata?: ProviderMetadata;
}

/** The stored message shape every processor receives. */
export interface MastraDBMessage {
  id: string;
  role: 'user' | 'assistant' | 'system' | 'signal';
  createdAt: Date;
  threadId?: string;
  resourceId?: string;
  type?: string;
  content: MastraMessageContentV2;
}

/** Alias kept for the older name of format 2. */
export type MastraMessageV2 = MastraDBMessage;

/** Text part of a core message. */
export interface CoreTextPart {
  type: 'text';
  text: string;
  providerOptions?: SharedV2ProviderOptions;
}

/** Image part of a core user message. */
export interface CoreImagePart {
  type: 'image';
  image: string | URL | Uint8Array | ArrayBuffer;
  mediaType?: string;
  /** @deprecated v4 name of `mediaType`. */
  mimeType?: string;
  providerOptions?: SharedV2ProviderOptions;
}

/** File part of a core message. */
export interface CoreFilePart {
  type: 'file';
  data: string | URL | Uint8Array | ArrayBuffer;
  mediaType?: string;
  /** @deprecated v4 name of `mediaType`. */
  mimeType?: string;
  filename?: string;
  providerOptions?: SharedV2ProviderOptions;
}

/** Reasoning part of a core assistant message. */
export interface CoreReasoningPart {
  type: 'reasoning';
  text: string;
  providerOptions?: SharedV2ProviderOptions;
}

/** Tool-call part of a core assistant message (`input` in v5, `args` in v4). */
export interface CoreToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input?: unknown;
  args?: unknown;
  providerExecuted?: boolean;
  providerOptions?: SharedV2ProviderOptions;
}

/** Tool-result part of a core tool message (`output` in v5, `result` in v4). */
export interface CoreToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output?: unknown;
  result?: unknown;
  isError?: boolean;
  providerOptions?: SharedV2ProviderOptions;
}

/** A system message. `systemMessages` arrays hold these. */
export interface CoreSystemMessage {
  role: 'system';
  content: string | Array<{ type: 'text'; text: string }>;
  providerOptions?: SharedV2ProviderOptions;
}

/** A user message. */
export interface CoreUserMessage {
  role: 'user';
  content: string | Array<CoreTextPart | CoreImagePart | CoreFilePart>;
  providerOptions?: SharedV2ProviderOptions;
}

/** An assistant message. */
export interface CoreAssistantMessage {
  role: 'assistant';
  content:
    | string
    | Array<CoreTextPart | CoreFilePart | CoreReasoningPart | CoreToolCallPart | CoreToolResultPart>;
  providerOptions?: SharedV2ProviderOptions;
}

/** A tool message carrying tool results. */
export interface CoreToolMessage {
  role: 'tool';
  content: CoreToolResultPart[];
  providerOptions?: SharedV2ProviderOptions;
}

/** AI SDK model/core message (v4 and v5 shapes are both accepted on input). */
export type CoreMessage = CoreSystemMessage | CoreUserMessage | CoreAssistantMessage | CoreToolMessage;

/** Alias with the AI SDK v5 name. */
export type ModelMessage = CoreMessage;

/** A system message as accepted by `instructions` and `systemMessages`. */
export type SystemMessage = string | CoreSystemMessage;

/** A UI message part (AI SDK v5 `UIMessage` parts). */
export type UIMessagePart =
  | { type: 'text'; text: string; state?: 'streaming' | 'done'; providerMetadata?: ProviderMetadata }
  | { type: 'reasoning'; text: string; state?: 'streaming' | 'done'; providerMetadata?: ProviderMetadata }
  | {
      type: `tool-${string}`;
      toolCallId: string;
      state: 'input-streaming' | 'input-available' | 'output-available' | 'output-error';
      input?: unknown;
      output?: unknown;
      errorText?: string;
      providerExecuted?: boolean;
    }
  | { type: 'file'; mediaType: string; url: string; filename?: string; providerMetadata?: ProviderMetadata }
  | { type: 'source-url'; sourceId: string; url: string; title?: string; providerMetadata?: ProviderMetadata }
  | { type: 'step-start' }
  | { type: `data-${string}`; id?: string; data: unknown };

/** An AI SDK v5 UI message, what `messageList.get.*.ui()` and `response.uiMessages` return. */
export interface UIMessage<METADATA = Record<string, unknown>> {
  id: string;
  role: 'system' | 'user' | 'assistant';
  metadata?: METADATA;
  parts: UIMessagePart[];
}

/** Where a message entered the list. */
export type MessageSource = 'input' | 'response' | 'memory' | 'system' | 'context' | 'user';

/**
 * An AI SDK v4 UI message: flattened `content` text plus optional `parts`, `toolInvocations`
 * and `experimental_attachments`. Accepted on input only; Sluice emits v5 `UIMessage`s.
 */
export interface UIMessageV4 {
  id?: string;
  role: 'system' | 'user' | 'assistant';
  content: string;
  createdAt?: Date | string;
  parts?: MastraMessagePart[];
  toolInvocations?: ToolInvocation[];
  experimental_attachments?: Attachment[];
  reasoning?: string;
  annotations?: unknown[];
  metadata?: Record<string, unknown>;
}

/**
 * A UI message as the AI SDK (5, 6, 7) types it, whatever its metadata, data and tool generics:
 * `id`, `role` and typed `parts`. Accepted on input; parts are read as the runtime documents
 * (unknown part types are kept as they are).
 */
export interface UIMessageInput {
  id: string;
  role: 'system' | 'user' | 'assistant';
  metadata?: unknown;
  parts: ReadonlyArray<{ readonly type: string }>;
}

/** Everything `agent.generate()`/`stream()` and `messageList.add()` accept. */
export type MessageListInput =
  | string
  | string[]
  | CoreMessage
  | CoreMessage[]
  | UIMessage
  | UIMessage[]
  | UIMessageInput
  | UIMessageInput[]
  | UIMessageV4
  | UIMessageV4[]
  | MastraDBMessage
  | MastraDBMessage[]
  | Array<string | CoreMessage | UIMessage | UIMessageInput | UIMessageV4 | MastraDBMessage>;
