/**
 * The chunks of the AI SDK's UI message stream protocol (`x-vercel-ai-ui-message-stream: v1`)
 * that Sluice sends, declared here so the conversion needs no `ai` at run time. The shapes are
 * the ones `ai` 5, 6 and 7 clients read (`readUIMessageStream`, `useChat`); type tests pin that
 * each is assignable to the installed `ai`'s `UIMessageChunk`.
 */

/** A JSON value, as every `@ai-sdk/provider` major declares it. */
export type UIJSONValue = null | string | number | boolean | UIJSONObject | UIJSONValue[];

/** A JSON object. */
export interface UIJSONObject {
  [key: string]: UIJSONValue;
}

/** Provider metadata (JSON per provider), sent only with `sendProviderMetadata: true`. */
export type UIProviderMetadata = Record<string, UIJSONObject>;

/** The AI SDK's finish reasons (what `useChat` shows as the message's finish reason). */
export type UIFinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other';

/** What the `data-tripwire` part carries: why a processor stopped the run, and which one. */
export interface UITripwireData {
  reason: string;
  processorId: string;
}

/** A `data-*` part: a custom chunk written with `writer.custom()`, or the tripwire. */
export interface UIDataChunk<NAME extends string = string, DATA = unknown> {
  type: `data-${NAME}`;
  id?: string;
  data: DATA;
  /** Shown to the client but not added to the message. */
  transient?: boolean;
}

interface WithMetadata {
  providerMetadata?: UIProviderMetadata;
}

/** One chunk of the UI message stream, as Sluice sends it. */
export type UIMessageStreamChunk =
  | { type: 'start'; messageId?: string }
  | { type: 'start-step' }
  | { type: 'finish-step' }
  /** A step a processor rejected: the client drops what that step added (ai 7 clients). */
  | { type: 'reset-step' }
  | ({ type: 'text-start'; id: string } & WithMetadata)
  | ({ type: 'text-delta'; id: string; delta: string } & WithMetadata)
  | ({ type: 'text-end'; id: string } & WithMetadata)
  | ({ type: 'reasoning-start'; id: string } & WithMetadata)
  | ({ type: 'reasoning-delta'; id: string; delta: string } & WithMetadata)
  | ({ type: 'reasoning-end'; id: string } & WithMetadata)
  | ({
      type: 'tool-input-start';
      toolCallId: string;
      toolName: string;
      providerExecuted?: boolean;
      dynamic?: boolean;
    } & WithMetadata)
  | { type: 'tool-input-delta'; toolCallId: string; inputTextDelta: string }
  | ({
      type: 'tool-input-available';
      toolCallId: string;
      toolName: string;
      input: unknown;
      providerExecuted?: boolean;
      dynamic?: boolean;
      title?: string;
    } & WithMetadata)
  | ({
      type: 'tool-output-available';
      toolCallId: string;
      output: unknown;
      providerExecuted?: boolean;
      dynamic?: boolean;
      preliminary?: boolean;
    } & WithMetadata)
  | ({
      type: 'tool-output-error';
      toolCallId: string;
      errorText: string;
      providerExecuted?: boolean;
      dynamic?: boolean;
    } & WithMetadata)
  | ({ type: 'source-url'; sourceId: string; url: string; title?: string } & WithMetadata)
  | ({
      type: 'source-document';
      sourceId: string;
      mediaType: string;
      title: string;
      filename?: string;
    } & WithMetadata)
  | ({ type: 'file'; url: string; mediaType: string } & WithMetadata)
  | UIDataChunk
  | { type: 'error'; errorText: string }
  | { type: 'abort' }
  | { type: 'finish'; finishReason?: UIFinishReason };
